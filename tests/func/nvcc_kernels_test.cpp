// Kernels compiled by nvcc (kernels/kernels.cu -> kernels/kernels.ptx) run
// through the PTX front end, the loader and the engine, checked against
// results computed on the host.

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <fstream>
#include <iterator>
#include <numeric>

#include "compiled_kernels.h"
#include "ptx_text.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

struct KernelsPtx {
  static constexpr const char* path = "kernels.ptx";
};
using NvccKernels = testing::CompiledKernels<KernelsPtx>;

TEST_F(NvccKernels, EveryKernelDecodes) {
  ASSERT_EQ(loaded_.kernels.size(), 10u);
  for (const ModuleKernel& k : loaded_.kernels) {
    EXPECT_TRUE(k.kernel.has_value()) << k.name << ": " << (k.errors.empty() ? "" : k.errors[0]);
  }
}

TEST_F(NvccKernels, BlockSumWithSharedMemoryAndBarriers) {
  const int n = 1000;
  std::vector<int> in(n);
  std::iota(in.begin(), in.end(), -300);
  const auto din = upload(in), dout = upload(std::vector<int>(4));
  const LaunchResult r = run("block_sum", {4}, {256}, ParamBytes().add(din).add(dout).add(n));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<int>(dout, 4);
  for (int b = 0; b < 4; ++b) {
    int expected = 0;
    for (int i = b * 256; i < std::min(n, (b + 1) * 256); ++i) expected += in[i];
    EXPECT_EQ(out[b], expected) << b;
  }
}

