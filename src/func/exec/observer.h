#pragma once
// An optional watcher of a launch (the access and divergence analysis). When
// LaunchOptions::observer is set, the warp loop runs its observed variant and
// reports every instruction it issues, before executing it, so the watcher
// sees the address registers as the instruction reads them. Without an
// observer the loop is the plain one: the analysis costs nothing.

#include <cstdint>
#include <memory>

#include "func/decode/decoded_instruction.h"

namespace smsim::func {

struct ObservedInstruction {
  const DecodedInstruction& in;
  std::uint32_t pc;
  std::uint32_t running;      // lanes of the path that issued it
  std::uint32_t active;       // of those, the lanes whose guard holds
  const std::uint64_t* regs;  // the warp's register rows (regs[reg * 32 + lane])
  std::uint32_t warp_in_block;
};

// Counts for one host worker thread; never shared between threads.
class WarpObserver {
 public:
  virtual ~WarpObserver() = default;
  virtual void on_instruction(const ObservedInstruction& event) = 0;
};

class LaunchObserver {
 public:
  virtual ~LaunchObserver() = default;
  // Called by each worker thread before it runs its first block.
  virtual std::unique_ptr<WarpObserver> start_worker() = 0;
  // Called once per worker when it stops, one at a time; folding counts by
  // addition keeps the result independent of the thread count.
  virtual void finish_worker(std::unique_ptr<WarpObserver> worker) = 0;
};

}  // namespace smsim::func
