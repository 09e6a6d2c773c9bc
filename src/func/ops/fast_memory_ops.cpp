// Fast executors for global loads and stores: the whole warp's addresses are
// checked against the warp's cached allocation first, and only when every
// lane hits it are the bytes moved with plain typed accesses; otherwise the
// general executor runs and reports any fault exactly. Also parameter loads
// at a fixed address, done once for the warp.

#include <algorithm>
#include <bit>
#include <cstring>

#include "func/ops/executor_selection.h"
#include "func/ops/fast_ops.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

// True when every active lane's access is aligned and the span from the
// lowest to the highest lane address lies in one allocation (so every lane's
// access does), cached or, on the warp's first access to it, looked up once
// for the span and cached; fills `address`.
bool all_lanes_cached(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask,
                      std::uint64_t bytes, bool write, std::uint64_t* address) {
  GlobalAccessCache& cache = c.warp.cache;
  const std::uint64_t* base = in.addr_reg == kNoReg ? nullptr : c.regs + in.addr_reg * kWarpSize;
  std::uint64_t low = UINT64_MAX, high = 0, bits = 0;
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t a = (base == nullptr ? 0 : base[lane]) + in.addr_offset;
    address[lane] = a;
    low = std::min(low, a);
    high = std::max(high, a);
    bits |= a;
  });
  if ((bits & (bytes - 1)) != 0 || high + bytes < high) return false;
  if (mask == 0) return false;
  const std::uint64_t span = high + bytes - low;
  if (cache.generation == c.launch.memory.generation() && cache.hit(low, span, write)) return true;
  // A fault here is not reported: the lanes are checked one by one then.
  return !c.launch.memory.check(low, span, bytes, write ? AccessKind::write : AccessKind::read,
                                cache);
}

template <typename E, bool kSigned, unsigned kVector>
void load(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint64_t address[kWarpSize];
  if (!all_lanes_cached(c, in, mask, sizeof(E) * kVector, false, address)) {
    load_checked(c, in, mask);
    return;
  }
  // Read every lane before writing any register (a destination may be the
  // address register).
  std::uint64_t values[kVector][kWarpSize];
  for_each_lane(mask, [&](unsigned lane) {
    const auto* p = reinterpret_cast<const E*>(address[lane]);
    for (unsigned e = 0; e < kVector; ++e) {
      E v;
      std::memcpy(&v, p + e, sizeof v);
      if constexpr (kSigned) {
        values[e][lane] = static_cast<std::uint64_t>(
            static_cast<std::int64_t>(static_cast<std::make_signed_t<E>>(v)));
      } else {
        values[e][lane] = v;
      }
    }
  });
  for (unsigned e = 0; e < kVector; ++e) {
    const Operand& d = in.dst[e];
    if (d.kind != OperandKind::reg) continue;
    std::uint64_t* row = c.regs + d.reg * kWarpSize;
    const std::uint64_t keep = width_mask(d.bits);
    for_each_lane(mask, [&](unsigned lane) { row[lane] = values[e][lane] & keep; });
  }
}

template <typename E, unsigned kVector>
void store(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint64_t address[kWarpSize];
  if (!all_lanes_cached(c, in, mask, sizeof(E) * kVector, true, address)) {
    store_checked(c, in, mask);
    return;
  }
  for_each_lane(mask, [&](unsigned lane) {
    auto* p = reinterpret_cast<E*>(address[lane]);
    for (unsigned e = 0; e < kVector; ++e) {
      const E v = static_cast<E>(read(c, in.src[e], lane));
      std::memcpy(p + e, &v, sizeof v);
    }
  });
}

// A parameter load at a fixed address (no address register) reads the same
// bytes for every lane: the lowest lane's load, checked as any, is the warp's.
void load_param_uniform(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const std::uint32_t lowest = mask & (~mask + 1);
  load_checked(c, in, lowest);
  if (c.error || lowest == mask) return;
  const auto from = static_cast<unsigned>(std::countr_zero(lowest));
  for (unsigned e = 0; e < in.vector; ++e) {
    const Operand& d = in.dst[e];
    if (d.kind != OperandKind::reg) continue;
    std::uint64_t* row = c.regs + d.reg * kWarpSize;
    for_each_lane(mask, [&](unsigned lane) { row[lane] = row[from]; });
  }
}

template <typename E, bool kSigned>
ExecFn pick_load(unsigned vector) {
  switch (vector) {
    case 1:
      return &load<E, kSigned, 1>;
    case 2:
      return &load<E, kSigned, 2>;
    case 4:
      return &load<E, kSigned, 4>;
    default:
      return nullptr;
  }
}

template <typename E>
ExecFn pick_store(unsigned vector) {
  switch (vector) {
    case 1:
      return &store<E, 1>;
    case 2:
      return &store<E, 2>;
    case 4:
      return &store<E, 4>;
    default:
      return nullptr;
  }
}

template <typename E>
ExecFn pick(const DecodedInstruction& in) {
  const bool is_signed = isa::type_kind(in.type) == isa::TypeKind::Signed;
  if (in.opcode == isa::Opcode::St) return pick_store<E>(in.vector);
  return is_signed ? pick_load<E, true>(in.vector) : pick_load<E, false>(in.vector);
}

}  // namespace

ExecFn select_fast_memory(const DecodedInstruction& in) {
  if (in.space == MemorySpace::param && in.opcode == isa::Opcode::Ld && in.addr_reg == kNoReg) {
    return &load_param_uniform;
  }
  const bool global = in.space == MemorySpace::global ||
                      (in.space == MemorySpace::constant && in.opcode != isa::Opcode::St);
  if (!global) return nullptr;
  switch (isa::type_bits(in.type)) {
    case 8:
      return pick<std::uint8_t>(in);
    case 16:
      return pick<std::uint16_t>(in);
    case 32:
      return pick<std::uint32_t>(in);
    case 64:
      return pick<std::uint64_t>(in);
    default:
      return nullptr;
  }
}

}  // namespace smsim::func
