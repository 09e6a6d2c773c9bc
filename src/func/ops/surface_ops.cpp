// Surface instructions on surface objects: suld.b and sust.b (1d, 2d, 3d,
// a1d, a2d; .b8 to .b64, scalar, .v2, .v4) with the .trap, .clamp and .zero
// boundary modes, and the reduction sured (.b and .p; add, min, max, and, or;
// 1d, 2d, 3d). The x coordinate is in bytes, the others in elements; sured.p
// counts x in samples and takes the signedness of its .b32/.b64 operand from
// the surface's format (SINT: signed, UINT: unsigned), as the PTX ISA says.

#include <fmt/format.h>

#include <atomic>
#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "func/ops/texture_access.h"
#include "isa/semantics/atomic_update.h"

namespace smsim::func {
namespace {

using isa::Modifier;

// The byte address an access at the lane's coordinates touches, after the
// boundary mode; nullopt when .zero drops it. A .trap access out of range
// fails the launch (reported by the caller through `out_of_range`).
struct SurfaceTarget {
  std::uint64_t address = 0;
  bool dropped = false;       // .zero: out of range
  bool out_of_range = false;  // .trap: out of range
};

std::int64_t clamp_to(std::int64_t v, std::int64_t high) {
  return v < 0 ? 0 : v > high ? high : v;
}

SurfaceTarget surface_target(const ExecContext& c, const DecodedInstruction& in,
                             const TextureHeader& h, unsigned lane, unsigned bytes) {
  const Geometry g = geometry_of(in.mode);
  unsigned next = 0;
  std::int64_t layer = 0;
  if (g.layered) layer = static_cast<std::int32_t>(read(c, in.src[next++], lane));
  std::int64_t at[3] = {0, 0, 0};
  for (int k = 0; k < g.axes; ++k) at[k] = static_cast<std::int32_t>(read(c, in.src[next++], lane));
  const std::int64_t row_bytes = std::int64_t{h.width} * h.format.texel_bytes();
  const std::int64_t high[3] = {row_bytes - bytes, h.height - 1, h.depth - 1};
  bool outside = g.layered && (layer < 0 || layer >= h.layers);
  for (int k = 0; k < g.axes; ++k) outside = outside || at[k] < 0 || at[k] > high[k];
  SurfaceTarget t;
  if (outside) {
    if (in.combine == Modifier::Zero) {
      t.dropped = true;
      return t;
    }
    if (in.combine == Modifier::Clamp) {
      for (int k = 0; k < g.axes; ++k) at[k] = clamp_to(at[k], high[k]);
      if (g.layered) layer = clamp_to(layer, h.layers - 1);
      // Clamped bytes stay on an element boundary.
      at[0] -= at[0] % bytes;
    } else {
      t.out_of_range = true;
    }
  }
  t.address = h.base + static_cast<std::uint64_t>(at[2] + layer) * h.slice_pitch +
              static_cast<std::uint64_t>(at[1]) * h.row_pitch + static_cast<std::uint64_t>(at[0]);
  return t;
}

void report_outside(ExecContext& c, const SurfaceTarget& t, unsigned bytes, AccessKind access,
                    unsigned lane) {
  report_fault(c,
               MemoryFault{.kind = FaultKind::out_of_bounds,
                           .space = MemorySpace::global,
                           .access = access,
                           .address = t.address,
                           .size = bytes},
               lane);
}

void surface_load(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned element = isa::type_bits(in.type) / 8;
  const unsigned bytes = element * in.vector;
  std::uint64_t values[kWarpSize][kMaxDst] = {};
  HeaderCache headers;
  bool failed = false;
  for_each_lane(mask, [&](unsigned lane) {
    if (failed) return;
    const TextureHeader* h = headers.get(c, in, lane, /*surface=*/true);
    const SurfaceTarget t = h ? surface_target(c, in, *h, lane, bytes) : SurfaceTarget{};
    std::uint8_t data[32] = {};
    if (h == nullptr || t.out_of_range ||
        (!t.dropped && c.launch.memory.read(data, t.address, bytes))) {
      if (h != nullptr) report_outside(c, t, bytes, AccessKind::read, lane);
      failed = true;
      return;
    }
    for (unsigned e = 0; e < in.vector; ++e)
      std::memcpy(&values[lane][e], data + e * element, element);
  });
  if (failed) return;
  for_each_lane(mask, [&](unsigned lane) {
    for (unsigned e = 0; e < in.vector; ++e) write(c, in.dst[e], lane, values[lane][e]);
  });
}

void surface_store(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned element = isa::type_bits(in.type) / 8;
  const unsigned bytes = element * in.vector;
  const unsigned first_data = geometry_of(in.mode).sources();
  HeaderCache headers;
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const TextureHeader* h = headers.get(c, in, lane, /*surface=*/true);
    if (h == nullptr) return;
    const SurfaceTarget t = surface_target(c, in, *h, lane, bytes);
    if (t.dropped) return;
    std::uint8_t data[32] = {};
    for (unsigned e = 0; e < in.vector; ++e) {
      const std::uint64_t v = read(c, in.src[first_data + e], lane);
      std::memcpy(data + e * element, &v, element);
    }
    if (t.out_of_range || c.launch.memory.write(t.address, data, bytes)) {
      report_outside(c, t, bytes, AccessKind::write, lane);
    }
  });
}

