#pragma once
// The memory pipeline below the schedulers: per SM an LSU queue, an L1 and
// a shared-memory (MIO) queue; one L2 and one DRAM for the GPU. Bandwidth is
// a queue per resource (the cycle it is next free, advanced by each request's
// occupancy), latency a fixed time per level on top of the queueing delay, so
// that bandwidth saturation shows as growing delays. Requests are served in
// the order the schedulers issue them, which the cycle loop keeps
// deterministic: an access is split into its SM's part at issue (the LSU or
// MIO queue; all of shared, param and constant memory, and local memory where
// there is an L1) and the part behind the LSU (L1, L2, DRAM), which the loop
// runs later in issue order, SM by SM, so that SMs can be stepped in
// parallel. Caches start cold at each launch (as ncu measures with its
// default cache flush).

#include <cstdint>
#include <optional>
#include <vector>

#include "func/memory/device_memory.h"
#include "timing/address_translation.h"
#include "timing/dram.h"
#include "timing/op_timing.h"
#include "timing/sector_cache.h"
#include "timing/stall_reason.h"
#include "timing/timing_params.h"
#include "timing/warp_access.h"

namespace smsim::timing {

struct MemoryResult {
  std::uint64_t ready = 0;  // the cycle the result is back (loads, atomics)
  Stall dependency = Stall::long_scoreboard;
};

class MemorySystem {
 public:
  // `memory`: the device whose addresses the accesses name. The caches,
  // DRAM and translation see each address as its offset in it
  // (func::DeviceMemory::offset_of), never as the host address the OS chose,
  // so a launch takes the same cycles in every run (nullptr: addresses are
  // taken as they are). `translation`: the device's translation state, which
  // outlives the launch (nullptr: every address is translated).
  explicit MemorySystem(const TimingParams& params, const func::DeviceMemory* memory = nullptr,
                        AddressTranslation* translation = nullptr);

  // Issues one warp-instruction's access from SM `sm` at cycle `now`, in
  // the SM's own queues: the result of an access that stays in the SM, or
  // nullopt for one that goes past it, which has taken its LSU slot and
  // left the LSU at `*start`; beyond_lsu() does the rest.
  std::optional<MemoryResult> issue(std::uint32_t sm, std::uint64_t now, const OpTiming& op,
                                    const WarpAccess& a, double* start);
  // The L1, L2 and DRAM part of an access of SM `sm` that left the LSU at
  // `start`. The L2 and DRAM are shared by all SMs: call it in the order the
  // accesses were issued (by cycle, then SM, then issue order).
  MemoryResult beyond_lsu(std::uint32_t sm, double start, const OpTiming& op, const WarpAccess& a);

  // The first cycle from `now` at which the SM's LSU or MIO queue is not
  // backed up (before it, a new request would wait: the lg_throttle /
  // mio_throttle stalls). Only the SM's own issues move it later, so a
  // warp held by the queue need not be looked at again before then.
  std::uint64_t lsu_accepts_at(std::uint32_t sm, std::uint64_t now) const;
  std::uint64_t mio_accepts_at(std::uint32_t sm, std::uint64_t now) const;

  void add_stats(TimingStats& stats) const;

  // The cycle by which every write has reached memory: without L2 (1.x)
  // the kernel ends when DRAM has taken its last store; with L2 (write-back)
  // stores end there at issue, so 0.
  std::uint64_t writes_done() const;

 private:
  struct SmQueues {
    double lsu_free = 0.0;
    double mio_free = 0.0;
    SectorCache l1;
  };
  // A global access's sectors at their offsets in device memory.
  struct Sectors {
    std::uint64_t at[kMaxSectors];
    std::uint32_t count = 0;
  };
  void offsets(const WarpAccess& a, Sectors& out) const;
  std::uint64_t global_load(SmQueues& q, double start, const OpTiming& op, const Sectors& s);
  void global_store(SmQueues& q, double start, const Sectors& s, std::uint64_t partial);
  std::uint64_t global_atomic(double start, const Sectors& s, std::uint32_t same_word_lanes);
  // GPUs without caches for global memory (1.x): the CC's coalesced
  // transactions go straight to DRAM.
  std::uint64_t uncached_global(double start, const OpTiming& op, const WarpAccess& a,
                                const Sectors& s);
  // One sector through the L2 (and DRAM on a miss) from cycle `arrive`;
  // `partial`: a write of only part of it.
  double l2_sector(double arrive, std::uint64_t address, bool write, bool partial);
  // An L2 eviction's dirty `bytes` of the line at `address` written to DRAM from `at`.
  void write_back(double at, std::uint64_t bytes, std::uint64_t address);
  // When a global access that left the LSU at `start` has its regions
  // translated; a store to an untranslated region holds the SM's LSU until then.
  double translated(SmQueues& q, double start, const OpTiming& op, const Sectors& s);

  const TimingParams& p_;
  const func::DeviceMemory* memory_;
  AddressTranslation* translation_;
  std::uint64_t walks_before_ = 0;  // the translation's walks when the launch began
  std::vector<SmQueues> sms_;
  SectorCache l2_;
  double l2_free_ = 0.0;
  Dram dram_;
  double atomic_unit_free_ = 0.0;
  std::uint64_t dram_read_ = 0;
  std::uint64_t dram_write_ = 0;
  std::uint64_t l2_sectors_ = 0;
  std::uint64_t dram_transactions_ = 0;
  std::uint64_t l1_hits_ = 0, l1_misses_ = 0, l2_hits_ = 0, l2_misses_ = 0;
};

}  // namespace smsim::timing
