#pragma once
// The compact, predecoded form the execution loop runs: one fixed-size record
// per instruction with its executor already chosen, registers resolved to rows
// of the warp register file and branch targets and reconvergence points as
// instruction indices. Nothing here is a string or a map.

#include <cstdint>

#include "func/decode/instruction_spec.h"
#include "func/exec/warp_control.h"
#include "func/memory/memory_space.h"
#include "isa/modifier.h"
#include "isa/opcode.h"
#include "isa/special_register.h"
#include "isa/type.h"

namespace smsim::func {

struct ExecContext;
struct DecodedInstruction;

// Executes one instruction for the lanes in `mask` (guard already applied).
using ExecFn = void (*)(ExecContext& ctx, const DecodedInstruction& in, std::uint32_t mask);

// Instructions that change which lanes run, handled by the warp loop itself.
enum class Control : std::uint8_t {
  none,
  branch,
  branch_indexed,  // brx.idx
  call,            // a call made for real
  function_return,
  exit,
  barrier,
  trap,
  breakpoint,
  sleep,     // nanosleep: the warp gives up its turn (timing mode: sleeps)
  warp_sync  // a .sync warp collective or bar.warp.sync: its member lanes meet first
};

// `address`: a second memory operand ([reg + imm], reg may be kNoReg) of an
// instruction with two (cp.async): the first is addr_reg/addr_offset.
enum class OperandKind : std::uint8_t { none, reg, imm, special, address };

struct Operand {
  OperandKind kind = OperandKind::none;
  std::uint8_t bits = 64;  // register width: writes keep only these bits
  bool negated = false;    // a predicate source written `!p`
  isa::sem::VideoSelect video_select = isa::sem::VideoSelect::word;  // `%r.b1` (video)
  isa::SpecialRegisterRef special{};
  std::uint32_t reg = kNoReg;
  std::uint64_t imm = 0;
};

enum class Rounding : std::uint8_t { none, rn, rz, rm, rp, rna, rni, rzi, rmi, rpi };

// Family-specific switches, set by the decoder from the modifiers.
enum InstructionFlag : std::uint16_t {
  kFtz = 1 << 0,
  kSat = 1 << 1,
  kApprox = 1 << 2,
  kHigh = 1 << 3,  // mul.hi / mad.hi
  kWide = 1 << 4,  // mul.wide / mad.wide
  kCarryIn = 1 << 5,
  kCarryOut = 1 << 6,
  kAligned = 1 << 7,
  kUniform = 1 << 8,  // bra.uni
  kNaN = 1 << 9,      // min/max .NaN
  kRelu = 1 << 10,
  kClamp = 1 << 11,    // shf.clamp, shfl clamp mode
  kNegSrc0 = 1 << 12,  // source i enters negated (InstructionSpec::negated_sources)
  kNegSrc1 = 1 << 13,
  kNegSrc2 = 1 << 14,
  kL2Only = 1 << 15,  // ld .cg/.cv: the timing model bypasses L1 (no effect on values)
};

inline constexpr std::uint8_t kMaxDst = 4;
// sust.b.3d.v4 and sust.b.a2d.v4: four coordinates and four values.
inline constexpr std::uint8_t kMaxSrc = 8;

struct DecodedInstruction {
  ExecFn execute = nullptr;
  Control control = Control::none;
  Builtin builtin = Builtin::none;
  isa::Opcode opcode = isa::Opcode::Mov;
  isa::Type type = isa::Type::B32;   // the first type suffix
  isa::Type type2 = isa::Type::B32;  // the second (cvt source, mul.wide source ...)
  isa::Type type3 = isa::Type::B32;  // the third (video btype)
  Rounding rounding = Rounding::none;
  MemorySpace space = MemorySpace::generic;
  std::uint8_t vector = 1;  // .v2 / .v4 element count
  std::uint8_t dst_count = 0;
  std::uint8_t src_count = 0;
  isa::Modifier mode = isa::Modifier::Count;     // compare op, atomic op, shuffle mode ...
  isa::Modifier combine = isa::Modifier::Count;  // setp/set boolean combiner
  isa::Modifier cache = isa::Modifier::Count;    // ld/st cache operator (.ca .cg .cs .lu .cv ...)
  bool call_frame = false;  // a call argument moved to local memory (InstructionSpec::call_frame)
  std::uint16_t flags = 0;
  bool guard_negated = false;
  std::uint32_t guard_reg = kNoReg;
  std::uint32_t addr_reg = kNoReg;  // [addr_reg + addr_offset]
  std::uint64_t addr_offset = 0;
  std::uint32_t target = kNoPc;      // branch target
  std::uint32_t reconverge = kNoPc;  // the branch's immediate post-dominator
  std::uint32_t ptx_line = 0;
  // Matrix instructions (mma, wmma) have more operands than dst/src hold:
  // theirs are DecodedKernel::operand_lists[operand_list ...], destinations
  // first (dst_count of them, then src_count sources).
  std::uint32_t operand_list = kNoPc;
  Operand dst[kMaxDst];
  Operand src[kMaxSrc];

  bool has(InstructionFlag f) const { return (flags & f) != 0; }
};

}  // namespace smsim::func
