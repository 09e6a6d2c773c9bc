#include "occupancy_sampler.h"

#include <algorithm>
#include <array>

namespace smsim::arch::testing {

std::uint64_t SplitMix64::next() {
  // SplitMix64 constants (Steele, Lea, Flood 2014).
  state_ += 0x9E3779B97F4A7C15ULL;
  std::uint64_t z = state_;
  z = (z ^ (z >> 30U)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27U)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31U);
}

std::int64_t SplitMix64::between(std::int64_t low, std::int64_t high) {
  const auto span = static_cast<std::uint64_t>(high - low) + 1;
  return low + static_cast<std::int64_t>(next() % span);
}

namespace {

constexpr std::int64_t kBytesPerKib = 1024;
constexpr int kTypicalMaxRegs = 64;
constexpr std::int64_t kTypicalSmemFraction = 8;

template <typename T, std::size_t N>
T pick(SplitMix64& random, const std::array<T, N>& choices) {
  return choices[static_cast<std::size_t>(random.between(0, N - 1))];
}

int sample_threads(const GpuModel& gpu, SplitMix64& random) {
  const int max = gpu.limits.max_threads_per_block;
  const int warp = gpu.limits.warp_size;
  switch (random.between(0, 7)) {
    case 0:
      return static_cast<int>(random.between(1, max / warp)) * warp;  // whole warps
    case 1:
      return static_cast<int>(random.between(1, max / warp)) * warp + 1;  // one thread over
    case 2:
      return static_cast<int>(random.between(max - 2 * warp, max + warp));  // around the limit
    case 3:
      return static_cast<int>(random.between(1, max));
    default:  // what most kernels use
      return static_cast<int>(random.between(1, max / 4));
  }
}

int sample_regs(const GpuModel& gpu, SplitMix64& random) {
  const int max = gpu.registers.max_per_thread;
  switch (random.between(0, 7)) {
    case 0:
      return static_cast<int>(random.between(std::max(0, max - 8), max));
    case 1:
      return static_cast<int>(random.between(0, 8));
    case 2: {
      // Just above and at a register allocation boundary of one warp.
      const int per_unit = std::max(1, gpu.registers.allocation_unit / gpu.limits.warp_size);
      const int boundary = static_cast<int>(random.between(0, max / per_unit)) * per_unit;
      return std::min(max, boundary + static_cast<int>(random.between(0, 1)));
    }
    case 3:
      return static_cast<int>(random.between(0, max));
    default:  // what most kernels use
      return static_cast<int>(random.between(0, std::min(max, kTypicalMaxRegs)));
  }
}

// Shared memory per block (static + dynamic) near the interesting sizes.
std::int64_t sample_smem_total(const GpuModel& gpu, SplitMix64& random) {
  const auto& smem = gpu.shared_memory;
  const std::int64_t optin = smem.max_per_block_optin;
  const std::int64_t unit = smem.allocation_unit;
  switch (random.between(0, 9)) {
    case 0:
      return 0;
    case 1:
      return random.between(0, optin / unit) * unit + random.between(-1, 1);
    case 2: {
      // Just above an integer divisor of the SM's shared memory.
      const std::int64_t blocks = random.between(1, gpu.limits.max_blocks_per_sm + 1);
      return smem.per_sm / blocks - smem.reserved_per_block + random.between(-2, 2) * unit +
             random.between(0, 1);
    }
    case 3: {
      if (smem.carveout_configs_kib.empty()) return random.between(0, optin);
      const auto index = static_cast<std::size_t>(
          random.between(0, static_cast<std::int64_t>(smem.carveout_configs_kib.size()) - 1));
      return smem.carveout_configs_kib[index] * kBytesPerKib - smem.reserved_per_block +
             random.between(-1, 1);
    }
    case 4:
      return random.between(optin - 2 * unit, optin + unit);  // around the opt-in limit
    case 5:
      return random.between(smem.max_per_block - unit, smem.max_per_block + unit);
    case 6:
      return random.between(0, optin);
    default:  // what most kernels use
      return random.between(0, smem.per_sm / kTypicalSmemFraction);
  }
}

}  // namespace

std::vector<OccupancyInput> sample_occupancy_inputs(const GpuModel& gpu, SplitMix64& random,
                                                    int count) {
  constexpr std::array kCacheConfigs{CacheConfig::kPreferNone, CacheConfig::kPreferShared,
                                     CacheConfig::kPreferL1, CacheConfig::kPreferEqual};
  constexpr std::array kCaching{PartitionedCaching::kOff, PartitionedCaching::kOn,
                                PartitionedCaching::kOnStrict};
  std::vector<OccupancyInput> inputs;
  inputs.reserve(static_cast<std::size_t>(count));
  for (int i = 0; i < count; ++i) {
    OccupancyInput input;
    input.threads_per_block = sample_threads(gpu, random);
    input.regs_per_thread = sample_regs(gpu, random);
    const std::int64_t total = std::max<std::int64_t>(0, sample_smem_total(gpu, random));
    input.static_smem_per_block = random.one_in(3) ? random.between(0, total) : 0;
    input.dynamic_smem_per_block = total - input.static_smem_per_block;
    input.carveout_percent =
        random.one_in(3) ? kCarveoutDefault : static_cast<int>(random.between(0, 100));
    input.cache_config = pick(random, kCacheConfigs);
    input.smem_limit = random.one_in(2) ? SharedMemoryLimit::kOptIn : SharedMemoryLimit::kDefault;
    input.max_dynamic_smem_per_block =
        random.one_in(2) ? input.dynamic_smem_per_block + random.between(-1, 1)
                         : random.between(0, gpu.shared_memory.max_per_block_optin);
    input.max_dynamic_smem_per_block = std::max<std::int64_t>(0, input.max_dynamic_smem_per_block);
    input.partitioned_caching = pick(random, kCaching);
    input.block_barriers = random.one_in(4) ? static_cast<int>(random.between(0, 8)) : 1;
    input.virtual_resources = random.one_in(4) ? static_cast<int>(random.between(0, 64)) : 0;
    inputs.push_back(input);
  }
  return inputs;
}

}  // namespace smsim::arch::testing
