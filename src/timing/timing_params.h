#pragma once
// The numbers the cycle model runs on, taken once from a GPU model
// (configs/arch [sm_XX.timing] plus the SM's units, clocks and memory).

#include <cstdint>
#include <optional>
#include <string>

#include "analysis/shared_banks.h"
#include "arch/gpu_model.h"

namespace smsim::timing {

enum class WarpPolicy : std::uint8_t { greedy_then_oldest, loose_round_robin };

struct TimingParams {
  arch::TimingFacts facts;
  WarpPolicy policy = WarpPolicy::greedy_then_oldest;
  std::uint32_t sm_count = 0;
  std::uint32_t gpc_count = 0;    // 0: the model has no GPCs (and no clusters) stated
  std::uint32_t schedulers = 0;   // sub-partitions per SM
  std::uint32_t issue_width = 0;  // instructions per scheduler per cycle
  // Cycles between two warp-instructions on one sub-partition's pipe: the
  // warp size over the pipe's lanes per sub-partition (issue_rules.h).
  double fp32_interval = 1;
  double int_interval = 1;
  double fp64_interval = 1;
  double sfu_interval = 1;
  analysis::SharedBanks shared_banks;      // the default bank mode
  arch::SharedAccessRules shared_rules;    // the CC's bank-conflict rule (src/analysis)
  std::uint32_t l1_line_bytes = 128;
  std::uint64_t l1_bytes = 0;  // 0: no L1 for global memory (1.x)
  std::uint64_t l2_bytes = 0;  // 0: no L2: global accesses go to DRAM as the CC coalesces them (1.x)
  arch::GlobalAccessRules global_rules;  // the CC's coalescing (src/analysis)
  double dram_bytes_per_cycle = 0.0;
  std::uint32_t sm_clock_mhz = 0;  // the clock the cycles count (nanosleep converts at it)
};

// The parameters, or why this GPU model has no timing mode.
struct ParamsOrError {
  std::optional<TimingParams> params;
  std::string error;
};
ParamsOrError timing_params(const arch::GpuModel& gpu);

}  // namespace smsim::timing
