#pragma once
// The PTX opcode table: the single place that defines each opcode. The parser
// reads mnemonics from it, the checker validates modifiers, types and operands
// against it, and the engines index per-opcode data (executors, latencies) by
// `Opcode` so that no second switch over opcodes is needed.

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include "isa/modifier.h"
#include "isa/type.h"

namespace smsim::isa {

enum class Opcode : uint16_t {
  // Integer and floating-point arithmetic.
  Abs,
  Add,
  Addc,
  Bfe,
  Bfi,
  Bfind,
  Bmsk,
  Brev,
  Clz,
  Copysign,
  Cos,
  Div,
  Dp2a,
  Dp4a,
  Ex2,
  Fma,
  Fns,
  Lg2,
  Mad,
  Mad24,
  Madc,
  Max,
  Min,
  Mul,
  Mul24,
  Neg,
  Popc,
  Rcp,
  Rem,
  Rsqrt,
  Sad,
  Sin,
  Sqrt,
  Sub,
  Subc,
  Szext,
  Tanh,
  Testp,
  // Logic and shifts.
  And,
  Cnot,
  Lop3,
  Not,
  Or,
  Prmt,
  Shf,
  Shl,
  Shr,
  Xor,
  // Comparison and selection.
  Selp,
  Set,
  Setp,
  Slct,
  // Conversion.
  Cvt,
  CvtPack,
  Cvta,
  // Data movement.
  Getctarank,
  Isspacep,
  Ld,
  Ldu,
  Mapa,
  Mov,
  Prefetch,
  Prefetchu,
  Shfl,
  St,
  StAsync,
  // Asynchronous copies.
  CpAsync,
  CpAsyncCommitGroup,
  CpAsyncWaitGroup,
  CpAsyncWaitAll,
  CpAsyncMbarrierArrive,
  CpAsyncBulk,
  CpAsyncBulkTensor,
  CpAsyncBulkPrefetch,
  CpAsyncBulkPrefetchTensor,
  CpAsyncBulkCommitGroup,
  CpAsyncBulkWaitGroup,
  CpReduceAsyncBulk,
  CpReduceAsyncBulkTensor,
  // Warp-level matrix.
  Ldmatrix,
  Stmatrix,
  Movmatrix,
  WmmaLoad,
  WmmaStore,
  WmmaMma,
  Mma,
  MmaSp,
  MmaSpOrdered,
  WgmmaFence,
  WgmmaCommitGroup,
  WgmmaWaitGroup,
  WgmmaMmaAsync,
  WgmmaMmaAsyncSp,
  // Texture and surface.
  Tex,
  Tld4,
  Txq,
  Suld,
  Sust,
  Sured,
  Suq,
  Istypep,
  // Control flow.
  Bra,
  BrxIdx,
  Call,
  Ret,
  Exit,
  Trap,
  Brkpt,
  Nanosleep,
  Pmevent,
  // Synchronization, atomics and warp collectives.
  Bar,
  BarWarpSync,
  Barrier,
  BarrierCluster,
  Membar,
  Fence,
  Atom,
  Red,
  RedAsync,
  Vote,
  Match,
  Activemask,
  Redux,
  Elect,
  MbarrierInit,
  MbarrierArrive,
  MbarrierArriveDrop,
  MbarrierTestWait,
  MbarrierTryWait,
  MbarrierPendingCount,
  MbarrierExpectTx,
  MbarrierCompleteTx,
  MbarrierInval,
  Griddepcontrol,
  Setmaxnreg,
  // Video (scalar and SIMD).
  Vadd,
  Vsub,
  Vabsdiff,
  Vmin,
  Vmax,
  Vshl,
  Vshr,
  Vmad,
  Vset,
  Vadd2,
  Vsub2,
  Vavrg2,
  Vabsdiff2,
  Vmin2,
  Vmax2,
  Vset2,
  Vadd4,
  Vsub4,
  Vavrg4,
  Vabsdiff4,
  Vmin4,
  Vmax4,
  Vset4,
  // Miscellaneous.
  Applypriority,
  Discard,
  Createpolicy,
  Alloca,
  Stacksave,
  Stackrestore,
  Count,
};
inline constexpr std::size_t kOpcodeCount = static_cast<std::size_t>(Opcode::Count);

// Which hardware pipe executes the opcode; the timing model maps each class
// to per-architecture numbers.
enum class ExecUnit : uint8_t {
  IntAlu,
  FpAlu,
  Fp64,
  Half,
  Sfu,
  Conversion,
  LoadStore,
  Texture,
  Branch,
  Barrier,
  Warp,
  Tensor,
  AsyncCopy,
  Misc,
};

// Which latency the timing model charges; filled per architecture.
enum class LatencyClass : uint8_t {
  Alu,
  IntMul,
  Fma,
  Fp64,
  Sfu,
  Convert,
  Memory,
  Atomic,
  Texture,
  Branch,
  Barrier,
  Shuffle,
  Tensor,
  Async,
  None,
};

// The form an operand must take.
enum class OperandKind : uint8_t {
  Reg,         // a non-predicate register
  Pred,        // a predicate register
  Imm,         // an immediate
  RegOrImm,    // a register or an immediate
  Address,     // `[reg+off]`, `[sym+off]`, `[imm]`
  Data,        // a register, an immediate or a `{a, b, ...}` vector (ld/st/mov data)
  Label,       // a label in the same function
  TexAddress,  // `[tex, {..}]`, `[tex, sampler, {..}]`, `[tensormap, {..}]`
  CallTarget,  // a function name or a register holding its address
  ParamList,   // `(a, b, ...)` of call arguments or return values
  Any,         // irregular operands (matrix fragments, descriptors): form not checked
};

// Which type an operand must have: an instruction type slot or a fixed type.
enum class TypeRef : uint8_t {
  None,  // not type-checked
  Slot0,
  Slot1,
  Slot2,
  Slot3,
  Slot0Wide,  // twice slot 0's width when the instruction carries `.wide`
  Pred,
  B16,
  B32,
  B64,
  SizeT,  // a 32- or 64-bit address-sized integer
};

enum OperandFlag : uint8_t {
  kSinkOk = 1 << 0,      // `_` may stand here
  kPipePairOk = 1 << 1,  // `d|p` dual destination
  kNegateOk = 1 << 2,    // `!p`
  kSymbolOk = 1 << 3,    // a variable or function name stands for its address
  kDest = 1 << 4,        // written by the instruction
};

struct OperandSlot {
  OperandKind kind = OperandKind::Any;
  TypeRef type = TypeRef::None;
  uint8_t flags = 0;
};

inline constexpr std::size_t kMaxTypeSlots = 4;
inline constexpr std::size_t kMaxOperandSlots = 8;

// How many type suffixes an opcode takes and which types each slot allows
// (a suffix past the last listed slot uses the last slot's types).
struct TypeSignature {
  uint8_t min = 0;
  uint8_t max = 0;
  std::array<TypeMask, kMaxTypeSlots> slots{};
};

// How many operands an opcode takes and the form of each (an operand past the
// last listed slot uses the last slot's form).
struct OperandSignature {
  uint8_t min = 0;
  uint8_t max = 0;
  std::array<OperandSlot, kMaxOperandSlots> slots{};
};

enum OpcodeFlag : uint8_t {
  kRelaxedTypes = 1 << 0,  // ld/st/cvt/mov: registers may be wider than the type (PTX 6.4.1)
  kManySpaces = 1 << 1,    // takes a destination and a source state space
  kMatrixShape = 1 << 2,   // takes an `.mMnNkK` shape suffix
  kTerminator = 1 << 3,    // ends a basic block (bra, ret, exit, trap)
};

struct OpcodeInfo {
  Opcode opcode;
  std::string_view mnemonic;  // may contain dots: "cp.async.bulk.tensor"
  ExecUnit unit;
  LatencyClass latency;
  ModifierMask modifiers;
  TypeSignature types;
  OperandSignature operands;
  uint8_t flags = 0;
  uint16_t min_sm = 0;  // lowest sm_XX that has it; 0 when every target does
};

const OpcodeInfo& opcode_info(Opcode op);
inline std::string_view opcode_mnemonic(Opcode op) {
  return opcode_info(op).mnemonic;
}
std::span<const OpcodeInfo> opcode_table();
// Exact mnemonic lookup ("cp.async.bulk.tensor" -> CpAsyncBulkTensor).
std::optional<Opcode> opcode_from_mnemonic(std::string_view mnemonic);
// The longest number of dot-separated components a mnemonic has.
inline constexpr std::size_t kMaxMnemonicComponents = 5;

}  // namespace smsim::isa
