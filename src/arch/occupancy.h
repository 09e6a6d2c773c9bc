#pragma once
// The occupancy calculator: how many blocks of a kernel fit on one SM, which resource
// binds, and what each block is allocated. For CC 3.0 and later it follows the rules of
// the CUDA toolkit's cuda_occupancy.h (which the runtime's cudaOccupancy* queries use);
// for 1.x and 2.x those of NVIDIA's occupancy calculator spreadsheet. Every number comes
// from the GpuModel; no rule here tests a compute capability.

#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <variant>

#include "arch/gpu_model.h"

namespace smsim::arch {

// Legacy L1/shared preference (cudaFuncSetCacheConfig); on carveout SMs it stands in for
// a carveout when none is set.
enum class CacheConfig { kPreferNone, kPreferShared, kPreferL1, kPreferEqual };

// Which per-block shared memory limit applies: the default one, or the opt-in maximum
// the kernel was granted with cudaFuncAttributeMaxDynamicSharedMemorySize.
enum class SharedMemoryLimit { kDefault, kOptIn };

// Partitioned global caching (5.2, 5.3, 6.1, 6.2): a block then uses half an SM.
enum class PartitionedCaching { kOff, kOn, kOnStrict };

enum class LimitingFactor : unsigned {
  kWarps = 1U << 0U,
  kRegisters = 1U << 1U,
  kSharedMemory = 1U << 2U,
  kBlocks = 1U << 3U,
  kBarriers = 1U << 4U,
  kVirtualResources = 1U << 5U,
};

inline constexpr int kCarveoutDefault = -1;  // no carveout preference
inline constexpr int kCarveoutMaxPercent = 100;
// A resource the kernel does not use allows any number of blocks.
inline constexpr int kUnlimitedBlocks = std::numeric_limits<int>::max();

struct OccupancyInput {
  int threads_per_block = 0;
  int regs_per_thread = 0;
  std::int64_t static_smem_per_block = 0;
  std::int64_t dynamic_smem_per_block = 0;
  int carveout_percent = kCarveoutDefault;  // -1 or 0..100; used where the SM has carveouts
  CacheConfig cache_config = CacheConfig::kPreferNone;
  SharedMemoryLimit smem_limit = SharedMemoryLimit::kDefault;
  std::int64_t max_dynamic_smem_per_block = 0;  // the kernel's attribute; checked with kOptIn
  PartitionedCaching partitioned_caching = PartitionedCaching::kOff;
  int block_barriers = 1;  // named barriers per block (__syncthreads uses one)
  int virtual_resources = 0;
};

// Blocks per SM each resource allows (kUnlimitedBlocks when the kernel does not use it).
struct BlockLimits {
  int warps = 0;
  int registers = 0;
  int shared_memory = 0;
  int blocks = 0;
  int barriers = kUnlimitedBlocks;
  int virtual_resources = kUnlimitedBlocks;
};

struct OccupancyResult {
  int active_blocks_per_sm = 0;
  int active_warps_per_sm = 0;
  int active_threads_per_sm = 0;
  int max_warps_per_sm = 0;
  double occupancy = 0.0;  // active warps / max warps, 0..1

  BlockLimits limits;
  unsigned limiting_factors = 0;  // LimitingFactor bits of every limit equal to the result
  LimitingFactor limited_by = LimitingFactor::kWarps;  // the first of them, in enum order

  int warps_per_block = 0;
  int registers_per_block = 0;      // allocated
  std::int64_t smem_per_block = 0;  // allocated, including the reserved part
  std::int64_t smem_per_sm = 0;     // shared memory the SM is configured with
  PartitionedCaching partitioned_caching = PartitionedCaching::kOff;  // as it ends up
};

struct OccupancyError {
  std::string message;
};

using OccupancyOutcome = std::variant<OccupancyResult, OccupancyError>;

// Mirrors cudaOccMaxActiveBlocksPerMultiprocessor; an error where it reports invalid input.
OccupancyOutcome occupancy(const GpuModel& gpu, const OccupancyInput& input);

// Shared memory per SM the carveout / cache preference selects (before a kernel that
// needs more overrides it); an error for a carveout outside -1..100.
std::variant<std::int64_t, OccupancyError> preferred_smem_per_sm(const GpuModel& gpu,
                                                                 const OccupancyInput& input);

// Rounds `bytes` up to the SM's next carveout configuration; nullopt above the largest.
std::optional<std::int64_t> round_up_to_carveout(const GpuModel& gpu, std::int64_t bytes);

// Per-block shared memory limit (static + dynamic + reserved) for `smem_limit`.
std::int64_t smem_limit_per_block(const GpuModel& gpu, SharedMemoryLimit smem_limit,
                                  std::int64_t max_usage_per_block);

// Largest dynamic shared memory per block that still lets `num_blocks` blocks of
// `input`'s kernel reside on one SM (cudaOccupancyAvailableDynamicSMemPerBlock).
std::variant<std::int64_t, OccupancyError> available_dynamic_smem_per_block(
    const GpuModel& gpu, const OccupancyInput& input, int num_blocks);

// The block size with the most resident threads, and the grid that fills the GPU with it
// (cudaOccupancyMaxPotentialBlockSize). `block_size_limit` 0 means the SM's limit.
// `dynamic_smem_for_block_size`, when given, replaces input.dynamic_smem_per_block.
struct PotentialBlockSize {
  int min_grid_size = 0;
  int block_size = 0;
};
std::variant<PotentialBlockSize, OccupancyError> max_potential_block_size(
    const GpuModel& gpu, const OccupancyInput& input, int block_size_limit,
    const std::function<std::int64_t(int)>& dynamic_smem_for_block_size = nullptr);

// The names the CLI and JSON use: "warps", "registers", "shared_memory", "blocks",
// "barriers", "virtual_resources".
std::string_view limiting_factor_name(LimitingFactor factor);

}  // namespace smsim::arch
