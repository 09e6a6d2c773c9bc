// cp.async.bulk.prefetch.tensor against what the H100 did in
// tools/probes/discard_probe.cu (results/h100-2026-11-22-discard/faults.txt,
// tp_*): the tensor map is checked (a map, of the instruction's rank and
// mode, 64-byte aligned, on mapped memory) and so is the box's start; the
// tensor's bytes and the coordinates' range are not, and nothing changes.

#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"
#include "func/tensor/tensor_map.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

constexpr const char* kFixedKernels = R"(
.version 8.0
.target sm_90
.address_size 64

// Prefetches the box at (x, y) through the map at `map` (generic address).
.visible .entry prefetch2d(.param .u64 map, .param .u32 x, .param .u32 y)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  ld.param.u64 %rd1, [map];
  ld.param.u32 %r1, [x];
  ld.param.u32 %r2, [y];
  cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%rd1, {%r1, %r2}];
  createpolicy.fractional.L2::evict_first.b64 %rd2, 1.0;
  cp.async.bulk.prefetch.tensor.2d.L2.global.L2::cache_hint [%rd1, {%r1, %r2}], %rd2;
  ret;
}

// The same through a __grid_constant__ map in the parameters.
.visible .entry prefetch2d_param(.param .align 64 .b8 map[128], .param .u32 x, .param .u32 y)
{
  .reg .b32 %r<4>;
  .reg .b64 %rd<4>;
  mov.b64 %rd1, map;
  cvta.param.u64 %rd2, %rd1;
  ld.param.u32 %r1, [x];
  ld.param.u32 %r2, [y];
  cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%rd2, {%r1, %r2}];
  ret;
}
)";

// cp.async.bulk.prefetch.tensor.<rank>d through the map at p, at the origin:
// `mode` is "tile", "im2col" (offsets of 1) or "" (tile by default), with
// `.L2::cache_hint` and a policy operand when `hint`. Named like
// "tile3d_hint".
std::string kernel_name(unsigned rank, const std::string& mode, bool hint) {
  return (mode.empty() ? "plain" : mode) + std::to_string(rank) + "d" + (hint ? "_hint" : "");
}
std::string prefetch_kernel(unsigned rank, const std::string& mode, bool hint) {
  std::string coordinates = "%r1";
  for (unsigned d = 1; d < rank; ++d) coordinates += ", %r1";
  std::string offsets;
  if (mode == "im2col") {
    offsets = ", {%rs1";
    for (unsigned d = 3; d < rank; ++d) offsets += ", %rs1";
    offsets += "}";
  }
  return testing::pointer_kernel(
      kernel_name(rank, mode, hint),
      "mov.u32 %r1, 0;\n  mov.u16 %rs1, 1;\n"
      "  createpolicy.fractional.L2::evict_last.b64 %rd2, 1.0;\n"
      "  cp.async.bulk.prefetch.tensor." +
          std::to_string(rank) + "d.L2.global" + (mode.empty() ? "" : "." + mode) +
          (hint ? ".L2::cache_hint" : "") + " [%rd1, {" + coordinates + "}]" + offsets +
          (hint ? ", %rd2" : "") + ";");
}

// Every form of the sm_90 catalog (tests/isa/forms/sm_90.forms).
const std::string& module_text() {
  static const std::string text = [] {
    std::string t = kFixedKernels;
    for (bool hint : {false, true}) {
      for (unsigned rank = 1; rank <= 5; ++rank) {
        t += prefetch_kernel(rank, "tile", hint);
        t += prefetch_kernel(rank, "", hint);
        if (rank >= 3) t += prefetch_kernel(rank, "im2col", hint);
      }
    }
    return t;
  }();
  return text;
}

class TensorPrefetch : public testing::ModuleTest {
 protected:
  TensorPrefetch() : ModuleTest("tensor_prefetch", module_text().c_str()) {}

  // The probe's map: f32, 64 elements per dimension, box 16 x 8 (x 1), over
  // `address` (which need not be mapped).
  std::array<std::byte, kTensorMapBytes> f32_map(std::uint64_t address, std::uint32_t rank) {
    const std::uint64_t dims[3] = {64, 64, 4};
    const std::uint64_t strides[2] = {64 * 4, 64 * 64 * 4};
    const std::uint32_t box[3] = {16, 8, 1};
    const std::uint32_t ones[3] = {1, 1, 1};
    const TensorMapResult m = make_tiled_map({.data_type = 7,  // FLOAT32
                                              .rank = rank,
                                              .address = address,
                                              .dims = dims,
                                              .strides = strides,
                                              .box = box,
                                              .element_strides = ones});
    EXPECT_TRUE(m.map) << m.error;
    return m.map ? encode_tensor_map(*m.map) : std::array<std::byte, kTensorMapBytes>{};
  }
  // The map's bytes at `offset` into a fresh 256-byte allocation.
  std::uint64_t on_device(const std::array<std::byte, kTensorMapBytes>& bytes,
                          std::uint64_t offset = 0) {
    const std::uint64_t p = device_.allocate(256);
    device_.copy_to_device(p + offset, bytes.data(), bytes.size());
    return p + offset;
  }
  LaunchResult run2d(std::uint64_t map, std::int32_t x, std::int32_t y) {
    return device_.launch(kernel("prefetch2d"), LaunchConfig{.grid = {1}, .block = {1}},
                          ParamBytes().add(map).add(x).add(y).span());
  }
  LaunchResult run(const char* name, std::uint64_t map) {
    return device_.launch(kernel(name), LaunchConfig{.grid = {1}, .block = {1}},
                          ParamBytes().add(map).span());
  }

