#include "timing/launch_diagnostics.h"

#include <fmt/format.h>

#include "func/exec/barriers.h"
#include "func/exec/cluster_barrier.h"

namespace smsim::timing {
namespace {

struct Place {
  const ResidentBlock* block = nullptr;
  std::uint32_t warp = 0;
};

// The live warp issued latest up to `now`; a live warp if none has. (An SM
// stepped ahead of the loop may have issued later: such a scheduler is
// passed over, so that the answer is lock-step's.)
Place latest_issuer(std::span<const SmState> sms, std::uint64_t now) {
  Place place;
  std::uint64_t latest = 0;
  for (const SmState& sm : sms) {
    for (const SubPartition& sp : sm.partitions) {
      // last_issued_at starts as UINT64_MAX: no issue yet.
      if (sp.last_issued == kNoWarp || sp.last_issued_at > now) continue;
      const WarpSlot& w = sm.warps[sp.last_issued];
      if (!w.live || (place.block != nullptr && sp.last_issued_at <= latest)) continue;
      place = {&sm.blocks[w.block_slot], w.warp};
      latest = sp.last_issued_at;
    }
  }
  for (const SmState& sm : sms) {
    for (const WarpSlot& w : sm.warps) {
      if (place.block == nullptr && w.live) place = {&sm.blocks[w.block_slot], w.warp};
    }
  }
  return place;
}

}  // namespace

func::LaunchError watchdog_error(const func::LaunchState& launch, std::span<const SmState> sms,
                                 const std::string& what, std::uint64_t now) {
  std::string where = fmt::format("simulated cycle {}", now);
  const Place place = latest_issuer(sms, now);
  if (place.block != nullptr) {
    const func::BlockState& block = place.block->state;
    const std::uint32_t pc = block.warps[place.warp].control.pc();
    where = fmt::format("block ({},{},{}) warp {} at PTX line {}, {}", block.ctaid.x,
                        block.ctaid.y, block.ctaid.z, place.warp,
                        pc < launch.kernel.code.size() ? launch.kernel.code[pc].ptx_line : 0,
                        where);
  }
  return func::LaunchError{
      .code = func::CudaError::launch_timeout,
      .message = fmt::format("kernel {}: watchdog: {} ({}); the kernel may never finish",
                             launch.kernel.name, what, where)};
}

std::optional<func::LaunchError> deadlock_error(const func::LaunchState& launch,
                                                std::span<const SmState> sms) {
  for (const SmState& sm : sms) {
    for (const ResidentBlock& block : sm.blocks) {
      if (!block.live) continue;
      // As the functional engine: a cluster of one block is described as
      // the block.
      const bool cluster = block.cluster != nullptr && block.cluster->state.blocks.size() > 1;
      return func::LaunchError{
          .code = func::CudaError::launch_timeout,
          .message = cluster ? func::describe_cluster_deadlock(launch, block.cluster->state)
                             : func::describe_barrier_deadlock(launch, block.state)};
    }
  }
  return std::nullopt;
}

}  // namespace smsim::timing
