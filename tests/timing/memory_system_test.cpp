// The L2 queue of the memory system on the H100 model's facts: byte-masked
// writes of part of a sector take it longer than whole sectors
// (l2_partial_writes_per_cycle, configs/arch/hopper.toml).
#include "timing/memory_system.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "timing_test_models.h"

namespace smsim::timing {
namespace {

// A warp-store of 32 sectors 8 KiB apart (one per lane), whole or partial.
WarpAccess strided_store(std::uint64_t base, bool partial) {
  WarpAccess a;
  a.space = func::MemorySpace::global;
  a.lanes = 32;
  for (std::uint64_t i = 0; i < 32; ++i) a.sectors[a.sector_count++] = base + i * 8192;
  a.lines = 32;
  a.partial_sectors = partial ? ~std::uint64_t{0} >> 32 : 0;
  return a;
}

// When a load issued at cycle 0 after `stores` such warp-stores gets its
// L2 slot: its result's cycle less the DRAM latency (the line is cold; one
// latency for every miss, without the spread of latency_quantiles).
std::uint64_t load_slot_after(int stores, bool partial) {
  auto p = timing_params(test_models::gpu("h100"));
  EXPECT_TRUE(p.params) << p.error;
  p.params->facts.dram.latency_quantiles.clear();
  MemorySystem m(*p.params);
  OpTiming store;
  store.mem = MemOp::store;
  for (int s = 0; s < stores; ++s) m.beyond_lsu(0, 0.0, store, strided_store(0x100000 + 4 * s, partial));
  OpTiming load;
  load.mem = MemOp::load;
  load.l2_only = true;
  WarpAccess a;
  a.space = func::MemorySpace::global;
  a.lanes = 32;
  a.sectors[a.sector_count++] = 0x900000;
  a.lines = 1;
  return m.beyond_lsu(0, 0.0, load, a).ready -
         static_cast<std::uint64_t>(p.params->facts.latency.dram);
}

TEST(MemorySystem, PartialSectorWritesOccupyTheL2Longer) {
  const auto& f = test_models::gpu("h100").timing;
  ASSERT_GT(f.l2_partial_writes_per_cycle, 0.0);
  ASSERT_LT(f.l2_partial_writes_per_cycle, f.l2_sectors_per_cycle);
  // 8 warp-stores of 32 sectors: 256 sectors ahead of the load.
  EXPECT_EQ(load_slot_after(8, false),
            static_cast<std::uint64_t>(std::ceil(256 / f.l2_sectors_per_cycle)));
  EXPECT_EQ(load_slot_after(8, true),
            static_cast<std::uint64_t>(std::ceil(256 / f.l2_partial_writes_per_cycle)));
}

// The LSU takes one cycle per 128-byte line: after a warp-load of 8 lines
// issued at cycle 0 it is free at 8, and a request waits while the queue is
// free later than the next cycle: held at cycle 6, accepted from 7 (the
// scheduler wakes an lg_throttle warp then instead of every cycle).
TEST(MemorySystem, LsuAcceptsOnceItsQueueDrains) {
  const auto p = timing_params(test_models::gpu("h100"));
  ASSERT_TRUE(p.params) << p.error;
  MemorySystem m(*p.params);
  EXPECT_EQ(m.lsu_accepts_at(0, 0), 0u);
  OpTiming load;
  load.mem = MemOp::load;
  WarpAccess a;
  a.space = func::MemorySpace::global;
  a.lanes = 32;
  for (std::uint64_t i = 0; i < 8; ++i) a.sectors[a.sector_count++] = 0x10000 + i * 128;
  a.lines = 8;
  double start = 0.0;
  EXPECT_FALSE(m.issue(0, 0, load, a, &start).has_value());
  EXPECT_EQ(m.lsu_accepts_at(0, 0), 7u);
  EXPECT_EQ(m.lsu_accepts_at(0, 6), 7u);
  EXPECT_EQ(m.lsu_accepts_at(0, 7), 7u);
  EXPECT_EQ(m.lsu_accepts_at(0, 9), 9u);
  EXPECT_EQ(m.lsu_accepts_at(1, 0), 0u);  // another SM's LSU
  EXPECT_EQ(m.mio_accepts_at(0, 0), 0u);  // the shared-memory queue is apart
}

// Device addresses are host addresses the OS places anywhere: a miss's
// latency spread follows its offset in device memory, so two runs whose
// memory starts elsewhere time the same loads alike.
TEST(MemorySystem, MissLatencyFollowsTheOffsetInDeviceMemoryNotTheAddress) {
  const auto p = timing_params(test_models::gpu("h100"));
  ASSERT_TRUE(p.params) << p.error;
  ASSERT_FALSE(p.params->facts.dram.latency_quantiles.empty());
  // Two devices at once: two reservations, two bases.
  func::DeviceMemory first(std::uint64_t{1} << 30);
  func::DeviceMemory second(std::uint64_t{1} << 30);
  ASSERT_NE(first.base(), second.base());
  func::DeviceMemory* devices[2] = {&first, &second};
  std::vector<std::uint64_t> ready[2];
  for (int run = 0; run < 2; ++run) {
    const std::uint64_t buffer = devices[run]->allocate(64 * 4096);
    ASSERT_NE(buffer, 0u);
    MemorySystem m(*p.params, devices[run]);
    OpTiming load;
    load.mem = MemOp::load;
    load.l2_only = true;
    for (std::uint64_t block = 0; block < 64; ++block) {
      WarpAccess a;
      a.space = func::MemorySpace::global;
      a.lanes = 32;
      a.sectors[a.sector_count++] = buffer + block * 4096;
      a.lines = 1;
      ready[run].push_back(m.beyond_lsu(0, double(block * 1000), load, a).ready - block * 1000);
    }
  }
  EXPECT_EQ(ready[0], ready[1]);
  // and the spread is there: not every miss takes the same time
  EXPECT_NE(*std::min_element(ready[0].begin(), ready[0].end()),
            *std::max_element(ready[0].begin(), ready[0].end()));
}

// The device's translation state (src/timing/address_translation.h, the
// H100's [sm_90.timing.translation]): a load of an untouched region waits for
// the walk before its L2 and DRAM time (the SM's LSU goes on), a store to one
// holds its SM's LSU until the walk ends (the H100's SMs stay busy through
// it), and the same accesses in a later launch on that state pay nothing.
TEST(MemorySystem, UntranslatedRegionsDelayTheAccessAndHoldTheSmsLsu) {
  const auto p = timing_params(test_models::gpu("h100"));
  ASSERT_TRUE(p.params) << p.error;
  const arch::TranslationFacts& f = p.params->facts.translation;
  ASSERT_GT(f.region_kib, 0);
  ASSERT_GT(f.miss_cycles, 0.0);
  AddressTranslation translation(std::uint64_t(f.region_kib) * 1024, f.miss_cycles);
  OpTiming load;
  load.mem = MemOp::load;
  load.l2_only = true;
  OpTiming store;
  store.mem = MemOp::store;
  WarpAccess in;
  in.space = func::MemorySpace::global;
  in.lanes = 32;
  in.sectors[in.sector_count++] = 0x40000000;
  in.lines = 1;
  WarpAccess out = in;
  out.sectors[0] = 0x80000000;
  // The same load without a translation state (its DRAM latency is the
  // spread's pick for its block, the same in every case here).
  const std::uint64_t untranslated = MemorySystem(*p.params).beyond_lsu(0, 10.0, load, in).ready;
  const auto miss = static_cast<std::uint64_t>(f.miss_cycles);
  {
    translation.begin_launch(std::uint64_t{1} << 40);
    MemorySystem m(*p.params, nullptr, &translation);
    EXPECT_EQ(m.beyond_lsu(0, 10.0, load, in).ready, untranslated + miss);
    EXPECT_EQ(m.lsu_accepts_at(0, 20), 20u);
    m.beyond_lsu(1, 20.0, store, out);
    EXPECT_EQ(m.lsu_accepts_at(1, 30), 20 + miss - 1);
    TimingStats stats;
    m.add_stats(stats);
    EXPECT_EQ(stats.translation_walks, 2u);
  }
  {
    translation.begin_launch(std::uint64_t{1} << 40);
    MemorySystem m(*p.params, nullptr, &translation);
    EXPECT_EQ(m.beyond_lsu(0, 10.0, load, in).ready, untranslated);
    m.beyond_lsu(1, 20.0, store, out);
    EXPECT_EQ(m.lsu_accepts_at(1, 30), 30u);
    TimingStats stats;
    m.add_stats(stats);
    EXPECT_EQ(stats.translation_walks, 0u);
  }
}

}  // namespace
}  // namespace smsim::timing
