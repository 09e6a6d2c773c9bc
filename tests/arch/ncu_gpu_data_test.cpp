// The per-CC limits of Nsight Compute's occupancy calculator (shared/data/
// ncu-occupancy-gpu-data.json) against smsim's compute capabilities. Where the JSON and
// cuda_occupancy.h disagree the header wins; each such case is listed here and in
// docs/arch.md, so a new disagreement fails.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "test_database.h"

namespace smsim::arch {
namespace {

const std::filesystem::path kNcuData = std::filesystem::path(SMSIM_SOURCE_DIR) / ".." / "shared" /
                                       "data" / "ncu-occupancy-gpu-data.json";

// (CC, JSON field) pairs where smsim follows cuda_occupancy.h or the runtime's device
// properties instead of the JSON.
const std::set<std::pair<std::string, std::string>> kKnownDisagreements = {
    // The header's register sub-partitions are 4 on 5.x; the JSON's warp granularity is 2.
    {"5.2", "warps_allocation_granularity"},
    {"5.3", "warps_allocation_granularity"},
    // GM204 reports 64 K registers per block (deviceQuery); GP10B reports 32 K.
    {"5.2", "max_regs_per_block"},
    {"6.2", "max_regs_per_block"},
};

TEST(NcuGpuData, PerComputeCapabilityLimitsAgree) {
  if (!std::filesystem::exists(kNcuData)) GTEST_SKIP() << kNcuData << " not present";
  std::ifstream in(kNcuData);
  const auto data = nlohmann::json::parse(in);
  int compared = 0;
  std::set<std::pair<std::string, std::string>> seen_disagreements;
  for (const auto& [cc_text, limits] : data.items()) {
    const auto cc = ComputeCapability::parse(cc_text);
    ASSERT_TRUE(cc) << cc_text;
    const GpuModel* model = nullptr;
    for (const auto& sm : testing::repository_database().compute_capabilities()) {
      if (sm.cc == *cc) model = &sm;
    }
    ASSERT_NE(model, nullptr) << "no description of CC " << cc_text;
    const auto& smem = model->shared_memory;
    std::vector<std::int64_t> configs;
    if (smem.l1_split == L1Split::kCarveout) {
      for (const int kib : smem.carveout_configs_kib) configs.push_back(kib * std::int64_t{1024});
    } else {
      configs.push_back(smem.per_sm);
    }
    std::vector<std::int64_t> json_configs = limits["shared_mem_size_configs"];
    std::sort(json_configs.begin(), json_configs.end());
    const std::vector<std::pair<std::string, std::int64_t>> ours = {
        {"threads_per_warp", model->limits.warp_size},
        {"max_warps_per_sm", model->limits.max_warps_per_sm},
        {"max_threads_per_sm", model->limits.max_threads_per_sm},
        {"max_thread_blocks_per_sm", model->limits.max_blocks_per_sm},
        {"block_barriers_per_sm", model->limits.block_barriers_per_sm},
        {"smem_per_sm", smem.per_sm},
        // The JSON's per-block maximum includes the driver's reserved part.
        {"max_shared_mem_per_block", smem.max_per_block_optin + smem.reserved_per_block},
        {"registers_per_sm", model->registers.per_sm},
        {"max_regs_per_block", model->registers.max_per_block},
        {"max_regs_per_thread", model->registers.max_per_thread},
        {"reg_allocation_unit_size", model->registers.allocation_unit},
        {"shared_mem_allocation_unit_size", smem.allocation_unit},
        {"warps_allocation_granularity", model->registers.sub_partitions},
        {"max_thread_block_size", model->limits.max_threads_per_block},
    };
    for (const auto& [field, value] : ours) {
      ++compared;
      const std::int64_t expected = limits[field];
      if (expected == value) continue;
      if (kKnownDisagreements.contains({cc_text, field})) {
        seen_disagreements.insert({cc_text, field});
        continue;
      }
      ADD_FAILURE() << "CC " << cc_text << " " << field << ": ncu json " << expected << ", smsim "
                    << value;
    }
    EXPECT_EQ(limits["reg_allocation_granularity"], "warp") << cc_text;
    EXPECT_EQ(json_configs, configs) << "CC " << cc_text << " shared_mem_size_configs";
  }
  EXPECT_GT(compared, 0);
  // A listed disagreement that no longer occurs should leave the list.
  EXPECT_EQ(seen_disagreements, kKnownDisagreements);
}

}  // namespace
}  // namespace smsim::arch
