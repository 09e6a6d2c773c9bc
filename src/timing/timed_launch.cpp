#include "timing/timed_launch.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstring>

#include "func/decode/descriptor_query.h"
#include "func/exec/block_setup.h"
#include "timing/grid_run.h"

namespace smsim::timing {

TimedLaunchResult launch_timed(const func::DecodedKernel& kernel, const func::LaunchConfig& config,
                               const func::LaunchOptions& options, func::DeviceMemory& memory,
                               std::span<const std::byte> params, const TimingParams& timing,
                               std::uint32_t blocks_per_sm, const func::LaunchLimits& limits,
                               func::DeviceHeap* heap, AddressTranslation* translation) {
  TimedLaunchResult result;
  if (kernel.descriptor_query) {
    result.launch.error = func::descriptor_query_error(kernel.name, *kernel.descriptor_query);
    return result;
  }
  if (auto problem = func::validate(kernel, config, params, limits)) {
    result.launch.error = func::LaunchError{
        .code = func::CudaError::invalid_configuration,
        .message = fmt::format("kernel {}: invalid launch: {}", kernel.name, *problem)};
    return result;
  }
  func::LaunchOptions timed = options;
  timed.timed_clock = true;
  func::LaunchState launch{.kernel = kernel,
                           .config = config,
                           .options = timed,
                           .memory = memory,
                           .params = func::ByteWindow(func::MemorySpace::param, params.size()),
                           .heap = heap,
                           .cluster_dims = func::cluster_dims(kernel, config),
                           .explicit_cluster = func::explicit_cluster(kernel, config)};
  if (!params.empty()) std::memcpy(launch.params.data(), params.data(), params.size());
  // cudaLaunchCooperativeKernel promises that every block is resident at
  // once (its grid.sync() spins until all have arrived).
  const std::uint64_t resident = std::uint64_t{std::max<std::uint32_t>(1, blocks_per_sm)} *
                                 timing.sm_count;
  if (config.cooperative && config.grid.count() > resident) {
    result.launch.error = func::LaunchError{
        .code = func::CudaError::invalid_configuration,
        .message = fmt::format("kernel {}: a cooperative grid of {} blocks exceeds the {} that "
                               "can be resident at once",
                               kernel.name, config.grid.count(), resident)};
    return result;
  }
  if (auto error = func::reserve_grid_workspace(launch)) {
    result.launch.error = std::move(*error);
    return result;
  }
  if (translation != nullptr) translation->begin_launch(memory.reserved_bytes());
  GridRun grid(launch, timing, blocks_per_sm, translation);
  result = grid.run();
  func::release_grid_workspace(launch);
  return result;
}

}  // namespace smsim::timing