// sured: one atomic update per lane, in lane order. Surfaces live in global
// memory, which blocks on other host threads share, hence the host atomic.
template <typename T, isa::sem::AtomicOp Op, bool Sample>
void surface_reduce(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned first_data = geometry_of(in.mode).sources();
  HeaderCache headers;
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const TextureHeader* h = headers.get(c, in, lane, /*surface=*/true);
    if (h == nullptr) return;
    DecodedInstruction at = in;
    if constexpr (Sample) {
      // x counts samples: scale it to bytes before the boundary check.
      const auto x = static_cast<std::int32_t>(read(c, in.src[0], lane));
      at.src[0] =
          Operand{.kind = OperandKind::imm,
                  .imm = static_cast<std::uint64_t>(static_cast<std::int64_t>(x) *
                                                    h->format.texel_bytes())};
    }
    const SurfaceTarget t = surface_target(c, at, *h, lane, sizeof(T));
    if (t.dropped) return;
    if (t.out_of_range) {
      report_outside(c, t, sizeof(T), AccessKind::atomic, lane);
      return;
    }
    std::byte* p = resolve(c, MemorySpace::global, t.address, sizeof(T), AccessKind::atomic, lane);
    if (p == nullptr) return;
    const bool is_signed = Sample ? h->format.kind == isa::sem::TexelKind::signed_int
                                  : in.type == isa::Type::S32 || in.type == isa::Type::S64;
    const auto value = static_cast<T>(read(c, in.src[first_data], lane));
    std::atomic_ref<T> cell(*reinterpret_cast<T*>(p));
    T old = cell.load(std::memory_order_relaxed);
    while (!cell.compare_exchange_weak(old,
                                       isa::sem::atomic_integer<T>(Op, is_signed, old, value, T{0}),
                                       std::memory_order_acq_rel, std::memory_order_relaxed)) {
    }
  });
}

template <typename T, bool Sample>
ExecFn pick_reduction(isa::Modifier op) {
  using A = isa::sem::AtomicOp;
  switch (op) {
    case Modifier::Add:
      return &surface_reduce<T, A::add, Sample>;
    case Modifier::Min:
      return &surface_reduce<T, A::min, Sample>;
    case Modifier::Max:
      return &surface_reduce<T, A::max, Sample>;
    case Modifier::And:
      return &surface_reduce<T, A::bit_and, Sample>;
    case Modifier::Or:
      return &surface_reduce<T, A::bit_or, Sample>;
    default:
      return nullptr;
  }
}