TEST_F(NvccKernels, WarpSumWithShuffles) {
  std::vector<float> in(128);
  for (int i = 0; i < 128; ++i) in[i] = static_cast<float>(i % 7) * 0.25f;
  const auto din = upload(in), dout = upload(std::vector<float>(4));
  const LaunchResult r = run("warp_sum", {2}, {64}, ParamBytes().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<float>(dout, 4);
  for (int w = 0; w < 4; ++w) {
    // The shuffle tree adds in a fixed order; these values are exact anyway.
    float expected = 0;
    for (int i = 0; i < 32; ++i) expected += in[w * 32 + i];
    EXPECT_EQ(out[w], expected) << w;
  }
}

TEST_F(NvccKernels, HistogramWithGlobalAtomicsOnTwoHostThreads) {
  device_.options().host_threads = 2;
  const int n = 5000;
  std::vector<unsigned char> in(n);
  for (int i = 0; i < n; ++i) in[i] = static_cast<unsigned char>((i * 37) ^ (i >> 3));
  const auto din = upload(in), bins = upload(std::vector<unsigned>(16));
  const LaunchResult r = run("histogram", {8}, {64}, ParamBytes().add(din).add(bins).add(n));
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::vector<unsigned> expected(16);
  for (unsigned char c : in) ++expected[c % 16];
  EXPECT_EQ(download<unsigned>(bins, 16), expected);
}

TEST_F(NvccKernels, CollatzLoopsDivergeAndReconverge) {
  std::vector<unsigned> in(64);
  for (unsigned i = 0; i < 64; ++i) in[i] = i + 1;
  const auto din = upload(in), dout = upload(std::vector<unsigned>(64));
  const LaunchResult r = run("collatz_steps", {2}, {32}, ParamBytes().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<unsigned>(dout, 64);
  for (unsigned i = 0; i < 64; ++i) {
    unsigned x = in[i], steps = 0;
    while (x != 1) {
      x = (x & 1) ? 3 * x + 1 : x / 2;
      ++steps;
    }
    EXPECT_EQ(out[i], steps) << i;
  }
}

TEST_F(NvccKernels, VotesAndBitOperations) {
  const auto dout = upload(std::vector<unsigned>(96));
  const LaunchResult r = run("ballots", {1}, {96}, ParamBytes().add(dout));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<unsigned>(dout, 96);
  for (unsigned t = 0; t < 96; ++t) {
    const unsigned warp = t / 32;
    unsigned ballot = 0;
    for (unsigned l = 0; l < 32; ++l) ballot |= ((warp * 32 + l) % 3 == 0 ? 1u : 0u) << l;
    const unsigned all = warp < 2 ? 1 : 0;
    const unsigned any = warp == 0 ? 1 : 0;
    unsigned rev = 0;
    for (unsigned b = 0; b < 32; ++b) rev |= ((t >> b) & 1u) << (31 - b);
    const unsigned expected = ballot ^ (all << 1) ^ (any << 2) ^
                              static_cast<unsigned>(__builtin_popcount(t * 2654435761u)) ^
                              (static_cast<unsigned>(__builtin_clz(t + 1)) << 8) ^ rev;
    EXPECT_EQ(out[t], expected) << t;
  }
}

TEST_F(NvccKernels, DynamicSharedMemory) {
  std::vector<int> data(48);
  std::iota(data.begin(), data.end(), 100);
  const auto d = upload(data);
  const LaunchResult r = run("dynamic_reverse", {1}, {48}, ParamBytes().add(d).add(48), 48 * 4);
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<int>(d, 48);
  for (int t = 0; t < 48; ++t) EXPECT_EQ(out[t], 147 - t);
}

TEST_F(NvccKernels, TooLittleDynamicSharedMemoryFaults) {
  const auto d = upload(std::vector<int>(48));
  const LaunchResult r = run("dynamic_reverse", {1}, {48}, ParamBytes().add(d).add(48), 32 * 4);
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("out-of-bounds shared write"), std::string::npos)
      << r.error.message;
}

TEST_F(NvccKernels, LocalArrays) {
  std::vector<int> index(32);
  for (int t = 0; t < 32; ++t) index[t] = t * 7;
  const auto di = upload(index), dout = upload(std::vector<int>(32));
  const LaunchResult r = run("local_array", {1}, {32}, ParamBytes().add(di).add(dout));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<int>(dout, 32);
  for (int t = 0; t < 32; ++t) EXPECT_EQ(out[t], ((t * 7) & 15) * t) << t;
}

TEST_F(NvccKernels, FloatMathRoundsLikeIeee) {
  std::vector<float> x(32);
  for (int t = 0; t < 32; ++t) x[t] = (static_cast<float>(t) - 13.3f) * 1.7f;
  const auto dx = upload(x), dout = upload(std::vector<float>(128)),
             dd = upload(std::vector<double>(32));
  const LaunchResult r = run("float_math", {1}, {32}, ParamBytes().add(dx).add(dout).add(dd));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<float>(dout, 128);
  const auto dout64 = download<double>(dd, 32);
  for (int t = 0; t < 32; ++t) {
    const float v = x[t];
    EXPECT_EQ(out[4 * t + 0], v / 3.0f) << t;
    EXPECT_EQ(out[4 * t + 1], std::sqrt(std::fabs(v))) << t;
    EXPECT_EQ(out[4 * t + 2], std::fmax(v, -v * 0.5f)) << t;
    const int big =
        static_cast<int>(static_cast<unsigned>(static_cast<int>(v * 1000.0f)) * 16777217u);
    // Round toward zero: the float nearest to `big` not larger in magnitude.
    float rz = static_cast<float>(big);
    if (std::fabs(static_cast<double>(rz)) > std::fabs(static_cast<double>(big))) {
      rz = std::nextafter(rz, 0.0f);
    }
    EXPECT_EQ(out[4 * t + 3], rz) << t;
    const double expected =
        static_cast<double>(v) / 7.0 +
        static_cast<double>(static_cast<long long>(static_cast<double>(v) * 1e6));
    EXPECT_EQ(dout64[t], expected) << t;
  }
}

TEST_F(NvccKernels, TransposeWithTwoDimensionalBlocks) {
  const int w = 40, h = 24;
  std::vector<float> in(w * h);
  std::iota(in.begin(), in.end(), 0.0f);
  const auto din = upload(in), dout = upload(std::vector<float>(w * h));
  const LaunchResult r =
      run("transpose", {3, 2}, {16, 16}, ParamBytes().add(din).add(dout).add(w).add(h));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<float>(dout, w * h);
  for (int y = 0; y < h; ++y) {
    for (int x = 0; x < w; ++x) ASSERT_EQ(out[x * h + y], in[y * w + x]) << x << "," << y;
  }
}

TEST_F(NvccKernels, ConstantAndGlobalVariables) {
  std::vector<int> in(36);
  std::iota(in.begin(), in.end(), -10);
  const auto din = upload(in), dout = upload(std::vector<long long>(32));
  const LaunchResult r = run("weighted", {2}, {32}, ParamBytes().add(din).add(dout));
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto out = download<long long>(dout, 32);
  const int weights[4] = {3, -1, 4, 1};
  for (int t = 0; t < 32; ++t) {
    long long expected = 0;
    for (int k = 0; k < 4; ++k) expected += static_cast<long long>(in[t + k]) * weights[k];
    EXPECT_EQ(out[t], expected) << t;
  }
  const ModuleSymbol* calls = loaded_.find_symbol("g_calls");
  ASSERT_NE(calls, nullptr);
  int count = 0;
  device_.copy_to_host(&count, calls->address, 4);
  EXPECT_EQ(count, 64);
  const ModuleSymbol* weights_symbol = loaded_.find_symbol("kWeights");
  ASSERT_NE(weights_symbol, nullptr);
  EXPECT_EQ(weights_symbol->space, MemorySpace::constant);
}

}  // namespace
}  // namespace smsim::func