  std::uint64_t tensor() {
    std::vector<float> values(64 * 64 * 4);
    for (std::size_t i = 0; i < values.size(); ++i) values[i] = static_cast<float>(i);
    tensor_ = upload(values);
    return tensor_;
  }
  std::uint64_t tensor_ = 0;
};

TEST_F(TensorPrefetch, ValidMapsRunAndChangeNothing) {
  // tp_ok, tp_param_ok, tp_oob_coords, tp_base_freed: no error.
  const std::uint64_t data = tensor();
  const std::vector<float> before = download<float>(data, 64 * 64 * 4);
  const auto map = f32_map(data, 2);
  EXPECT_TRUE(run2d(on_device(map), 16, 8).ok());
  EXPECT_TRUE(run2d(on_device(map), -1000, 1 << 30).ok());
  const LaunchResult param = device_.launch(
      kernel("prefetch2d_param"), LaunchConfig{.grid = {1}, .block = {1}},
      ParamBytes().add(map).add(std::int32_t{16}).add(std::int32_t{8}).span());
  EXPECT_TRUE(param.ok()) << param.error.message;
  const std::uint64_t freed = device_.allocate(1 << 20);
  ASSERT_TRUE(device_.free(freed));
  const LaunchResult r = run2d(on_device(f32_map(freed, 2)), 0, 0);
  EXPECT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<float>(data, 64 * 64 * 4), before);
}

TEST_F(TensorPrefetch, EveryRankAndModeRuns) {
  const std::uint64_t data = tensor();
  const std::uint64_t dims[5] = {8, 4, 4, 4, 2};
  std::uint64_t strides[4];
  std::uint64_t bytes = 8 * 4;
  for (int d = 0; d < 4; ++d) {
    strides[d] = bytes;
    bytes *= dims[d + 1];
  }
  const std::uint32_t box[5] = {4, 2, 2, 2, 1};
  const std::uint32_t ones[5] = {1, 1, 1, 1, 1};
  const int lower[3] = {0, 0, 0};
  const int upper[3] = {-1, -1, -1};
  for (std::uint32_t rank = 1; rank <= 5; ++rank) {
    const TensorMapResult tiled = make_tiled_map({.data_type = 7,
                                                  .rank = rank,
                                                  .address = data,
                                                  .dims = dims,
                                                  .strides = strides,
                                                  .box = box,
                                                  .element_strides = ones});
    ASSERT_TRUE(tiled.map) << tiled.error;
    const TensorMapResult im2col = make_im2col_map({.data_type = 7,
                                                    .rank = std::max(rank, 3u),
                                                    .address = data,
                                                    .dims = dims,
                                                    .strides = strides,
                                                    .element_strides = ones,
                                                    .lower = lower,
                                                    .upper = upper,
                                                    .channels = 8,
                                                    .pixels = 4});
    ASSERT_TRUE(im2col.map) << im2col.error;
    const std::uint64_t tiled_map = on_device(encode_tensor_map(*tiled.map));
    const std::uint64_t im2col_map = on_device(encode_tensor_map(*im2col.map));
    for (bool hint : {false, true}) {
      for (const std::string mode : {"tile", "", "im2col"}) {
        if (mode == "im2col" && rank < 3) continue;
        const std::string name = kernel_name(rank, mode, hint);
        const LaunchResult r = run(name.c_str(), mode == "im2col" ? im2col_map : tiled_map);
        EXPECT_TRUE(r.ok()) << name << ": " << r.error.message;
      }
    }
  }
}

TEST_F(TensorPrefetch, BadMapsAndBoxStartsStopTheKernel) {
  const std::uint64_t data = tensor();
  const auto map = f32_map(data, 2);
  // tp_x_unaligned: x = 1 starts the box 4 bytes past a 16-byte boundary.
  LaunchResult r = run2d(on_device(map), 1, 0);
  EXPECT_EQ(r.error.code, CudaError::illegal_instruction);
  EXPECT_NE(r.error.message.find("4 bytes past a 16-byte boundary"), std::string::npos)
      << r.error.message;
  // tp_zero_map, tp_garbage_map: cudaErrorIllegalInstruction.
  std::array<std::byte, kTensorMapBytes> zero{};
  std::array<std::byte, kTensorMapBytes> garbage;
  garbage.fill(std::byte{0xA5});
  for (const auto& bytes : {zero, garbage}) {
    r = run2d(on_device(bytes), 0, 0);
    EXPECT_EQ(r.error.code, CudaError::illegal_instruction);
    EXPECT_NE(r.error.message.find("not a 2d tile tensor map"), std::string::npos)
        << r.error.message;
  }
  // tp_rank_mismatch, tp_im2col_on_tile_map: cudaErrorIllegalInstruction.
  EXPECT_EQ(run("tile3d", on_device(map)).error.code, CudaError::illegal_instruction);
  EXPECT_EQ(run("im2col3d", on_device(f32_map(data, 3))).error.code,
            CudaError::illegal_instruction);
  EXPECT_TRUE(run("tile3d", on_device(f32_map(data, 3))).ok());
  // tp_map_unmapped: cudaErrorIllegalAddress; tp_map_misaligned (16 bytes
  // into an allocation): cudaErrorMisalignedAddress.
  EXPECT_EQ(run2d(std::uint64_t{1} << 46, 0, 0).error.code, CudaError::illegal_address);
  EXPECT_EQ(run2d(on_device(map, 16), 0, 0).error.code, CudaError::misaligned_address);
}

}  // namespace
}  // namespace smsim::func
