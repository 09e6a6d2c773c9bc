// Every catalog form (tests/isa/forms/sm_90.forms, from
// tools/forms/async_spellings.sm_90.ptx) of cp.async.bulk.tensor,
// cp.reduce.async.bulk.tensor and cp.async.bulk.commit_group runs through the
// front end, loader and engine, one kernel per form, and its result is
// compared with values worked out here from the PTX ISA: a tile box copies
// the elements at coordinates + box index (dimension 0 fastest); an im2col
// column walks `pixels` pixels from the coordinates' W (H, D) through the
// bounding box (corners 0: the whole image), W fastest, then to the next
// image, `channels` channels each; a reduction combines each element of
// global memory with the shared one (u32 map: unsigned min/max, inc/dec
// against the shared value). Loads run in a 2-CTA cluster: with
// .multicast::cluster rank 0 copies into both CTAs, else each CTA into its
// own shared memory; each barrier must complete.

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <vector>

#include "../catalog_forms.h"
#include "../engine_harness.h"
#include "../module_fixture.h"
#include "func/tensor/tensor_map.h"

namespace smsim::func {
namespace {

using testing::CatalogForm;
using testing::ParamBytes;

unsigned rank_of(const CatalogForm& f) {
  for (unsigned d = 1; d <= 5; ++d) {
    if (f.has(std::to_string(d) + "d")) return d;
  }
  return 0;
}

const char* mode_of(const CatalogForm& f) {
  for (const char* m : {"tile", "im2col", "im2col_no_offs"}) {
    if (f.has(m)) return m;
  }
  return "";
}

bool im2col(const CatalogForm& f) { return f.has("im2col") || f.has("im2col_no_offs"); }

std::string reduction_of(const CatalogForm& f) {
  for (const char* op : {"add", "min", "max", "inc", "dec", "and", "or", "xor"}) {
    if (f.has(op)) return op;
  }
  return "";
}

std::string dotted(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) {
    if (!p.empty()) out += "." + p;
  }
  return out;
}

std::string coordinate_list(unsigned rank) {
  std::string out = "{";
  for (unsigned d = 0; d < rank; ++d) out += (d ? ", %r" : "%r") + std::to_string(20 + d);
  return out + "}";
}

// Tile maps: dims 8 x 3 x 3 x 3 x 3, box 4 x 2 x 2 x 2 x 2 at (4, 1, 1, 1, 1).
// im2col maps: C 4, W 4, (H 2), (D 2), N 2; 6 pixels of 4 channels from
// (c 0, w 2, h 0, d 0, n 0).
constexpr std::array<std::uint64_t, 5> kTileDims = {8, 3, 3, 3, 3};
constexpr std::array<std::uint32_t, 5> kTileBox = {4, 2, 2, 2, 2};
constexpr std::array<std::int32_t, 5> kTileAt = {4, 1, 1, 1, 1};
constexpr std::array<std::uint64_t, 5> kImageDims = {4, 4, 2, 2, 2};
constexpr std::uint32_t kPixels = 6, kChannels = 4;

std::array<std::uint64_t, 5> dims_of(const CatalogForm& f) {
  return im2col(f) ? kImageDims : kTileDims;
}

std::size_t elements_of(const CatalogForm& f) {
  std::size_t n = 1;
  for (unsigned d = 0; d < rank_of(f); ++d) n *= dims_of(f)[d];
  return n;
}

// The linear element index of each box (or column) position, in shared order.
std::vector<std::size_t> box_elements(const CatalogForm& f) {
  const unsigned rank = rank_of(f);
  const auto dims = dims_of(f);
  std::vector<std::size_t> out;
  if (!im2col(f)) {
    std::size_t count = 1;
    for (unsigned d = 0; d < rank; ++d) count *= kTileBox[d];
    for (std::size_t j = 0; j < count; ++j) {
      std::size_t rest = j, linear = 0, scale = 1;
      for (unsigned d = 0; d < rank; ++d) {
        linear += (kTileAt[d] + rest % kTileBox[d]) * scale;
        rest /= kTileBox[d];
        scale *= dims[d];
      }
      out.push_back(linear);
    }
    return out;
  }
  // Pixel position: spatial coordinates, then the image; W steps first.
  std::array<std::uint64_t, 4> pixel = {2, 0, 0, 0};
  const unsigned spatial = rank - 2;
  for (std::uint32_t p = 0; p < kPixels; ++p) {
    std::size_t base = 0, scale = dims[0];
    for (unsigned s = 0; s <= spatial; ++s) {
      base += pixel[s] * scale;
      scale *= dims[s + 1];
    }
    for (std::uint32_t c = 0; c < kChannels; ++c) out.push_back(base + c);
    for (unsigned s = 0; s <= spatial; ++s) {
      if (++pixel[s] < dims[s + 1] || s == spatial) break;
      pixel[s] = 0;
    }
  }
  return out;
}

std::uint32_t copy_bytes(const CatalogForm& f) {
  return static_cast<std::uint32_t>(box_elements(f).size() * 4);
}

// Operands after the coordinates: im2col offsets, the CTA mask, the policy.
std::string trailing_operands(const CatalogForm& f) {
  std::string out;
  if (f.has("im2col")) {
    out += ", {";
    for (unsigned s = 0; s + 2 < rank_of(f); ++s) out += s ? ", %rs1" : "%rs1";
    out += "}";
  }
  if (f.has("multicast::cluster")) out += ", %rs2";
  if (f.has("L2::cache_hint")) out += ", %rd9";
  return out;
}

std::string coordinate_setup(const CatalogForm& f) {
  std::string out;
  for (unsigned d = 0; d < rank_of(f); ++d) {
    const std::int32_t at = im2col(f) ? (d == 1 ? 2 : 0) : kTileAt[d];
    out += "  mov.u32 %r" + std::to_string(20 + d) + ", " + std::to_string(at) + ";\n";
  }
  return out + "  mov.u16 %rs1, 0;\n  mov.u16 %rs2, 3;\n"
               "  createpolicy.fractional.L2::evict_last.b64 %rd9, 1.0;\n";
}

const std::vector<CatalogForm>& loads() {
  static const std::vector<CatalogForm> forms = [] {
    std::vector<CatalogForm> out;
    for (const CatalogForm& f : testing::catalog_forms("cp.async.bulk.tensor")) {
      if (f.has("mbarrier::complete_tx::bytes")) out.push_back(f);
    }
    return out;
  }();
  return forms;
}

// Stores, then reductions: global <- shared::cta with bulk groups.
const std::vector<CatalogForm>& stores() {
  static const std::vector<CatalogForm> forms = [] {
    std::vector<CatalogForm> out;
    for (const CatalogForm& f : testing::catalog_forms("cp.async.bulk.tensor")) {
      if (f.has("bulk_group")) out.push_back(f);
    }
    for (const CatalogForm& f : testing::catalog_forms("cp.reduce.async.bulk.tensor")) {
      out.push_back(f);
    }
    return out;
  }();
  return forms;
}

std::string load_kernel(std::size_t i, const CatalogForm& f) {
  const bool multicast = f.has("multicast::cluster");
  const std::string dst = f.has("shared::cta") ? "shared::cta" : "shared::cluster";
  const std::string spelled =
      "cp.async.bulk.tensor" +
      dotted({std::to_string(rank_of(f)) + "d", dst, "global", mode_of(f),
              "mbarrier::complete_tx::bytes", multicast ? "multicast::cluster" : "",
              f.has("L2::cache_hint") ? "L2::cache_hint" : ""}) +
      " [%r2], [%rd1, " + coordinate_list(rank_of(f)) + "], [%r3]" + trailing_operands(f) + ";\n";
  return ".visible .entry load" + std::to_string(i) +
         "(.param .u64 map, .param .u64 out)\n{\n"
         "  .reg .b16 %rs<4>;\n  .reg .b32 %r<32>;\n  .reg .b64 %rd<12>;\n  .reg .pred %p<4>;\n"
         "  .shared .align 128 .b8 buf[1024];\n  .shared .align 8 .b64 bar;\n"
         "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, buf;\n  mov.u32 %r3, bar;\n"
         "  mov.u32 %r4, %cluster_ctarank;\n"
         "  shl.b32 %r5, %r1, 5;\n  add.u32 %r6, %r2, %r5;\n"
         "  mov.u32 %r7, -286331154;\n"
         "  st.shared.v4.u32 [%r6], {%r7, %r7, %r7, %r7};\n"
         "  st.shared.v4.u32 [%r6+16], {%r7, %r7, %r7, %r7};\n"
         "  setp.ne.u32 %p1, %r1, 0;\n"
         "  @%p1 bra READY;\n"
         "  mbarrier.init.shared::cta.b64 [%r3], 1;\n"
         "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], " +
         std::to_string(copy_bytes(f)) +
         ";\nREADY:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n" +
         (multicast ? "  setp.ne.or.u32 %p3, %r4, 0, %p1;\n" : "  mov.pred %p3, %p1;\n") +
         "  @%p3 bra ISSUED;\n  ld.param.u64 %rd1, [map];\n" + coordinate_setup(f) + "  " +
         spelled +
         "ISSUED:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n"
         "  mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r3], 0;\n"
         "  selp.u32 %r8, 1, 0, %p2;\n"
         "  ld.param.u64 %rd2, [out];\n  mul.wide.u32 %rd3, %r4, 1040;\n  add.s64 %rd4, %rd2, %rd3;\n"
         "  cvt.u64.u32 %rd5, %r5;\n  add.s64 %rd6, %rd4, %rd5;\n"
         "  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%r6];\n"
         "  st.global.v4.u32 [%rd6], {%r10, %r11, %r12, %r13};\n"
         "  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%r6+16];\n"
         "  st.global.v4.u32 [%rd6+16], {%r10, %r11, %r12, %r13};\n"
         "  @!%p1 st.global.u32 [%rd4+1024], %r8;\n"
         "  barrier.cluster.arrive;\n  barrier.cluster.wait;\n  ret;\n}\n";
}

std::string store_kernel(std::size_t i, const CatalogForm& f) {
  const std::string reduction = reduction_of(f);
  const std::string spelled =
      (reduction.empty() ? "cp.async.bulk.tensor" : "cp.reduce.async.bulk.tensor") +
      dotted({std::to_string(rank_of(f)) + "d", "global", "shared::cta", reduction, mode_of(f),
              "bulk_group", f.has("L2::cache_hint") ? "L2::cache_hint" : ""}) +
      " [%rd1, " + coordinate_list(rank_of(f)) + "], [%r2]" + trailing_operands(f) + ";\n";
  return ".visible .entry store" + std::to_string(i) +
         "(.param .u64 map, .param .u64 in)\n{\n"
         "  .reg .b16 %rs<4>;\n  .reg .b32 %r<32>;\n  .reg .b64 %rd<12>;\n  .reg .pred %p<4>;\n"
         "  .shared .align 128 .b8 buf[1024];\n"
         "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, buf;\n"
         "  shl.b32 %r5, %r1, 5;\n  add.u32 %r6, %r2, %r5;\n"
         "  ld.param.u64 %rd2, [in];\n  cvt.u64.u32 %rd3, %r5;\n  add.s64 %rd4, %rd2, %rd3;\n"
         "  ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd4];\n"
         "  st.shared.v4.u32 [%r6], {%r10, %r11, %r12, %r13};\n"
         "  ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd4+16];\n"
         "  st.shared.v4.u32 [%r6+16], {%r10, %r11, %r12, %r13};\n"
         "  bar.sync 0;\n  setp.ne.u32 %p1, %r1, 0;\n  @%p1 bra DONE;\n"
         "  ld.param.u64 %rd1, [map];\n" +
         coordinate_setup(f) + "  " + spelled +
         "  cp.async.bulk.commit_group;\n  cp.async.bulk.wait_group 0;\nDONE:\n  ret;\n}\n";
}

std::string module_text() {
  std::string t = ".version 9.0\n.target sm_90\n.address_size 64\n";
  for (std::size_t i = 0; i < loads().size(); ++i) t += load_kernel(i, loads()[i]);
  for (std::size_t i = 0; i < stores().size(); ++i) t += store_kernel(i, stores()[i]);
  return t;
}

const std::string& module_source() {
  static const std::string text = module_text();
  return text;
}

// The reduction on u32 elements as the PTX ISA defines it.
std::uint32_t reduce(const std::string& op, std::uint32_t g, std::uint32_t s) {
  if (op == "add") return g + s;
  if (op == "min") return std::min(g, s);
  if (op == "max") return std::max(g, s);
  if (op == "inc") return g >= s ? 0 : g + 1;
  if (op == "dec") return (g == 0 || g > s) ? s : g - 1;
  if (op == "and") return g & s;
  if (op == "or") return g | s;
  if (op == "xor") return g ^ s;
  return s;  // a plain store
}

class TensorCatalogForms : public testing::ModuleTest {
 protected:
  TensorCatalogForms() : ModuleTest("tensor_catalog_forms", module_source().c_str()) {}

