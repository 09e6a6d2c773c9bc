// The issue of a warp-instruction: executed by the functional engine (or
// deferred to the end of the cycle when it writes global memory), then its
// pipe, scoreboard, memory access and barrier arrival.

#include <algorithm>

#include "func/exec/cluster_barrier.h"
#include "func/exec/warp_loop.h"
#include "timing/branch_cost.h"
#include "timing/grid_run.h"
#include "timing/issue_rules.h"
#include "timing/nanosleep.h"

namespace smsim::timing {

std::uint32_t guarded_mask(const func::ExecContext& c, const func::DecodedInstruction& in,
                           std::uint32_t mask) {
  if (in.guard_reg == func::kNoReg) return mask;
  const std::uint64_t* row = c.regs + std::size_t{in.guard_reg} * func::kWarpSize;
  std::uint32_t result = 0;
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(__builtin_ctz(m));
    if ((row[lane] != 0) != in.guard_negated) result |= std::uint32_t{1} << lane;
  }
  return result;
}

bool writes_global_later(const func::DecodedInstruction& in, const OpTiming& op,
                         const WarpAccess& access) {
  if (in.control != func::Control::none || in.builtin != func::Builtin::none) return false;
  if (in.opcode == isa::Opcode::Sust || in.opcode == isa::Opcode::Sured) return true;
  if (op.mem == MemOp::none || op.mem == MemOp::load) return false;
  switch (access.space) {
    case func::MemorySpace::shared:
    case func::MemorySpace::local:
    case func::MemorySpace::param:
    case func::MemorySpace::constant:
      return false;
    default:
      return true;
  }
}

void GridRun::complete(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot,
                       std::uint32_t pc, const WarpAccess& access, std::uint32_t mask,
                       bool write_later) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  const OpTiming& op = ops_[pc];
  set_stall(sm, w, Stall::selected);
  w.hoist_retry = 0;
  w.known = false;
  w.wake = 0;  // looked at again next cycle
  if (op.pipe != Pipe::none) {
    double& free = sp.pipe_free[static_cast<std::size_t>(op.pipe)];
    free = std::max(free, static_cast<double>(now_)) + op.interval;
    if (op.stops_others) {
      sm.others_stopped_until = pipe_accepts_at(free, 1);
      sm.stopping_partition = static_cast<std::uint32_t>(&sp - sm.partitions.data());
    }
  }
  std::uint64_t ready = now_ + op.latency;
  Stall dependency = op.dependency;
  DeferredAccess* later = nullptr;
  if (write_later && mask != 0) {
    later = &sm.deferred.emplace_back();
    later->execute = true;
  }
  w.extra_issues = op.issues - 1u;
  if (w.loads.enabled()) {
    // Results it reads or overwrites leave ptxas's registers.
    const std::span<WarpSlot::RegisterReady> rows(w.reg_ready);
    for (std::uint8_t i = 0; i < op.source_count; ++i) w.loads.release(op.sources[i], rows);
    for (std::uint8_t i = 0; i < op.dest_count; ++i) w.loads.release(op.dests[i], rows);
  }
  // A shared load or store whose lanes are all predicated off still passes
  // the MIO once: ncu counts a wavefront for each (reduce_sequential: 218.6
  // per block of 8 warps, which issue 201 shared accesses in SASS, 45 of
  // them with a lane on).
  const bool no_lane_pass = access.space == func::MemorySpace::shared &&
                            (op.mem == MemOp::load || op.mem == MemOp::store);
  if (op.mem != MemOp::none && (mask != 0 || no_lane_pass)) {
    double start = 0.0;
    if (const std::optional<MemoryResult> r = memory_.issue(sm_index, now_, op, access, &start)) {
      ready = std::max(r->ready, now_ + 1);
      if (access.remote_shared) {
        // Another block's shared memory, over the SM-to-SM network. The
        // generic access that ptxas makes of it waits for the S2R SR_SWINHI
        // at the start of its region (branch_regions.h).
        const std::uint64_t swinhi =
            w.regions.entry() + static_cast<std::uint64_t>(p_.facts.latency.swinhi);
        ready = std::max(
            ready, std::max(now_, swinhi) + static_cast<std::uint64_t>(p_.facts.latency.dsmem));
      }
      dependency = r->dependency;
      if (access.space == func::MemorySpace::shared && op.mem != MemOp::load) {
        w.shared_writes_done = std::max(w.shared_writes_done, ready);
      }
    } else {
      // Behind the LSU at the end of the cycle; until then no reader can
      // issue (a warp issues once a cycle), so a bound stands in.
      if (later == nullptr) {
        later = &sm.deferred.emplace_back(access);
      } else {
        later->access = access;
      }
      later->timed = true;
      later->start = start;
      if (op.mem == MemOp::load) {
        later->board = w.loads.assign(now_, std::span<const std::uint32_t>(op.dests, op.dest_count),
                                      std::span<WarpSlot::RegisterReady>(w.reg_ready));
      }
      ready = now_ + 1;
      dependency = Stall::long_scoreboard;
    }
  }
  if (later != nullptr) {
    later->slot = slot;
    later->pc = pc;
    later->mask = mask;
  }
  const auto written = [&](std::uint32_t reg) {
    w.reg_ready[reg].at = ready;
    w.reg_ready[reg].why = dependency;
  };
  for (std::uint8_t i = 0; i < op.dest_count; ++i) written(op.dests[i]);
  for_each_list_register(launch_.kernel, op, false, written);
  if (op.tracks_early) {
    // As ptxas would have it: a fixed-latency result from the start of its
    // region or its operands' early cycles on, whichever is later.
    std::uint64_t early = ready;
    if (op.early_result) {
      std::uint64_t from = w.regions.entry();
      for (std::uint8_t i = 0; i < op.source_count; ++i) {
        from = std::max(from, w.reg_early[op.sources[i]]);
      }
      early = std::min(ready, from + op.latency);
    }
    for (std::uint8_t i = 0; i < op.dest_count; ++i) w.reg_early[op.dests[i]] = early;
    for_each_list_register(launch_.kernel, op, false,
                           [&](std::uint32_t reg) { w.reg_early[reg] = early; });
  }
}

