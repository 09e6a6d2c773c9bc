// Calls made for real: recursion with a frame per activation, function
// pointers that send the lanes of one warp to different functions, lanes
// that do not call, stack overflow, printf inside recursion, device malloc and
// free (kernels/real_calls.cu -> kernels/real_calls.ptx), brx.idx, and stack
// frames sized as ptxas sizes them (func/decode/stack_frames.h).

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "func/decode/stack_frames.h"
#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

class RealCalls : public ::testing::Test {
 protected:
  void load(const std::string& source, const std::string& name) {
    source_ = source;
    ptx::Diagnostics diags(name, source_);
    module_ = ptx::parse_and_check(source_, diags);
    ASSERT_FALSE(diags.has_errors()) << diags.format();
    loaded_ = device_.load(module_);
    for (const auto& k : loaded_.kernels) {
      for (const auto& e : k.errors) ADD_FAILURE() << e;
    }
  }

  void SetUp() override {
    const std::string path = std::string(SMSIM_SOURCE_DIR) + "/tests/func/kernels/real_calls.ptx";
    std::ifstream in(path);
    load(std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()), path);
  }

  LaunchResult run(const char* name, Dim3 block, const std::vector<std::uint64_t>& args) {
    std::vector<std::byte> params(args.size() * 8);
    // memcpy's pointers must be non-null even for 0 bytes (UBSan checks).
    if (!args.empty()) std::memcpy(params.data(), args.data(), params.size());
    return device_.launch(*loaded_.find_kernel(name), {.block = block}, params);
  }

  DecodedKernel& decoded(const char* name) {
    for (ModuleKernel& k : loaded_.kernels) {
      if (k.name == name && k.kernel) return *k.kernel;
    }
    throw std::runtime_error(std::string("no decoded kernel ") + name);
  }

  std::size_t function_named(const char* name) const {
    for (std::size_t i = 0; i < module_.functions.size(); ++i) {
      if (module_.functions[i].name == name) return i;
    }
    throw std::runtime_error(std::string("no function ") + name);
  }

  template <typename T>
  std::vector<T> download(std::uint64_t address, std::size_t n) {
    std::vector<T> v(n);
    device_.copy_to_host(v.data(), address, n * sizeof(T));
    return v;
  }

  std::string source_;
  ptx::Module module_;
  Device device_{LaunchOptions{}, std::uint64_t{1} << 30};
  LoadedModule loaded_;
};

