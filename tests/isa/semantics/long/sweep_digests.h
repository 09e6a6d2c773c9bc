// Per-chunk digests of the H100's exhaustive 2^32-input sweeps
// (tools/probes/results/.../sweeps.txt.zst) and the same digest of a host
// function, computed on two threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace smsim::isa::sem::testing {

constexpr uint32_t kSweepChunks = 4096;  // 2^20 inputs each

// Empty when the probe did not sweep `name`.
std::vector<uint64_t> device_sweep_digests(const std::string& name);

std::vector<uint64_t> host_sweep_digests(const std::function<uint64_t(uint32_t)>& semantics);

// Chunks whose digests differ.
uint32_t count_differing_chunks(const std::vector<uint64_t>& device,
                                const std::vector<uint64_t>& host);

}  // namespace smsim::isa::sem::testing
