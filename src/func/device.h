#pragma once
// The functional engine's C++ API, used by tests, the CLI and the runtime
// library: one simulated device with its memory, loaded modules, launches and
// accumulated statistics.

#include <cstddef>
#include <span>
#include <string_view>

#include "func/exec/launch.h"
#include "func/load/loaded_module.h"
#include "func/memory/device_memory.h"
#include "func/texture/texture_header.h"
#include "ptx/ir.h"

namespace smsim::func {

class Device {
 public:
  // `sm`: the simulated GPU's compute capability as major * 10 + minor.
  explicit Device(const LaunchOptions& options = {},
                  std::uint64_t reservation_bytes = DeviceMemory::kDefaultReservation,
                  std::uint32_t sm = kDefaultSm)
      : memory_(reservation_bytes), heap_(memory_), options_(options), sm_(sm) {}

  static constexpr std::uint32_t kDefaultSm = 90;
  std::uint32_t sm() const { return sm_; }

  DeviceMemory& memory() { return memory_; }
  DeviceHeap& heap() { return heap_; }
  LaunchOptions& options() { return options_; }

  std::uint64_t allocate(std::uint64_t bytes) { return memory_.allocate(bytes); }
  bool free(std::uint64_t address) { return memory_.free(address); }
  MaybeFault copy_to_device(std::uint64_t dst, const void* src, std::uint64_t bytes) {
    return memory_.write(dst, src, bytes);
  }
  MaybeFault copy_to_host(void* dst, std::uint64_t src, std::uint64_t bytes) const {
    return memory_.read(dst, src, bytes);
  }
  MaybeFault memset(std::uint64_t dst, std::uint8_t value, std::uint64_t bytes) {
    return memory_.fill(dst, value, bytes);
  }

  // Texture and surface objects: the handle is the address of the header in
  // device memory (0 when memory is exhausted); kernels pass it to tex/suld.
  std::uint64_t create_texture(const TextureHeader& header) {
    return create_texture_header(memory_, header);
  }
  std::optional<TextureHeader> texture(std::uint64_t handle) const {
    return read_texture_header(memory_, handle);
  }
  bool destroy_texture(std::uint64_t handle) { return destroy_texture_header(memory_, handle); }

  // Loading applies ptxas's rewrites (options().fma_contraction) and the
  // SM's single-precision behaviour (options().f32_subnormals, ...).
  LoadedModule load(const ptx::Module& module) {
    return load_module(module, memory_, sm_, options_.fma_contraction,
                       FloatModel{.f32_subnormals = options_.f32_subnormals,
                                  .fmad_truncated_product = options_.fmad_truncated_product});
  }
  void unload(LoadedModule& module) { unload_module(module, memory_); }

  // Runs `kernel` to completion. A kernel that could not be decoded fails
  // with cudaErrorInvalidPtx and its diagnostics.
  // With an observer, every issued instruction is reported to it.
  LaunchResult launch(const ModuleKernel& kernel, const LaunchConfig& config,
                      std::span<const std::byte> params, LaunchObserver* observer = nullptr);

  // Statistics summed over every launch so far.
  const LaunchStats& totals() const { return totals_; }

  // For a launch run by another engine (the timing model) on this device:
  // the options with the next grid id, and its statistics added to the totals.
  LaunchOptions next_launch_options() {
    LaunchOptions options = options_;
    options.grid_id = next_grid_id_++;
    return options;
  }
  void add_to_totals(const LaunchStats& stats);

 private:
  DeviceMemory memory_;
  DeviceHeap heap_;
  LaunchOptions options_;
  LaunchStats totals_;
  std::uint64_t next_grid_id_ = 1;
  std::uint32_t sm_;
};

}  // namespace smsim::func