// The operations the PTX ISA and ptxas allow per type: add on .u32/.s32/.u64
// (sured.b), min/max on .u32/.s32/.u64/.s64 and on sured.p's .b32/.b64,
// and/or on .b32, and sured.p's add/and/or on .b32.
bool reduction_allowed(isa::Modifier op, isa::Type t, bool sample) {
  using T = isa::Type;
  const bool min_max = op == Modifier::Min || op == Modifier::Max;
  if (sample) return t == T::B32 || (t == T::B64 && min_max);
  if (op == Modifier::Add) return t == T::U32 || t == T::S32 || t == T::U64;
  if (min_max) return t == T::U32 || t == T::S32 || t == T::U64 || t == T::S64;
  return t == T::B32;
}

}  // namespace

ExecFn select_surface_reduction(const InstructionSpec& spec, DecodedInstruction& in,
                                std::string& why) {
  in.mode = geometry_modifier(spec);
  const Geometry g = geometry_of(in.mode);
  in.combine = spec.has(Modifier::Clamp)  ? Modifier::Clamp
               : spec.has(Modifier::Zero) ? Modifier::Zero
                                          : Modifier::Trap;
  const bool sample = spec.has(Modifier::P);
  Modifier op = Modifier::Count;
  for (Modifier m : {Modifier::Add, Modifier::Min, Modifier::Max, Modifier::And, Modifier::Or}) {
    if (spec.has(m)) op = m;
  }
  // The PTX ISA's sured geometries are 1d, 2d and 3d (ptxas refuses a1d/a2d).
  const bool geometry_ok = g.axes > 0 && !g.layered;
  if (!geometry_ok || (!sample && !spec.has(Modifier::B)) || op == Modifier::Count ||
      !reduction_allowed(op, in.type, sample)) {
    why = fmt::format(
        "sured takes .b or .p, .add/.min/.max/.and/.or, .1d/.2d/.3d and a type the operation "
        "allows (.b: add .u32/.s32/.u64, min/max .u32/.s32/.u64/.s64, and/or .b32; .p: .b32, "
        "or .b64 for min/max), not this form");
    return nullptr;
  }
  if (in.src_count != g.sources() + 1) {
    why = "operand count does not match the geometry";
    return nullptr;
  }
  const bool wide = isa::type_bits(in.type) == 64;
  if (wide) return sample ? pick_reduction<std::uint64_t, true>(op) : pick_reduction<std::uint64_t, false>(op);
  return sample ? pick_reduction<std::uint32_t, true>(op) : pick_reduction<std::uint32_t, false>(op);
}

ExecFn select_surface(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  in.mode = geometry_modifier(spec);
  const Geometry g = geometry_of(in.mode);
  in.combine = spec.has(Modifier::Clamp)  ? Modifier::Clamp
               : spec.has(Modifier::Zero) ? Modifier::Zero
                                          : Modifier::Trap;
  const bool bits = in.type == isa::Type::B8 || in.type == isa::Type::B16 ||
                    in.type == isa::Type::B32 || in.type == isa::Type::B64;
  // `.b` (unformatted) is spelled like the blue channel modifier; `sust.p`
  // (formatted) has no modifier of its own in the table and does not parse.
  if (g.axes == 0 || !bits || !spec.has(Modifier::B)) {
    why =
        "only suld.b/sust.b with 1d, 2d, 3d, a1d or a2d geometry and .b8/.b16/.b32/.b64 "
        "elements are implemented";
    return nullptr;
  }
  if (spec.opcode == isa::Opcode::Suld) {
    if (in.dst_count != in.vector || in.src_count != g.sources()) {
      why = "operand count does not match the geometry and vector width";
      return nullptr;
    }
    return &surface_load;
  }
  if (in.src_count != g.sources() + in.vector) {
    why = "operand count does not match the geometry and vector width";
    return nullptr;
  }
  return &surface_store;
}

}  // namespace smsim::func
