// mbarrier.* on shared memory (and shared::cluster addresses of other blocks
// of the cluster) and cp.async.mbarrier.arrive. The object's encoding and
// phase rules are isa/semantics/mbarrier_state.h. Lanes act in lane order.
// try_wait returns at once instead of suspending for a while: a program
// loops on it until the phase completes, and the other warps run meanwhile.

#include <fmt/format.h>

#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "isa/semantics/mbarrier_state.h"

namespace smsim::func {
namespace {

namespace sem = isa::sem;

// The mbarrier word of `lane`, or nullptr after reporting the fault.
std::byte* object_of(ExecContext& c, const DecodedInstruction& in, unsigned lane) {
  return resolve(c, in.space, lane_address(c, in, lane), sizeof(std::uint64_t), AccessKind::atomic,
                 lane);
}

std::uint64_t load(const std::byte* p) {
  std::uint64_t v;
  std::memcpy(&v, p, sizeof v);
  return v;
}
void store(std::byte* p, std::uint64_t v) {
  std::memcpy(p, &v, sizeof v);
}

// Applies `f(word, lane) -> new word` to each lane's object, stopping at a
// fault.
template <typename F>
void update_each(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask, F&& f) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    std::byte* p = object_of(c, in, lane);
    if (p != nullptr) store(p, f(load(p), lane));
  });
}

std::uint32_t source_or(const ExecContext& c, const DecodedInstruction& in, unsigned lane,
                        std::uint32_t fallback) {
  return in.src_count > 0 ? static_cast<std::uint32_t>(read(c, in.src[0], lane)) : fallback;
}

void init(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  update_each(c, in, mask, [&](std::uint64_t, unsigned lane) {
    return sem::mbarrier_init(source_or(c, in, lane, 1));
  });
}

// arrive / arrive_drop; with .expect_tx the operand is a byte count rather
// than an arrival count.
void arrive(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool drop = in.opcode == isa::Opcode::MbarrierArriveDrop;
  const bool expect_tx = in.mode == isa::Modifier::ExpectTx;
  update_each(c, in, mask, [&](std::uint64_t word, unsigned lane) {
    const std::uint32_t operand = source_or(c, in, lane, 1);
    if (in.dst_count > 0) write(c, in.dst[0], lane, word);
    return sem::mbarrier_arrive(word, expect_tx ? 1 : operand, expect_tx ? operand : 0, drop);
  });
}

void test_wait(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const bool parity = in.mode == isa::Modifier::Parity;
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const std::byte* p = object_of(c, in, lane);
    if (p == nullptr) return;
    const std::uint64_t operand = read(c, in.src[0], lane);
    const bool done = parity
                          ? sem::mbarrier_parity_done(load(p), static_cast<std::uint32_t>(operand))
                          : sem::mbarrier_phase_done(load(p), operand);
    write(c, in.dst[0], lane, done ? 1 : 0);
  });
}

void expect_tx(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  update_each(c, in, mask, [&](std::uint64_t word, unsigned lane) {
    return sem::mbarrier_expect_tx(word, source_or(c, in, lane, 0));
  });
}

void complete_tx(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  update_each(c, in, mask, [&](std::uint64_t word, unsigned lane) {
    return sem::mbarrier_complete_tx(word, source_or(c, in, lane, 0));
  });
}

void invalidate(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  update_each(c, in, mask, [](std::uint64_t, unsigned) { return std::uint64_t{0}; });
}

void pending_count(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    write(c, in.dst[0], lane, sem::mbarrier_pending_count(read(c, in.src[0], lane)));
  });
}

// cp.async.mbarrier.arrive: the arrival happens once the thread's earlier
// cp.async copies are done, which they are at issue in this engine. Without
// .noinc the pending count is raised by one first, so the two cancel.
void copy_arrive(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  if (in.mode != isa::Modifier::Noinc) return;
  update_each(c, in, mask,
              [](std::uint64_t word, unsigned) { return sem::mbarrier_arrive(word, 1, 0, false); });
}

}  // namespace

ExecFn select_mbarrier(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  using O = isa::Opcode;
  for (isa::Modifier m : {isa::Modifier::ExpectTx, isa::Modifier::Parity, isa::Modifier::Noinc}) {
    if (spec.has(m)) in.mode = m;
  }
  switch (spec.opcode) {
    case O::MbarrierInit:
      return &init;
    case O::MbarrierArrive:
    case O::MbarrierArriveDrop:
      return &arrive;
    case O::MbarrierTestWait:
    case O::MbarrierTryWait:
      if (in.src_count == 0 || in.dst_count == 0) break;
      return &test_wait;
    case O::MbarrierExpectTx:
      return &expect_tx;
    case O::MbarrierCompleteTx:
      return &complete_tx;
    case O::MbarrierInval:
      return &invalidate;
    case O::MbarrierPendingCount:
      if (in.src_count == 0 || in.dst_count == 0) break;
      return &pending_count;
    case O::CpAsyncMbarrierArrive:
      return &copy_arrive;
    default:
      break;
  }
  why = fmt::format("{}: this form is not implemented", isa::opcode_mnemonic(spec.opcode));
  return nullptr;
}

}  // namespace smsim::func