namespace smsim::func {
namespace {

TEST(PerComputeCapability, InstructionsAnOlderCcLacksAreALoadError) {
  const std::string source = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry uses_redux(.param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  redux.sync.add.u32 %r2, %r1, 0xffffffff;
  st.global.u32 [%rd1], %r2;
  ret;
}
)";
  ptx::Diagnostics diags("redux.ptx", source);
  const ptx::Module module = ptx::parse_and_check(source, diags);
  ASSERT_FALSE(diags.has_errors()) << diags.format();
  Device volta(LaunchOptions{}, std::uint64_t{1} << 30, 70);
  const LoadedModule on_volta = volta.load(module);
  ASSERT_EQ(on_volta.kernels.size(), 1u);
  EXPECT_FALSE(on_volta.kernels[0].kernel);
  ASSERT_FALSE(on_volta.kernels[0].errors.empty());
  EXPECT_EQ(on_volta.kernels[0].errors[0],
            "kernel uses_redux, PTX line 10: redux needs sm_80 but the simulated GPU is sm_70");
  Device hopper(LaunchOptions{}, std::uint64_t{1} << 30, 90);
  const LoadedModule on_hopper = hopper.load(module);
  ASSERT_TRUE(on_hopper.kernels[0].kernel);
  const std::uint64_t out = hopper.allocate(4);
  std::vector<std::byte> params(8);
  std::memcpy(params.data(), &out, 8);
  const LaunchResult r = hopper.launch(on_hopper.kernels[0], {.block = {32}}, params);
  ASSERT_TRUE(r.ok()) << r.error.message;
  std::uint32_t sum = 0;
  hopper.copy_to_host(&sum, out, 4);
  EXPECT_EQ(sum, 31u * 32u / 2u);
}

// A newer form of an old opcode: vote is 1.2's, its ballot 2.0's (Handbook
// Table 8.1), so a 1.3 model refuses the ballot but not the vote.
TEST(PerComputeCapability, NewerFormsOfOlderOpcodesAreALoadError) {
  const char* source = R"(.version 8.0
.target sm_90
.address_size 64
.visible .entry ballot(.param .u64 out)
{
  .reg .pred %p<3>;
  .reg .b32 %r<3>;
  .reg .b64 %rd<2>;
  ld.param.u64 %rd1, [out];
  mov.u32 %r1, %tid.x;
  setp.lt.u32 %p1, %r1, 5;
  vote.sync.any.pred %p2, %p1, -1;
  vote.sync.ballot.b32 %r2, %p1, -1;
  st.global.u32 [%rd1], %r2;
  ret;
}
)";
  Device tesla(LaunchOptions{}, std::uint64_t{1} << 30, 13);
  const testing::PtxText on_tesla = testing::load_ptx_text(tesla, "ballot.ptx", source);
  const ModuleKernel& refused = on_tesla.first_kernel();
  EXPECT_FALSE(refused.kernel);
  ASSERT_EQ(refused.errors.size(), 1u);
  EXPECT_EQ(refused.errors[0],
            "kernel ballot, PTX line 13: vote.ballot needs sm_20 but the simulated GPU is sm_13");
  Device fermi(LaunchOptions{}, std::uint64_t{1} << 30, 20);
  EXPECT_TRUE(testing::load_ptx_text(fermi, "ballot.ptx", source).first_kernel().kernel);
}

}  // namespace
}  // namespace smsim::func
