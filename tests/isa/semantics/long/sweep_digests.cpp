#include "long/sweep_digests.h"

#include <algorithm>
#include <atomic>
#include <map>
#include <sstream>
#include <stdexcept>
#include <thread>

#include "device_golden.h"
#include "probe_inputs.h"

namespace smsim::isa::sem::testing {
namespace {

std::map<std::string, std::vector<uint64_t>> load_sweeps() {
  const std::vector<uint8_t> bytes = read_zstd_file(device_results_dir() + "/sweeps.txt.zst");
  const std::string text(bytes.begin(), bytes.end());
  std::map<std::string, std::vector<uint64_t>> sweeps;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream fields(line);
    std::string name;
    fields >> name;
    std::vector<uint64_t> digests;
    std::string hex;
    while (fields >> hex) digests.push_back(std::stoull(hex, nullptr, 16));
    if (digests.size() != kSweepChunks) throw std::runtime_error("bad sweep line for " + name);
    sweeps[name] = std::move(digests);
  }
  return sweeps;
}

}  // namespace

std::vector<uint64_t> device_sweep_digests(const std::string& name) {
  static const auto sweeps = load_sweeps();
  const auto it = sweeps.find(name);
  return it == sweeps.end() ? std::vector<uint64_t>{} : it->second;
}

std::vector<uint64_t> host_sweep_digests(const std::function<uint64_t(uint32_t)>& semantics) {
  std::vector<uint64_t> digests(kSweepChunks, 0);
  for_each_chunk_in_parallel(kSweepChunks, [&](uint32_t chunk) {
    uint64_t sum = 0;
    const uint64_t base = uint64_t{chunk} << kSweepChunkBits;
    for (uint32_t j = 0; j < (1u << kSweepChunkBits); ++j) {
      const uint64_t x = base + j;
      sum += probe::sweep_term(x, semantics(static_cast<uint32_t>(x)));
    }
    digests[chunk] = sum;
  });
  return digests;
}

uint32_t count_differing_chunks(const std::vector<uint64_t>& device,
                                const std::vector<uint64_t>& host) {
  uint32_t differing = 0;
  for (uint32_t i = 0; i < kSweepChunks; ++i) differing += device.at(i) != host.at(i) ? 1 : 0;
  return differing;
}

void for_each_chunk_in_parallel(uint32_t chunks, const std::function<void(uint32_t)>& body) {
  // Chunks are handed out one at a time, so a thread that drew cheap inputs
  // (NaNs, zeros) takes more chunks instead of idling.
  std::atomic<uint32_t> next{0};
  const uint32_t threads = std::clamp(std::thread::hardware_concurrency(), 1u, chunks);
  std::vector<std::jthread> workers;
  workers.reserve(threads);
  for (uint32_t t = 0; t < threads; ++t) {
    workers.emplace_back([&] {
      for (uint32_t chunk = next++; chunk < chunks; chunk = next++) body(chunk);
    });
  }
}

}  // namespace smsim::isa::sem::testing