  // A u32 tensor of the form's shape holding `values`, and its map in global memory.
  std::uint64_t map_over(const CatalogForm& f, const std::vector<std::uint32_t>& values) {
    data_ = device_.allocate(values.size() * 4);
    device_.copy_to_device(data_, values.data(), values.size() * 4);
    const unsigned rank = rank_of(f);
    const auto dims = dims_of(f);
    std::array<std::uint64_t, 4> strides{};
    std::uint64_t pitch = 4;
    for (unsigned d = 0; d + 1 < rank; ++d) strides[d] = pitch *= dims[d];
    const std::uint32_t ones[5] = {1, 1, 1, 1, 1};
    const int corners[3] = {0, 0, 0};
    TensorMapRequest r{.data_type = 2,  // UINT32
                       .rank = rank,
                       .address = data_,
                       .dims = dims.data(),
                       .strides = strides.data(),
                       .box = kTileBox.data(),
                       .element_strides = ones};
    if (im2col(f)) {
      r.box = nullptr;
      r.lower = corners;
      r.upper = corners;
      r.channels = kChannels;
      r.pixels = kPixels;
    }
    const TensorMapResult m = im2col(f) ? make_im2col_map(r) : make_tiled_map(r);
    EXPECT_TRUE(m.map) << m.error;
    const auto bytes = encode_tensor_map(*m.map);
    const std::uint64_t map = device_.allocate(kTensorMapBytes);
    device_.copy_to_device(map, bytes.data(), bytes.size());
    return map;
  }
  std::string spelled(const char* kind, std::size_t i, const CatalogForm& f) const {
    return std::string(kind) + std::to_string(i) + " (" + dotted(f.modifiers) + ")";
  }

