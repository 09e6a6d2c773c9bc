// Every one of the 2^32 f32 inputs through the table-driven SFU models,
// compared chunk by chunk with the H100's sweep digests. Label `long`.
#include <gtest/gtest.h>

#include <cstdlib>
#include <string>

#include "isa/semantics/sfu_approx.h"
#include "measured_tables.h"
#include "long/sweep_digests.h"

namespace smsim::isa::sem {
namespace {

using testing::count_differing_chunks;
using testing::device_sweep_digests;
using testing::host_sweep_digests;

const SfuTables& tables() {
  return testing::sfu_tables();
}

uint32_t differing(const std::string& name, const std::function<uint64_t(uint32_t)>& f) {
  const auto device = device_sweep_digests(name);
  if (device.size() != testing::kSweepChunks) return testing::kSweepChunks;
  return count_differing_chunks(device, host_sweep_digests(f));
}

TEST(ExhaustiveSfu, RcpAndRsqrtApproxMatchEveryInput) {
  EXPECT_EQ(
      differing("rcp.approx.ftz.f32", [](uint32_t x) { return rcp_approx_f32(tables(), x, true); }),
      0u);
  EXPECT_EQ(
      differing("rcp.approx.f32", [](uint32_t x) { return rcp_approx_f32(tables(), x, false); }),
      0u);
  EXPECT_EQ(differing("rsqrt.approx.ftz.f32",
                      [](uint32_t x) { return rsqrt_approx_f32(tables(), x, true); }),
            0u);
  EXPECT_EQ(differing("rsqrt.approx.f32",
                      [](uint32_t x) { return rsqrt_approx_f32(tables(), x, false); }),
            0u);
}

const MufuTables& mufu() {
  return testing::mufu_tables();
}

TEST(ExhaustiveSfu, Ex2ApproxMatchesEveryInput) {
  EXPECT_EQ(differing("ex2.approx.ftz.f32",
                      [](uint32_t x) { return ex2_approx_f32(mufu(), x, true); }),
            0u);
  EXPECT_EQ(
      differing("ex2.approx.f32", [](uint32_t x) { return ex2_approx_f32(mufu(), x, false); }),
      0u);
}

TEST(ExhaustiveSfu, Lg2ApproxMatchesEveryInput) {
  EXPECT_EQ(differing("lg2.approx.ftz.f32",
                      [](uint32_t x) { return lg2_approx_f32(mufu(), x, true); }),
            0u);
}

TEST(ExhaustiveSfu, SinCosApproxMatchEveryInput) {
  EXPECT_EQ(differing("sin.approx.ftz.f32", [](uint32_t x) { return sin_approx_f32(mufu(), x); }),
            0u);
  EXPECT_EQ(differing("cos.approx.ftz.f32", [](uint32_t x) { return cos_approx_f32(mufu(), x); }),
            0u);
}

TEST(ExhaustiveSfu, SqrtApproxMatchesEveryInput) {
  EXPECT_EQ(
      differing("sqrt.approx.f32", [](uint32_t x) { return sqrt_approx_f32(mufu(), x, false); }),
      0u);
}

TEST(ExhaustiveSfu, TanhApproxMatchesEveryInput) {
  EXPECT_EQ(differing("tanh.approx.f32", [](uint32_t x) { return tanh_approx_f32(mufu(), x); }),
            0u);
}

}  // namespace
}  // namespace smsim::isa::sem
