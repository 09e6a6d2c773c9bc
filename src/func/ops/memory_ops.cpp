// Loads and stores in every state space (ld, ldu, ld.global.nc, st), scalar,
// .v2/.v4 and .b128, with sub-register widths extended as the type says. Cache and
// eviction modifiers do not change values; they are left to the timing model.

#include <fmt/format.h>

#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/fast_ops.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

std::uint64_t load_element(const std::byte* p, unsigned bytes, bool sign_extend) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, bytes);  // little-endian host, as the GPU
  if (sign_extend && bytes < 8) {
    const unsigned shift = 64 - 8 * bytes;
    v = static_cast<std::uint64_t>(static_cast<std::int64_t>(v << shift) >> shift);
  }
  return v;
}

}  // namespace

void load_checked(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned element = isa::type_bits(in.type) / 8;
  const unsigned total = element * in.vector;
  const bool sign_extend = isa::type_kind(in.type) == isa::TypeKind::Signed;
  // Gather every lane's data before writing any register: a destination may
  // also be the address register.
  std::uint64_t values[kWarpSize][kMaxDst];
  bool failed = false;
  for_each_lane(mask, [&](unsigned lane) {
    if (failed) return;
    const std::byte* p =
        resolve(c, in.space, lane_address(c, in, lane), total, AccessKind::read, lane);
    if (p == nullptr) {
      failed = true;
      return;
    }
    for (unsigned e = 0; e < in.vector; ++e) {
      values[lane][e] = load_element(p + e * element, element, sign_extend);
    }
  });
  if (failed) return;
  for_each_lane(mask, [&](unsigned lane) {
    for (unsigned e = 0; e < in.vector; ++e) write(c, in.dst[e], lane, values[lane][e]);
  });
}

void store_checked(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const unsigned element = isa::type_bits(in.type) / 8;
  const unsigned total = element * in.vector;
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    std::byte* p = resolve(c, in.space, lane_address(c, in, lane), total, AccessKind::write, lane);
    if (p == nullptr) return;
    for (unsigned e = 0; e < in.vector; ++e) {
      const std::uint64_t v = read(c, in.src[e], lane);
      std::memcpy(p + e * element, &v, element);
    }
  });
}

ExecFn select_memory(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (spec.type() == isa::Type::B128 && in.vector == 1) {
    // A .b128 register is two rows (func/load/register_rows.h): its 16
    // bytes move as a .v2.b64 does, aligned to 16 bytes as a whole.
    in.type = isa::Type::B64;
    in.vector = 2;
  }
  const unsigned bits = isa::type_bits(in.type);
  if (bits % 8 != 0 || bits == 0 || bits > 64) {
    why = fmt::format("{}.{} is not implemented", isa::opcode_mnemonic(spec.opcode),
                      isa::type_name(spec.type()));
    return nullptr;
  }
  switch (spec.opcode) {
    case isa::Opcode::Ld:
    case isa::Opcode::Ldu:
      return &load_checked;
    case isa::Opcode::St:
      return &store_checked;
    default:
      break;
  }
  why = fmt::format("{} is not implemented", isa::opcode_mnemonic(spec.opcode));
  return nullptr;
}

}  // namespace smsim::func
