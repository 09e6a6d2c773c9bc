// Per-chunk digests of the H100's exhaustive 2^32-input sweeps
// (tools/probes/results/.../sweeps.txt.zst) and the same digest of a host
// function, computed on every host core.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace smsim::isa::sem::testing {

constexpr uint32_t kSweepChunks = 4096;  // 2^20 inputs each
constexpr uint32_t kSweepChunkBits = 20;

// Empty when the probe did not sweep `name`.
std::vector<uint64_t> device_sweep_digests(const std::string& name);

std::vector<uint64_t> host_sweep_digests(const std::function<uint64_t(uint32_t)>& semantics);

// Chunks whose digests differ.
uint32_t count_differing_chunks(const std::vector<uint64_t>& device,
                                const std::vector<uint64_t>& host);

// Calls body(chunk) once for every chunk in [0, chunks), spread over
// std::thread::hardware_concurrency() threads: a 2^32 sweep is minutes of
// CPU, so the nightly's wall time is that divided by the host's cores.
void for_each_chunk_in_parallel(uint32_t chunks, const std::function<void(uint32_t)>& body);

}  // namespace smsim::isa::sem::testing
