#pragma once
// What a program did on the simulated GPU, for `smsim run --summary/--report`:
// one record per launch. When the environment names a file (SMSIM_REPORT,
// set by `smsim run`), the runtime writes it as JSON when the process exits.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "analysis/kernel_profile.h"
#include "func/exec/launch_types.h"
#include "timing/stall_reason.h"

namespace smsim::runtime {

inline constexpr const char* kReportEnvVar = "SMSIM_REPORT";

struct LaunchRecord {
  std::string kernel;
  func::Dim3 grid, block;
  std::uint32_t dynamic_shared_bytes = 0;
  std::int32_t status = 0;  // cudaError_t of the kernel's execution
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;
  std::optional<timing::TimingStats> timing;  // timing mode only
};

struct RunReport {
  std::string gpu;
  std::string mode = "functional";
  std::vector<LaunchRecord> launches;
};

// The report as JSON: {"gpu": ..., "mode": "functional", "launches": [...],
// "totals": {...}, "kernels": [...]}; `kernels` (the analysis of each
// launch, analysis/report_json.h) is there when the launches were analyzed.
std::string to_json(const RunReport& report,
                    const std::vector<analysis::KernelProfile>& profiles = {});

// Writes the report to $SMSIM_REPORT if set; false when the file cannot be
// written (a note goes to stderr).
bool write_report_if_requested(const RunReport& report,
                               const std::vector<analysis::KernelProfile>& profiles = {});

}  // namespace smsim::runtime
