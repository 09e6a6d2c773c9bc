#include "func/exec/warp_sync.h"

#include <fmt/format.h>

#include "isa/opcode.h"

namespace smsim::func {
namespace {

// The lanes named by the member masks of `lanes` at `in` (its last source in
// every .sync form and in bar.warp.sync).
std::uint32_t named_lanes(const ExecContext& c, const DecodedInstruction& in, std::uint32_t lanes) {
  const Operand& mask = in.src[in.src_count - 1];
  if (mask.kind == OperandKind::imm) return static_cast<std::uint32_t>(mask.imm);
  std::uint32_t named = 0;
  for_each_lane(lanes,
                [&](unsigned lane) { named |= static_cast<std::uint32_t>(read(c, mask, lane)); });
  return named;
}

struct Meeting {
  std::uint32_t arrived = 0;
  std::uint32_t needed = 0;  // non-exited lanes named by the waiting lanes
};

Meeting meeting(const LaunchState& launch, const WarpState& warp) {
  // Parked lanes do not run, so their member-mask registers still hold what
  // they held on arrival; the registers are read from the warp itself so the
  // deadlock diagnosis can use this without an ExecContext.
  Meeting m;
  std::uint32_t excused = 0;
  for (const WarpSyncWaiter& w : warp.sync_waiters) {
    const DecodedInstruction& in = launch.kernel.code[w.instruction];
    m.arrived |= w.group.mask;
    excused |= w.excused;
    const Operand& mask = in.src[in.src_count - 1];
    if (mask.kind == OperandKind::imm) {
      m.needed |= static_cast<std::uint32_t>(mask.imm);
      continue;
    }
    for_each_lane(w.group.mask, [&](unsigned lane) {
      m.needed |= static_cast<std::uint32_t>(warp.regs[mask.reg * kWarpSize + lane]);
    });
  }
  m.needed &= warp.control.live() & ~excused;
  return m;
}

// Every waiting lane's instruction runs, each seeing the first source
// operands of all the lanes that met; then they all go on after their own
// instruction.
void run_meeting(ExecContext& c) {
  const DecodedKernel& kernel = c.launch.kernel;
  std::vector<WarpSyncWaiter> waiters = std::move(c.warp.sync_waiters);
  c.warp.sync_waiters.clear();
  const DecodedInstruction& first = kernel.code[waiters.front().instruction];
  for (const WarpSyncWaiter& w : waiters) {
    const DecodedInstruction& in = kernel.code[w.instruction];
    // Each lane computes its own instruction's result (its mode: shfl.idx
    // and shfl.down may meet) from the values all offer; lanes meeting at
    // different collectives, which the PTX ISA leaves undefined, are an error
    // rather than an invented result.
    if (in.opcode == first.opcode) continue;
    report_error(
        c, CudaError::illegal_instruction,
        fmt::format("kernel {}: block ({},{},{}) warp {}: lanes {:#010x} at {} (PTX line "
                    "{}) and lanes {:#010x} at {} (PTX line {}) name each other in their "
                    "member masks but execute different warp-synchronous instructions",
                    kernel.name, c.block.ctaid.x, c.block.ctaid.y, c.block.ctaid.z, c.warp.index,
                    waiters.front().group.mask, isa::opcode_mnemonic(first.opcode), first.ptx_line,
                    w.group.mask, isa::opcode_mnemonic(in.opcode), in.ptx_line));
    return;
  }
  WarpSyncValues values;
  for (const WarpSyncWaiter& w : waiters) {
    const DecodedInstruction& in = kernel.code[w.instruction];
    values.lanes |= w.group.mask;
    if (in.src_count < 2) continue;  // elect, bar.warp.sync: no value to offer
    for_each_lane(w.group.mask,
                  [&](unsigned lane) { values.value[lane] = read(c, in.src[0], lane); });
  }
  const std::uint32_t pc = c.pc;
  c.sync_values = &values;
  for (const WarpSyncWaiter& w : waiters) {
    c.pc = w.instruction;
    const DecodedInstruction& in = kernel.code[w.instruction];
    in.execute(c, in, w.group.mask);
    if (c.error) break;
  }
  c.sync_values = nullptr;
  c.pc = pc;
  if (c.error) return;
  for (const WarpSyncWaiter& w : waiters) c.warp.control.resume(w.group, w.instruction + 1);
}

}  // namespace

void warp_sync_arrive(ExecContext& c, const DecodedInstruction& in, std::uint32_t active) {
  WarpControl& control = c.warp.control;
  if (active == 0) {
    control.advance();
    return;
  }
  // Lanes of the group whose guard is false issued the instruction too: they
  // are not waited for, and they go on.
  const std::uint32_t group = control.mask();
  const std::uint32_t missing = named_lanes(c, in, active) & control.live() & ~group;
  if (missing == 0 &&
      (c.warp.sync_waiters.empty() || (meeting(c.launch, c.warp).needed & group) == 0)) {
    // Every lane it names is here and nobody waits for these lanes: the
    // common, converged case.
    in.execute(c, in, active);
    control.advance();
    return;
  }
  c.warp.sync_waiters.push_back(WarpSyncWaiter{
      .group = control.take_lanes(active), .instruction = c.pc, .excused = group & ~active});
  complete_warp_sync(c);
}

void complete_warp_sync(ExecContext& c) {
  if (c.warp.sync_waiters.empty()) return;
  const Meeting m = meeting(c.launch, c.warp);
  const std::uint32_t missing = m.needed & ~m.arrived;
  if (missing == 0) {
    run_meeting(c);
    return;
  }
  if (c.warp.control.mask() != 0) return;
  // Nothing else of the warp can run. Missing lanes that wait to reconverge
  // where the kernel exits (`if (i >= n) return;` before a full-warp
  // shuffle) are exiting on the hardware, which does not hold them at a join
  // with nothing after it: let them go, so that they exit.
  const DecodedKernel& kernel = c.launch.kernel;
  const auto exits_at = [&kernel](std::uint32_t pc) {
    return pc >= kernel.code.size() ||
           (kernel.code[pc].control == Control::exit && kernel.code[pc].guard_reg == kNoReg);
  };
  c.warp.control.release_waiting_if(missing, exits_at);
}

std::string describe_warp_sync_waits(const LaunchState& launch, const BlockState& block) {
  std::string text;
  for (const WarpState& warp : block.warps) {
    if (warp.sync_waiters.empty()) continue;
    const Meeting m = meeting(launch, warp);
    const WarpSyncWaiter& first = warp.sync_waiters.front();
    const DecodedInstruction& in = launch.kernel.code[first.instruction];
    text += fmt::format(
        " warp {} lanes {:#010x} wait at {} (PTX line {}) for lanes {:#010x}, which never arrive;",
        warp.index, m.arrived, isa::opcode_mnemonic(in.opcode), in.ptx_line, m.needed & ~m.arrived);
  }
  return text;
}

}  // namespace smsim::func