  std::uint64_t data_ = 0;
};

TEST_F(TensorCatalogForms, TheCatalogHoldsEveryForm) {
  // 78 loads (1d-5d tile or no mode, 3d-5d im2col; shared::cluster with and
  // without multicast, shared::cta; with and without a cache hint) and 26
  // stores; 208 reductions (8 operations x the 26 store shapes).
  EXPECT_EQ(loads().size(), 78u);
  EXPECT_EQ(stores().size(), 26u + 208u);
}

TEST_F(TensorCatalogForms, EveryLoadFillsTheBoxOfEachDestinationCta) {
  for (std::size_t i = 0; i < loads().size(); ++i) {
    const CatalogForm& f = loads()[i];
    std::vector<std::uint32_t> values(elements_of(f));
    for (std::size_t k = 0; k < values.size(); ++k) values[k] = 1000 + static_cast<std::uint32_t>(k);
    const std::uint64_t map = map_over(f, values);
    const std::uint64_t out = device_.allocate(2 * 1040);
    const LaunchResult r =
        device_.launch(kernel(("load" + std::to_string(i)).c_str()),
                       LaunchConfig{.grid = {2}, .block = {32}, .cluster = {2}},
                       ParamBytes().add(map).add(out).span());
    ASSERT_TRUE(r.ok()) << spelled("load", i, f) << ": " << r.error.message;
    const auto words = download<std::uint32_t>(out, 2 * 260);
    const std::vector<std::size_t> box = box_elements(f);
    for (std::uint32_t rank = 0; rank < 2; ++rank) {
      const std::uint32_t* w = words.data() + rank * 260;
      for (std::size_t j = 0; j < 256; ++j) {
        const std::uint32_t want = j < box.size() ? values[box[j]] : 0xEEEEEEEEu;
        ASSERT_EQ(w[j], want) << spelled("load", i, f) << " rank " << rank << " word " << j;
      }
      EXPECT_EQ(w[256], 1u) << spelled("load", i, f) << " rank " << rank << ": barrier";
    }
  }
}

TEST_F(TensorCatalogForms, EveryStoreAndReductionWritesTheBoxOnly) {
  for (std::size_t i = 0; i < stores().size(); ++i) {
    const CatalogForm& f = stores()[i];
    std::vector<std::uint32_t> global(elements_of(f));
    for (std::size_t k = 0; k < global.size(); ++k) {
      global[k] = static_cast<std::uint32_t>(k * 0x9E3779B9u);
    }
    std::vector<std::uint32_t> shared(256);
    for (std::size_t j = 0; j < shared.size(); ++j) {
      shared[j] = static_cast<std::uint32_t>(j * 0x85EBCA6Bu + 7);
    }
    const std::uint64_t map = map_over(f, global);
    const std::uint64_t in = device_.allocate(1024);
    device_.copy_to_device(in, shared.data(), 1024);
    const LaunchResult r = device_.launch(kernel(("store" + std::to_string(i)).c_str()),
                                          LaunchConfig{.grid = {1}, .block = {32}},
                                          ParamBytes().add(map).add(in).span());
    ASSERT_TRUE(r.ok()) << spelled("store", i, f) << ": " << r.error.message;
    std::vector<std::uint32_t> want = global;
    const std::vector<std::size_t> box = box_elements(f);
    for (std::size_t j = 0; j < box.size(); ++j) {
      want[box[j]] = reduce(reduction_of(f), global[box[j]], shared[j]);
    }
    EXPECT_EQ(download<std::uint32_t>(data_, global.size()), want) << spelled("store", i, f);
  }
}

}  // namespace
}  // namespace smsim::func
