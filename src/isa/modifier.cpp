#include "isa/modifier.h"

#include <array>
#include <cassert>
#include <unordered_map>

namespace smsim::isa {
namespace {

constexpr std::array<ModifierInfo, kModifierCount> kModifiers{{
    {Modifier::Rn, "rn", ModifierGroup::Rounding},
    {Modifier::Rz, "rz", ModifierGroup::Rounding},
    {Modifier::Rm, "rm", ModifierGroup::Rounding},
    {Modifier::Rp, "rp", ModifierGroup::Rounding},
    {Modifier::Rna, "rna", ModifierGroup::Rounding},
    {Modifier::Rs, "rs", ModifierGroup::Rounding},
    {Modifier::Rni, "rni", ModifierGroup::Rounding},
    {Modifier::Rzi, "rzi", ModifierGroup::Rounding},
    {Modifier::Rmi, "rmi", ModifierGroup::Rounding},
    {Modifier::Rpi, "rpi", ModifierGroup::Rounding},
    {Modifier::Eq, "eq", ModifierGroup::Compare},
    {Modifier::Ne, "ne", ModifierGroup::Compare},
    {Modifier::Lt, "lt", ModifierGroup::Compare},
    {Modifier::Le, "le", ModifierGroup::Compare},
    {Modifier::Gt, "gt", ModifierGroup::Compare},
    {Modifier::Ge, "ge", ModifierGroup::Compare},
    {Modifier::Lo, "lo", ModifierGroup::Compare},
    {Modifier::Ls, "ls", ModifierGroup::Compare},
    {Modifier::Hi, "hi", ModifierGroup::Compare},
    {Modifier::Hs, "hs", ModifierGroup::Compare},
    {Modifier::Equ, "equ", ModifierGroup::Compare},
    {Modifier::Neu, "neu", ModifierGroup::Compare},
    {Modifier::Ltu, "ltu", ModifierGroup::Compare},
    {Modifier::Leu, "leu", ModifierGroup::Compare},
    {Modifier::Gtu, "gtu", ModifierGroup::Compare},
    {Modifier::Geu, "geu", ModifierGroup::Compare},
    {Modifier::Num, "num", ModifierGroup::Compare},
    {Modifier::NanCompare, "nan", ModifierGroup::Compare},
    {Modifier::Wide, "wide", ModifierGroup::Compare},
    {Modifier::And, "and", ModifierGroup::Operation},
    {Modifier::Or, "or", ModifierGroup::Operation},
    {Modifier::Xor, "xor", ModifierGroup::Operation},
    {Modifier::Add, "add", ModifierGroup::Operation},
    {Modifier::Inc, "inc", ModifierGroup::Operation},
    {Modifier::Dec, "dec", ModifierGroup::Operation},
    {Modifier::Min, "min", ModifierGroup::Operation},
    {Modifier::Max, "max", ModifierGroup::Operation},
    {Modifier::Exch, "exch", ModifierGroup::Operation},
    {Modifier::Cas, "cas", ModifierGroup::Operation},
    {Modifier::Not, "not", ModifierGroup::Operation},
    {Modifier::Sub, "sub", ModifierGroup::Operation},
    {Modifier::V2, "v2", ModifierGroup::Vector},
    {Modifier::V4, "v4", ModifierGroup::Vector},
    {Modifier::V8, "v8", ModifierGroup::Vector},
    {Modifier::X1, "x1", ModifierGroup::MatrixCount},
    {Modifier::X2, "x2", ModifierGroup::MatrixCount},
    {Modifier::X4, "x4", ModifierGroup::MatrixCount},
    {Modifier::X8, "x8", ModifierGroup::MatrixCount},
    {Modifier::X16, "x16", ModifierGroup::MatrixCount},
    {Modifier::X32, "x32", ModifierGroup::MatrixCount},
    {Modifier::X64, "x64", ModifierGroup::MatrixCount},
    {Modifier::X128, "x128", ModifierGroup::MatrixCount},
    {Modifier::A, "a", ModifierGroup::Fragment},
    {Modifier::B, "b", ModifierGroup::Fragment},
    {Modifier::C, "c", ModifierGroup::Fragment},
    {Modifier::D, "d", ModifierGroup::Fragment},
    {Modifier::R, "r", ModifierGroup::Fragment},
    {Modifier::G, "g", ModifierGroup::Fragment},
    {Modifier::Global, "global", ModifierGroup::Space},
    {Modifier::Shared, "shared", ModifierGroup::Space},
    {Modifier::SharedCta, "shared::cta", ModifierGroup::Space},
    {Modifier::SharedCluster, "shared::cluster", ModifierGroup::Space},
    {Modifier::Local, "local", ModifierGroup::Space},
    {Modifier::Const, "const", ModifierGroup::Space},
    {Modifier::Param, "param", ModifierGroup::Space},
    {Modifier::ParamEntry, "param::entry", ModifierGroup::Space},
    {Modifier::ParamFunc, "param::func", ModifierGroup::Space},
    {Modifier::Generic, "generic", ModifierGroup::Space},
    {Modifier::Tex, "tex", ModifierGroup::Space},
    {Modifier::Ca, "ca", ModifierGroup::CacheOp},
    {Modifier::Cg, "cg", ModifierGroup::CacheOp},
    {Modifier::Cs, "cs", ModifierGroup::CacheOp},
    {Modifier::Lu, "lu", ModifierGroup::CacheOp},
    {Modifier::Cv, "cv", ModifierGroup::CacheOp},
    {Modifier::Wb, "wb", ModifierGroup::CacheOp},
    {Modifier::Wt, "wt", ModifierGroup::CacheOp},
    {Modifier::Weak, "weak", ModifierGroup::Semantics},
    {Modifier::Relaxed, "relaxed", ModifierGroup::Semantics},
    {Modifier::Acquire, "acquire", ModifierGroup::Semantics},
    {Modifier::Release, "release", ModifierGroup::Semantics},
    {Modifier::AcqRel, "acq_rel", ModifierGroup::Semantics},
    {Modifier::Volatile, "volatile", ModifierGroup::Semantics},
    {Modifier::Mmio, "mmio", ModifierGroup::Semantics},
    {Modifier::Sc, "sc", ModifierGroup::Semantics},
    {Modifier::Cta, "cta", ModifierGroup::Scope},
    {Modifier::Cluster, "cluster", ModifierGroup::Scope},
    {Modifier::Gpu, "gpu", ModifierGroup::Scope},
    {Modifier::Sys, "sys", ModifierGroup::Scope},
    {Modifier::Gl, "gl", ModifierGroup::Scope},
    {Modifier::L1EvictNormal, "L1::evict_normal", ModifierGroup::L1Evict},
    {Modifier::L1EvictUnchanged, "L1::evict_unchanged", ModifierGroup::L1Evict},
    {Modifier::L1EvictFirst, "L1::evict_first", ModifierGroup::L1Evict},
    {Modifier::L1EvictLast, "L1::evict_last", ModifierGroup::L1Evict},
    {Modifier::L1NoAllocate, "L1::no_allocate", ModifierGroup::L1Evict},
    {Modifier::L2EvictNormal, "L2::evict_normal", ModifierGroup::L2Evict},
    {Modifier::L2EvictFirst, "L2::evict_first", ModifierGroup::L2Evict},
    {Modifier::L2EvictLast, "L2::evict_last", ModifierGroup::L2Evict},
    {Modifier::L2EvictUnchanged, "L2::evict_unchanged", ModifierGroup::L2Evict},
    {Modifier::L2Prefetch64B, "L2::64B", ModifierGroup::L2Prefetch},
    {Modifier::L2Prefetch128B, "L2::128B", ModifierGroup::L2Prefetch},
    {Modifier::L2Prefetch256B, "L2::256B", ModifierGroup::L2Prefetch},
    {Modifier::L1, "L1", ModifierGroup::PrefetchLevel},
    {Modifier::L2, "L2", ModifierGroup::PrefetchLevel},
    {Modifier::Sync, "sync", ModifierGroup::BarrierOp},
    {Modifier::Arrive, "arrive", ModifierGroup::BarrierOp},
    {Modifier::Red, "red", ModifierGroup::BarrierOp},
    {Modifier::Wait, "wait", ModifierGroup::BarrierOp},
    {Modifier::All, "all", ModifierGroup::VoteMode},
    {Modifier::Any, "any", ModifierGroup::VoteMode},
    {Modifier::Uni, "uni", ModifierGroup::VoteMode},
    {Modifier::Ballot, "ballot", ModifierGroup::VoteMode},
    {Modifier::Up, "up", ModifierGroup::ShuffleMode},
    {Modifier::Down, "down", ModifierGroup::ShuffleMode},
    {Modifier::Bfly, "bfly", ModifierGroup::ShuffleMode},
    {Modifier::Idx, "idx", ModifierGroup::ShuffleMode},
    {Modifier::L, "l", ModifierGroup::ShiftDir},
    {Modifier::Wrap, "wrap", ModifierGroup::ClampMode},
    {Modifier::Clamp, "clamp", ModifierGroup::ClampMode},
    {Modifier::Trap, "trap", ModifierGroup::ClampMode},
    {Modifier::Zero, "zero", ModifierGroup::ClampMode},
    {Modifier::Dim1d, "1d", ModifierGroup::Geometry},
    {Modifier::Dim2d, "2d", ModifierGroup::Geometry},
    {Modifier::Dim3d, "3d", ModifierGroup::Geometry},
    {Modifier::A1d, "a1d", ModifierGroup::Geometry},
    {Modifier::A2d, "a2d", ModifierGroup::Geometry},
    {Modifier::Cube, "cube", ModifierGroup::Geometry},
    {Modifier::Acube, "acube", ModifierGroup::Geometry},
    {Modifier::Dim2dms, "2dms", ModifierGroup::Geometry},
    {Modifier::A2dms, "a2dms", ModifierGroup::Geometry},
    {Modifier::Dim4d, "4d", ModifierGroup::Geometry},
    {Modifier::Dim5d, "5d", ModifierGroup::Geometry},
    {Modifier::Level, "level", ModifierGroup::TexLevel},
    {Modifier::Grad, "grad", ModifierGroup::TexLevel},
    {Modifier::Base, "base", ModifierGroup::TexLevel},
    {Modifier::Width, "width", ModifierGroup::Query},
    {Modifier::Height, "height", ModifierGroup::Query},
    {Modifier::Depth, "depth", ModifierGroup::Query},
    {Modifier::ChannelDataType, "channel_data_type", ModifierGroup::Query},
    {Modifier::ChannelOrder, "channel_order", ModifierGroup::Query},
    {Modifier::NormalizedCoords, "normalized_coords", ModifierGroup::Query},
    {Modifier::FilterMode, "filter_mode", ModifierGroup::Query},
    {Modifier::AddrMode0, "addr_mode_0", ModifierGroup::Query},
    {Modifier::AddrMode1, "addr_mode_1", ModifierGroup::Query},
    {Modifier::AddrMode2, "addr_mode_2", ModifierGroup::Query},
    {Modifier::ArraySize, "array_size", ModifierGroup::Query},
    {Modifier::NumMipmapLevels, "num_mipmap_levels", ModifierGroup::Query},
    {Modifier::NumSamples, "num_samples", ModifierGroup::Query},
    {Modifier::ForceUnnormalizedCoords, "force_unnormalized_coords", ModifierGroup::Query},
    {Modifier::Texref, "texref", ModifierGroup::OpaqueType},
    {Modifier::Samplerref, "samplerref", ModifierGroup::OpaqueType},
    {Modifier::Surfref, "surfref", ModifierGroup::OpaqueType},
    {Modifier::F4e, "f4e", ModifierGroup::PermuteMode},
    {Modifier::B4e, "b4e", ModifierGroup::PermuteMode},
    {Modifier::Rc8, "rc8", ModifierGroup::PermuteMode},
    {Modifier::Ecl, "ecl", ModifierGroup::PermuteMode},
    {Modifier::Ecr, "ecr", ModifierGroup::PermuteMode},
    {Modifier::Rc16, "rc16", ModifierGroup::PermuteMode},
    {Modifier::Finite, "finite", ModifierGroup::TestpClass},
    {Modifier::Infinite, "infinite", ModifierGroup::TestpClass},
    {Modifier::Number, "number", ModifierGroup::TestpClass},
    {Modifier::Notanumber, "notanumber", ModifierGroup::TestpClass},
    {Modifier::Normal, "normal", ModifierGroup::TestpClass},
    {Modifier::Subnormal, "subnormal", ModifierGroup::TestpClass},
    {Modifier::Shr7, "shr7", ModifierGroup::VideoScale},
    {Modifier::Shr15, "shr15", ModifierGroup::VideoScale},
    {Modifier::Fractional, "fractional", ModifierGroup::PolicyKind},
    {Modifier::Range, "range", ModifierGroup::PolicyKind},
    {Modifier::Tile, "tile", ModifierGroup::TensorMode},
    {Modifier::Im2col, "im2col", ModifierGroup::TensorMode},
    {Modifier::Im2colNoOffs, "im2col_no_offs", ModifierGroup::TensorMode},
    {Modifier::TileGather4, "tile::gather4", ModifierGroup::TensorMode},
    {Modifier::TileScatter4, "tile::scatter4", ModifierGroup::TensorMode},
    {Modifier::Im2colW, "im2col::w", ModifierGroup::TensorMode},
    {Modifier::Im2colW128, "im2col::w::128", ModifierGroup::TensorMode},
    {Modifier::MbarrierCompleteTxBytes, "mbarrier::complete_tx::bytes",
     ModifierGroup::CompletionMechanism},
    {Modifier::BulkGroup, "bulk_group", ModifierGroup::CompletionMechanism},
    {Modifier::CtaGroup1, "cta_group::1", ModifierGroup::CtaGroup},
    {Modifier::CtaGroup2, "cta_group::2", ModifierGroup::CtaGroup},
    {Modifier::KindF16, "kind::f16", ModifierGroup::MmaKind},
    {Modifier::KindTf32, "kind::tf32", ModifierGroup::MmaKind},
    {Modifier::KindF8f6f4, "kind::f8f6f4", ModifierGroup::MmaKind},
    {Modifier::KindI8, "kind::i8", ModifierGroup::MmaKind},
    {Modifier::KindMxf8f6f4, "kind::mxf8f6f4", ModifierGroup::MmaKind},
    {Modifier::KindMxf4, "kind::mxf4", ModifierGroup::MmaKind},
    {Modifier::KindMxf4nvf4, "kind::mxf4nvf4", ModifierGroup::MmaKind},
    {Modifier::ScaleVec1X, "scale_vec::1X", ModifierGroup::ScaleVec},
    {Modifier::ScaleVec2X, "scale_vec::2X", ModifierGroup::ScaleVec},
    {Modifier::ScaleVec4X, "scale_vec::4X", ModifierGroup::ScaleVec},
    {Modifier::Ftz, "ftz", ModifierGroup::None},
    {Modifier::Sat, "sat", ModifierGroup::None},
    {Modifier::Satfinite, "satfinite", ModifierGroup::None},
    {Modifier::Approx, "approx", ModifierGroup::None},
    {Modifier::Full, "full", ModifierGroup::None},
    {Modifier::Relu, "relu", ModifierGroup::None},
    {Modifier::NaN, "NaN", ModifierGroup::None},
    {Modifier::Xorsign, "xorsign", ModifierGroup::None},
    {Modifier::Abs, "abs", ModifierGroup::None},
    {Modifier::Oob, "oob", ModifierGroup::None},
    {Modifier::Cc, "cc", ModifierGroup::None},
    {Modifier::Aligned, "aligned", ModifierGroup::None},
    {Modifier::Nc, "nc", ModifierGroup::None},
    {Modifier::Trans, "trans", ModifierGroup::None},
    {Modifier::Shiftamt, "shiftamt", ModifierGroup::None},
    {Modifier::Noftz, "noftz", ModifierGroup::None},
    {Modifier::To, "to", ModifierGroup::None},
    {Modifier::Proxy, "proxy", ModifierGroup::None},
    {Modifier::Async, "async", ModifierGroup::None},
    {Modifier::Alias, "alias", ModifierGroup::None},
    {Modifier::TensormapGeneric, "tensormap::generic", ModifierGroup::None},
    {Modifier::MbarrierInit, "mbarrier_init", ModifierGroup::None},
    {Modifier::SyncRestrictSharedCta, "sync_restrict::shared::cta", ModifierGroup::None},
    {Modifier::SyncRestrictSharedCluster, "sync_restrict::shared::cluster", ModifierGroup::None},
    {Modifier::OpRestrictRelease, "op_restrict::release", ModifierGroup::None},
    {Modifier::L2CacheHint, "L2::cache_hint", ModifierGroup::None},
    {Modifier::ExpectTx, "expect_tx", ModifierGroup::None},
    {Modifier::CompleteTx, "complete_tx", ModifierGroup::None},
    {Modifier::NoComplete, "noComplete", ModifierGroup::None},
    {Modifier::Noinc, "noinc", ModifierGroup::None},
    {Modifier::Parity, "parity", ModifierGroup::None},
    {Modifier::MulticastCluster, "multicast::cluster", ModifierGroup::None},
    {Modifier::Row, "row", ModifierGroup::None},
    {Modifier::Col, "col", ModifierGroup::None},
    {Modifier::Popc, "popc", ModifierGroup::None},
    {Modifier::Sp, "sp", ModifierGroup::None},
    {Modifier::SpOrderedMetadata, "sp::ordered_metadata", ModifierGroup::None},
    {Modifier::BlockScale, "block_scale", ModifierGroup::None},
    {Modifier::LaunchDependents, "launch_dependents", ModifierGroup::None},
    {Modifier::Read, "read", ModifierGroup::None},
    {Modifier::Unified, "unified", ModifierGroup::None},
    {Modifier::Bulk, "bulk", ModifierGroup::None},
    {Modifier::Pack, "pack", ModifierGroup::None},
    {Modifier::Pack16b, "pack::16b", ModifierGroup::None},
    {Modifier::Mask, "mask", ModifierGroup::None},
    {Modifier::Src, "src", ModifierGroup::None},
    {Modifier::Dst, "dst", ModifierGroup::None},
    {Modifier::Tensormap, "tensormap", ModifierGroup::None},
    {Modifier::ScaleD, "scale_d", ModifierGroup::None},
    {Modifier::Ws, "ws", ModifierGroup::None},
    {Modifier::Collector, "collector", ModifierGroup::None},
    {Modifier::Stride, "stride", ModifierGroup::None},
    {Modifier::B0, "b0", ModifierGroup::None},
    {Modifier::B1, "b1", ModifierGroup::None},
    {Modifier::B2, "b2", ModifierGroup::None},
    {Modifier::B3, "b3", ModifierGroup::None},
    {Modifier::H0, "h0", ModifierGroup::None},
    {Modifier::H1, "h1", ModifierGroup::None},
    {Modifier::Reg, "reg", ModifierGroup::Space},
    {Modifier::P, "p", ModifierGroup::Fragment},
}};

constexpr bool in_enum_order() {
  for (std::size_t i = 0; i < kModifiers.size(); ++i)
    if (static_cast<std::size_t>(kModifiers[i].modifier) != i) return false;
  return true;
}
static_assert(in_enum_order(), "kModifiers must list every Modifier once, in enum order");

constexpr std::array<std::string_view, static_cast<std::size_t>(ModifierGroup::Count)> kGroupNames{
    "None",        "Rounding",   "Compare",       "Operation",  "Vector",     "MatrixCount",
    "Fragment",    "Space",      "CacheOp",       "Semantics",  "Scope",      "L1Evict",
    "L2Evict",     "L2Prefetch", "PrefetchLevel", "BarrierOp",  "VoteMode",   "ShuffleMode",
    "ShiftDir",    "ClampMode",  "Geometry",      "TexLevel",   "Query",      "OpaqueType",
    "PermuteMode", "TestpClass", "VideoScale",    "PolicyKind", "TensorMode", "CompletionMechanism",
    "CtaGroup",    "MmaKind",    "ScaleVec",
};

}  // namespace

const ModifierInfo& modifier_info(Modifier m) {
  assert(m < Modifier::Count && "modifier_info: Modifier::Count is not a modifier");
  return kModifiers[static_cast<std::size_t>(m)];
}

std::optional<Modifier> modifier_from_name(std::string_view name) {
  static const auto* const by_name = [] {
    auto* map = new std::unordered_map<std::string_view, Modifier>();
    for (const ModifierInfo& info : kModifiers) map->emplace(info.name, info.modifier);
    return map;
  }();
  const auto it = by_name->find(name);
  if (it == by_name->end()) return std::nullopt;
  return it->second;
}

std::string_view modifier_group_name(ModifierGroup g) {
  return kGroupNames[static_cast<std::size_t>(g)];
}

std::optional<StateSpace> modifier_space(Modifier m) {
  if (modifier_group(m) != ModifierGroup::Space) return std::nullopt;
  return state_space_from_name(modifier_name(m));
}

unsigned modifier_vector_width(Modifier m) {
  switch (m) {
    case Modifier::V2:
      return 2;
    case Modifier::V4:
      return 4;
    case Modifier::V8:
      return 8;
    default:
      return 1;
  }
}

}  // namespace smsim::isa
