#include "func/device.h"

namespace smsim::func {

LaunchResult Device::launch(const ModuleKernel& kernel, const LaunchConfig& config,
                            std::span<const std::byte> params) {
  if (!kernel.kernel) {
    LaunchResult failed;
    failed.error.code = CudaError::invalid_ptx;
    for (const std::string& e : kernel.errors) failed.error.message += e + "\n";
    return failed;
  }
  LaunchOptions options = options_;
  options.grid_id = next_grid_id_++;
  LaunchResult result = launch_kernel(*kernel.kernel, config, options, memory_, params);
  totals_.warp_instructions += result.stats.warp_instructions;
  totals_.thread_instructions += result.stats.thread_instructions;
  for (std::size_t i = 0; i < totals_.per_opcode.size(); ++i) {
    totals_.per_opcode[i] += result.stats.per_opcode[i];
  }
  return result;
}

}  // namespace smsim::func
