#include "arch/gpu_database.h"

#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "test_database.h"

namespace smsim::arch {
namespace {

using testing::gpu;
using testing::repository_database;

TEST(GpuDatabase, HoldsEveryGpuTheIssueNames) {
  for (const char* name : {"8800gtx",  "quadro-fx-5600", "gtx280",  "c1060",  "gtx480",  "gtx460",
                           "gtx680",   "k20x",           "k40",     "k80",    "gtx980",  "p100",
                           "gtx1080",  "v100",           "rtx2080", "a100",   "rtx3090", "rtx4090",
                           "h100-sxm", "h200",           "b200",    "rtx5090"}) {
    const GpuModel* model = repository_database().find(name);
    ASSERT_NE(model, nullptr) << name;
    EXPECT_TRUE(model->is_gpu) << name;
    EXPECT_GT(model->sm_count, 0) << name;
  }
}

TEST(GpuDatabase, LooksUpNamesAndAliasesIgnoringCaseAndPunctuation) {
  const GpuModel* h100 = repository_database().find("h100");
  ASSERT_NE(h100, nullptr);
  EXPECT_EQ(h100->name, "h100-sxm");
  for (const char* spelling : {"H100", "h100-sxm", "H100_SXM", "h100 sxm5", "GH100"}) {
    EXPECT_EQ(repository_database().find(spelling), h100) << spelling;
  }
  EXPECT_EQ(repository_database().find("G80"), repository_database().find("8800gtx"));
  EXPECT_EQ(repository_database().find("Tesla C1060")->name, "c1060");
  EXPECT_EQ(repository_database().find("GTX480")->name, "gtx480");
  EXPECT_EQ(repository_database().find("no-such-gpu"), nullptr);
  EXPECT_EQ(repository_database().find(""), nullptr);
}

TEST(GpuDatabase, DefaultGpuIsH100) {
  const GpuModel* model = repository_database().find(kDefaultGpuName);
  ASSERT_NE(model, nullptr);
  EXPECT_EQ(model->cc, (ComputeCapability{9, 0}));
  EXPECT_EQ(model->sm_count, 132);
}

TEST(GpuDatabase, ComputeCapabilityPicksItsRepresentativeGpu) {
  EXPECT_EQ(repository_database().find(ComputeCapability{1, 3})->name, "c1060");
  EXPECT_EQ(repository_database().find(ComputeCapability{1, 0})->name, "8800gtx");
  EXPECT_EQ(repository_database().find(ComputeCapability{2, 0})->name, "gtx480");
  EXPECT_EQ(repository_database().find(ComputeCapability{9, 0})->name, "h100-sxm");
  EXPECT_EQ(repository_database().find(ComputeCapability{3, 5})->name, "k20x");
  // A CC without a GPU file still answers with its SM facts.
  const GpuModel* orin = repository_database().find(ComputeCapability{8, 7});
  ASSERT_NE(orin, nullptr);
  EXPECT_FALSE(orin->is_gpu);
  EXPECT_EQ(orin->limits.max_warps_per_sm, 48);
  EXPECT_EQ(repository_database().find(ComputeCapability{4, 0}), nullptr);
}

TEST(GpuDatabase, EveryComputeCapabilityFromTeslaToBlackwellIsDescribed) {
  std::set<std::string> described;
  for (const auto& sm : repository_database().compute_capabilities()) {
    described.insert(sm.cc.to_string());
  }
  for (const char* cc : {"1.0", "1.1", "1.2", "1.3", "2.0",  "2.1",  "3.0",  "3.2",  "3.5", "3.7",
                         "5.0", "5.2", "5.3", "6.0", "6.1",  "6.2",  "7.0",  "7.2",  "7.5", "8.0",
                         "8.6", "8.7", "8.9", "9.0", "10.0", "10.3", "11.0", "12.0", "12.1"}) {
    EXPECT_TRUE(described.contains(cc)) << cc;
  }
}

TEST(GpuDatabase, InheritedFactsReachTheGpu) {
  const GpuModel& h200 = gpu("h200");
  EXPECT_EQ(h200.sm_count, 132);                 // from h100-sxm
  EXPECT_EQ(h200.shared_memory.per_sm, 233472);  // from sm_90
  EXPECT_EQ(h200.registers.per_sm, 65536);       // from sm_50 through the chain
  EXPECT_EQ(h200.memory.type, "HBM3e");          // its own
  EXPECT_EQ(gpu("gtx280").sm.units.fp64, 1);
  EXPECT_EQ(gpu("8800gtx").sm.units.fp64, 0);
  EXPECT_EQ(gpu("k40").memory.bus_width_bits, 384);
  EXPECT_EQ(gpu("gtx480").cache.l2.size_kib, 768);    // its own
  EXPECT_EQ(gpu("gtx480").cache.l2.line_bytes, 128);  // from sm_20
  EXPECT_EQ(gpu("g80").cache.l2.size_kib, 0);         // from sm_10: no L2
}

// Bandwidth, bus width and data rate are stated separately; they must agree.
TEST(GpuDatabase, MemoryBandwidthMatchesBusWidthTimesDataRate) {
  constexpr double kBitsPerByte = 8.0;
  constexpr double kMegaPerGiga = 1000.0;
  constexpr double kTolerance = 0.02;
  for (const auto& model : repository_database().gpus()) {
    const double derived =
        model.memory.bus_width_bits / kBitsPerByte * model.clocks.memory_mtps / kMegaPerGiga;
    EXPECT_NEAR(derived / model.memory.bandwidth_gb_per_s, 1.0, kTolerance) << model.name;
  }
}

TEST(GpuDatabase, WarpLimitsAgreeWithThreadLimits) {
  for (const auto& sm : repository_database().compute_capabilities()) {
    EXPECT_EQ(sm.limits.max_warps_per_sm * sm.limits.warp_size, sm.limits.max_threads_per_sm)
        << sm.name;
    EXPECT_LE(sm.shared_memory.max_per_block, sm.shared_memory.max_per_block_optin) << sm.name;
  }
}

TEST(ComputeCapability, ParsesOnlyMajorDotMinor) {
  EXPECT_EQ(ComputeCapability::parse("9.0"), (ComputeCapability{9, 0}));
  EXPECT_EQ(ComputeCapability::parse("12.1"), (ComputeCapability{12, 1}));
  EXPECT_FALSE(ComputeCapability::parse("9"));
  EXPECT_FALSE(ComputeCapability::parse("9."));
  EXPECT_FALSE(ComputeCapability::parse("x.0"));
  EXPECT_FALSE(ComputeCapability::parse("9.0.1"));
  EXPECT_FALSE(ComputeCapability::parse("-1.0"));
  EXPECT_EQ((ComputeCapability{10, 3}).to_string(), "10.3");
}

}  // namespace
}  // namespace smsim::arch
