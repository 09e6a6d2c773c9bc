#pragma once
// Every dotted instruction modifier nvcc emits (`.rn`, `.shared::cta`,
// `.L2::cache_hint`, `.sync`, ...), except types (type.h) and matrix shapes
// (`.m16n8k16`, kept as numbers in MatrixShape). Each modifier belongs to at
// most one exclusive group: an instruction may carry at most one modifier of a
// group (one rounding mode, one scope, ...). The spelling lives only in
// modifier.cpp.

#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>

#include "isa/state_space.h"

namespace smsim::isa {

enum class Modifier : uint16_t {
  Rn,
  Rz,
  Rm,
  Rp,
  Rna,
  Rs,
  Rni,
  Rzi,
  Rmi,
  Rpi,
  Eq,
  Ne,
  Lt,
  Le,
  Gt,
  Ge,
  Lo,
  Ls,
  Hi,
  Hs,
  Equ,
  Neu,
  Ltu,
  Leu,
  Gtu,
  Geu,
  Num,
  NanCompare,
  Wide,
  And,
  Or,
  Xor,
  Add,
  Inc,
  Dec,
  Min,
  Max,
  Exch,
  Cas,
  Not,
  Sub,
  V2,
  V4,
  V8,
  X1,
  X2,
  X4,
  X8,
  X16,
  X32,
  X64,
  X128,
  A,
  B,
  C,
  D,
  R,
  G,
  Global,
  Shared,
  SharedCta,
  SharedCluster,
  Local,
  Const,
  Param,
  ParamEntry,
  ParamFunc,
  Generic,
  Tex,
  Ca,
  Cg,
  Cs,
  Lu,
  Cv,
  Wb,
  Wt,
  Weak,
  Relaxed,
  Acquire,
  Release,
  AcqRel,
  Volatile,
  Mmio,
  Sc,
  Cta,
  Cluster,
  Gpu,
  Sys,
  Gl,
  L1EvictNormal,
  L1EvictUnchanged,
  L1EvictFirst,
  L1EvictLast,
  L1NoAllocate,
  L2EvictNormal,
  L2EvictFirst,
  L2EvictLast,
  L2EvictUnchanged,
  L2Prefetch64B,
  L2Prefetch128B,
  L2Prefetch256B,
  L1,
  L2,
  Sync,
  Arrive,
  Red,
  Wait,
  All,
  Any,
  Uni,
  Ballot,
  Up,
  Down,
  Bfly,
  Idx,
  L,
  Wrap,
  Clamp,
  Trap,
  Zero,
  Dim1d,
  Dim2d,
  Dim3d,
  A1d,
  A2d,
  Cube,
  Acube,
  Dim2dms,
  A2dms,
  Dim4d,
  Dim5d,
  Level,
  Grad,
  Base,
  Width,
  Height,
  Depth,
  ChannelDataType,
  ChannelOrder,
  NormalizedCoords,
  FilterMode,
  AddrMode0,
  AddrMode1,
  AddrMode2,
  ArraySize,
  NumMipmapLevels,
  NumSamples,
  ForceUnnormalizedCoords,
  Texref,
  Samplerref,
  Surfref,
  F4e,
  B4e,
  Rc8,
  Ecl,
  Ecr,
  Rc16,
  Finite,
  Infinite,
  Number,
  Notanumber,
  Normal,
  Subnormal,
  Shr7,
  Shr15,
  Fractional,
  Range,
  Tile,
  Im2col,
  Im2colNoOffs,
  TileGather4,
  TileScatter4,
  Im2colW,
  Im2colW128,
  MbarrierCompleteTxBytes,
  BulkGroup,
  CtaGroup1,
  CtaGroup2,
  KindF16,
  KindTf32,
  KindF8f6f4,
  KindI8,
  KindMxf8f6f4,
  KindMxf4,
  KindMxf4nvf4,
  ScaleVec1X,
  ScaleVec2X,
  ScaleVec4X,
  Ftz,
  Sat,
  Satfinite,
  Approx,
  Full,
  Relu,
  NaN,
  Xorsign,
  Abs,
  Oob,
  Cc,
  Aligned,
  Nc,
  Trans,
  Shiftamt,
  Noftz,
  To,
  Proxy,
  Async,
  Alias,
  TensormapGeneric,
  MbarrierInit,
  SyncRestrictSharedCta,
  SyncRestrictSharedCluster,
  OpRestrictRelease,
  L2CacheHint,
  ExpectTx,
  CompleteTx,
  NoComplete,
  Noinc,
  Parity,
  MulticastCluster,
  Row,
  Col,
  Popc,
  Sp,
  SpOrderedMetadata,
  BlockScale,
  LaunchDependents,
  Read,
  Unified,
  Bulk,
  Pack,
  Pack16b,
  Mask,
  Src,
  Dst,
  Tensormap,
  ScaleD,
  Ws,
  Collector,
  Stride,
  B0,
  B1,
  B2,
  B3,
  H0,
  H1,
  Reg,
  P,  // sured.p: sample addressing
  Count,
};
inline constexpr std::size_t kModifierCount = static_cast<std::size_t>(Modifier::Count);

// Mutually exclusive families; `None` modifiers are independent flags.
enum class ModifierGroup : uint8_t {
  None,
  Rounding,
  Compare,
  Operation,
  Vector,
  MatrixCount,
  Fragment,
  Space,
  CacheOp,
  Semantics,
  Scope,
  L1Evict,
  L2Evict,
  L2Prefetch,
  PrefetchLevel,
  BarrierOp,
  VoteMode,
  ShuffleMode,
  ShiftDir,
  ClampMode,
  Geometry,
  TexLevel,
  Query,
  OpaqueType,
  PermuteMode,
  TestpClass,
  VideoScale,
  PolicyKind,
  TensorMode,
  CompletionMechanism,
  CtaGroup,
  MmaKind,
  ScaleVec,
  Count,
};

struct ModifierInfo {
  Modifier modifier;
  std::string_view name;  // without the leading dot
  ModifierGroup group;
};

const ModifierInfo& modifier_info(Modifier m);
inline std::string_view modifier_name(Modifier m) {
  return modifier_info(m).name;
}
inline ModifierGroup modifier_group(Modifier m) {
  return modifier_info(m).group;
}
std::optional<Modifier> modifier_from_name(std::string_view name);
std::string_view modifier_group_name(ModifierGroup g);

// The state space a `.global`/`.shared::cta`/... modifier names.
std::optional<StateSpace> modifier_space(Modifier m);
// The element count of `.v2/.v4/.v8`, or 1.
unsigned modifier_vector_width(Modifier m);

// A set of modifiers: what one opcode accepts.
class ModifierMask {
 public:
  constexpr ModifierMask() = default;
  constexpr ModifierMask(std::initializer_list<Modifier> mods) {
    for (Modifier m : mods) set(m);
  }
  constexpr void set(Modifier m) {
    const auto i = static_cast<unsigned>(m);
    words_[i / kWordBits] |= uint64_t{1} << (i % kWordBits);
  }
  constexpr bool contains(Modifier m) const {
    const auto i = static_cast<unsigned>(m);
    return (words_[i / kWordBits] >> (i % kWordBits)) & 1U;
  }
  constexpr ModifierMask operator|(const ModifierMask& o) const {
    ModifierMask r;
    for (unsigned w = 0; w < kWords; ++w) r.words_[w] = words_[w] | o.words_[w];
    return r;
  }

 private:
  static constexpr unsigned kWordBits = 64;
  static constexpr unsigned kWords = (kModifierCount + kWordBits - 1) / kWordBits;
  uint64_t words_[kWords] = {};
};

}  // namespace smsim::isa
