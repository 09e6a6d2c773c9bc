#include "runtime/run_report.h"

#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "analysis/report_json.h"

namespace smsim::runtime {
namespace {

std::string json_dim3(const func::Dim3& d) {
  return fmt::format("[{}, {}, {}]", d.x, d.y, d.z);
}

// Timing mode: the ncu metrics the model computes (with ncu's meaning) and
// the stall reasons in warp-cycles.
std::string json_metrics(const timing::TimingStats& t) {
  std::string stalls;
  for (std::size_t i = 0; i < t.warp_cycles.size(); ++i) {
    if (!stalls.empty()) stalls += ", ";
    stalls += fmt::format("\"{}\": {}", timing::kStallNames[i], t.warp_cycles[i]);
  }
  return fmt::format(
      ", \"metrics\": {{\"gpc__cycles_elapsed.max\": {}, \"sm__cycles_active.avg\": {:.2f}, "
      "\"sm__warps_active.avg.pct_of_peak_sustained_active\": {:.2f}, \"dram__bytes_read.sum\": "
      "{}, "
      "\"dram__bytes_write.sum\": {}, \"lts__t_sectors.sum\": {}, \"l1_hit_sectors\": {}, "
      "\"l1_miss_sectors\": {}, \"l2_hit_sectors\": {}, \"l2_miss_sectors\": {}, "
      "\"dram_row_activations\": {}, \"translation_walks\": {}, "
      "\"issued_warp_instructions\": {}, \"stall_warp_cycles\": {{{}}}}}",
      t.cycles, t.sm_active_cycles_avg, t.warps_active_pct, t.dram_read_bytes, t.dram_write_bytes,
      t.l2_sectors, t.l1_hit_sectors, t.l1_miss_sectors, t.l2_hit_sectors, t.l2_miss_sectors,
      t.dram_activations, t.translation_walks, t.issued, stalls);
}

}  // namespace

std::string to_json(const RunReport& report, const std::vector<analysis::KernelProfile>& profiles) {
  std::uint64_t warp = 0, thread = 0;
  std::string launches;
  for (const LaunchRecord& l : report.launches) {
    warp += l.warp_instructions;
    thread += l.thread_instructions;
    if (!launches.empty()) launches += ",\n";
    launches += fmt::format(
        "    {{\"kernel\": {}, \"grid\": {}, \"block\": {}, \"dynamic_shared_bytes\": {}, "
        "\"status\": {}, \"warp_instructions\": {}, \"thread_instructions\": {}{}}}",
        analysis::json_quoted(l.kernel), json_dim3(l.grid), json_dim3(l.block), l.dynamic_shared_bytes,
        l.status, l.warp_instructions, l.thread_instructions,
        l.timing ? json_metrics(*l.timing) : std::string());
  }
  std::string kernels;
  if (!profiles.empty()) {
    std::vector<const analysis::KernelProfile*> list;
    for (const analysis::KernelProfile& p : profiles) list.push_back(&p);
    kernels = ",\n  \"kernels\": " + analysis::kernels_json(list, 2);
  }
  return fmt::format(
      "{{\n  \"gpu\": {},\n  \"mode\": {},\n  \"launches\": [\n{}\n  ],\n"
      "  \"totals\": {{\"launches\": {}, \"warp_instructions\": {}, \"thread_instructions\": "
      "{}}}{}\n}}\n",
      analysis::json_quoted(report.gpu), analysis::json_quoted(report.mode), launches, report.launches.size(), warp,
      thread, kernels);
}

bool write_report_if_requested(const RunReport& report,
                               const std::vector<analysis::KernelProfile>& profiles) {
  const char* path = std::getenv(kReportEnvVar);
  if (path == nullptr || *path == '\0') return true;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << to_json(report, profiles);
  if (!out) {
    std::fprintf(stderr, "smsim: cannot write the run report to %s\n", path);
    return false;
  }
  return true;
}

}  // namespace smsim::runtime
