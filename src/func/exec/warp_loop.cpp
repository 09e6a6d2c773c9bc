#include "func/exec/warp_loop.h"

#include <fmt/format.h>

#include <bit>

#include "func/exec/barriers.h"
#include "func/exec/calls.h"
#include "func/exec/host_isa.h"
#include "func/exec/warp_sync.h"

namespace smsim::func {
namespace {

// The lanes of a full warp whose predicate slot is set: no lane walk.
[[gnu::always_inline]] inline std::uint32_t predicate_bits(const std::uint64_t* row) {
  std::uint32_t result = 0;
  for (unsigned lane = 0; lane < kWarpSize; ++lane) {
    result |= static_cast<std::uint32_t>(row[lane] != 0) << lane;
  }
  return result;
}

#ifdef SMSIM_HOST_AVX2_PATHS
// With AVX2 the compare and bit gathering vectorise (a compare and a mask
// move per 4 lanes).
[[gnu::target("avx2"), gnu::noinline]] std::uint32_t predicate_bits_avx2(const std::uint64_t* row) {
  return predicate_bits(row);
}
#endif

std::uint32_t apply_guard(const ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const std::uint64_t* row = c.regs + in.guard_reg * kWarpSize;
  std::uint32_t result = 0;
  if (mask == UINT32_MAX) {
    // A full warp (the common case, once per loop iteration).
#ifdef SMSIM_HOST_AVX2_PATHS
    result = kHostHasAvx2 ? predicate_bits_avx2(row) : predicate_bits(row);
#else
    result = predicate_bits(row);
#endif
    return in.guard_negated ? ~result : result;
  }
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    if ((row[lane] != 0) != in.guard_negated) result |= std::uint32_t{1} << lane;
  }
  return result;
}

void exit_lanes(ExecContext& c, std::uint32_t lanes) {
  c.warp.control.exit_lanes(lanes);
  c.block.exited_threads += static_cast<std::uint32_t>(std::popcount(lanes));
  if (lanes == 0) return;
  release_completed_barriers(c.launch, c.block);
  // Exited lanes are no longer waited for at a warp-synchronous instruction.
  complete_warp_sync(c);
}

void stop_at(ExecContext& c, const DecodedInstruction& in, CudaError code, std::string_view what) {
  report_error(c, code,
               fmt::format("kernel {}: {} at PTX line {} in block ({},{},{}) warp {}",
                           c.launch.kernel.name, what, in.ptx_line, c.block.ctaid.x,
                           c.block.ctaid.y, c.block.ctaid.z, c.warp.index));
}

// Independent thread scheduling. A path that loops back while another path of
// its warp is ready lets that one run. A path that keeps looping while other
// lanes of its warp wait at a convergence point (an intra-warp spin lock
// whose holder waits there) eventually releases them to run past it; the
// spin limit keeps ordinary divergent loops reconverging as the compiler
// intends.
constexpr std::uint32_t kSpinLimit = 1024;

void yield_if_starving(ExecContext& c) {
  WarpControl& control = c.warp.control;
  if (control.ready_groups() != 0) {
    control.yield();
    return;
  }
  if (control.waiting_lanes() == 0) {
    c.warp.spins = 0;
    return;
  }
  if (++c.warp.spins < kSpinLimit) return;
  c.warp.spins = 0;
  if (control.release_waiting()) control.yield();
}

// Bit counting without relying on the host having a popcount instruction
// (a library call otherwise): this runs once per executed instruction.
constexpr std::uint32_t count_lanes(std::uint32_t v) {
  v = v - ((v >> 1) & 0x5555'5555u);
  v = (v & 0x3333'3333u) + ((v >> 2) & 0x3333'3333u);
  v = (v + (v >> 4)) & 0x0F0F'0F0Fu;
  return (v * 0x0101'0101u) >> 24;
}
static_assert(count_lanes(0xFFFF'FFFFu) == 32 && count_lanes(0x8000'0001u) == 2);

// The loop is compiled twice: the plain variant has no trace of observation,
// so a launch without an observer pays nothing for the analysis.
template <bool kObserved>
std::uint64_t run_warp_loop(ExecContext& c, std::uint64_t slice, WarpCounters& counters,
                            [[maybe_unused]] WarpObserver* observer) {
  const DecodedInstruction* code = c.launch.kernel.code.data();
  const auto code_size = static_cast<std::uint32_t>(c.launch.kernel.code.size());
  const bool its = c.launch.options.independent_thread_scheduling;
  WarpControl& control = c.warp.control;
  std::uint8_t* const executed_at = counters.executed_at;
  std::uint64_t executed = 0;
  for (;;) {
    while (executed < slice && control.mask() != 0) {
      const std::uint32_t pc = control.pc();
      if (pc >= code_size) {
        // Running off the end of the body returns like `ret`.
        exit_lanes(c, control.mask());
        continue;
      }
      const DecodedInstruction& in = code[pc];
      std::uint32_t mask = control.mask();
      if (in.guard_reg != kNoReg) mask = apply_guard(c, in, mask);
      ++executed;
      ++c.warp.executed;
      ++counters.per_opcode[static_cast<std::size_t>(in.opcode)];
      counters.thread_instructions += mask == UINT32_MAX ? kWarpSize : count_lanes(mask);
      if (executed_at != nullptr && mask != 0) executed_at[pc] = 1;
      c.pc = pc;
      if constexpr (kObserved) {
        observer->on_instruction(ObservedInstruction{.in = in,
                                                     .pc = pc,
                                                     .running = control.mask(),
                                                     .active = mask,
                                                     .regs = c.regs,
                                                     .warp_in_block = c.warp.index});
      }
      switch (in.control) {
        case Control::none:
          if (mask != 0) in.execute(c, in, mask);
          if (c.error) return executed;
          control.advance();
          break;
        case Control::warp_sync:
          if (its) {
            warp_sync_arrive(c, in, mask);
          } else {
            // Pre-Volta: the lanes that are there run it (the branch stack
            // has already converged what it can).
            if (mask != 0) in.execute(c, in, mask);
            control.advance();
          }
          if (c.error) return executed;
          break;
        case Control::branch:
          control.branch(mask, in.target, in.reconverge);
          if (its && mask != 0 && in.target <= pc) yield_if_starving(c);
          break;
        case Control::branch_indexed:
          if (mask == 0) {
            control.advance();
            break;
          }
          branch_indexed(c, in, mask);
          if (c.error) return executed;
          break;
        case Control::call:
          call_function(c, in, mask);
          if (c.error) return executed;
          break;
        case Control::function_return:
          return_from_function(c, in, mask);
          if (c.error) return executed;
          break;
        case Control::exit:
          exit_lanes(c, mask);
          break;
        case Control::barrier:
          if (in.guard_reg != kNoReg && mask == 0) {
            control.advance();
            break;
          }
          barrier_arrive(c, in);
          if (c.error) return executed;
          if (in.combine == isa::Modifier::Arrive) control.advance();
          break;
        case Control::trap:
          if (mask == 0) {
            control.advance();
            break;
          }
          stop_at(c, in, CudaError::launch_failure, "trap");
          return executed;
        case Control::sleep:
          // nanosleep: a sleep of at most the given time, so giving the
          // other warps their turn now is one of its outcomes (and the one a
          // polling loop needs to make progress).
          control.advance();
          if (mask != 0) return executed;
          break;
        case Control::breakpoint:
          if (mask == 0) {
            control.advance();
            break;
          }
          stop_at(c, in, CudaError::launch_failure, "breakpoint (brkpt) with no debugger attached");
          return executed;
      }
    }
    // The warp has nothing left to run now: lanes parked at a
    // warp-synchronous instruction may still be able to go on.
    if (control.mask() != 0 || c.warp.sync_waiters.empty()) break;
    complete_warp_sync(c);
    if (c.error || control.mask() == 0) break;
  }
  return executed;
}

}  // namespace

std::uint64_t run_warp(ExecContext& c, std::uint64_t slice, WarpCounters& counters,
                       WarpObserver* observer) {
  if (observer != nullptr) return run_warp_loop<true>(c, slice, counters, observer);
  return run_warp_loop<false>(c, slice, counters, nullptr);
}

}  // namespace smsim::func
