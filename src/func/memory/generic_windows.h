#pragma once
// Generic addressing: where the shared and local state spaces appear inside
// the 64-bit generic address space. Global (and constant) addresses are host
// addresses of this process, which on x86-64 and AArch64 Linux lie in the
// lower half; the windows sit in the upper (kernel) half, where no user-space
// mapping can ever be, so a generic address is classified by a range test.
// `cvta.to.shared`/`cvta.shared`, `cvta.to.local`/`cvta.local`, `cvta.param`
// and `isspacep` all follow from these constants. The param window holds the
// kernel's parameter buffer: a `__grid_constant__` parameter's address (the
// tensor map of cp.async.bulk.tensor, typically) is `cvta.param` of it.

#include <cstdint>

#include "func/memory/memory_space.h"

namespace smsim::func {

inline constexpr std::uint64_t kSharedWindowBase = 0xFFFF'FE00'0000'0000;
inline constexpr std::uint64_t kLocalWindowBase = 0xFFFF'FF00'0000'0000;
inline constexpr std::uint64_t kParamWindowBase = 0xFFFF'FD00'0000'0000;
// Each window spans 4 GiB: more than any CC's shared memory per block or local
// memory per thread, so an offset always fits in 32 bits.
inline constexpr std::uint64_t kWindowBytes = std::uint64_t{1} << 32;

// Distributed shared memory (clusters): a shared::cluster address is a
// shared::cta offset with the target block's cluster rank + 1 above bit 24
// (no block has 16 MiB of shared memory); an offset with nothing there is the
// block's own, as PTX requires of shared::cta addresses.
inline constexpr unsigned kClusterRankShift = 24;
inline constexpr std::uint64_t kClusterOffsetMask = (std::uint64_t{1} << kClusterRankShift) - 1;

constexpr std::uint64_t cluster_shared_address(std::uint64_t offset, std::uint32_t rank) {
  return (offset & kClusterOffsetMask) | (std::uint64_t{rank} + 1) << kClusterRankShift;
}

// The cluster rank a shared::cluster offset names; an offset without a rank
// is the block's own (`own_rank`).
constexpr std::uint32_t cluster_rank_of(std::uint64_t offset, std::uint32_t own_rank) {
  return offset <= kClusterOffsetMask
             ? own_rank
             : static_cast<std::uint32_t>((offset >> kClusterRankShift) - 1);
}

struct GenericTarget {
  MemorySpace space;      // global, shared or local
  std::uint64_t address;  // in that space: an offset for shared/local
};

constexpr bool in_shared_window(std::uint64_t generic) {
  return generic - kSharedWindowBase < kWindowBytes;
}
constexpr bool in_local_window(std::uint64_t generic) {
  return generic - kLocalWindowBase < kWindowBytes;
}
constexpr bool in_param_window(std::uint64_t generic) {
  return generic - kParamWindowBase < kWindowBytes;
}

constexpr GenericTarget resolve_generic(std::uint64_t generic) {
  if (in_shared_window(generic)) return {MemorySpace::shared, generic - kSharedWindowBase};
  if (in_local_window(generic)) return {MemorySpace::local, generic - kLocalWindowBase};
  if (in_param_window(generic)) return {MemorySpace::param, generic - kParamWindowBase};
  return {MemorySpace::global, generic};
}

// cvta.X: a state-space address to its generic form. Global and constant
// addresses already are generic.
constexpr std::uint64_t to_generic(MemorySpace space, std::uint64_t address) {
  switch (space) {
    case MemorySpace::shared:
      return kSharedWindowBase + address;
    case MemorySpace::local:
      return kLocalWindowBase + address;
    case MemorySpace::param:
      return kParamWindowBase + address;
    case MemorySpace::global:
    case MemorySpace::constant:
    case MemorySpace::generic:
      return address;
  }
  return address;
}

// cvta.to.X: the inverse. Like the hardware, it does not check that the
// generic address really is in that space (that is what isspacep is for).
constexpr std::uint64_t from_generic(MemorySpace space, std::uint64_t generic) {
  switch (space) {
    case MemorySpace::shared:
      return generic - kSharedWindowBase;
    case MemorySpace::local:
      return generic - kLocalWindowBase;
    case MemorySpace::param:
      return generic - kParamWindowBase;
    case MemorySpace::global:
    case MemorySpace::constant:
    case MemorySpace::generic:
      return generic;
  }
  return generic;
}

// isspacep.X as far as the windows tell: a generic address outside all three is
// global or constant (the engine's isspacep tells those two apart by the
// allocation's kind).
constexpr bool is_in_space(MemorySpace space, std::uint64_t generic) {
  switch (space) {
    case MemorySpace::shared:
      return in_shared_window(generic);
    case MemorySpace::local:
      return in_local_window(generic);
    case MemorySpace::global:
    case MemorySpace::constant:
      return !in_shared_window(generic) && !in_local_window(generic) &&
             !in_param_window(generic);
    case MemorySpace::param:
      return in_param_window(generic);
    case MemorySpace::generic:
      return false;
  }
  return false;
}

}  // namespace smsim::func
