// cp.async (global -> shared, 4/8/16 bytes, optional source size or
// ignore-src predicate) and its groups. The engine performs each copy when
// the instruction issues: a copy may complete at any time before the
// cp.async.wait_group / wait_all that waits for it, so completing at once is
// one of the orders the hardware allows, and the commit/wait instructions
// then have nothing left to do.

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

// Sources after the destination address: the source address, cp-size, then
// an optional src-size (or ignore-src predicate) and cache policy.
constexpr std::uint8_t kSourceAddress = 0;
constexpr std::uint8_t kCopySize = 1;
constexpr std::uint8_t kSourceSize = 2;

void copy(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  // With .L2::cache_hint the last source is the cache policy.
  const unsigned policy = in.mode == isa::Modifier::L2CacheHint ? 1 : 0;
  const bool has_size = in.src_count > kSourceSize + policy;
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::uint64_t cp_size = read(c, in.src[kCopySize], lane);
    std::uint64_t src_size = cp_size;
    if (has_size) {
      const Operand& extra = in.src[kSourceSize];
      const std::uint64_t value = read(c, extra, lane);
      // A predicate operand is ignore-src: true copies nothing (zero fill).
      src_size = extra.kind == OperandKind::reg && extra.bits == 1 ? (value != 0 ? 0 : cp_size)
                                                                   : std::min(value, cp_size);
    }
    std::byte* dst =
        resolve(c, in.space, lane_address(c, in, lane), cp_size, AccessKind::write, lane);
    if (dst == nullptr) return;
    std::byte buffer[16] = {};
    if (src_size > 0) {
      const std::byte* src = resolve(c, MemorySpace::global, read(c, in.src[kSourceAddress], lane),
                                     src_size, AccessKind::read, lane);
      if (src == nullptr) return;
      std::memcpy(buffer, src, src_size);
    }
    std::memcpy(dst, buffer, cp_size);
  });
}

}  // namespace

ExecFn select_async_copy(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (spec.opcode != isa::Opcode::CpAsync) return select_no_effect(spec, in, why);
  if (spec.has(isa::Modifier::L2CacheHint)) in.mode = isa::Modifier::L2CacheHint;
  const bool operands_ok = in.src_count > kCopySize &&
                           in.src[kSourceAddress].kind == OperandKind::address &&
                           in.src[kCopySize].kind == OperandKind::imm;
  const std::uint64_t size = operands_ok ? in.src[kCopySize].imm : 0;
  if (!operands_ok || (size != 4 && size != 8 && size != 16)) {
    why = "cp.async needs [shared], [global] and a copy size of 4, 8 or 16 bytes";
    return nullptr;
  }
  return &copy;
}

}  // namespace smsim::func