void GridRun::after_branch(WarpSlot& w, std::uint32_t pc, std::uint32_t next_pc) {
  const func::DecodedInstruction& in = launch_.kernel.code[pc];
  const bool conditional = in.guard_reg != func::kNoReg;
  const std::uint64_t taken = taken_branch_cycles(p_.facts.branch, pc, next_pc, conditional);
  const std::uint64_t arrival = now_ + std::max<std::uint64_t>(taken, 1);
  if (taken != 0) w.redirect_until = arrival;
  w.regions.branch(pc, next_pc, in.reconverge, conditional, ops_[pc].if_else_join, arrival);
}

void GridRun::defer_write(SmState& sm, func::WarpState& ws, const func::DecodedInstruction& in,
                          std::uint32_t mask) const {
  // What run_warp() does for a plain instruction, less executing it.
  ++sm.counters.per_opcode[static_cast<std::size_t>(in.opcode)];
  sm.counters.thread_instructions += static_cast<std::uint64_t>(__builtin_popcount(mask));
  ++ws.executed;
  ws.control.advance();
}

void GridRun::issue_owed(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  ++sm.issued;
  set_last_issued(sm, sp, slot);
  if (w.extra_issues != 0) {
    --w.extra_issues;
    set_stall(sm, w, Stall::selected);
    w.known = false;
    w.wake = 0;
    return;
  }
  const std::uint32_t pc = w.ghost_pc++;
  const func::DecodedInstruction& in = launch_.kernel.code[pc];
  WarpAccess access;
  if (ops_[pc].mem != MemOp::none) {
    func::WarpState& ws = sm.blocks[w.block_slot].state.warps[w.warp];
    func::ExecContext c{.launch = launch_,
                        .block = sm.blocks[w.block_slot].state,
                        .warp = ws,
                        .regs = ws.regs.data()};
    describe_access(c, in, 0, ops_[pc].access_bytes, access);
  }
  complete(sm_index, sp, slot, pc, access, 0, false);
}

