#pragma once
// Runs the occupancy calculator and fails the test on an error outcome.

#include <gtest/gtest.h>

#include "arch/occupancy.h"

namespace smsim::arch::testing {

inline OccupancyResult occupancy_of(const GpuModel& gpu, const OccupancyInput& input) {
  const OccupancyOutcome outcome = occupancy(gpu, input);
  if (const auto* error = std::get_if<OccupancyError>(&outcome)) {
    ADD_FAILURE() << "occupancy failed: " << error->message;
    return {};
  }
  return std::get<OccupancyResult>(outcome);
}

inline OccupancyInput kernel(int threads, int regs, std::int64_t smem) {
  return OccupancyInput{
      .threads_per_block = threads, .regs_per_thread = regs, .static_smem_per_block = smem};
}

}  // namespace smsim::arch::testing
