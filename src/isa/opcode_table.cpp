// The opcode table. One entry per Opcode, in enum order (checked at compile
// time). Operand and type signatures are deliberately as wide as every form
// nvcc 13 emits; the checker narrows per instruction where the table says so.

#include <cassert>
#include <initializer_list>
#include <unordered_map>

#include "isa/opcode.h"

namespace smsim::isa {
namespace {

using M = Modifier;
using T = Type;
using K = OperandKind;
using R = TypeRef;
using U = ExecUnit;
using L = LatencyClass;

// ---- type sets ----
constexpr TypeMask kUnsigned{T::U16, T::U32, T::U64};
constexpr TypeMask kSigned{T::S16, T::S32, T::S64};
constexpr TypeMask kInt = kUnsigned | kSigned;
constexpr TypeMask kInt8 = kInt | TypeMask{T::U8, T::S8};
constexpr TypeMask kBits{T::B16, T::B32, T::B64};
constexpr TypeMask kFloat{T::F32, T::F64};
constexpr TypeMask kHalf{T::F16, T::F16x2, T::Bf16, T::Bf16x2};
constexpr TypeMask kPacked16{T::U16x2, T::S16x2};
constexpr TypeMask kArith = kInt | kFloat | kHalf | kPacked16;
constexpr TypeMask kAllTypes = TypeMask::all();
constexpr TypeMask kB32{T::B32};
constexpr TypeMask kB64{T::B64};
constexpr TypeMask kU32{T::U32};
constexpr TypeMask kAddrSize{T::U32, T::U64};
constexpr TypeMask k32{T::U32, T::S32, T::B32};
constexpr TypeMask kIntBits = kInt | kBits;
constexpr TypeMask kLogic = kBits | TypeMask{T::Pred};
constexpr TypeMask kFp8Packs{T::E4m3x2,  T::E5m2x2, T::E2m1x2, T::E2m3x2, T::E3m2x2,
                             T::Ue8m0x2, T::E4m3x4, T::E5m2x4, T::E2m1x4};
constexpr TypeMask kCvt = kInt8 | kFloat | kHalf | kFp8Packs | TypeMask{T::Tf32};
constexpr TypeMask kAtom =
    kBits | TypeMask{T::B128, T::U32, T::U64, T::S32, T::S64} | kFloat | kHalf;
constexpr TypeMask kCompare = kBits | kInt | kFloat | kHalf | kPacked16 | TypeMask{T::Pred};
constexpr TypeMask kVideo{T::U32, T::S32};

// ---- modifier sets ----
constexpr ModifierMask kRounding{M::Rn, M::Rz, M::Rm, M::Rp};
constexpr ModifierMask kIntRounding{M::Rni, M::Rzi, M::Rmi, M::Rpi};
constexpr ModifierMask kFloatMods =
    kRounding | ModifierMask{M::Ftz, M::Sat, M::Approx, M::Full, M::Relu, M::Noftz, M::Oob};
constexpr ModifierMask kSpaces{M::Global, M::Shared, M::SharedCta,  M::SharedCluster, M::Local,
                               M::Const,  M::Param,  M::ParamEntry, M::ParamFunc,     M::Generic};
constexpr ModifierMask kSemantics{M::Weak,   M::Relaxed,  M::Acquire, M::Release,
                                  M::AcqRel, M::Volatile, M::Mmio,    M::Sc};
constexpr ModifierMask kScopes{M::Cta, M::Cluster, M::Gpu, M::Sys};
constexpr ModifierMask kCacheHints{
    M::L1EvictNormal, M::L1EvictUnchanged, M::L1EvictFirst,  M::L1EvictLast,      M::L1NoAllocate,
    M::L2EvictNormal, M::L2EvictFirst,     M::L2EvictLast,   M::L2EvictUnchanged, M::L2CacheHint,
    M::L2Prefetch64B, M::L2Prefetch128B,   M::L2Prefetch256B};
constexpr ModifierMask kVectors{M::V2, M::V4, M::V8};
// Atomics reach only memory that other threads share.
constexpr ModifierMask kAtomSpaces{M::Global, M::Shared, M::SharedCta, M::SharedCluster,
                                   M::Generic};
constexpr ModifierMask kMemoryNoSpace =
    kSemantics | kScopes | kCacheHints | kVectors |
    ModifierMask{M::Ca, M::Cg, M::Cs, M::Lu, M::Cv, M::Wb, M::Wt, M::Nc, M::Unified};
constexpr ModifierMask kMemory =
    kSpaces | kSemantics | kScopes | kCacheHints | kVectors |
    ModifierMask{M::Ca, M::Cg, M::Cs, M::Lu, M::Cv, M::Wb, M::Wt, M::Nc, M::Unified};
constexpr ModifierMask kCompareOps{M::Eq,  M::Ne,  M::Lt,  M::Le,  M::Gt,  M::Ge,
                                   M::Lo,  M::Ls,  M::Hi,  M::Hs,  M::Equ, M::Neu,
                                   M::Ltu, M::Leu, M::Gtu, M::Geu, M::Num, M::NanCompare};
constexpr ModifierMask kBoolOps{M::And, M::Or, M::Xor};
constexpr ModifierMask kAtomOps{M::And, M::Or,  M::Xor, M::Add,  M::Inc,
                                M::Dec, M::Min, M::Max, M::Exch, M::Cas};
constexpr ModifierMask kSyncAligned{M::Sync, M::Aligned};
constexpr ModifierMask kMatrix{M::Sync,
                               M::Aligned,
                               M::Row,
                               M::Col,
                               M::Satfinite,
                               M::Trans,
                               M::A,
                               M::B,
                               M::C,
                               M::D,
                               M::X1,
                               M::X2,
                               M::X4,
                               M::Xor,
                               M::And,
                               M::Popc,
                               M::Global,
                               M::Shared,
                               M::SharedCta,
                               M::Generic,
                               M::Ftz,
                               M::Rn,
                               M::BlockScale,
                               M::ScaleVec1X,
                               M::ScaleVec2X,
                               M::ScaleVec4X,
                               M::KindF8f6f4,
                               M::KindMxf8f6f4,
                               M::KindMxf4,
                               M::KindMxf4nvf4,
                               M::SpOrderedMetadata,
                               M::Sp};
constexpr ModifierMask kGeometry{M::Dim1d, M::Dim2d, M::Dim3d,   M::A1d,  M::A2d,
                                 M::Cube,  M::Acube, M::Dim2dms, M::A2dms};
constexpr ModifierMask kTexture =
    kGeometry | kVectors |
    ModifierMask{M::Level, M::Grad, M::Base, M::R, M::G, M::B, M::A, M::Trap, M::Clamp, M::Zero};
constexpr ModifierMask kQueries{M::Width,        M::Height,
                                M::Depth,        M::ChannelDataType,
                                M::ChannelOrder, M::NormalizedCoords,
                                M::FilterMode,   M::AddrMode0,
                                M::AddrMode1,    M::AddrMode2,
                                M::ArraySize,    M::NumMipmapLevels,
                                M::NumSamples,   M::ForceUnnormalizedCoords,
                                M::Level};
constexpr ModifierMask kBulk = kSpaces | kCacheHints | kGeometry |
                               ModifierMask{M::MbarrierCompleteTxBytes,
                                            M::BulkGroup,
                                            M::MulticastCluster,
                                            M::Tile,
                                            M::Im2col,
                                            M::Im2colNoOffs,
                                            M::TileGather4,
                                            M::TileScatter4,
                                            M::Dim4d,
                                            M::Dim5d,
                                            M::CtaGroup1,
                                            M::CtaGroup2,
                                            M::Read,
                                            M::Add,
                                            M::Min,
                                            M::Max,
                                            M::Inc,
                                            M::Dec,
                                            M::And,
                                            M::Or,
                                            M::Xor,
                                            M::Noftz,
                                            M::L2,
                                            M::Async};
constexpr ModifierMask kMbarrier =
    kSemantics | kScopes |
    ModifierMask{M::Shared, M::SharedCta, M::SharedCluster, M::ExpectTx, M::NoComplete, M::Parity};
constexpr ModifierMask kVideoMods{M::Sat,  M::Add,   M::Min,  M::Max,
                                  M::Shr7, M::Shr15, M::Wrap, M::Clamp};

// ---- signature helpers ----
constexpr TypeSignature none() {
  return {};
}
constexpr TypeSignature one(TypeMask m) {
  return {1, 1, {m, m, m, m}};
}
constexpr TypeSignature opt(TypeMask m) {
  return {0, 1, {m, m, m, m}};
}
constexpr TypeSignature two(TypeMask a, TypeMask b) {
  return {2, 2, {a, b, b, b}};
}
constexpr TypeSignature some(uint8_t lo, uint8_t hi, TypeMask m) {
  return {lo, hi, {m, m, m, m}};
}

constexpr OperandSlot dst(R t = R::Slot0, uint8_t flags = 0) {
  return {K::Reg, t, static_cast<uint8_t>(kDest | flags)};
}
constexpr OperandSlot src(R t = R::Slot0) {
  return {K::RegOrImm, t, 0};
}
constexpr OperandSlot reg(R t = R::Slot0) {
  return {K::Reg, t, 0};
}
constexpr OperandSlot pdst(uint8_t flags = 0) {
  return {K::Pred, R::Pred, static_cast<uint8_t>(kDest | flags)};
}
constexpr OperandSlot psrc() {
  return {K::Pred, R::Pred, kNegateOk};
}
constexpr OperandSlot imm() {
  return {K::Imm, R::None, 0};
}
constexpr OperandSlot addr() {
  return {K::Address, R::None, 0};
}
constexpr OperandSlot data(R t = R::Slot0, uint8_t flags = 0) {
  return {K::Data, t, flags};
}
constexpr OperandSlot ddst(R t = R::Slot0) {
  return {K::Data, t, static_cast<uint8_t>(kDest | kSinkOk)};
}
constexpr OperandSlot any() {
  return {K::Any, R::None, kSinkOk | kNegateOk | kSymbolOk};
}
constexpr OperandSlot label() {
  return {K::Label, R::None, 0};
}
constexpr OperandSlot tex() {
  return {K::TexAddress, R::None, 0};
}

constexpr OperandSignature ops(std::initializer_list<OperandSlot> s) {
  OperandSignature sig;
  sig.min = sig.max = static_cast<uint8_t>(s.size());
  std::size_t i = 0;
  for (const OperandSlot& slot : s) sig.slots[i++] = slot;
  return sig;
}
// The first `min` operands are required, the rest optional.
constexpr OperandSignature ops_opt(uint8_t min, std::initializer_list<OperandSlot> s) {
  OperandSignature sig = ops(s);
  sig.min = min;
  return sig;
}
constexpr OperandSignature anyops(uint8_t min, uint8_t max) {
  OperandSignature sig;
  sig.min = min;
  sig.max = max;
  sig.slots[0] = any();
  return sig;
}

// mma/wmma.mma: the first operand (the D fragment) is written, the rest read.
constexpr OperandSignature matrix_ops(uint8_t min, uint8_t max) {
  OperandSignature sig = anyops(min, max);
  sig.slots[0] = {K::Any, R::None, kDest};
  return sig;
}

constexpr auto kUnary = ops({dst(), src()});
constexpr auto kBinary = ops({dst(), src(), src()});
constexpr auto kTernary = ops({dst(), src(), src(), src()});

using O = Opcode;

// clang-format off
constexpr OpcodeInfo kTable[] = {
  // ---- arithmetic ----
  {.opcode = O::Abs, .mnemonic = "abs", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kFloatMods | ModifierMask{M::NaN}, .types = one(kArith), .operands = kUnary},
  {.opcode = O::Add, .mnemonic = "add", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kFloatMods | ModifierMask{M::Cc}, .types = one(kArith), .operands = kBinary},
  {.opcode = O::Addc, .mnemonic = "addc", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Cc}, .types = one(kInt | kBits), .operands = kBinary},
  {.opcode = O::Bfe, .mnemonic = "bfe", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kInt), .operands = ops({dst(), src(), src(R::B32), src(R::B32)})},
  {.opcode = O::Bfi, .mnemonic = "bfi", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kBits), .operands = ops({dst(), src(), src(), src(R::B32), src(R::B32)})},
  {.opcode = O::Bfind, .mnemonic = "bfind", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Shiftamt}, .types = one(kInt), .operands = ops({dst(R::B32), src()})},
  {.opcode = O::Bmsk, .mnemonic = "bmsk", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Clamp, M::Wrap}, .types = one(kB32), .operands = kBinary, .min_sm = 70},
  {.opcode = O::Brev, .mnemonic = "brev", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kBits), .operands = kUnary},
  {.opcode = O::Clz, .mnemonic = "clz", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kBits), .operands = ops({dst(R::B32), src()})},
  {.opcode = O::Copysign, .mnemonic = "copysign", .unit = U::FpAlu, .latency = L::Alu, .modifiers = {}, .types = one(kFloat), .operands = kBinary},
  {.opcode = O::Cos, .mnemonic = "cos", .unit = U::Sfu, .latency = L::Sfu, .modifiers = kFloatMods, .types = one(TypeMask{T::F32}), .operands = kUnary},
  {.opcode = O::Div, .mnemonic = "div", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = kFloatMods, .types = one(kArith), .operands = kBinary},
  {.opcode = O::Dp2a, .mnemonic = "dp2a", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = {M::Lo, M::Hi}, .types = two(k32, k32), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)}), .min_sm = 61},
  {.opcode = O::Dp4a, .mnemonic = "dp4a", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = {}, .types = two(k32, k32), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)}), .min_sm = 61},
  {.opcode = O::Ex2, .mnemonic = "ex2", .unit = U::Sfu, .latency = L::Sfu, .modifiers = kFloatMods, .types = one(TypeMask{T::F32} | kHalf), .operands = kUnary},
  {.opcode = O::Fma, .mnemonic = "fma", .unit = U::FpAlu, .latency = L::Fma, .modifiers = kFloatMods | ModifierMask{M::NaN, M::Oob}, .types = one(kFloat | kHalf), .operands = kTernary},
  {.opcode = O::Fns, .mnemonic = "fns", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kB32), .operands = ops({dst(), src(), src(R::B32), src(R::B32)}), .min_sm = 30},
  {.opcode = O::Lg2, .mnemonic = "lg2", .unit = U::Sfu, .latency = L::Sfu, .modifiers = kFloatMods, .types = one(TypeMask{T::F32}), .operands = kUnary},
  {.opcode = O::Mad, .mnemonic = "mad", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = kFloatMods | ModifierMask{M::Lo, M::Hi, M::Wide, M::Cc}, .types = one(kInt | kFloat), .operands = ops({dst(R::Slot0Wide), src(), src(), src(R::Slot0Wide)})},
  {.opcode = O::Mad24, .mnemonic = "mad24", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = {M::Lo, M::Hi, M::Sat}, .types = one(TypeMask{T::U32, T::S32}), .operands = kTernary},
  {.opcode = O::Madc, .mnemonic = "madc", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = {M::Lo, M::Hi, M::Cc}, .types = one(kInt), .operands = kTernary},
  {.opcode = O::Max, .mnemonic = "max", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Ftz, M::NaN, M::Xorsign, M::Abs, M::Relu}, .types = one(kArith), .operands = ops_opt(3, {dst(), src(), src(), src()})},
  {.opcode = O::Min, .mnemonic = "min", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Ftz, M::NaN, M::Xorsign, M::Abs, M::Relu}, .types = one(kArith), .operands = ops_opt(3, {dst(), src(), src(), src()})},
  {.opcode = O::Mul, .mnemonic = "mul", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = kFloatMods | ModifierMask{M::Lo, M::Hi, M::Wide}, .types = one(kArith), .operands = ops({dst(R::Slot0Wide), src(), src()})},
  {.opcode = O::Mul24, .mnemonic = "mul24", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = {M::Lo, M::Hi}, .types = one(TypeMask{T::U32, T::S32}), .operands = kBinary},
  {.opcode = O::Neg, .mnemonic = "neg", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Ftz}, .types = one(kArith), .operands = kUnary},
  {.opcode = O::Popc, .mnemonic = "popc", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kBits), .operands = ops({dst(R::B32), src()})},
  {.opcode = O::Rcp, .mnemonic = "rcp", .unit = U::Sfu, .latency = L::Sfu, .modifiers = kFloatMods, .types = one(kFloat), .operands = kUnary},
  {.opcode = O::Rem, .mnemonic = "rem", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = {}, .types = one(kInt), .operands = kBinary},
  {.opcode = O::Rsqrt, .mnemonic = "rsqrt", .unit = U::Sfu, .latency = L::Sfu, .modifiers = kFloatMods, .types = one(kFloat), .operands = kUnary},
  {.opcode = O::Sad, .mnemonic = "sad", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kInt), .operands = kTernary},
  {.opcode = O::Sin, .mnemonic = "sin", .unit = U::Sfu, .latency = L::Sfu, .modifiers = kFloatMods, .types = one(TypeMask{T::F32}), .operands = kUnary},
  {.opcode = O::Sqrt, .mnemonic = "sqrt", .unit = U::Sfu, .latency = L::Sfu, .modifiers = kFloatMods, .types = one(kFloat), .operands = kUnary},
  {.opcode = O::Sub, .mnemonic = "sub", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kFloatMods | ModifierMask{M::Cc}, .types = one(kArith), .operands = kBinary},
  {.opcode = O::Subc, .mnemonic = "subc", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Cc}, .types = one(kInt | kBits), .operands = kBinary},
  {.opcode = O::Szext, .mnemonic = "szext", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Clamp, M::Wrap}, .types = one(TypeMask{T::U32, T::S32}), .operands = ops({dst(), src(), src(R::B32)}), .min_sm = 70},
  {.opcode = O::Tanh, .mnemonic = "tanh", .unit = U::Sfu, .latency = L::Sfu, .modifiers = {M::Approx}, .types = one(kFloat | kHalf), .operands = kUnary, .min_sm = 75},
  {.opcode = O::Testp, .mnemonic = "testp", .unit = U::FpAlu, .latency = L::Alu, .modifiers = {M::Finite, M::Infinite, M::Number, M::Notanumber, M::Normal, M::Subnormal}, .types = one(kFloat), .operands = ops({pdst(), reg()})},
  // ---- logic and shifts ----
  {.opcode = O::And, .mnemonic = "and", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kLogic), .operands = kBinary},
  {.opcode = O::Cnot, .mnemonic = "cnot", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kBits), .operands = kUnary},
  {.opcode = O::Lop3, .mnemonic = "lop3", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kBoolOps, .types = one(kB32), .operands = ops_opt(5, {dst(R::Slot0, kPipePairOk | kSinkOk), src(), src(), src(), imm(), psrc()}), .min_sm = 50},
  {.opcode = O::Not, .mnemonic = "not", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kLogic), .operands = kUnary},
  {.opcode = O::Or, .mnemonic = "or", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kLogic), .operands = kBinary},
  {.opcode = O::Prmt, .mnemonic = "prmt", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::F4e, M::B4e, M::Rc8, M::Ecl, M::Ecr, M::Rc16}, .types = one(kB32), .operands = kTernary},
  {.opcode = O::Shf, .mnemonic = "shf", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::L, M::R, M::Wrap, M::Clamp}, .types = one(kB32), .operands = kTernary, .min_sm = 32},
  {.opcode = O::Shl, .mnemonic = "shl", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kBits), .operands = ops({dst(), src(), src(R::B32)})},
  {.opcode = O::Shr, .mnemonic = "shr", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kIntBits | kPacked16), .operands = ops({dst(), src(), src(R::B32)})},
  {.opcode = O::Xor, .mnemonic = "xor", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kLogic), .operands = kBinary},
  // ---- comparison and selection ----
  {.opcode = O::Selp, .mnemonic = "selp", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kBits | kInt | kFloat | kHalf), .operands = ops({dst(), src(), src(), psrc()})},
  {.opcode = O::Set, .mnemonic = "set", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kCompareOps | kBoolOps | ModifierMask{M::Ftz}, .types = two(kInt | kFloat | kB32 | kHalf, kCompare), .operands = ops_opt(3, {dst(), src(R::Slot1), src(R::Slot1), psrc()})},
  {.opcode = O::Setp, .mnemonic = "setp", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kCompareOps | kBoolOps | ModifierMask{M::Ftz}, .types = one(kCompare), .operands = ops_opt(3, {pdst(kPipePairOk), src(), src(), psrc()})},
  {.opcode = O::Slct, .mnemonic = "slct", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {M::Ftz}, .types = two(kBits | kInt | kFloat, TypeMask{T::S32, T::F32}), .operands = ops({dst(), src(), src(), src(R::Slot1)})},
  // ---- conversion ----
  {.opcode = O::Cvt, .mnemonic = "cvt", .unit = U::Conversion, .latency = L::Convert, .modifiers = kRounding | kIntRounding | ModifierMask{M::Rna, M::Rs, M::Ftz, M::Sat, M::Satfinite, M::Relu}, .types = two(kCvt, kCvt), .operands = ops_opt(2, {dst(), src(R::Slot1), src(R::Slot1), src(R::B32)}), .flags = kRelaxedTypes},
  {.opcode = O::CvtPack, .mnemonic = "cvt.pack", .unit = U::Conversion, .latency = L::Convert, .modifiers = {M::Sat}, .types = some(2, 3, kInt8 | kB32 | TypeMask{T::U4, T::S4, T::U2, T::S2}), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)}), .flags = kRelaxedTypes, .min_sm = 72},
  {.opcode = O::Cvta, .mnemonic = "cvta", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kSpaces | ModifierMask{M::To}, .types = one(kAddrSize), .operands = ops({dst(), {K::RegOrImm, R::Slot0, kSymbolOk}})},
  // ---- data movement ----
  {.opcode = O::Getctarank, .mnemonic = "getctarank", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kSpaces, .types = one(kAddrSize), .operands = ops({dst(R::B32), {K::RegOrImm, R::Slot0, kSymbolOk}}), .min_sm = 90},
  {.opcode = O::Isspacep, .mnemonic = "isspacep", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kSpaces, .types = none(), .operands = ops({pdst(), reg(R::SizeT)})},
  {.opcode = O::Ld, .mnemonic = "ld", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMemory, .types = one(kAllTypes), .operands = ops_opt(2, {ddst(), addr(), src(R::B64)}), .flags = kRelaxedTypes},
  {.opcode = O::Ldu, .mnemonic = "ldu", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMemory, .types = one(kAllTypes), .operands = ops({ddst(), addr()}), .flags = kRelaxedTypes},
  {.opcode = O::Mapa, .mnemonic = "mapa", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kSpaces, .types = one(kAddrSize), .operands = ops({dst(), {K::RegOrImm, R::Slot0, kSymbolOk}, src(R::B32)}), .min_sm = 90},
  {.opcode = O::Mov, .mnemonic = "mov", .unit = U::IntAlu, .latency = L::Alu, .modifiers = {}, .types = one(kAllTypes), .operands = ops({ddst(), {K::Data, R::Slot0, kSymbolOk}}), .flags = kRelaxedTypes},
  {.opcode = O::Prefetch, .mnemonic = "prefetch", .unit = U::LoadStore, .latency = L::None, .modifiers = kSpaces | kCacheHints | ModifierMask{M::L1, M::L2, M::Tensormap}, .types = none(), .operands = ops({addr()})},
  {.opcode = O::Prefetchu, .mnemonic = "prefetchu", .unit = U::LoadStore, .latency = L::None, .modifiers = {M::L1}, .types = none(), .operands = ops({addr()})},
  {.opcode = O::Shfl, .mnemonic = "shfl", .unit = U::Warp, .latency = L::Shuffle, .modifiers = {M::Sync, M::Up, M::Down, M::Bfly, M::Idx}, .types = one(kB32), .operands = ops_opt(4, {dst(R::Slot0, kPipePairOk), src(), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::St, .mnemonic = "st", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMemory, .types = one(kAllTypes), .operands = ops_opt(2, {addr(), data(), src(R::B64)}), .flags = kRelaxedTypes},
  {.opcode = O::StAsync, .mnemonic = "st.async", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMemory | ModifierMask{M::MbarrierCompleteTxBytes}, .types = one(kAllTypes), .operands = ops({addr(), data(), addr()}), .flags = kRelaxedTypes, .min_sm = 90},
  // ---- asynchronous copies ----
  {.opcode = O::CpAsync, .mnemonic = "cp.async", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kSpaces | kCacheHints | ModifierMask{M::Ca, M::Cg}, .types = none(), .operands = ops_opt(3, {addr(), addr(), imm(), any(), any()}), .flags = kManySpaces, .min_sm = 80},
  {.opcode = O::CpAsyncCommitGroup, .mnemonic = "cp.async.commit_group", .unit = U::AsyncCopy, .latency = L::None, .modifiers = {}, .types = none(), .operands = ops({}), .min_sm = 80},
  {.opcode = O::CpAsyncWaitGroup, .mnemonic = "cp.async.wait_group", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = {}, .types = none(), .operands = ops({imm()}), .min_sm = 80},
  {.opcode = O::CpAsyncWaitAll, .mnemonic = "cp.async.wait_all", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = {}, .types = none(), .operands = ops({}), .min_sm = 80},
  {.opcode = O::CpAsyncMbarrierArrive, .mnemonic = "cp.async.mbarrier.arrive", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kSpaces | ModifierMask{M::Noinc}, .types = one(kB64), .operands = ops({addr()}), .min_sm = 80},
  {.opcode = O::CpAsyncBulk, .mnemonic = "cp.async.bulk", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kBulk, .types = none(), .operands = ops_opt(3, {addr(), addr(), src(R::B32), any(), any(), any()}), .flags = kManySpaces, .min_sm = 90},
  {.opcode = O::CpAsyncBulkTensor, .mnemonic = "cp.async.bulk.tensor", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kBulk, .types = none(), .operands = anyops(2, 7), .flags = kManySpaces, .min_sm = 90},
  {.opcode = O::CpAsyncBulkPrefetch, .mnemonic = "cp.async.bulk.prefetch", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kBulk, .types = none(), .operands = ops_opt(2, {addr(), src(R::B32), src(R::B64)}), .min_sm = 90},
  {.opcode = O::CpAsyncBulkPrefetchTensor, .mnemonic = "cp.async.bulk.prefetch.tensor", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kBulk, .types = none(), .operands = anyops(1, 4), .min_sm = 90},
  {.opcode = O::CpAsyncBulkCommitGroup, .mnemonic = "cp.async.bulk.commit_group", .unit = U::AsyncCopy, .latency = L::None, .modifiers = {}, .types = none(), .operands = ops({}), .min_sm = 90},
  {.opcode = O::CpAsyncBulkWaitGroup, .mnemonic = "cp.async.bulk.wait_group", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = {M::Read}, .types = none(), .operands = ops({imm()}), .min_sm = 90},
  {.opcode = O::CpReduceAsyncBulk, .mnemonic = "cp.reduce.async.bulk", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kBulk, .types = opt(kAtom), .operands = ops_opt(3, {addr(), addr(), src(R::B32), any(), any()}), .flags = kManySpaces, .min_sm = 90},
  {.opcode = O::CpReduceAsyncBulkTensor, .mnemonic = "cp.reduce.async.bulk.tensor", .unit = U::AsyncCopy, .latency = L::Async, .modifiers = kBulk, .types = none(), .operands = anyops(2, 4), .flags = kManySpaces, .min_sm = 90},
  // ---- warp-level matrix ----
  {.opcode = O::Ldmatrix, .mnemonic = "ldmatrix", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMatrix, .types = some(1, 2, TypeMask{T::B16, T::B8}), .operands = ops({{K::Data, R::None, kDest}, addr()}), .flags = kMatrixShape, .min_sm = 75},
  {.opcode = O::Stmatrix, .mnemonic = "stmatrix", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMatrix, .types = one(TypeMask{T::B16, T::B8}), .operands = ops({addr(), data(R::None)}), .flags = kMatrixShape, .min_sm = 90},
  {.opcode = O::Movmatrix, .mnemonic = "movmatrix", .unit = U::Warp, .latency = L::Shuffle, .modifiers = kMatrix, .types = one(TypeMask{T::B16}), .operands = ops({dst(R::B32), reg(R::B32)}), .flags = kMatrixShape, .min_sm = 75},
  {.opcode = O::WmmaLoad, .mnemonic = "wmma.load", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMatrix, .types = one(kAllTypes), .operands = ops_opt(2, {{K::Data, R::None, kDest}, addr(), src(R::B32)}), .flags = kMatrixShape, .min_sm = 70},
  {.opcode = O::WmmaStore, .mnemonic = "wmma.store", .unit = U::LoadStore, .latency = L::Memory, .modifiers = kMatrix, .types = one(kAllTypes), .operands = ops_opt(2, {addr(), data(R::None), src(R::B32)}), .flags = kMatrixShape, .min_sm = 70},
  {.opcode = O::WmmaMma, .mnemonic = "wmma.mma", .unit = U::Tensor, .latency = L::Tensor, .modifiers = kMatrix, .types = some(0, 4, kAllTypes), .operands = matrix_ops(4, 4), .flags = kMatrixShape, .min_sm = 70},
  {.opcode = O::Mma, .mnemonic = "mma", .unit = U::Tensor, .latency = L::Tensor, .modifiers = kMatrix, .types = some(2, 6, kAllTypes), .operands = matrix_ops(4, 8), .flags = kMatrixShape, .min_sm = 70},
  {.opcode = O::MmaSp, .mnemonic = "mma.sp", .unit = U::Tensor, .latency = L::Tensor, .modifiers = kMatrix, .types = some(2, 6, kAllTypes), .operands = matrix_ops(6, 8), .flags = kMatrixShape, .min_sm = 80},
  {.opcode = O::MmaSpOrdered, .mnemonic = "mma.sp::ordered_metadata", .unit = U::Tensor, .latency = L::Tensor, .modifiers = kMatrix, .types = some(2, 6, kAllTypes), .operands = matrix_ops(6, 8), .flags = kMatrixShape, .min_sm = 80},
  {.opcode = O::WgmmaFence, .mnemonic = "wgmma.fence", .unit = U::Tensor, .latency = L::None, .modifiers = kSyncAligned, .types = none(), .operands = ops({}), .min_sm = 90},
  {.opcode = O::WgmmaCommitGroup, .mnemonic = "wgmma.commit_group", .unit = U::Tensor, .latency = L::None, .modifiers = kSyncAligned, .types = none(), .operands = ops({}), .min_sm = 90},
  {.opcode = O::WgmmaWaitGroup, .mnemonic = "wgmma.wait_group", .unit = U::Tensor, .latency = L::Tensor, .modifiers = kSyncAligned, .types = none(), .operands = ops({imm()}), .min_sm = 90},
  {.opcode = O::WgmmaMmaAsync, .mnemonic = "wgmma.mma_async", .unit = U::Tensor, .latency = L::Tensor, .modifiers = kMatrix, .types = some(2, 3, kAllTypes), .operands = matrix_ops(4, 9), .flags = kMatrixShape, .min_sm = 90},
  {.opcode = O::WgmmaMmaAsyncSp, .mnemonic = "wgmma.mma_async.sp", .unit = U::Tensor, .latency = L::Tensor, .modifiers = kMatrix, .types = some(2, 3, kAllTypes), .operands = matrix_ops(6, 11), .flags = kMatrixShape, .min_sm = 90},
  // ---- texture and surface ----
  {.opcode = O::Tex, .mnemonic = "tex", .unit = U::Texture, .latency = L::Texture, .modifiers = kTexture, .types = two(kAllTypes, kAllTypes), .operands = ops_opt(2, {{K::Data, R::None, kDest | kPipePairOk}, tex(), any(), any(), any()})},
  {.opcode = O::Tld4, .mnemonic = "tld4", .unit = U::Texture, .latency = L::Texture, .modifiers = kTexture, .types = two(kAllTypes, kAllTypes), .operands = ops_opt(2, {{K::Data, R::None, kDest | kPipePairOk}, tex(), any(), any()})},
  {.opcode = O::Txq, .mnemonic = "txq", .unit = U::Texture, .latency = L::Texture, .modifiers = kQueries, .types = one(kB32), .operands = ops_opt(2, {dst(), addr(), src(R::B32)})},
  {.opcode = O::Suld, .mnemonic = "suld", .unit = U::Texture, .latency = L::Texture, .modifiers = kTexture | kCacheHints | ModifierMask{M::Ca, M::Cg, M::Cs, M::Cv}, .types = one(kAllTypes), .operands = ops({{K::Data, R::None, kDest}, tex()}), .flags = kRelaxedTypes},
  {.opcode = O::Sust, .mnemonic = "sust", .unit = U::Texture, .latency = L::Texture, .modifiers = kTexture | kCacheHints | ModifierMask{M::Wb, M::Cg, M::Cs, M::Wt}, .types = one(kAllTypes), .operands = ops({tex(), data(R::None)}), .flags = kRelaxedTypes},
  {.opcode = O::Sured, .mnemonic = "sured", .unit = U::Texture, .latency = L::Atomic, .modifiers = kTexture | kAtomOps | ModifierMask{M::P}, .types = one(kAllTypes), .operands = ops({tex(), src()})},
  {.opcode = O::Suq, .mnemonic = "suq", .unit = U::Texture, .latency = L::Texture, .modifiers = kQueries, .types = one(kB32), .operands = ops({dst(), addr()})},
  {.opcode = O::Istypep, .mnemonic = "istypep", .unit = U::Texture, .latency = L::Alu, .modifiers = {M::Texref, M::Samplerref, M::Surfref}, .types = none(), .operands = ops({pdst(), {K::RegOrImm, R::B64, kSymbolOk}})},
  // ---- control flow ----
  {.opcode = O::Bra, .mnemonic = "bra", .unit = U::Branch, .latency = L::Branch, .modifiers = {M::Uni}, .types = none(), .operands = ops({label()}), .flags = kTerminator},
  {.opcode = O::BrxIdx, .mnemonic = "brx.idx", .unit = U::Branch, .latency = L::Branch, .modifiers = {M::Uni}, .types = none(), .operands = ops({reg(R::B32), label()}), .flags = kTerminator, .min_sm = 30},
  {.opcode = O::Call, .mnemonic = "call", .unit = U::Branch, .latency = L::Branch, .modifiers = {M::Uni}, .types = none(), .operands = anyops(1, 4)},
  {.opcode = O::Ret, .mnemonic = "ret", .unit = U::Branch, .latency = L::Branch, .modifiers = {M::Uni}, .types = none(), .operands = ops({}), .flags = kTerminator},
  {.opcode = O::Exit, .mnemonic = "exit", .unit = U::Branch, .latency = L::Branch, .modifiers = {}, .types = none(), .operands = ops({}), .flags = kTerminator},
  {.opcode = O::Trap, .mnemonic = "trap", .unit = U::Branch, .latency = L::Branch, .modifiers = {}, .types = none(), .operands = ops({}), .flags = kTerminator},
  {.opcode = O::Brkpt, .mnemonic = "brkpt", .unit = U::Branch, .latency = L::Branch, .modifiers = {}, .types = none(), .operands = ops({})},
  {.opcode = O::Nanosleep, .mnemonic = "nanosleep", .unit = U::Misc, .latency = L::None, .modifiers = {}, .types = one(kU32), .operands = ops({src()}), .min_sm = 70},
  {.opcode = O::Pmevent, .mnemonic = "pmevent", .unit = U::Misc, .latency = L::None, .modifiers = {M::Mask}, .types = none(), .operands = ops({imm()})},
  // ---- synchronization, atomics, warp collectives ----
  {.opcode = O::Bar, .mnemonic = "bar", .unit = U::Barrier, .latency = L::Barrier, .modifiers = {M::Cta, M::Sync, M::Arrive, M::Red, M::Popc, M::And, M::Or, M::Aligned}, .types = opt(TypeMask{T::U32, T::Pred}), .operands = ops_opt(1, {src(R::None), src(R::None), src(R::None), any()})},
  {.opcode = O::BarWarpSync, .mnemonic = "bar.warp.sync", .unit = U::Barrier, .latency = L::Barrier, .modifiers = {}, .types = none(), .operands = ops({src(R::B32)}), .min_sm = 70},
  {.opcode = O::Barrier, .mnemonic = "barrier", .unit = U::Barrier, .latency = L::Barrier, .modifiers = {M::Cta, M::Sync, M::Arrive, M::Red, M::Popc, M::And, M::Or, M::Aligned}, .types = opt(TypeMask{T::U32, T::Pred}), .operands = ops_opt(0, {src(R::None), src(R::None), src(R::None), any()})},
  {.opcode = O::BarrierCluster, .mnemonic = "barrier.cluster", .unit = U::Barrier, .latency = L::Barrier, .modifiers = {M::Arrive, M::Wait, M::Aligned, M::Release, M::Acquire, M::Relaxed}, .types = none(), .operands = ops({}), .min_sm = 90},
  {.opcode = O::Membar, .mnemonic = "membar", .unit = U::Barrier, .latency = L::Barrier, .modifiers = {M::Cta, M::Gl, M::Sys, M::Proxy, M::Alias}, .types = none(), .operands = ops({})},
  {.opcode = O::Fence, .mnemonic = "fence", .unit = U::Barrier, .latency = L::Barrier, .modifiers = kSemantics | kScopes | kSpaces | ModifierMask{M::Proxy, M::Async, M::Alias, M::TensormapGeneric, M::MbarrierInit, M::SyncRestrictSharedCta, M::SyncRestrictSharedCluster, M::OpRestrictRelease}, .types = none(), .operands = ops_opt(0, {addr(), imm()})},
  {.opcode = O::Atom, .mnemonic = "atom", .unit = U::LoadStore, .latency = L::Atomic, .modifiers = kAtomSpaces | kMemoryNoSpace | kAtomOps | ModifierMask{M::Noftz}, .types = one(kAtom), .operands = ops_opt(3, {ddst(), addr(), data(), data(), src(R::B64)}), .flags = kRelaxedTypes},
  {.opcode = O::Red, .mnemonic = "red", .unit = U::LoadStore, .latency = L::Atomic, .modifiers = kAtomSpaces | kMemoryNoSpace | kAtomOps | ModifierMask{M::Noftz}, .types = one(kAtom), .operands = ops_opt(2, {addr(), data(), src(R::B64)}), .flags = kRelaxedTypes},
  {.opcode = O::RedAsync, .mnemonic = "red.async", .unit = U::LoadStore, .latency = L::Atomic, .modifiers = kAtomSpaces | kMemoryNoSpace | kAtomOps | ModifierMask{M::MbarrierCompleteTxBytes}, .types = one(kAtom), .operands = ops({addr(), data(), addr()}), .min_sm = 90},
  {.opcode = O::Vote, .mnemonic = "vote", .unit = U::Warp, .latency = L::Shuffle, .modifiers = {M::Sync, M::All, M::Any, M::Uni, M::Ballot}, .types = one(TypeMask{T::Pred, T::B32}), .operands = ops_opt(2, {dst(), psrc(), src(R::B32)})},
  {.opcode = O::Match, .mnemonic = "match", .unit = U::Warp, .latency = L::Shuffle, .modifiers = {M::Any, M::All, M::Sync}, .types = one(TypeMask{T::B32, T::B64}), .operands = ops({dst(R::B32, kPipePairOk), src(), src(R::B32)}), .min_sm = 70},
  {.opcode = O::Activemask, .mnemonic = "activemask", .unit = U::Warp, .latency = L::Alu, .modifiers = {}, .types = one(kB32), .operands = ops({dst()}), .min_sm = 70},
  {.opcode = O::Redux, .mnemonic = "redux", .unit = U::Warp, .latency = L::Shuffle, .modifiers = kAtomOps | ModifierMask{M::Sync, M::Abs, M::NaN}, .types = one(TypeMask{T::U32, T::S32, T::B32, T::F32}), .operands = ops({dst(), reg(), src(R::B32)}), .min_sm = 80},
  {.opcode = O::Elect, .mnemonic = "elect", .unit = U::Warp, .latency = L::Alu, .modifiers = {M::Sync}, .types = none(), .operands = ops({dst(R::B32, kPipePairOk | kSinkOk), src(R::B32)}), .min_sm = 90},
  {.opcode = O::MbarrierInit, .mnemonic = "mbarrier.init", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops({addr(), src(R::B32)}), .min_sm = 80},
  {.opcode = O::MbarrierArrive, .mnemonic = "mbarrier.arrive", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops_opt(2, {dst(R::B64, kSinkOk), addr(), src(R::B32)}), .min_sm = 80},
  {.opcode = O::MbarrierArriveDrop, .mnemonic = "mbarrier.arrive_drop", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops_opt(2, {dst(R::B64, kSinkOk), addr(), src(R::B32)}), .min_sm = 80},
  {.opcode = O::MbarrierTestWait, .mnemonic = "mbarrier.test_wait", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops({pdst(), addr(), src(R::None)}), .min_sm = 80},
  {.opcode = O::MbarrierTryWait, .mnemonic = "mbarrier.try_wait", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops_opt(3, {pdst(), addr(), src(R::None), src(R::B32)}), .min_sm = 90},
  {.opcode = O::MbarrierPendingCount, .mnemonic = "mbarrier.pending_count", .unit = U::Barrier, .latency = L::Alu, .modifiers = {}, .types = one(kB64), .operands = ops({dst(R::B32), reg(R::B64)}), .min_sm = 80},
  {.opcode = O::MbarrierExpectTx, .mnemonic = "mbarrier.expect_tx", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops({addr(), src(R::B32)}), .min_sm = 90},
  {.opcode = O::MbarrierCompleteTx, .mnemonic = "mbarrier.complete_tx", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops({addr(), src(R::B32)}), .min_sm = 90},
  {.opcode = O::MbarrierInval, .mnemonic = "mbarrier.inval", .unit = U::Barrier, .latency = L::Memory, .modifiers = kMbarrier, .types = one(kB64), .operands = ops({addr()}), .min_sm = 80},
  {.opcode = O::Griddepcontrol, .mnemonic = "griddepcontrol", .unit = U::Misc, .latency = L::None, .modifiers = {M::LaunchDependents, M::Wait}, .types = none(), .operands = ops({}), .min_sm = 90},
  // ptxas 13.0 takes .s32 as well as the ISA's .u32 (tools/forms/async_spellings.py spells both).
  {.opcode = O::Setmaxnreg, .mnemonic = "setmaxnreg", .unit = U::Misc, .latency = L::None, .modifiers = {M::Inc, M::Dec, M::Sync, M::Aligned}, .types = one(TypeMask{T::U32, T::S32}), .operands = ops({imm()}), .min_sm = 90},
  // ---- video ----
  {.opcode = O::Vadd, .mnemonic = "vadd", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vsub, .mnemonic = "vsub", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vabsdiff, .mnemonic = "vabsdiff", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vmin, .mnemonic = "vmin", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vmax, .mnemonic = "vmax", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vshl, .mnemonic = "vshl", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vshr, .mnemonic = "vshr", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vmad, .mnemonic = "vmad", .unit = U::IntAlu, .latency = L::IntMul, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vset, .mnemonic = "vset", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods | kCompareOps, .types = some(2, 2, kVideo), .operands = ops_opt(3, {dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vadd2, .mnemonic = "vadd2", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vsub2, .mnemonic = "vsub2", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vavrg2, .mnemonic = "vavrg2", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vabsdiff2, .mnemonic = "vabsdiff2", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vmin2, .mnemonic = "vmin2", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vmax2, .mnemonic = "vmax2", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vset2, .mnemonic = "vset2", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods | kCompareOps, .types = some(2, 2, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vadd4, .mnemonic = "vadd4", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vsub4, .mnemonic = "vsub4", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vavrg4, .mnemonic = "vavrg4", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vabsdiff4, .mnemonic = "vabsdiff4", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vmin4, .mnemonic = "vmin4", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vmax4, .mnemonic = "vmax4", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods, .types = some(3, 3, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  {.opcode = O::Vset4, .mnemonic = "vset4", .unit = U::IntAlu, .latency = L::Alu, .modifiers = kVideoMods | kCompareOps, .types = some(2, 2, kVideo), .operands = ops({dst(R::B32), src(R::B32), src(R::B32), src(R::B32)})},
  // ---- miscellaneous ----
  {.opcode = O::Applypriority, .mnemonic = "applypriority", .unit = U::LoadStore, .latency = L::None, .modifiers = kSpaces | kCacheHints, .types = none(), .operands = ops({addr(), imm()}), .min_sm = 80},
  {.opcode = O::Discard, .mnemonic = "discard", .unit = U::LoadStore, .latency = L::None, .modifiers = kSpaces | ModifierMask{M::L2}, .types = none(), .operands = ops({addr(), imm()}), .min_sm = 80},
  {.opcode = O::Createpolicy, .mnemonic = "createpolicy", .unit = U::Misc, .latency = L::Alu, .modifiers = kCacheHints | ModifierMask{M::Fractional, M::Range, M::Global}, .types = one(kB64), .operands = ops_opt(1, {dst(), src(R::None), src(R::None), src(R::None)}), .min_sm = 80},
  {.opcode = O::Alloca, .mnemonic = "alloca", .unit = U::Misc, .latency = L::Alu, .modifiers = {}, .types = one(kAddrSize), .operands = ops_opt(2, {dst(), src(), imm()})},
  {.opcode = O::Stacksave, .mnemonic = "stacksave", .unit = U::Misc, .latency = L::Alu, .modifiers = {}, .types = one(kAddrSize), .operands = ops({dst()})},
  {.opcode = O::Stackrestore, .mnemonic = "stackrestore", .unit = U::Misc, .latency = L::Alu, .modifiers = {}, .types = one(kAddrSize), .operands = ops({reg()})},
};
// clang-format on

constexpr bool table_in_enum_order() {
  if (std::size(kTable) != kOpcodeCount) return false;
  for (std::size_t i = 0; i < std::size(kTable); ++i)
    if (static_cast<std::size_t>(kTable[i].opcode) != i) return false;
  return true;
}
static_assert(table_in_enum_order(),
              "kTable must hold exactly one entry per Opcode, in enum order");

}  // namespace

const OpcodeInfo& opcode_info(Opcode op) {
  assert(op < Opcode::Count && "opcode_info: Opcode::Count is not an opcode");
  return kTable[static_cast<std::size_t>(op)];
}

std::span<const OpcodeInfo> opcode_table() {
  return kTable;
}

std::optional<Opcode> opcode_from_mnemonic(std::string_view mnemonic) {
  static const auto* const by_mnemonic = [] {
    auto* map = new std::unordered_map<std::string_view, Opcode>();
    for (const OpcodeInfo& info : kTable) map->emplace(info.mnemonic, info.opcode);
    return map;
  }();
  const auto it = by_mnemonic->find(mnemonic);
  if (it == by_mnemonic->end()) return std::nullopt;
  return it->second;
}

}  // namespace smsim::isa
