// Results of PTX instructions recorded on an H100 by
// tools/probes/semantics_probe.cu, and a checker that replays the probe's
// operands through a host function and reports every disagreement.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "probe_inputs.h"

namespace smsim::isa::sem::testing {

struct DeviceRecord {
  std::string name;
  probe::InputKind kinds[3];
  uint32_t result_bytes = 0;
  uint32_t count = 0;
  uint64_t offset = 0;
};

// The contents of a zstd file (one frame with its size recorded).
std::vector<uint8_t> read_zstd_file(const std::string& path);

// The probe's result directory inside the source tree.
std::string device_results_dir();

// Returns nullptr when the probe did not run `name`.
const DeviceRecord* find_device_record(const std::string& name);
uint64_t device_result(const DeviceRecord& record, uint32_t index);
uint64_t probe_operand(const DeviceRecord& record, uint32_t index, uint32_t operand);

using Semantics = std::function<uint64_t(uint64_t a, uint64_t b, uint64_t c)>;

// Number of inputs on which `semantics` disagrees with the device; the first
// few disagreements are printed with their operands.
uint32_t count_device_mismatches(const std::string& name, const Semantics& semantics);

}  // namespace smsim::isa::sem::testing

// Fails unless the op was probed and every result matches.
#define EXPECT_MATCHES_DEVICE(name, ...)                                                  \
  do {                                                                                    \
    ASSERT_NE(::smsim::isa::sem::testing::find_device_record(name), nullptr) << (name);   \
    EXPECT_EQ(::smsim::isa::sem::testing::count_device_mismatches(name, __VA_ARGS__), 0u) \
        << (name);                                                                        \
  } while (0)
