// discard.global.L2 and applypriority.global.L2::evict_normal: operations on
// the 128-byte L2 line that holds an address. Neither changes a value here;
// the H100's rules (tools/probes/results/h100-2026-11-22-discard/, docs/func.md
// "L2 line operations"):
//
// - ptxas assembles both as a generic-address cache control (CCTL.E.RML2,
//   CCTL.E.DML2), so the .global form behaves as the generic one: an address
//   in the shared or local window does nothing, and the address need not be
//   aligned (the line holding it is the one affected).
// - An address outside device memory (null, never mapped, freed) stops the
//   kernel with cudaErrorIllegalAddress. The engine checks the addressed byte
//   against the live allocations, as it does every global access.
// - After a discard the H100 reads back what DRAM holds: a line written since
//   it last left L2 returns its older contents, a line written back returns
//   what was written. The functional engine has no L2 and keeps the line's
//   current bytes, which is the H100's answer whenever the line is not dirty
//   in L2 (the PTX ISA leaves the contents undefined either way).

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

// The size operand both instructions take; ptxas accepts no other.
constexpr std::uint64_t kLineBytes = 128;

template <AccessKind Access>
void line_operation(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const GenericTarget target = resolve_generic(lane_address(c, in, lane));
    if (target.space != MemorySpace::global) return;
    resolve(c, MemorySpace::global, target.address, 1, Access, lane);
  });
}

}  // namespace

ExecFn select_l2_line(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const std::string_view name = isa::opcode_mnemonic(spec.opcode);
  const bool global_or_generic =
      in.space == MemorySpace::global || in.space == MemorySpace::generic;
  const bool size_ok =
      in.src_count == 1 && in.src[0].kind == OperandKind::imm && in.src[0].imm == kLineBytes;
  const bool level_ok = spec.opcode == isa::Opcode::Discard
                            ? spec.has(isa::Modifier::L2)
                            : spec.has(isa::Modifier::L2EvictNormal);
  if (!global_or_generic || !size_ok || !level_ok) {
    why = fmt::format("{} takes a global or generic address and the size 128 ({})", name,
                      spec.opcode == isa::Opcode::Discard
                          ? "discard.global.L2 [a], 128"
                          : "applypriority.global.L2::evict_normal [a], 128");
    return nullptr;
  }
  // A discard may change the line's bytes, so a read-only mapping would
  // refuse it; applypriority only reorders eviction.
  return spec.opcode == isa::Opcode::Discard ? &line_operation<AccessKind::write>
                                             : &line_operation<AccessKind::read>;
}

}  // namespace smsim::func
