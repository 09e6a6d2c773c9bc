#include "analysis/kernel_profile.h"

#include <map>

namespace smsim::analysis {
namespace {

double ratio(std::uint64_t num, std::uint64_t den) {
  return den == 0 ? 0.0 : static_cast<double>(num) / static_cast<double>(den);
}

}  // namespace

KernelProfile make_profile(std::string name, const func::Dim3& grid, const func::Dim3& block,
                           const func::DecodedKernel& kernel, const KernelCounters& counters,
                           const SourceMap& sources) {
  KernelProfile p{.name = std::move(name), .grid = grid, .block = block};
  std::map<std::uint32_t, InstructionCounters> by_line;
  for (std::size_t pc = 0; pc < counters.size() && pc < kernel.code.size(); ++pc) {
    const InstructionCounters& c = counters[pc];
    p.totals += c;
    if (c[Counter::executions] == 0) continue;
    by_line[kernel.code[pc].ptx_line] += c;
  }
  for (const auto& [line, counts] : by_line) {
    p.lines.push_back(
        LineProfile{.ptx_line = line, .source = source_of(sources, line), .counts = counts});
  }
  return p;
}

std::vector<Metric> metrics(const InstructionCounters& t) {
  using C = Counter;
  const auto n = [&](C c) { return static_cast<double>(t[c]); };
  const std::uint64_t branches = t[C::branch_executions];
  return {
      {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum", n(C::shared_load_conflicts),
       true, "shared-memory load passes beyond the conflict-free count"},
      {"l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum", n(C::shared_store_conflicts),
       true, "shared-memory store passes beyond the conflict-free count"},
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", n(C::shared_load_wavefronts), true,
       "passes over the shared-memory banks for loads"},
      {"l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum", n(C::shared_store_wavefronts), true,
       "passes over the shared-memory banks for stores"},
      {"l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", n(C::global_load_requests), true,
       "global load requests"},
      {"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", n(C::global_load_sectors), true,
       "global load transactions (32-byte sectors from 3.x; lines or segments before)"},
      {"l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_ld.ratio",
       ratio(t[C::global_load_sectors], t[C::global_load_requests]), false,
       "transactions per global load request (4 for 32 coalesced 4-byte loads on 3.x+)"},
      {"l1tex__t_requests_pipe_lsu_mem_global_op_st.sum", n(C::global_store_requests), true,
       "global store requests"},
      {"l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum", n(C::global_store_sectors), true,
       "global store transactions"},
      {"l1tex__average_t_sectors_per_request_pipe_lsu_mem_global_op_st.ratio",
       ratio(t[C::global_store_sectors], t[C::global_store_requests]), false,
       "transactions per global store request"},
      {"l1tex__t_requests_pipe_lsu_mem_global_op_atom.sum", n(C::global_atomic_requests), true,
       "global atomic and reduction requests"},
      {"l1tex__t_sectors_pipe_lsu_mem_global_op_atom.sum", n(C::global_atomic_sectors), true,
       "global atomic and reduction transactions"},
      {"l1tex__t_requests_pipe_lsu_mem_local_op_ld.sum", n(C::local_load_requests), true,
       "local memory load requests"},
      {"l1tex__t_sectors_pipe_lsu_mem_local_op_ld.sum", n(C::local_load_sectors), true,
       "local memory load transactions (interleaved per-thread layout)"},
      {"l1tex__t_requests_pipe_lsu_mem_local_op_st.sum", n(C::local_store_requests), true,
       "local memory store requests"},
      {"l1tex__t_sectors_pipe_lsu_mem_local_op_st.sum", n(C::local_store_sectors), true,
       "local memory store transactions"},
      {"smsp__sass_inst_executed_op_global_ld.sum", n(C::global_load_instructions), true,
       "warp-level global loads with an active lane"},
      {"smsp__sass_inst_executed_op_global_st.sum", n(C::global_store_instructions), true,
       "warp-level global stores with an active lane"},
      {"smsp__sass_inst_executed_op_shared_ld.sum", n(C::shared_load_instructions), true,
       "warp-level shared loads with an active lane"},
      {"smsp__sass_inst_executed_op_shared_st.sum", n(C::shared_store_instructions), true,
       "warp-level shared stores with an active lane"},
      {"smsp__inst_executed.sum", n(C::executions), true,
       "warp-level PTX instructions issued (ncu counts SASS instructions)"},
      {"smsp__thread_inst_executed.sum", n(C::active_lanes), true,
       "thread-level instructions (lanes whose guard held)"},
      {"smsp__thread_inst_executed_per_inst_executed.ratio",
       ratio(t[C::active_lanes], t[C::executions]), false,
       "average active lanes per warp instruction (32 = no divergence or idle lanes)"},
      {"smsp__sass_branch_targets.sum", n(C::branch_executions), true,
       "warp-level branches executed"},
      {"smsp__sass_branch_targets_threads_divergent.sum", n(C::branch_divergent), true,
       "branches whose active lanes went both ways"},
      {"smsp__sass_average_branch_targets_threads_uniform.pct",
       branches == 0 ? 100.0 : 100.0 * ratio(branches - t[C::branch_divergent], branches), false,
       "percentage of branches where all active lanes went the same way"},
      {"smsim__constant_requests.sum", n(C::constant_requests), true, "constant-memory requests"},
      {"smsim__constant_serialized_passes.sum", n(C::constant_passes), true,
       "constant-cache passes: one per distinct address in a request"},
      {"smsim__branch_taken.sum", n(C::branch_taken), true, "branches taken by every active lane"},
      {"smsim__branch_not_taken.sum", n(C::branch_not_taken), true,
       "branches taken by no active lane"},
  };
}

}  // namespace smsim::analysis
