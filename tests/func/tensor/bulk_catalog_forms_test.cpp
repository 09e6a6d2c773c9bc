// Every catalog form (tests/isa/forms/sm_90.forms, from
// tools/forms/async_spellings.sm_90.ptx) of cp.async.bulk,
// cp.reduce.async.bulk and red.async runs through the front end, loader and engine, one kernel per
// form, against values worked out here from the PTX ISA's reductions:
// integers by the type's signedness (inc: old >= v ? 0 : old + 1; dec:
// old == 0 || old > v ? v : old - 1), floats on values whose sums are exact
// (1.5 + 2.25 = 3.75, 1.5 - 2 = -0.5). Into shared::cluster, each CTA of a
// 2-CTA cluster reduces (or copies) into the other's shared memory and the
// other's mbarrier must complete (with .multicast::cluster rank 0 copies
// into both); into global memory through a bulk group.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "../catalog_forms.h"
#include "../engine_harness.h"
#include "../module_fixture.h"

namespace smsim::func {
namespace {

using testing::CatalogForm;
using testing::ParamBytes;

std::string operation_of(const CatalogForm& f) {
  for (const char* op : {"add", "min", "max", "inc", "dec", "and", "or", "xor"}) {
    if (f.has(op)) return op;
  }
  return "";
}

unsigned bytes_of(const CatalogForm& f) {
  if (f.type == "f16" || f.type == "bf16") return 2;
  return f.type.ends_with("64") ? 8 : 4;
}

bool is_float(const CatalogForm& f) { return f.type[0] == 'f' || f.type == "bf16"; }

std::string spelled(const std::string& mnemonic, const CatalogForm& f) {
  std::string out = mnemonic;
  for (const std::string& m : f.modifiers) out += "." + m;
  return f.type.empty() ? out : out + "." + f.type;
}

// 1.5, 2.25, -2, 3.75 and -0.5 in each float type.
struct FloatValues {
  std::uint64_t g, s_even, s_odd, sum_even, sum_odd;
};
FloatValues float_values(const std::string& type) {
  if (type == "f16") return {0x3E00, 0x4080, 0xC000, 0x4380, 0xB800};
  if (type == "bf16") return {0x3FC0, 0x4010, 0xC000, 0x4070, 0xBF00};
  if (type == "f32") return {0x3FC00000, 0x40100000, 0xC0000000, 0x40700000, 0xBF000000};
  return {0x3FF8000000000000, 0x4002000000000000, 0xC000000000000000, 0x400E000000000000,
          0xBFE0000000000000};
}

std::uint64_t mask_of(unsigned bytes) { return bytes == 8 ? ~0ull : (1ull << (8 * bytes)) - 1; }

// The reduction on integers of the form's width and signedness.
std::uint64_t reduce_int(const CatalogForm& f, std::uint64_t g, std::uint64_t s) {
  const unsigned bits = 8 * bytes_of(f);
  const std::uint64_t mask = mask_of(bytes_of(f));
  const auto as_signed = [&](std::uint64_t x) {
    return bits == 64 ? static_cast<std::int64_t>(x) : std::int64_t{static_cast<std::int32_t>(x)};
  };
  const bool is_signed = f.type[0] == 's';
  const bool less = is_signed ? as_signed(s) < as_signed(g) : s < g;
  const std::string op = operation_of(f);
  if (op == "add") return (g + s) & mask;
  if (op == "min") return less ? s : g;
  if (op == "max") return less ? g : s;
  if (op == "inc") return g >= s ? 0 : g + 1;
  if (op == "dec") return (g == 0 || g > s) ? s : g - 1;
  if (op == "and") return g & s;
  if (op == "or") return g | s;
  return g ^ s;
}

// Element k's starting and reducing values and the expected result.
struct Element {
  std::uint64_t g, s, want;
};
Element element(const CatalogForm& f, std::size_t k) {
  if (is_float(f)) {
    const FloatValues v = float_values(f.type);
    const bool even = k % 2 == 0;
    const std::uint64_t s = even ? v.s_even : v.s_odd;
    const std::string op = operation_of(f);
    const std::uint64_t want = op == "add"   ? (even ? v.sum_even : v.sum_odd)
                               : op == "min" ? (even ? v.g : v.s_odd)
                                             : (even ? v.s_even : v.g);
    return {v.g, s, want};
  }
  const std::uint64_t mask = mask_of(bytes_of(f));
  const std::uint64_t g = (0x9E3779B97F4A7C15ull * (k + 1)) & mask;
  const std::uint64_t s = (0xC2B2AE3D27D4EB4Full * (k + 3)) & mask;
  return {g, s, reduce_int(f, g, s)};
}

const std::vector<CatalogForm>& bulk_forms() {
  static const std::vector<CatalogForm> f = testing::catalog_forms("cp.reduce.async.bulk");
  return f;
}
const std::vector<CatalogForm>& copy_forms() {
  static const std::vector<CatalogForm> f = testing::catalog_forms("cp.async.bulk");
  return f;
}
const std::vector<CatalogForm>& async_forms() {
  static const std::vector<CatalogForm> f = testing::catalog_forms("red.async");
  return f;
}

constexpr unsigned kBytes = 64;

// (dst, src, out): 64 bytes. Into global, one thread reduces src into dst;
// into shared::cluster, each CTA's shared copy of dst is reduced by the other
// CTA and copied to out + 80 * rank, with its barrier's completion after it.
std::string bulk_kernel(std::size_t i, const CatalogForm& f) {
  const bool cluster = f.has("shared::cluster");
  std::string k = ".visible .entry bulk" + std::to_string(i) +
                  "(.param .u64 dst, .param .u64 src, .param .u64 out)\n{\n"
                  "  .reg .b32 %r<32>;\n  .reg .b64 %rd<16>;\n  .reg .pred %p<4>;\n"
                  "  .shared .align 16 .b8 sdst[64];\n  .shared .align 16 .b8 ssrc[64];\n"
                  "  .shared .align 8 .b64 bar;\n"
                  "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, sdst;\n  mov.u32 %r3, ssrc;\n"
                  "  mov.u32 %r4, bar;\n  mov.u32 %r5, %cluster_ctarank;\n"
                  "  shl.b32 %r6, %r1, 4;\n  cvt.u64.u32 %rd1, %r6;\n"
                  "  ld.param.u64 %rd2, [dst];\n  ld.param.u64 %rd3, [src];\n"
                  "  add.s64 %rd4, %rd2, %rd1;\n  add.s64 %rd5, %rd3, %rd1;\n"
                  "  ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd5];\n"
                  "  add.u32 %r7, %r3, %r6;\n  st.shared.v4.u32 [%r7], {%r10, %r11, %r12, %r13};\n"
                  "  ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd4];\n"
                  "  add.u32 %r8, %r2, %r6;\n  st.shared.v4.u32 [%r8], {%r10, %r11, %r12, %r13};\n"
                  "  setp.ne.u32 %p1, %r1, 0;\n  @%p1 bra READY;\n"
                  "  mbarrier.init.shared::cta.b64 [%r4], 1;\n"
                  "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r4], 64;\n"
                  "READY:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n"
                  "  @%p1 bra ISSUED;\n"
                  "  createpolicy.fractional.L2::evict_last.b64 %rd9, 1.0;\n";
  if (cluster) {
    k += "  xor.b32 %r9, %r5, 1;\n  mapa.shared::cluster.u32 %r14, %r2, %r9;\n"
         "  mapa.shared::cluster.u32 %r15, %r4, %r9;\n  " +
         spelled("cp.reduce.async.bulk", f) + " [%r14], [%r3], 64, [%r15];\n";
  } else {
    k += "  " + spelled("cp.reduce.async.bulk", f) + " [%rd2], [%r3], 64" +
         (f.has("L2::cache_hint") ? ", %rd9" : "") +
         ";\n  cp.async.bulk.commit_group;\n  cp.async.bulk.wait_group 0;\n";
  }
  k += "ISSUED:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n"
       "  mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r4], 0;\n"
       "  selp.u32 %r16, 1, 0, %p2;\n"
       "  ld.param.u64 %rd6, [out];\n  mul.wide.u32 %rd7, %r5, 80;\n  add.s64 %rd8, %rd6, %rd7;\n"
       "  add.s64 %rd10, %rd8, %rd1;\n"
       "  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%r8];\n"
       "  st.global.v4.u32 [%rd10], {%r10, %r11, %r12, %r13};\n"
       "  @!%p1 st.global.u32 [%rd8+64], %r16;\n"
       "  barrier.cluster.arrive;\n  barrier.cluster.wait;\n  ret;\n}\n";
  return k;
}

// (counter, value, step, out): every lane of each CTA red.async's value +
// lane * step into the other CTA's counter, completing its bytes on the
// other CTA's barrier; out + 16 * rank gets the counter and the completion.
std::string async_kernel(std::size_t i, const CatalogForm& f) {
  const bool wide = bytes_of(f) == 8;
  const std::string v = wide ? "%rd4" : "%r6";
  return ".visible .entry red" + std::to_string(i) +
         "(.param .u64 counter, .param .u64 value, .param .u64 step, .param .u64 out)\n{\n"
         "  .reg .b32 %r<32>;\n  .reg .b64 %rd<16>;\n  .reg .pred %p<4>;\n"
         "  .shared .align 8 .b64 cnt;\n  .shared .align 8 .b64 bar;\n"
         "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, cnt;\n  mov.u32 %r3, bar;\n"
         "  mov.u32 %r4, %cluster_ctarank;\n"
         "  setp.ne.u32 %p1, %r1, 0;\n  @%p1 bra READY;\n"
         "  ld.param.u64 %rd1, [counter];\n  st.shared.u64 [%r2], %rd1;\n"
         "  mbarrier.init.shared::cta.b64 [%r3], 1;\n"
         "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r3], " +
         std::to_string(32 * bytes_of(f)) +
         ";\nREADY:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n"
         "  ld.param.u64 %rd2, [value];\n  ld.param.u64 %rd3, [step];\n"
         "  cvt.u64.u32 %rd5, %r1;\n  mad.lo.u64 %rd4, %rd3, %rd5, %rd2;\n"
         "  cvt.u32.u64 %r6, %rd4;\n"
         "  xor.b32 %r7, %r4, 1;\n  mapa.shared::cluster.u32 %r8, %r2, %r7;\n"
         "  mapa.shared::cluster.u32 %r9, %r3, %r7;\n  " +
         spelled("red.async", f) + " [%r8], " + v +
         ", [%r9];\n"
         "  barrier.cluster.arrive;\n  barrier.cluster.wait;\n"
         "  @%p1 bra DONE;\n"
         "  mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r3], 0;\n"
         "  selp.u32 %r10, 1, 0, %p2;\n"
         "  ld.param.u64 %rd6, [out];\n  mul.wide.u32 %rd7, %r4, 16;\n  add.s64 %rd8, %rd6, %rd7;\n"
         "  ld.shared.u64 %rd9, [%r2];\n  st.global.u64 [%rd8], %rd9;\n"
         "  st.global.u32 [%rd8+8], %r10;\n"
         "DONE:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n  ret;\n}\n";
}

// (src, dst, out): 64 bytes of src. From global: into the other CTA's
// shared memory (shared::cluster), the CTA's own (shared::cta) or, with
// .multicast::cluster, from rank 0 into both. From shared::cta, whose words
// are src's plus rank << 8: into the other CTA's shared memory, or rank 0's
// into global dst. out + 80 * rank gets each CTA's shared copy and its
// barrier's completion.
std::string copy_kernel(std::size_t i, const CatalogForm& f) {
  const bool to_global = f.has("bulk_group");
  const bool from_shared = to_global || (f.has("shared::cta") && f.has("shared::cluster"));
  const bool multicast = f.has("multicast::cluster");
  const bool to_peer = f.has("shared::cluster");
  std::string k = ".visible .entry copy" + std::to_string(i) +
                  "(.param .u64 src, .param .u64 dst, .param .u64 out)\n{\n"
                  "  .reg .b16 %rs<4>;\n  .reg .b32 %r<32>;\n  .reg .b64 %rd<16>;\n"
                  "  .reg .pred %p<4>;\n"
                  "  .shared .align 16 .b8 sdst[64];\n  .shared .align 16 .b8 ssrc[64];\n"
                  "  .shared .align 8 .b64 bar;\n"
                  "  mov.u32 %r1, %tid.x;\n  mov.u32 %r2, sdst;\n  mov.u32 %r3, ssrc;\n"
                  "  mov.u32 %r4, bar;\n  mov.u32 %r5, %cluster_ctarank;\n"
                  "  shl.b32 %r6, %r1, 4;\n  cvt.u64.u32 %rd1, %r6;\n"
                  "  ld.param.u64 %rd2, [src];\n  ld.param.u64 %rd3, [dst];\n"
                  "  add.s64 %rd5, %rd2, %rd1;\n"
                  "  ld.global.v4.u32 {%r10, %r11, %r12, %r13}, [%rd5];\n"
                  "  shl.b32 %r9, %r5, 8;\n  add.u32 %r10, %r10, %r9;\n  add.u32 %r11, %r11, %r9;\n"
                  "  add.u32 %r12, %r12, %r9;\n  add.u32 %r13, %r13, %r9;\n"
                  "  add.u32 %r7, %r3, %r6;\n  st.shared.v4.u32 [%r7], {%r10, %r11, %r12, %r13};\n"
                  "  mov.u32 %r14, -286331154;\n  add.u32 %r8, %r2, %r6;\n"
                  "  st.shared.v4.u32 [%r8], {%r14, %r14, %r14, %r14};\n"
                  "  setp.ne.u32 %p1, %r1, 0;\n  @%p1 bra READY;\n"
                  "  mbarrier.init.shared::cta.b64 [%r4], 1;\n" +
                  std::string(to_global ? "" : "  mbarrier.arrive.expect_tx.shared::cta.b64 _, [%r4], 64;\n") +
                  "READY:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n";
  // Who issues: rank 0 alone for multicast and global stores, each CTA else.
  k += (multicast || to_global) ? "  setp.ne.or.u32 %p3, %r5, 0, %p1;\n" : "  mov.pred %p3, %p1;\n";
  k += "  @%p3 bra ISSUED;\n"
       "  createpolicy.fractional.L2::evict_last.b64 %rd9, 1.0;\n  mov.u16 %rs1, 3;\n"
       "  xor.b32 %r15, %r5, 1;\n";
  const bool remote = to_peer && !multicast;
  k += remote ? "  mapa.shared::cluster.u32 %r16, %r2, %r15;\n  mapa.shared::cluster.u32 %r17, %r4, %r15;\n"
              : "  mov.u32 %r16, %r2;\n  mov.u32 %r17, %r4;\n";
  std::string ops;
  if (to_global) {
    ops = "[%rd3], [%r3], 64";
  } else {
    ops = std::string("[%r16], ") + (from_shared ? "[%r3]" : "[%rd2]") + ", 64, [%r17]";
  }
  if (multicast) ops += ", %rs1";
  if (f.has("L2::cache_hint")) ops += ", %rd9";
  std::string spelling = "cp.async.bulk";
  if (to_global) spelling += ".global.shared::cta.bulk_group";
  else spelling += std::string(to_peer ? ".shared::cluster" : ".shared::cta") +
                   (from_shared ? ".shared::cta" : ".global") + ".mbarrier::complete_tx::bytes";
  if (multicast) spelling += ".multicast::cluster";
  if (f.has("L2::cache_hint")) spelling += ".L2::cache_hint";
  k += "  " + spelling + " " + ops + ";\n";
  if (to_global) k += "  cp.async.bulk.commit_group;\n  cp.async.bulk.wait_group 0;\n";
  k += "ISSUED:\n  barrier.cluster.arrive;\n  barrier.cluster.wait;\n"
       "  mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r4], 0;\n"
       "  selp.u32 %r18, 1, 0, %p2;\n"
       "  ld.param.u64 %rd6, [out];\n  mul.wide.u32 %rd7, %r5, 80;\n  add.s64 %rd8, %rd6, %rd7;\n"
       "  add.s64 %rd10, %rd8, %rd1;\n"
       "  ld.shared.v4.u32 {%r10, %r11, %r12, %r13}, [%r8];\n"
       "  st.global.v4.u32 [%rd10], {%r10, %r11, %r12, %r13};\n"
       "  @!%p1 st.global.u32 [%rd8+64], %r18;\n"
       "  barrier.cluster.arrive;\n  barrier.cluster.wait;\n  ret;\n}\n";
  return k;
}

std::string module_text() {
  std::string t = ".version 9.0\n.target sm_90\n.address_size 64\n";
  for (std::size_t i = 0; i < copy_forms().size(); ++i) t += copy_kernel(i, copy_forms()[i]);
  for (std::size_t i = 0; i < bulk_forms().size(); ++i) t += bulk_kernel(i, bulk_forms()[i]);
  for (std::size_t i = 0; i < async_forms().size(); ++i) t += async_kernel(i, async_forms()[i]);
  return t;
}

const std::string& module_source() {
  static const std::string text = module_text();
  return text;
}

class BulkCatalogForms : public testing::ModuleTest {
 protected:
  BulkCatalogForms() : ModuleTest("bulk_catalog_forms", module_source().c_str()) {}

