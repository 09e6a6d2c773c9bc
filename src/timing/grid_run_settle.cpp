// The end of an SM's cycle (its deferred global writes and accesses behind
// the LSU, in SM order) and its statistics over the cycles since.

#include <algorithm>

#include "timing/grid_run.h"

namespace smsim::timing {

void GridRun::settle(std::uint32_t sm_index) {
  SmState& sm = sms_[sm_index];
  for (DeferredAccess& d : sm.deferred) {
    WarpSlot& w = sm.warps[d.slot];
    func::WarpState& ws = sm.blocks[w.block_slot].state.warps[w.warp];
    if (d.execute && !sm.error) {
      const func::DecodedInstruction& in = launch_.kernel.code[d.pc];
      func::ExecContext c{.launch = launch_,
                          .block = sm.blocks[w.block_slot].state,
                          .warp = ws,
                          .regs = ws.regs.data()};
      c.pc = d.pc;
      ws.timed_clock = now_;
      in.execute(c, in, d.mask);
      if (c.error) sm.error = std::move(*c.error);
    }
    if (d.timed) {
      const OpTiming& op = ops_[d.pc];
      const MemoryResult r = memory_.beyond_lsu(sm_index, d.start, op, d.access);
      const std::uint64_t ready = std::max(r.ready, now_ + 1);
      for (std::uint8_t i = 0; i < op.dest_count; ++i) {
        w.reg_ready[op.dests[i]].at = ready;
        w.reg_ready[op.dests[i]].why = r.dependency;
        if (op.tracks_early) w.reg_early[op.dests[i]] = ready;  // a load is never early
      }
      w.loads.complete(d.board, ready, std::span<WarpSlot::RegisterReady>(w.reg_ready));
      w.known = false;  // it may have read the stand-in
      disturb(sm, w);
    }
  }
  sm.deferred.clear();
}

// The cycles since the SM was last accounted, in the states its latest
// step left. A warp that issued counts as selected for one cycle: the SM is
// stepped again the next cycle (its next_event), so the rest of a longer
// span only follows a step in which it did not issue (then none is left
// selected: each scan reads every warp it does not skip, and a skipped warp
// has not just issued).
void GridRun::account(SmState& sm) const {
  constexpr auto kSelected = static_cast<std::size_t>(Stall::selected);
  const std::uint64_t cycles = now_ - sm.accounted_to;
  sm.accounted_to = now_;
  if (cycles == 0 || sm.resident_warps == 0) return;
  sm.active_cycles += cycles;
  sm.warp_cycles += cycles * sm.resident_warps;
  for (std::size_t s = 0; s < sm.stall_count.size(); ++s) {
    sm.stall_cycles[s] += std::uint64_t{sm.stall_count[s]} * (s == kSelected ? 1 : cycles);
  }
  sm.stall_cycles[static_cast<std::size_t>(Stall::wait)] +=
      std::uint64_t{sm.stall_count[kSelected]} * (cycles - 1);
}

}  // namespace smsim::timing