TEST_F(RealCalls, RecursionDivergingAcrossTheLanesOfAWarp) {
  const std::uint64_t out = device_.allocate(64 * 4);
  const LaunchResult r = run("divergent_fib", {64}, {out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<unsigned>(out, 64);
  for (unsigned t = 0; t < 64; ++t) EXPECT_EQ(v[t], fib(t % 13)) << t;
}

unsigned frames(unsigned depth, unsigned seed) {
  unsigned local[4];
  for (unsigned i = 0; i < 4; ++i) local[i] = seed * (i + 1) + depth;
  if (depth == 0) return local[seed % 4];
  return local[(seed + depth) % 4] + frames(depth - 1, seed * 3 + 1);
}

TEST_F(RealCalls, EveryActivationHasItsOwnLocalArray) {
  const std::uint64_t out = device_.allocate(32 * 4);
  const LaunchResult r = run("recursive_frames", {32}, {out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<unsigned>(out, 32);
  for (unsigned t = 0; t < 32; ++t) EXPECT_EQ(v[t], frames(t % 9, t)) << t;
}

TEST_F(RealCalls, FunctionPointersSendLanesToDifferentFunctionsThatReconverge) {
  const std::uint64_t out = device_.allocate(32 * 4);
  const std::uint64_t masks = device_.allocate(32 * 4);
  const LaunchResult r = run("pointer_per_lane", {32}, {out, masks});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<int>(out, 32);
  const auto m = download<unsigned>(masks, 32);
  for (int t = 0; t < 32; ++t) {
    const int expected = t % 3 == 0 ? t + 1 : t % 3 == 1 ? t * t : -t;
    EXPECT_EQ(v[t], expected) << t;
    EXPECT_EQ(m[t], 0xFFFF'FFFFu) << t;
  }
}

TEST_F(RealCalls, LanesThatDoNotCallWaitForThoseThatDo) {
  const std::uint64_t out = device_.allocate(32 * 4);
  const std::uint64_t masks = device_.allocate(32 * 4);
  const LaunchResult r = run("guarded_recursion", {32}, {out, masks});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<unsigned>(out, 32);
  const auto m = download<unsigned>(masks, 32);
  for (unsigned t = 0; t < 32; ++t) {
    EXPECT_EQ(v[t], t % 4 == 1 ? fib(t % 11) : 1000 + t) << t;
    EXPECT_EQ(m[t], 0xFFFF'FFFFu) << t;
  }
}

TEST_F(RealCalls, StackOverflowIsAnIllegalAddressNamingTheCall) {
  const std::uint64_t out = device_.allocate(32 * 4);
  LaunchResult r = run("recurse_deep", {32}, {3, out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<unsigned>(out, 1)[0], 3u + 2u + 1u);
  r = run("recurse_deep", {32}, {1 << 20, out});
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("stack overflow calling _Z4deepj"), std::string::npos)
      << r.error.message;
  EXPECT_NE(r.error.message.find("exceeds cudaLimitStackSize 1024"), std::string::npos)
      << r.error.message;
  EXPECT_NE(r.error.message.find("(size from the PTX's parameters, return values and locals)"),
            std::string::npos)
      << r.error.message;
}

TEST_F(RealCalls, WithoutPtxasSizesEachActivationTakesItsPtxFrame) {
  const std::uint64_t out = device_.allocate(32 * 4);
  const std::uint64_t frame = decoded("recurse_deep").functions.at(function_named("_Z4deepj")).frame_bytes;
  ASSERT_GT(frame, 0u);
  // deep(n) makes n + 1 activations.
  const std::uint64_t fit = 1024 / frame;
  EXPECT_TRUE(run("recurse_deep", {32}, {fit - 1, out}).ok());
  EXPECT_EQ(run("recurse_deep", {32}, {fit, out}).error.code, CudaError::illegal_address);
}

// The runtime passes the frames ptxas gives the functions (runtime/module_ptxas.h);
// 48 bytes is a third of smsim's own frame for deep(), so the thread's local
// memory must hold three times the limit in smsim's layout.
TEST_F(RealCalls, PtxasFrameSizesDecideTheDepthThatOverflows) {
  apply_stack_frames(decoded("recurse_deep"), {{"_Z4deepj", 48}});
  const std::uint64_t out = device_.allocate(32 * 4);
  // 21 activations of 48 bytes fit 1024, 22 do not.
  LaunchResult r = run("recurse_deep", {32}, {20, out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<unsigned>(out, 1)[0], 20u * 21u / 2u);
  r = run("recurse_deep", {32}, {21, out});
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("stack overflow calling _Z4deepj: its frame of 48 bytes (size "
                                 "from ptxas -v) on top of 1008 bytes exceeds cudaLimitStackSize "
                                 "1024; call depth 22"),
            std::string::npos)
      << r.error.message;
  device_.options().stack_bytes_per_thread = 48 * 200;
  r = run("recurse_deep", {32}, {199, out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<unsigned>(out, 1)[0], 199u * 200u / 2u);
  EXPECT_EQ(run("recurse_deep", {32}, {200, out}).error.code, CudaError::illegal_address);
}

// ptxas reports a frame of 0 bytes for leaves; smsim still gives each
// activation its own frame, and a recursion through such frames stops with
// an error instead of running past the thread's local memory.
TEST_F(RealCalls, ARecursionThroughFramesOfSizeZeroStopsInsideLocalMemory) {
  apply_stack_frames(decoded("recurse_deep"), {{"_Z4deepj", 0}});
  const std::uint64_t out = device_.allocate(32 * 4);
  const LaunchResult r = run("recurse_deep", {32}, {1000, out});
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("does not fit the thread's"), std::string::npos)
      << r.error.message;
}

// middle() is inlined by smsim but is an activation of its own on the GPU:
// its frame counts while down() recurses below it.
constexpr const char* kInlinedCaller = R"(
.version 8.0
.target sm_90
.address_size 64

.func (.param .b32 r) down(.param .b32 n)
{
  .reg .pred %p<2>;
  .reg .b32 %r<5>;
  ld.param.u32 %r1, [n];
  mov.u32 %r4, 0;
  setp.eq.u32 %p1, %r1, 0;
  @%p1 bra DONE;
  sub.u32 %r2, %r1, 1;
  {
  .param .b32 a0;
  .param .b32 rv;
  st.param.b32 [a0], %r2;
  call.uni (rv), down, (a0);
  ld.param.b32 %r3, [rv];
  }
  add.u32 %r4, %r3, 1;
DONE:
  st.param.b32 [r], %r4;
  ret;
}

.func (.param .b32 r) middle(.param .b32 n)
{
  .reg .b32 %r<3>;
  ld.param.u32 %r1, [n];
  {
  .param .b32 a0;
  .param .b32 rv;
  st.param.b32 [a0], %r1;
  call.uni (rv), down, (a0);
  ld.param.b32 %r2, [rv];
  }
  st.param.b32 [r], %r2;
  ret;
}

.visible .entry chain(.param .u64 n, .param .u64 out)
{
  .reg .b32 %r<3>;
  .reg .b64 %rd<3>;
  ld.param.u64 %rd2, [n];
  cvt.u32.u64 %r1, %rd2;
  ld.param.u64 %rd1, [out];
  {
  .param .b32 a0;
  .param .b32 rv;
  st.param.b32 [a0], %r1;
  call.uni (rv), middle, (a0);
  ld.param.b32 %r2, [rv];
  }
  st.global.u32 [%rd1], %r2;
  ret;
}
)";

TEST_F(RealCalls, FunctionsInlinedAroundARealCallCountWithIt) {
  load(kInlinedCaller, "inlined_caller.ptx");
  apply_stack_frames(decoded("chain"), {{"down", 16}, {"middle", 200}});
  const std::uint64_t out = device_.allocate(4);
  // 200 + 16 * 51 = 1016 fits 1024; a 52nd activation of down() does not.
  LaunchResult r = run("chain", {1}, {50, out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<unsigned>(out, 1)[0], 50u);
  r = run("chain", {1}, {51, out});
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("call depth 52"), std::string::npos) << r.error.message;
  // The first call names what was inlined around it.
  device_.options().stack_bytes_per_thread = 100;
  r = run("chain", {1}, {0, out});
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
  EXPECT_NE(r.error.message.find("its frame of 16 bytes (size from ptxas -v) plus 200 bytes of "
                                 "middle (inlined by smsim, called on the GPU) on top of 0 bytes"),
            std::string::npos)
      << r.error.message;
}

TEST_F(RealCalls, TheStackLimitDecidesHowDeepRecursionGoes) {
  const std::uint64_t out = device_.allocate(32 * 4);
  EXPECT_EQ(run("recurse_deep", {32}, {200, out}).error.code, CudaError::illegal_address);
  device_.options().stack_bytes_per_thread = 64 * 1024;
  const LaunchResult r = run("recurse_deep", {32}, {200, out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(download<unsigned>(out, 1)[0], 200u * 201u / 2u);
}

TEST_F(RealCalls, PrintfInsideARecursiveFunction) {
  const LaunchResult r = run("printf_in_recursion", {1}, {});
  ASSERT_TRUE(r.ok()) << r.error.message;
  EXPECT_EQ(r.printf_output, "countdown 2\ncountdown 1\ncountdown 0\n");
}

TEST_F(RealCalls, NewAndDeleteUseTheDeviceHeap) {
  const std::uint64_t out = device_.allocate(64 * 4);
  const LaunchResult r = run("heap_list", {64}, {out});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<int>(out, 64);
  for (int t = 0; t < 64; ++t) EXPECT_EQ(v[t], 40 * t + 6) << t;
}

TEST_F(RealCalls, MallocReturnsNullOnceTheHeapIsExhausted) {
  device_.heap().set_capacity(16);
  EXPECT_NE(device_.heap().allocate(16), 0u);
  EXPECT_EQ(device_.heap().allocate(1), 0u);
  const std::uint64_t out = device_.allocate(4);
  const LaunchResult r = run("heap_list", {1}, {out});
  // new on a NULL from malloc: the store through it is an illegal address.
  EXPECT_EQ(r.error.code, CudaError::illegal_address);
}

// brx.idx: a jump table; lanes take different entries and meet again after.
constexpr const char* kJumpTable = R"(
.version 8.0
.target sm_90
.address_size 64

.visible .entry switch_table(.param .u64 out, .param .u64 masks)
{
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  mov.u32 %r1, %tid.x;
  rem.u32 %r2, %r1, 3;
  ts: .branchtargets L0, L1, L2;
  brx.idx %r2, ts;
L0:
  mov.u32 %r3, 100;
  bra.uni DONE;
L1:
  mov.u32 %r3, 200;
  bra.uni DONE;
L2:
  mov.u32 %r3, 300;
DONE:
  activemask.b32 %r4;
  add.u32 %r3, %r3, %r1;
  ld.param.u64 %rd1, [out];
  ld.param.u64 %rd2, [masks];
  mul.wide.u32 %rd3, %r1, 4;
  add.u64 %rd4, %rd1, %rd3;
  st.global.u32 [%rd4], %r3;
  add.u64 %rd5, %rd2, %rd3;
  st.global.u32 [%rd5], %r4;
  ret;
}
)";

TEST_F(RealCalls, BrxIdxJumpTableWithLanesOnEveryEntry) {
  load(kJumpTable, "switch_table.ptx");
  const std::uint64_t out = device_.allocate(32 * 4);
  const std::uint64_t masks = device_.allocate(32 * 4);
  const LaunchResult r = run("switch_table", {32}, {out, masks});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<unsigned>(out, 32);
  const auto m = download<unsigned>(masks, 32);
  for (unsigned t = 0; t < 32; ++t) {
    EXPECT_EQ(v[t], 100 * (t % 3 + 1) + t) << t;
    EXPECT_EQ(m[t], 0xFFFF'FFFFu) << t;
  }
}

// brx.idx.uni promises a warp-uniform index: each warp of 64 threads takes
// the entry of its warp index (0 -> 100, 1 -> 200) with every lane active.
TEST_F(RealCalls, BrxIdxUniWithAWarpUniformIndex) {
  std::string source = kJumpTable;
  source.replace(source.find("rem.u32 %r2, %r1, 3;"), 20, "shr.u32 %r2, %r1, 5; ");
  source.replace(source.find("brx.idx %r2, ts;"), 16, "brx.idx.uni %r2, ts;");
  load(source, "switch_table_uni.ptx");
  const std::uint64_t out = device_.allocate(64 * 4);
  const std::uint64_t masks = device_.allocate(64 * 4);
  const LaunchResult r = run("switch_table", {64}, {out, masks});
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto v = download<unsigned>(out, 64);
  const auto m = download<unsigned>(masks, 64);
  for (unsigned t = 0; t < 64; ++t) {
    EXPECT_EQ(v[t], 100 * (t / 32 + 1) + t) << t;
    EXPECT_EQ(m[t], 0xFFFF'FFFFu) << t;
  }
}

TEST_F(RealCalls, BrxIdxOutsideItsTableStopsTheLaunch) {
  std::string source = kJumpTable;
  source.replace(source.find("rem.u32 %r2, %r1, 3;"), 20, "rem.u32 %r2, %r1, 5;");
  load(source, "switch_table.ptx");
  const std::uint64_t out = device_.allocate(32 * 4);
  const std::uint64_t masks = device_.allocate(32 * 4);
  const LaunchResult r = run("switch_table", {32}, {out, masks});
  EXPECT_EQ(r.error.code, CudaError::illegal_instruction);
  EXPECT_NE(r.error.message.find("brx.idx index 3 outside its list of 3 targets"),
            std::string::npos)
      << r.error.message;
}

}  // namespace
}  // namespace smsim::func
