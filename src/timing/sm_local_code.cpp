#include "timing/sm_local_code.h"

#include "isa/opcode.h"

namespace smsim::timing {
namespace {

using isa::Opcode;

// Executors that read the measured SFU tables fail without them.
bool reads_sfu_tables(Opcode op) {
  switch (op) {
    case Opcode::Rcp:
    case Opcode::Rsqrt:
    case Opcode::Sqrt:
    case Opcode::Div:
    case Opcode::Ex2:
    case Opcode::Lg2:
    case Opcode::Sin:
    case Opcode::Cos:
    case Opcode::Tanh:
      return true;
    default:
      return false;
  }
}

// Arithmetic, conversions and branches only: the units whose executors
// write registers and nothing else and cannot fail.
bool local_unit(isa::ExecUnit unit) {
  switch (unit) {
    case isa::ExecUnit::IntAlu:
    case isa::ExecUnit::FpAlu:
    case isa::ExecUnit::Fp64:
    case isa::ExecUnit::Half:
    case isa::ExecUnit::Conversion:
    case isa::ExecUnit::Branch:
      return true;
    default:
      return false;
  }
}

// ld.param [name+offset]: in the parameter window and aligned, so it cannot
// fault, and the memory model times it as an operand read (no queue).
bool reads_fixed_param(const func::DecodedInstruction& in, const OpTiming& op,
                       std::uint64_t param_bytes) {
  if (in.opcode != Opcode::Ld || in.space != func::MemorySpace::param) return false;
  if (in.addr_reg != func::kNoReg || op.access_bytes == 0) return false;
  return in.addr_offset % op.access_bytes == 0 && in.addr_offset <= param_bytes &&
         op.access_bytes <= param_bytes - in.addr_offset;
}

bool local_instruction(const func::DecodedInstruction& in, const OpTiming& op,
                       std::uint64_t param_bytes) {
  if (in.control != func::Control::none && in.control != func::Control::branch) return false;
  if (in.builtin != func::Builtin::none) return false;
  if (reads_fixed_param(in, op, param_bytes)) return true;
  if (op.mem != MemOp::none || op.barrier || op.list != UINT32_MAX) return false;
  if (op.pipe == Pipe::sfu || reads_sfu_tables(in.opcode)) return false;
  return local_unit(isa::opcode_info(in.opcode).unit);
}

}  // namespace

std::vector<bool> sm_local_code(const func::DecodedKernel& kernel, const std::vector<OpTiming>& ops,
                                std::uint32_t window, std::uint64_t param_bytes) {
  const std::size_t size = kernel.code.size();
  std::vector<bool> local(size);
  for (std::size_t pc = 0; pc < size; ++pc) {
    local[pc] = local_instruction(kernel.code[pc], ops[pc], param_bytes);
  }
  std::vector<bool> out(size);
  for (std::size_t pc = 0; pc < size; ++pc) {
    bool alone = local[pc];
    // The candidates GridRun::hoist() may issue while the warp waits at pc.
    for (std::size_t j = pc + 1; alone && j < size && j <= pc + window; ++j) {
      if (ops[j].block_start || ops[j].ends_window) break;
      if (ops[j].hoistable && !local[j]) alone = false;
    }
    out[pc] = alone;
  }
  return out;
}

}  // namespace smsim::timing