  std::uint64_t upload_elements(const CatalogForm& f, bool reducing) {
    std::vector<std::uint8_t> bytes(kBytes);
    for (std::size_t k = 0; k < kBytes / bytes_of(f); ++k) {
      const Element e = element(f, k);
      std::memcpy(&bytes[k * bytes_of(f)], reducing ? &e.s : &e.g, bytes_of(f));
    }
    const std::uint64_t p = device_.allocate(kBytes);
    device_.copy_to_device(p, bytes.data(), kBytes);
    return p;
  }
  void expect_reduced(const CatalogForm& f, const std::uint8_t* got, const std::string& what) {
    for (std::size_t k = 0; k < kBytes / bytes_of(f); ++k) {
      std::uint64_t v = 0;
      std::memcpy(&v, got + k * bytes_of(f), bytes_of(f));
      EXPECT_EQ(v, element(f, k).want) << what << " element " << k;
    }
  }
};

TEST_F(BulkCatalogForms, TheCatalogHoldsEveryForm) {
  // Into shared::cluster: 12 (operation, type) pairs; into global: 27 pairs
  // with and without a cache hint (integer ones, f16/bf16 add .noftz and
  // min/max, f32/f64 add). red.async: the 13 pairs of shared::cluster.
  EXPECT_EQ(bulk_forms().size(), 12u + 2 * 27u);
  EXPECT_EQ(async_forms().size(), 13u);
  // cp.async.bulk: from global into shared::cluster (with and without
  // multicast and a cache hint) or shared::cta (with and without a hint),
  // shared::cta into shared::cluster, shared::cta into global (and a hint).
  EXPECT_EQ(copy_forms().size(), 9u);
}

TEST_F(BulkCatalogForms, EveryBulkCopyLandsWhereItsSpacesSay) {
  std::vector<std::uint32_t> words(16);
  for (std::uint32_t k = 0; k < 16; ++k) words[k] = 0x01000000u * (k + 1) + 0x11u * k;
  for (std::size_t i = 0; i < copy_forms().size(); ++i) {
    const CatalogForm& f = copy_forms()[i];
    const std::string what = spelled("cp.async.bulk", f);
    const bool to_global = f.has("bulk_group");
    const bool from_shared = to_global || (f.has("shared::cta") && f.has("shared::cluster"));
    const std::uint64_t src = device_.allocate(kBytes), dst = device_.allocate(kBytes);
    device_.copy_to_device(src, words.data(), kBytes);
    const std::uint64_t out = device_.allocate(160);
    const LaunchResult r = device_.launch(kernel(("copy" + std::to_string(i)).c_str()),
                                          LaunchConfig{.grid = {2}, .block = {4}, .cluster = {2}},
                                          ParamBytes().add(src).add(dst).add(out).span());
    ASSERT_TRUE(r.ok()) << what << ": " << r.error.message;
    if (to_global) {
      EXPECT_EQ(download<std::uint32_t>(dst, 16), words) << what;
      continue;
    }
    const auto got = download<std::uint32_t>(out, 40);
    for (std::uint32_t rank = 0; rank < 2; ++rank) {
      // From shared memory the bytes are the other CTA's: src + (1 - rank) << 8.
      std::vector<std::uint32_t> want = words;
      for (std::uint32_t& w : want) w += from_shared ? (1 - rank) << 8 : 0;
      EXPECT_EQ(std::vector<std::uint32_t>(got.begin() + 20 * rank, got.begin() + 20 * rank + 16),
                want)
          << what << " rank " << rank;
      EXPECT_EQ(got[20 * rank + 16], 1u) << what << " rank " << rank << ": barrier";
    }
  }
}

TEST_F(BulkCatalogForms, EveryBulkReductionCombinesEachElement) {
  for (std::size_t i = 0; i < bulk_forms().size(); ++i) {
    const CatalogForm& f = bulk_forms()[i];
    const std::string what = spelled("cp.reduce.async.bulk", f);
    const bool cluster = f.has("shared::cluster");
    const std::uint64_t dst = upload_elements(f, false);
    const std::uint64_t src = upload_elements(f, true);
    const std::uint64_t out = device_.allocate(160);
    const LaunchResult r = device_.launch(
        kernel(("bulk" + std::to_string(i)).c_str()),
        LaunchConfig{.grid = {cluster ? 2u : 1u}, .block = {4}, .cluster = {cluster ? 2u : 1u}},
        ParamBytes().add(dst).add(src).add(out).span());
    ASSERT_TRUE(r.ok()) << what << ": " << r.error.message;
    if (!cluster) {
      expect_reduced(f, download<std::uint8_t>(dst, kBytes).data(), what);
      continue;
    }
    const auto bytes = download<std::uint8_t>(out, 160);
    for (unsigned rank = 0; rank < 2; ++rank) {
      expect_reduced(f, bytes.data() + 80 * rank, what + " rank " + std::to_string(rank));
      std::uint32_t done = 0;
      std::memcpy(&done, bytes.data() + 80 * rank + 64, 4);
      EXPECT_EQ(done, 1u) << what << " rank " << rank << ": barrier";
    }
  }
}

TEST_F(BulkCatalogForms, EveryAsyncReductionFoldsTheLanes) {
  for (std::size_t i = 0; i < async_forms().size(); ++i) {
    const CatalogForm& f = async_forms()[i];
    const std::string what = spelled("red.async", f);
    const std::string op = operation_of(f);
    const std::uint64_t mask = mask_of(bytes_of(f));
    // inc/dec take one bound for every lane, so that their order does not matter.
    const bool bounded = op == "inc" || op == "dec";
    const std::uint64_t start = 0xFFFFFFF0FFFFFFF0ull & mask, value = 0x123456789Aull & mask;
    const std::uint64_t step = bounded ? 0 : 0x0F0F0F0F0F0F0F1ull;
    const std::uint64_t out = device_.allocate(32);
    const LaunchResult r = device_.launch(
        kernel(("red" + std::to_string(i)).c_str()),
        LaunchConfig{.grid = {2}, .block = {32}, .cluster = {2}},
        ParamBytes().add(bounded ? std::uint64_t{5} : start).add(value).add(step).add(out).span());
    ASSERT_TRUE(r.ok()) << what << ": " << r.error.message;
    std::uint64_t want = bounded ? 5 : start;
    for (std::uint64_t lane = 0; lane < 32; ++lane) {
      want = reduce_int(f, want, (value + lane * step) & mask);
    }
    const auto words = download<std::uint64_t>(out, 4);
    for (unsigned rank = 0; rank < 2; ++rank) {
      EXPECT_EQ(words[2 * rank] & mask, want) << what << " rank " << rank;
      EXPECT_EQ(words[2 * rank + 1] & 0xFFFFFFFFu, 1u) << what << " rank " << rank << ": barrier";
    }
  }
}

}  // namespace
}  // namespace smsim::func
