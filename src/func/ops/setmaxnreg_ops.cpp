// setmaxnreg.{inc,dec}.sync.aligned.u32 N (sm_90a): moves registers between
// a warp and its block's pool. Register allocation does not change a value,
// so the engine runs it as a no-op once the load-time checks pass. On the
// H100 (tools/probes/results/h100-2026-11-22-discard/faults.txt) the rules
// the PTX ISA states for the warpgroup (every warp runs the same one, all
// lanes of a warp) are not enforced: one warp alone, half a warp, a block of
// 96 or 32 threads and two different counts in one warpgroup all run to the
// end without an error. What the hardware does enforce is the pool: an .inc
// that the block's registers can never satisfy spins forever
// (USETMAXREG.TRY_ALLOC in a loop); the engine does not know the register
// count ptxas gives the kernel and does not model that wait (docs/func.md).

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"

namespace smsim::func {

ExecFn select_setmaxnreg(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  using isa::Modifier;
  // ptxas 13.0: "expected to be in range [24..256]", "expected to be multiple
  // of 8"; .sync and .aligned are required, and one of .inc / .dec.
  constexpr std::uint64_t kMin = 24;
  constexpr std::uint64_t kMax = 256;
  constexpr std::uint64_t kStep = 8;
  const bool action_ok = spec.has(Modifier::Inc) != spec.has(Modifier::Dec);
  const bool count_ok = in.src_count == 1 && in.src[0].kind == OperandKind::imm &&
                        in.src[0].imm >= kMin && in.src[0].imm <= kMax &&
                        in.src[0].imm % kStep == 0;
  if (!action_ok || !spec.has(Modifier::Sync) || !spec.has(Modifier::Aligned) || !count_ok) {
    why = "setmaxnreg needs .inc or .dec, .sync.aligned and a register count from 24 to 256 "
          "that is a multiple of 8";
    return nullptr;
  }
  return [](ExecContext&, const DecodedInstruction&, std::uint32_t) {};
}

}  // namespace smsim::func