bool GridRun::issue(std::uint32_t sm_index, SubPartition& sp, std::uint32_t slot) {
  SmState& sm = sms_[sm_index];
  WarpSlot& w = sm.warps[slot];
  if (w.owes_issues()) {
    issue_owed(sm_index, sp, slot);
    return true;
  }
  ResidentBlock& block = sm.blocks[w.block_slot];
  func::WarpState& ws = block.state.warps[w.warp];
  const std::uint32_t pc = ws.control.pc();
  const std::uint32_t mask_before = ws.control.mask();
  func::ExecContext c{.launch = launch_, .block = block.state, .warp = ws, .regs = ws.regs.data()};
  ws.timed_clock = now_;
  const bool in_code = pc < ops_.size();
  const func::Control control = in_code ? launch_.kernel.code[pc].control : func::Control::exit;
  // An exit that can release no one leaves the other warps' looks valid:
  // they are not read again for it (8 warps per exit in a block of 256
  // threads).
  const bool releases =
      control == func::Control::barrier ||
      (control == func::Control::exit && exit_may_release(block));
  WarpAccess access;
  std::uint32_t mask = 0;
  bool later = false;
  std::uint64_t sleep = 0;
  if (in_code) {
    const OpTiming& op = ops_[pc];
    const func::DecodedInstruction& in = launch_.kernel.code[pc];
    if (in.control == func::Control::sleep) {
      sleep = sleep_cycles(c, in, guarded_mask(c, in, ws.control.mask()), p_.sm_clock_mhz);
    }
    if (op.mem != MemOp::none) {
      mask = guarded_mask(c, in, ws.control.mask());
      describe_access(c, in, mask, op.access_bytes, access);
    }
    later = writes_global_later(in, op, access);
    if (later && op.mem == MemOp::none) mask = guarded_mask(c, in, ws.control.mask());
  }
  if (later) {
    defer_write(sm, ws, launch_.kernel.code[pc], mask);
  } else {
    const std::uint64_t threads = sm.counters.thread_instructions;
    func::run_warp(c, 1, sm.counters);
    if (in_code) {
      log_issue(sm, launch_.kernel.code[pc].opcode, sm.counters.thread_instructions - threads);
    }
  }
  ++sm.issued;
  if (c.error) {
    sm.error = std::move(*c.error);
    return false;
  }
  set_last_issued(sm, sp, slot);
  if (sleep != 0) w.sleep_until = now_ + sleep;
  if (in_code) {
    complete(sm_index, sp, slot, pc, access, mask, later);
    const std::uint32_t body_end = ops_[pc].converted_end;
    if (body_end != func::kNoPc && ws.control.pc() == body_end &&
        ws.control.mask() == mask_before) {
      // Every lane skipped a body that the machine code predicates: the
      // warp issues it still, no lane active, before going on.
      w.ghost_pc = pc + 1;
      w.ghost_end = body_end;
    }
    if (ops_[pc].kept_branch) {
      after_branch(w, pc, ws.control.pc());
    } else {
      w.regions.at(ws.control.pc(), now_ + 1);
    }
    if (ops_[pc].barrier) {
      // Arrivals pass an SM-wide barrier unit one warp at a time; where the
      // barrier orders shared memory in hardware, a warp arrives once its
      // shared stores and atomics are done.
      double slot_start = std::max(static_cast<double>(now_), sm.barrier_free);
      if (p_.facts.barrier_waits_for_shared_writes) {
        slot_start = std::max(slot_start, static_cast<double>(w.shared_writes_done));
      }
      sm.barrier_free = slot_start + p_.facts.barrier_arrival_cycles;
      block.last_arrival = std::max(block.last_arrival, sm.barrier_free);
      w.waits_at_barrier = true;
    }
  }
  // A releasing barrier.cluster.arrive fences before it arrives (the H100
  // runs MEMBAR.ALL.GPU, then UCGABAR_ARV): the warp waits for the fence,
  // and so does the phase this arrival completes. A wait that comes after
  // its phase was released passes at once, as on the H100 (19 cycles for
  // the wait of a warp that arrived 100 to 4000 cycles after the others).
  const std::uint64_t fence =
      in_code && ops_[pc].cluster_release && block.cluster != nullptr ? cluster_release_ : 0;
  if (block.cluster != nullptr) {
    // Exited threads count as arrived at barrier.cluster. Woken first, so
    // that the warps it released pay the cluster barrier's latency, not the
    // block barrier's.
    if (ws.control.finished()) func::release_completed_cluster_phase(launch_, block.cluster->state);
    wake_cluster(*block.cluster, fence);
  }
  if (releases) {
    release_barriers(sm, block, w.block_slot);
  }
  if (fence != 0) w.ready_at = std::max(w.ready_at, now_ + fence);
  if (in_code && ops_[pc].fence != FenceScope::none) {
    w.fence_until = now_ + fence_cycles_[static_cast<std::size_t>(ops_[pc].fence)];
  }
  if (in_code && ops_[pc].cluster_wait && block.cluster != nullptr && ws.control.mask() != 0) {
    // The wait found its phase complete: it passes once the release is here.
    w.ready_at = std::max(w.ready_at, block.cluster->released_at);
  }
  if (ws.control.finished() && w.live) {
    w.live = false;
    --sm.stall_count[static_cast<std::size_t>(w.stall)];
    --sm.resident_warps;
    if (--block.warps_left == 0) retire_block(sm, w.block_slot);
    return true;
  }
  // Its state is in the host's cache now; a barrier release or exit later
  // drops what is read here.
  look_at(w, ws);
  return true;
}

}  // namespace smsim::timing
