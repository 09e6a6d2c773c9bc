#include "isa/form_requirement.h"

#include <algorithm>

namespace smsim::isa {
namespace {

using M = Modifier;
using O = Opcode;
using T = Type;

constexpr TypeMask kAny{};
constexpr TypeMask kF64{T::F64};
constexpr TypeMask kF32{T::F32};
constexpr TypeMask kHalf{T::F16, T::F16x2};
constexpr TypeMask k64Bit{T::B64, T::U64, T::S64};
constexpr TypeMask kFp8{T::E4m3, T::E5m2};
constexpr std::array<M, 4> any(M a, M b = M::Count, M c = M::Count, M d = M::Count) {
  return {a, b, c, d};
}
constexpr std::array<M, 4> kDirected = any(M::Rz, M::Rm, M::Rp);
constexpr std::array<M, 4> kRounding = any(M::Rn, M::Rz, M::Rm, M::Rp);

// Sources: "8.1" = Handbook Table 8.1 (seeds/cuda-handbook-ch8-...); "8.3.2" =
// its section on single precision; "PTX" = the PTX ISA's "Target ISA notes"
// of the instruction.
constexpr FormRequirement kRequirements[] = {
    {.opcode = O::Brkpt, .types = kAny, .min_sm = 11, .form = "brkpt"},  // 8.1: 1.1
    {.opcode = O::Atom,
     .types = kAny,
     .any_of = any(M::Global),
     .min_sm = 11,
     .form = "atom.global"},
    {.opcode = O::Red, .types = kAny, .any_of = any(M::Global), .min_sm = 11, .form = "red.global"},
    {.opcode = O::Atom,
     .types = kAny,
     .any_of = any(M::Shared),
     .min_sm = 12,
     .form = "atom.shared"},
    {.opcode = O::Red, .types = kAny, .any_of = any(M::Shared), .min_sm = 12, .form = "red.shared"},
    {.opcode = O::Vote, .types = kAny, .min_sm = 12, .form = "vote"},  // 8.1: 1.2
    {.opcode = O::Vote,
     .types = kAny,
     .any_of = any(M::Ballot),
     .min_sm = 20,
     .form = "vote.ballot"},
    // 8.1, 1.3: double precision (moving 64-bit values around is older).
    {.opcode = O::Add, .types = kF64, .min_sm = 13, .form = "add.f64"},
    {.opcode = O::Sub, .types = kF64, .min_sm = 13, .form = "sub.f64"},
    {.opcode = O::Mul, .types = kF64, .min_sm = 13, .form = "mul.f64"},
    {.opcode = O::Mad, .types = kF64, .min_sm = 13, .form = "mad.f64"},
    {.opcode = O::Fma, .types = kF64, .min_sm = 13, .form = "fma.f64"},
    {.opcode = O::Div, .types = kF64, .min_sm = 13, .form = "div.f64"},
    {.opcode = O::Rcp, .types = kF64, .min_sm = 13, .form = "rcp.f64"},
    {.opcode = O::Sqrt, .types = kF64, .min_sm = 13, .form = "sqrt.f64"},
    {.opcode = O::Rsqrt, .types = kF64, .min_sm = 13, .form = "rsqrt.f64"},
    {.opcode = O::Min, .types = kF64, .min_sm = 13, .form = "min.f64"},
    {.opcode = O::Max, .types = kF64, .min_sm = 13, .form = "max.f64"},
    {.opcode = O::Setp, .types = kF64, .min_sm = 13, .form = "setp.f64"},
    {.opcode = O::Set, .types = kF64, .min_sm = 13, .form = "set.f64"},
    {.opcode = O::Cvt, .types = kF64, .min_sm = 13, .form = "cvt to or from f64"},
    // 8.1, 2.0: fused multiply-add, directed rounding of f32, bit manipulation,
    // 64-bit global atomics, f32 atomic add, ballot (above); 8.3.2: IEEE
    // division from 2.0.
    {.opcode = O::Fma, .types = kF32, .min_sm = 20, .form = "fma.f32"},
    {.opcode = O::Mad, .types = kF32, .any_of = kRounding, .min_sm = 20, .form = "mad.rnd.f32"},
    {.opcode = O::Add,
     .types = kF32,
     .any_of = kDirected,
     .min_sm = 20,
     .form = "add.rz/rm/rp.f32"},
    {.opcode = O::Sub,
     .types = kF32,
     .any_of = kDirected,
     .min_sm = 20,
     .form = "sub.rz/rm/rp.f32"},
    {.opcode = O::Mul,
     .types = kF32,
     .any_of = kDirected,
     .min_sm = 20,
     .form = "mul.rz/rm/rp.f32"},
    {.opcode = O::Div, .types = kF32, .any_of = kRounding, .min_sm = 20, .form = "div.rnd.f32"},
    {.opcode = O::Rcp, .types = kF32, .any_of = kRounding, .min_sm = 20, .form = "rcp.rnd.f32"},
    {.opcode = O::Sqrt, .types = kF32, .any_of = kRounding, .min_sm = 20, .form = "sqrt.rnd.f32"},
    {.opcode = O::Popc, .types = kAny, .min_sm = 20, .form = "popc"},
    {.opcode = O::Clz, .types = kAny, .min_sm = 20, .form = "clz"},
    {.opcode = O::Brev, .types = kAny, .min_sm = 20, .form = "brev"},
    {.opcode = O::Bfind, .types = kAny, .min_sm = 20, .form = "bfind"},  // PTX
    {.opcode = O::Bfe, .types = kAny, .min_sm = 20, .form = "bfe"},      // PTX
    {.opcode = O::Bfi, .types = kAny, .min_sm = 20, .form = "bfi"},      // PTX
    {.opcode = O::Atom, .types = k64Bit, .min_sm = 20, .form = "64-bit atom"},
    {.opcode = O::Red, .types = k64Bit, .min_sm = 20, .form = "64-bit red"},
    {.opcode = O::Atom, .types = kF32, .min_sm = 20, .form = "atom.f32"},
    {.opcode = O::Red, .types = kF32, .min_sm = 20, .form = "red.f32"},
    // PTX: bar.red and bar.arrive (__syncthreads_count/_and/_or) need sm_20.
    {.opcode = O::Bar,
     .types = kAny,
     .any_of = any(M::Red, M::Arrive),
     .min_sm = 20,
     .form = "bar.red/bar.arrive"},
    {.opcode = O::Barrier,
     .types = kAny,
     .any_of = any(M::Red, M::Arrive),
     .min_sm = 20,
     .form = "barrier.red/barrier.arrive"},
    // 8.1, 3.0: warp shuffle; 3.5: 64-bit atomic min, max, and, or, xor.
    {.opcode = O::Shfl, .types = kAny, .min_sm = 30, .form = "shfl"},
    {.opcode = O::Atom,
     .types = k64Bit,
     .any_of = any(M::Min, M::Max, M::And, M::Or),
     .min_sm = 35,
     .form = "64-bit atom.min/max/and/or"},
    {.opcode = O::Atom,
     .types = k64Bit,
     .any_of = any(M::Xor),
     .min_sm = 35,
     .form = "64-bit atom.xor"},
    // PTX: ld.global.nc needs sm_32; half-precision arithmetic sm_53;
    // atom.add.f64 sm_60.
    {.opcode = O::Ld, .types = kAny, .any_of = any(M::Nc), .min_sm = 32, .form = "ld.global.nc"},
    {.opcode = O::Add, .types = kHalf, .min_sm = 53, .form = "add.f16"},
    {.opcode = O::Sub, .types = kHalf, .min_sm = 53, .form = "sub.f16"},
    {.opcode = O::Mul, .types = kHalf, .min_sm = 53, .form = "mul.f16"},
    {.opcode = O::Fma, .types = kHalf, .min_sm = 53, .form = "fma.f16"},
    {.opcode = O::Atom, .types = kF64, .min_sm = 60, .form = "atom.f64"},
    {.opcode = O::Red, .types = kF64, .min_sm = 60, .form = "red.f64"},
    // PTX: sparse mma with e4m3/e5m2 inputs needs sm_89.
    {.opcode = O::MmaSp, .types = kFp8, .min_sm = 89, .form = "mma.sp with .e4m3/.e5m2"},
    {.opcode = O::MmaSpOrdered,
     .types = kFp8,
     .min_sm = 89,
     .form = "mma.sp::ordered_metadata with .e4m3/.e5m2"},
};

bool matches(const FormRequirement& r, std::span<const Type> types,
             std::span<const Modifier> modifiers) {
  if (!r.types.empty() &&
      std::none_of(types.begin(), types.end(), [&r](Type t) { return r.types.contains(t); })) {
    return false;
  }
  if (r.any_of[0] == Modifier::Count) return true;
  for (Modifier wanted : r.any_of) {
    if (wanted == Modifier::Count) break;
    if (std::find(modifiers.begin(), modifiers.end(), wanted) != modifiers.end()) return true;
  }
  return false;
}

}  // namespace

std::span<const FormRequirement> form_requirements() {
  return kRequirements;
}

const FormRequirement* strictest_form_requirement(Opcode opcode, std::span<const Type> types,
                                                  std::span<const Modifier> modifiers) {
  const FormRequirement* strictest = nullptr;
  for (const FormRequirement& r : kRequirements) {
    if (r.opcode != opcode || !matches(r, types, modifiers)) continue;
    if (strictest == nullptr || r.min_sm > strictest->min_sm) strictest = &r;
  }
  return strictest;
}

bool is_arch_specific(Opcode opcode) {
  // PTX ISA, the target notes of wgmma and setmaxnreg: "requires sm_90a"
  // (ptxas 13.0 refuses setmaxnreg for .target sm_90).
  switch (opcode) {
    case O::Setmaxnreg:
    case O::WgmmaFence:
    case O::WgmmaCommitGroup:
    case O::WgmmaWaitGroup:
    case O::WgmmaMmaAsync:
    case O::WgmmaMmaAsyncSp:
      return true;
    default:
      return false;
  }
}

}  // namespace smsim::isa
