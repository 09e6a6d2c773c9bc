#include "timing/if_conversion.h"

#include <utility>

#include "isa/opcode.h"
#include "isa/type.h"

namespace smsim::timing {
namespace {

using func::kNoPc;

// Bodies longer than this are never weighed: a body of address arithmetic
// alone weighs nothing, and scanning every long forward branch's body would
// make a kernel's set-up quadratic in its length. ptxas keeps far shorter
// bodies as branches anyway.
constexpr std::uint32_t kLongestBody = 256;

enum class Kind { kept, arithmetic, load, store };

// What ptxas predicates rather than branching around: instructions without
// side effects beyond registers and shared memory. Global, local and generic
// accesses keep their branch (golden sass/global_latency.sass: the pointer
// chase's `@!P2 BRA` over one LDG), as do atomics and fences.
Kind kind_of(const func::DecodedInstruction& in) {
  if (in.control != func::Control::none || in.builtin != func::Builtin::none) return Kind::kept;
  if (in.operand_list != kNoPc) return Kind::kept;
  switch (isa::opcode_info(in.opcode).unit) {
    case isa::ExecUnit::IntAlu:
    case isa::ExecUnit::FpAlu:
    case isa::ExecUnit::Fp64:
    case isa::ExecUnit::Half:
    case isa::ExecUnit::Sfu:
    case isa::ExecUnit::Conversion:
      return Kind::arithmetic;
    case isa::ExecUnit::LoadStore:
      if (in.space != func::MemorySpace::shared) return Kind::kept;
      if (in.opcode == isa::Opcode::Ld) return Kind::load;
      if (in.opcode == isa::Opcode::St) return Kind::store;
      return Kind::kept;
    default:  // textures, warp collectives, tensor cores, barriers, fences, ...
      return Kind::kept;
  }
}

// How the rest of a body reads a register, walking the body backwards.
enum class Use { none, address, other };

class BodyUses {
 public:
  Use of(std::uint32_t reg) const {
    for (const auto& [r, use] : uses_) {
      if (r == reg) return use;
    }
    return Use::none;
  }
  // An address use never hides another use of the same register.
  void add(std::uint32_t reg, Use use) {
    if (reg == func::kNoReg) return;
    for (auto& [r, u] : uses_) {
      if (r != reg) continue;
      if (use == Use::other) u = Use::other;
      return;
    }
    uses_.emplace_back(reg, use);
  }
  void add_sources(const func::DecodedInstruction& in, Use use) {
    for (std::uint8_t i = 0; i < in.src_count; ++i) {
      if (in.src[i].kind == func::OperandKind::reg || in.src[i].kind == func::OperandKind::address) {
        add(in.src[i].reg, use);
      }
    }
    add(in.guard_reg, Use::other);
  }

 private:
  std::vector<std::pair<std::uint32_t, Use>> uses_;
};

// Integer arithmetic of one result that the rest of the body reads only as
// an address: ptxas folds it into the access's address or computes it
// before the branch.
bool address_arithmetic(const func::DecodedInstruction& in, const BodyUses& uses) {
  if (isa::opcode_info(in.opcode).unit != isa::ExecUnit::IntAlu || isa::is_float(in.type)) {
    return false;
  }
  if (in.dst_count != 1 || in.dst[0].kind != func::OperandKind::reg) return false;
  return uses.of(in.dst[0].reg) == Use::address;
}

// Whether ptxas predicates the body [first, end): walked backwards, so that
// each instruction's later uses in the body are known; it stops at the first
// instruction that keeps the branch or once the weight is past the most.
bool predicated_body(const func::DecodedKernel& kernel, const std::vector<bool>& entered,
                     std::uint32_t first, std::uint32_t end, const arch::IfConversionFacts& facts) {
  BodyUses uses;
  int weight = 0;
  bool shared_base = false;
  for (std::uint32_t pc = end; pc-- > first;) {
    const func::DecodedInstruction& in = kernel.code[pc];
    if (entered[pc] || weight > facts.max_weight) return false;
    const Kind kind = kind_of(in);
    if (kind == Kind::kept) return false;
    if (kind == Kind::load || kind == Kind::store) {
      weight += kind == Kind::load ? facts.load_weight : facts.store_weight;
      // A shared variable's own address: ptxas reads the block's window base
      // (S2R SR_CgaCtaId, LEA) for it.
      if (in.addr_reg == func::kNoReg) shared_base = true;
      uses.add(in.addr_reg, Use::address);
      uses.add_sources(in, Use::other);
      continue;
    }
    if (address_arithmetic(in, uses)) {
      uses.add_sources(in, Use::address);
      continue;
    }
    weight += facts.arithmetic_weight;
    uses.add_sources(in, Use::other);
  }
  return weight + (shared_base ? facts.shared_base_weight : 0) <= facts.max_weight;
}

}  // namespace

std::vector<std::uint32_t> if_converted_branches(const func::DecodedKernel& kernel,
                                                 const arch::IfConversionFacts& facts) {
  const auto size = static_cast<std::uint32_t>(kernel.code.size());
  std::vector<std::uint32_t> out(size, kNoPc);
  if (facts.max_weight <= 0) return out;
  // Instructions control may enter other than from the one before.
  std::vector<bool> entered(size, false);
  for (const func::DecodedInstruction& in : kernel.code) {
    if (in.target < size) entered[in.target] = true;
    if (in.reconverge < size) entered[in.reconverge] = true;
  }
  for (const std::vector<std::uint32_t>& table : kernel.jump_tables) {
    for (std::uint32_t pc : table) {
      if (pc < size) entered[pc] = true;
    }
  }
  for (std::uint32_t pc = 0; pc < size; ++pc) {
    const func::DecodedInstruction& in = kernel.code[pc];
    if (in.control != func::Control::branch || in.guard_reg == func::kNoReg) continue;
    const std::uint32_t end = in.target;
    if (end <= pc + 1 || end >= size || end - pc - 1 > kLongestBody) continue;
    if (in.reconverge != end) continue;
    const func::Control at_end = kernel.code[end].control;
    if (at_end == func::Control::exit || at_end == func::Control::function_return) continue;
    if (predicated_body(kernel, entered, pc + 1, end, facts)) out[pc] = end;
  }
  return out;
}

}  // namespace smsim::timing
