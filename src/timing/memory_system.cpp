#include "timing/memory_system.h"

#include <algorithm>
#include <bit>
#include <cmath>

#include "analysis/global_coalescing.h"
#include "analysis/shared_banks.h"

namespace smsim::timing {
namespace {

constexpr std::uint32_t kL1Ways = 4;
constexpr std::uint32_t kL2Ways = 16;

std::uint64_t ceil_cycle(double t) {
  return static_cast<std::uint64_t>(std::ceil(t));
}

analysis::GlobalPath global_path(const OpTiming& op) {
  if (op.mem == MemOp::load) return op.l2_only ? analysis::GlobalPath::load_l2_only
                                               : analysis::GlobalPath::load;
  return analysis::GlobalPath::store;
}

// The access as the rules of src/analysis take it: accesses wider than their
// 16 bytes (v4.f64) as `parts` 16-byte accesses.
analysis::WarpAccess rule_access(const WarpAccess& a, unsigned& parts) {
  analysis::WarpAccess lanes = a.lanes_access;
  parts = 1;
  if (analysis::size_class(lanes.size) < 0) {
    parts = std::max(1u, lanes.size / 16);
    lanes.size = 16;
  }
  return lanes;
}

// The CC's transactions for one warp-access.
analysis::GlobalCost coalesced(const WarpAccess& a, const arch::GlobalAccessRules& rules,
                               analysis::GlobalPath path) {
  unsigned parts = 1;
  analysis::GlobalCost cost = analysis::global_access_cost(rule_access(a, parts), rules, path);
  cost.requests *= parts;
  cost.transactions *= parts;
  cost.bytes *= parts;
  return cost;
}

// Passes over the shared-memory banks (ncu's wavefronts) under the CC's
// bank-conflict rule: a conflict-free warp is one pass (two half-warps on 1.x).
std::uint32_t shared_passes(const WarpAccess& a, const TimingParams& p) {
  unsigned parts = 1;
  const analysis::SharedCost cost =
      analysis::shared_access_cost(rule_access(a, parts), p.shared_rules, p.shared_banks);
  return std::max<std::uint32_t>(1, cost.wavefronts * parts);
}

// The most lanes contending for one shared-memory atomic: lanes on one word,
// or, where atomics are lock loops (handbook §8.1.5: the lock is picked by
// bits 2-9 of the address), lanes on one lock, so that words 256 apart
// contend although they differ.
std::uint32_t most_lanes_on_one_lock(const WarpAccess& a, int lock_bits) {
  if (lock_bits <= 0 || lock_bits >= 64) return a.same_word_lanes;
  const std::uint64_t mask = (std::uint64_t{1} << lock_bits) - 1;
  std::uint64_t locks[analysis::kLanes];
  unsigned n = 0;
  for (std::uint32_t m = a.lanes_access.mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    locks[n++] = (a.lanes_access.address[lane] / 4) & mask;
  }
  std::sort(locks, locks + n);
  std::uint32_t worst = 1;
  std::uint32_t run = 1;
  for (unsigned i = 1; i < n; ++i) {
    run = locks[i] == locks[i - 1] ? run + 1 : 1;
    worst = std::max(worst, run);
  }
  return worst;
}

}  // namespace

MemorySystem::MemorySystem(const TimingParams& params, const func::DeviceMemory* memory,
                           AddressTranslation* translation)
    : p_(params),
      memory_(memory),
      translation_(translation),
      walks_before_(translation != nullptr ? translation->walks() : 0),
      l2_(std::max<std::uint64_t>(params.l2_bytes, 1024), params.l1_line_bytes, kL2Ways),
      dram_(params) {
  sms_.resize(params.sm_count);
  for (SmQueues& q : sms_) {
    q.l1 =
        SectorCache(std::uint64_t(params.facts.l1_data_kib) * 1024, params.l1_line_bytes, kL1Ways);
  }
}

namespace {

// A queue free at `free` is backed up at cycle t while free > t + 1.
std::uint64_t queue_accepts_at(double free, std::uint64_t now) {
  if (free <= static_cast<double>(now) + 1.0) return now;
  auto t = static_cast<std::uint64_t>(std::ceil(free - 1.0));
  while (free > static_cast<double>(t) + 1.0) ++t;  // guards the rounding of free - 1
  return t;
}

}  // namespace

std::uint64_t MemorySystem::lsu_accepts_at(std::uint32_t sm, std::uint64_t now) const {
  return queue_accepts_at(sms_[sm].lsu_free, now);
}

std::uint64_t MemorySystem::mio_accepts_at(std::uint32_t sm, std::uint64_t now) const {
  return queue_accepts_at(sms_[sm].mio_free, now);
}

double MemorySystem::l2_sector(double arrive, std::uint64_t address, bool write, bool partial) {
  const double slot = std::max(arrive, l2_free_);
  // A byte-masked write of part of a sector takes the L2 longer than a whole
  // sector (ncu transpose_naive: the L2 busy 97% of the kernel on 4.19M
  // four-byte writes, docs/timing.md).
  const double per_partial = p_.facts.l2_partial_writes_per_cycle;
  l2_free_ = slot + (write && partial && per_partial > 0.0 ? 1.0 / per_partial
                                                           : 1.0 / p_.facts.l2_sectors_per_cycle);
  ++l2_sectors_;
  if (write) {
    // Write-back L2: a store allocates its sector dirty; DRAM sees it on eviction.
    std::uint64_t evicted = 0;
    const std::uint64_t dirty = l2_.fill(address, kSectorBytes, true, &evicted);
    write_back(slot, dirty, evicted);
    return slot + p_.facts.latency.l2_hit;
  }
  if (l2_.lookup(address)) {
    ++l2_hits_;
    return slot + p_.facts.latency.l2_hit;
  }
  ++l2_misses_;
  const auto fetch = static_cast<std::uint32_t>(p_.facts.dram_fetch_bytes);
  const std::uint64_t block = address / fetch * fetch;
  const double dram_slot = dram_.transfer(slot, block, fetch).start;
  dram_read_ += fetch;
  std::uint64_t evicted = 0;
  const std::uint64_t dirty = l2_.fill(block, fetch, false, &evicted);
  write_back(slot, dirty, evicted);
  return dram_slot + p_.facts.latency.dram + dram_.latency_offset(block);
}

void MemorySystem::write_back(double at, std::uint64_t bytes, std::uint64_t address) {
  if (bytes == 0) return;
  // The evicted line's dirty sectors take their channel's time like reads.
  dram_write_ += bytes;
  dram_.transfer(at, address, static_cast<std::uint32_t>(bytes));
}

void MemorySystem::offsets(const WarpAccess& a, Sectors& out) const {
  out.count = a.sector_count;
  for (std::uint32_t i = 0; i < a.sector_count; ++i) {
    out.at[i] = memory_ != nullptr ? memory_->offset_of(a.sectors[i]) : a.sectors[i];
  }
}

std::uint64_t MemorySystem::global_load(SmQueues& q, double start, const OpTiming& op,
                                        const Sectors& s) {
  double ready = start + p_.facts.latency.l1_hit;
  // Whether the CC caches the load in L1, and in which unit (App. G: 2.x
  // caches global loads by default in 128-byte lines, 3.x and 5.x only in
  // L2, 7.x on in 32-byte sectors): an L1 miss fetches the whole unit.
  const arch::GlobalAccessRules& rules = p_.global_rules;
  const bool cached =
      !op.l2_only && rules.loads_cached_by_default && rules.cached_unit_bytes > 0;
  const auto unit = static_cast<std::uint64_t>(
      std::max<int>(static_cast<int>(kSectorBytes), rules.cached_unit_bytes));
  for (std::uint32_t i = 0; i < s.count; ++i) {
    const std::uint64_t sector = s.at[i];
    if (cached && q.l1.lookup(sector)) {
      ++l1_hits_;
      continue;
    }
    ++l1_misses_;
    if (!cached) {
      ready = std::max(ready, l2_sector(start, sector, false, false));
      continue;
    }
    for (std::uint64_t u = sector / unit * unit; u < (sector / unit + 1) * unit; u += kSectorBytes) {
      if (u != sector && q.l1.lookup(u)) continue;
      ready = std::max(ready, l2_sector(start, u, false, false));
      q.l1.fill(u, kSectorBytes, false);
    }
  }
  return ceil_cycle(ready);
}

void MemorySystem::global_store(SmQueues& q, double start, const Sectors& s,
                                std::uint64_t partial) {
  for (std::uint32_t i = 0; i < s.count; ++i) {
    // L1 is write-through without allocation: a stored sector leaves it.
    q.l1.invalidate(s.at[i]);
    l2_sector(start, s.at[i], true, (partial >> i & 1) != 0);
  }
}

std::uint64_t MemorySystem::global_atomic(double start, const Sectors& s,
                                          std::uint32_t same_word_lanes) {
  // Atomics execute at the L2: one unit's time per warp-atomic plus the
  // serialization of lanes on one word.
  double arrive = start;
  for (std::uint32_t i = 0; i < s.count; ++i) arrive = l2_sector(start, s.at[i], true, false);
  const double slot = std::max(start, atomic_unit_free_);
  atomic_unit_free_ = slot + p_.facts.atomic_global_cycles +
                      p_.facts.atomic_global_same_address_cycles * (same_word_lanes - 1);
  return ceil_cycle(std::max(arrive, atomic_unit_free_ + p_.facts.latency.l2_hit));
}

std::uint64_t MemorySystem::uncached_global(double start, const OpTiming& op,
                                            const WarpAccess& a, const Sectors& s) {
  // DRAM moves each transaction's bytes at its bandwidth, so uncoalesced
  // accesses cost bandwidth (the LSU's part: issue()).
  const analysis::GlobalCost cost = coalesced(a, p_.global_rules, global_path(op));
  const std::uint64_t address = s.count > 0 ? s.at[0] : 0;
  const double dram_end =
      dram_.transfer(start, address, static_cast<std::uint32_t>(cost.bytes)).end;
  dram_transactions_ += cost.transactions;
  if (op.mem == MemOp::load) {
    dram_read_ += cost.bytes;
  } else {
    dram_write_ += cost.bytes;
  }
  if (op.mem == MemOp::store) return ceil_cycle(start);
  double ready = dram_end + p_.facts.latency.dram;
  if (op.mem == MemOp::atomic) {
    // Global atomics (1.1+) read, modify and write DRAM through one unit.
    dram_read_ += cost.bytes;
    const double slot = std::max(ready, atomic_unit_free_);
    atomic_unit_free_ = slot + p_.facts.atomic_global_cycles +
                        p_.facts.atomic_global_same_address_cycles * (a.same_word_lanes - 1);
    ready = atomic_unit_free_;
  }
  return ceil_cycle(ready);
}

std::optional<MemoryResult> MemorySystem::issue(std::uint32_t sm, std::uint64_t now,
                                                const OpTiming& op, const WarpAccess& a,
                                                double* start) {
  SmQueues& q = sms_[sm];
  const auto& f = p_.facts;
  switch (a.space) {
    case func::MemorySpace::shared: {
      // Shared memory (MIO): one wavefront per conflict way; atomics as
      // read-modify-write loops serialized per word.
      const double from = std::max(static_cast<double>(now), q.mio_free);
      const std::uint32_t passes = shared_passes(a, p_);
      double busy = passes;
      double latency = f.latency.shared + double(f.shared_conflict_cycles) * (passes - 1);
      if (op.mem == MemOp::atomic) {
        const std::uint32_t contenders = most_lanes_on_one_lock(a, f.atomic_shared_lock_bits);
        busy = f.atomic_shared_cycles + f.atomic_shared_conflict_cycles * (contenders - 1);
        latency += busy;
      }
      q.mio_free = from + busy;
      return MemoryResult{ceil_cycle(from + latency), Stall::short_scoreboard};
    }
    case func::MemorySpace::param:
    case func::MemorySpace::constant:
      // Kernel parameters and constants: the constant cache, an operand read.
      return MemoryResult{now + static_cast<std::uint64_t>(f.latency.alu), Stall::wait};
    case func::MemorySpace::local: {
      // Local memory is interleaved per thread, so a warp's access coalesces;
      // its working set is assumed to stay in L1, where there is one
      // (without one, beyond_lsu() goes to DRAM).
      const double from = std::max(static_cast<double>(now), q.lsu_free);
      q.lsu_free = from + 1.0;
      if (p_.l1_bytes == 0) {
        *start = from;
        return std::nullopt;
      }
      return MemoryResult{ceil_cycle(from + f.latency.l1_hit), Stall::long_scoreboard};
    }
    default:
      break;
  }
  // The LSU takes one cycle per 128-byte line the warp touches (a perfectly
  // coalesced 4-byte load is one line; a scattered one up to 32); without
  // caches (1.x), one per transaction of the CC's coalescing.
  const std::uint32_t slots = p_.l2_bytes == 0
                                  ? coalesced(a, p_.global_rules, global_path(op)).transactions
                                  : a.lines;
  *start = std::max(static_cast<double>(now), q.lsu_free);
  q.lsu_free = *start + std::max<std::uint32_t>(1, slots);
  return std::nullopt;
}

double MemorySystem::translated(SmQueues& q, double start, const OpTiming& op,
                                const Sectors& s) {
  if (translation_ == nullptr || !translation_->enabled()) return start;
  double ready = start;
  std::uint64_t region = AddressTranslation::kOutside;
  for (std::uint32_t i = 0; i < s.count; ++i) {
    // A warp's sectors mostly share one region: one look-up for them.
    const std::uint64_t r = translation_->region(s.at[i]);
    if (r == region || r == AddressTranslation::kOutside) continue;
    region = r;
    ready = std::max(ready, translation_->ready(s.at[i], start));
  }
  // A load or atomic waits for its walk with its result, while the SM's
  // other accesses go on. A store cannot leave the SM untranslated, and the
  // SM's later accesses queue behind it: on the H100 the SMs stay busy
  // through the walk (ncu: sm__cycles_active.avg 7427 in offset_copy_0's
  // first launch, 6022 in its second) although no warp waits for a store.
  if (op.mem == MemOp::store) q.lsu_free = std::max(q.lsu_free, ready);
  return ready;
}

MemoryResult MemorySystem::beyond_lsu(std::uint32_t sm, double start, const OpTiming& op,
                                      const WarpAccess& a) {
  SmQueues& q = sms_[sm];
  // Only global accesses name sectors (warp_access.h); they enter the
  // caches and DRAM at their offsets in device memory.
  Sectors s;
  offsets(a, s);
  if (a.space == func::MemorySpace::global) start = translated(q, start, op, s);
  if (a.space == func::MemorySpace::local) {
    const auto bytes = static_cast<std::uint32_t>(a.lanes * a.lanes_access.size);
    const std::uint64_t address = s.count > 0 ? s.at[0] : 0;
    const double end = dram_.transfer(start, address, bytes).end;
    return {ceil_cycle(end + p_.facts.latency.dram), Stall::long_scoreboard};
  }
  if (p_.l2_bytes == 0) return {uncached_global(start, op, a, s), Stall::long_scoreboard};
  switch (op.mem) {
    case MemOp::store:
      global_store(q, start, s, a.partial_sectors);
      return {ceil_cycle(start), Stall::long_scoreboard};
    case MemOp::atomic:
      return {global_atomic(start, s, a.same_word_lanes), Stall::long_scoreboard};
    default:
      return {global_load(q, start, op, s), Stall::long_scoreboard};
  }
}

std::uint64_t MemorySystem::writes_done() const {
  return p_.l2_bytes == 0 ? ceil_cycle(dram_.last_end()) : 0;
}

void MemorySystem::add_stats(TimingStats& stats) const {
  stats.dram_read_bytes += dram_read_;
  stats.dram_write_bytes += dram_write_;
  stats.l2_sectors += l2_sectors_;
  stats.dram_transactions += dram_transactions_;
  stats.dram_activations += dram_.activations();
  if (translation_ != nullptr) stats.translation_walks += translation_->walks() - walks_before_;
  stats.l1_hit_sectors += l1_hits_;
  stats.l1_miss_sectors += l1_misses_;
  stats.l2_hit_sectors += l2_hits_;
  stats.l2_miss_sectors += l2_misses_;
}

}  // namespace smsim::timing
