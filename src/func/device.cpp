#include "func/device.h"

namespace smsim::func {

LaunchResult Device::launch(const ModuleKernel& kernel, const LaunchConfig& config,
                            std::span<const std::byte> params, LaunchObserver* observer) {
  if (!kernel.kernel) {
    LaunchResult failed;
    failed.error.code = CudaError::invalid_ptx;
    for (const std::string& e : kernel.errors) failed.error.message += e + "\n";
    return failed;
  }
  LaunchOptions options = next_launch_options();
  options.observer = observer;
  LaunchResult result = launch_kernel(*kernel.kernel, config, options, memory_, params, {}, &heap_);
  add_to_totals(result.stats);
  return result;
}

void Device::add_to_totals(const LaunchStats& stats) {
  totals_.warp_instructions += stats.warp_instructions;
  totals_.thread_instructions += stats.thread_instructions;
  for (std::size_t i = 0; i < totals_.per_opcode.size(); ++i) {
    totals_.per_opcode[i] += stats.per_opcode[i];
  }
}

}  // namespace smsim::func
