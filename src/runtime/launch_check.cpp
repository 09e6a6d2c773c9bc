#include "runtime/launch_check.h"

#include <algorithm>

namespace smsim::runtime {
namespace {

// Grid limits of every CC since 3.0 (x) and 2.0 (y, z).
constexpr std::uint64_t kMaxGridX = 0x7FFF'FFFF;
constexpr std::uint64_t kMaxGridYZ = 65535;
constexpr std::uint32_t kMaxBlockXY = 1024;
constexpr std::uint32_t kMaxBlockZ = 64;

constexpr auto kInvalidValue = static_cast<std::int32_t>(ErrorCode::invalid_value);

std::uint64_t product(const std::vector<std::uint32_t>& dims) {
  std::uint64_t n = 1;
  for (std::uint32_t d : dims) n *= d;
  return n;
}

}  // namespace

std::int64_t max_dynamic_shared_bytes(const arch::GpuModel& gpu, const func::DecodedKernel& kernel,
                                      const KernelSettings& settings) {
  if (settings.max_dynamic_shared_bytes >= 0) return settings.max_dynamic_shared_bytes;
  return std::max<std::int64_t>(0, gpu.shared_memory.max_per_block - kernel.static_shared_bytes);
}

std::uint32_t max_threads_per_block(const arch::GpuModel& gpu, const ptx::Function* function) {
  auto limit = static_cast<std::uint64_t>(gpu.limits.max_threads_per_block);
  if (function != nullptr) {
    if (!function->perf.maxntid.empty()) limit = std::min(limit, product(function->perf.maxntid));
    if (!function->perf.reqntid.empty()) limit = std::min(limit, product(function->perf.reqntid));
  }
  return static_cast<std::uint32_t>(limit);
}

std::int32_t check_launch(const arch::GpuModel& gpu, const ResolvedKernel& kernel,
                          const func::LaunchConfig& config) {
  const func::Dim3& g = config.grid;
  const func::Dim3& b = config.block;
  if (g.count() == 0 || b.count() == 0) return kInvalidValue;
  if (g.x > kMaxGridX || g.y > kMaxGridYZ || g.z > kMaxGridYZ) return kInvalidValue;
  const auto max_block_xy = std::min<std::uint32_t>(
      kMaxBlockXY, static_cast<std::uint32_t>(gpu.limits.max_threads_per_block));
  if (b.x > max_block_xy || b.y > max_block_xy || b.z > kMaxBlockZ) return kInvalidValue;
  if (b.count() > max_threads_per_block(gpu, kernel.function)) return kInvalidValue;
  const func::DecodedKernel& decoded = *kernel.kernel->kernel;
  if (config.dynamic_shared_bytes >
      max_dynamic_shared_bytes(gpu, decoded, kernel.record->settings)) {
    return kInvalidValue;
  }
  return 0;
}

}  // namespace smsim::runtime
