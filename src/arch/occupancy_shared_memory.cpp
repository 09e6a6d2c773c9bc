#include <algorithm>

#include "arch/occupancy_limits.h"

namespace smsim::arch {

namespace {

constexpr std::int64_t kBytesPerKib = 1024;
constexpr int kCarveoutHalfPercent = 50;

int carveout_for(CacheConfig config) {
  switch (config) {
    case CacheConfig::kPreferL1:
      return 0;
    case CacheConfig::kPreferShared:
      return kCarveoutMaxPercent;
    case CacheConfig::kPreferEqual:
      return kCarveoutHalfPercent;
    case CacheConfig::kPreferNone:
      return kCarveoutDefault;
  }
  return kCarveoutDefault;
}

std::int64_t cache_config_size(const CacheConfigSizes& sizes, CacheConfig config) {
  switch (config) {
    case CacheConfig::kPreferShared:
      return sizes.prefer_shared;
    case CacheConfig::kPreferL1:
      return sizes.prefer_l1;
    case CacheConfig::kPreferEqual:
      return sizes.prefer_equal;
    case CacheConfig::kPreferNone:
      return sizes.prefer_none;
  }
  return sizes.prefer_none;
}

OccupancyError carveout_overflow(const GpuModel& gpu, std::int64_t bytes) {
  return {std::to_string(bytes) + " bytes of shared memory exceed the largest carveout (" +
          std::to_string(gpu.shared_memory.per_sm) + " bytes) of " + gpu.display_name};
}

}  // namespace

std::optional<std::int64_t> round_up_to_carveout(const GpuModel& gpu, std::int64_t bytes) {
  for (const int kib : gpu.shared_memory.carveout_configs_kib) {
    if (kib * kBytesPerKib >= bytes) return kib * kBytesPerKib;
  }
  return std::nullopt;
}

std::variant<std::int64_t, OccupancyError> preferred_smem_per_sm(const GpuModel& gpu,
                                                                 const OccupancyInput& input) {
  const auto& smem = gpu.shared_memory;
  switch (smem.l1_split) {
    case L1Split::kNone:
      return smem.per_sm;
    case L1Split::kCacheConfig:
      return cache_config_size(smem.cache_config, input.cache_config);
    case L1Split::kCarveout:
      break;
  }
  int percent = input.carveout_percent;
  if (percent < kCarveoutDefault || percent > kCarveoutMaxPercent) {
    return OccupancyError{"carveout " + std::to_string(percent) +
                          "% is outside 0..100 (or -1 for no preference)"};
  }
  if (percent == kCarveoutDefault) percent = carveout_for(input.cache_config);
  const std::int64_t wanted =
      percent == kCarveoutDefault ? smem.per_sm : (percent * smem.per_sm) / kCarveoutMaxPercent;
  const auto rounded = round_up_to_carveout(gpu, wanted);
  if (!rounded) return carveout_overflow(gpu, wanted);
  return *rounded;
}

std::int64_t smem_limit_per_block(const GpuModel& gpu, SharedMemoryLimit smem_limit,
                                  std::int64_t max_usage_per_block) {
  const auto& smem = gpu.shared_memory;
  const bool opted_in =
      smem_limit == SharedMemoryLimit::kOptIn && max_usage_per_block > smem.max_per_block;
  return (opted_in ? smem.max_per_block_optin : smem.max_per_block) + smem.reserved_per_block;
}

namespace detail {

std::variant<SharedMemoryBlockLimit, OccupancyError> shared_memory_limit(
    const GpuModel& gpu, const OccupancyInput& input) {
  const auto& smem = gpu.shared_memory;
  const auto preference = preferred_smem_per_sm(gpu, input);
  if (const auto* error = std::get_if<OccupancyError>(&preference)) return *error;

  const std::int64_t static_bytes = input.static_smem_per_block + smem.reserved_per_block;
  SharedMemoryBlockLimit limit;
  limit.smem_per_block = round_up(static_bytes + input.dynamic_smem_per_block,
                                  static_cast<std::int64_t>(smem.allocation_unit));
  const std::int64_t max_usage = static_bytes + input.max_dynamic_smem_per_block;
  const bool dynamic_exceeded = input.smem_limit != SharedMemoryLimit::kDefault &&
                                input.dynamic_smem_per_block > input.max_dynamic_smem_per_block;
  const bool total_exceeded =
      limit.smem_per_block > smem_limit_per_block(gpu, input.smem_limit, max_usage);
  limit.smem_per_sm = std::get<std::int64_t>(preference);
  if (dynamic_exceeded || total_exceeded) return limit;

  // The preference holds while one block fits it; otherwise the SM is configured with
  // the smallest carveout that fits one block, or (before carveouts) its maximum.
  if (limit.smem_per_sm < limit.smem_per_block) {
    if (smem.l1_split == L1Split::kCarveout) {
      const auto rounded = round_up_to_carveout(gpu, limit.smem_per_block);
      if (!rounded) return carveout_overflow(gpu, limit.smem_per_block);
      limit.smem_per_sm = *rounded;
    } else {
      limit.smem_per_sm = smem.per_sm;
    }
  }
  limit.blocks = limit.smem_per_block > 0
                     ? static_cast<int>(limit.smem_per_sm / limit.smem_per_block)
                     : kUnlimitedBlocks;
  return limit;
}

}  // namespace detail

}  // namespace smsim::arch
