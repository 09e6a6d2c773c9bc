#pragma once
// Deterministic sampling of occupancy inputs for one SM model: uniform points plus the
// edges where answers change (limits, allocation-unit boundaries, carveout boundaries).

#include <cstdint>
#include <vector>

#include "arch/gpu_model.h"
#include "arch/occupancy.h"

namespace smsim::arch::testing {

// A portable generator (std distributions differ between standard libraries).
class SplitMix64 {
 public:
  explicit SplitMix64(std::uint64_t seed) : state_(seed) {}
  std::uint64_t next();
  // Uniform in [low, high].
  std::int64_t between(std::int64_t low, std::int64_t high);
  bool one_in(int n) { return between(1, n) == 1; }

 private:
  std::uint64_t state_;
};

std::vector<OccupancyInput> sample_occupancy_inputs(const GpuModel& gpu, SplitMix64& random,
                                                    int count);

}  // namespace smsim::arch::testing
