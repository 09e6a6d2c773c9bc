#pragma once
// What a launch is given and what it reports.

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "func/exec/sfu_table_source.h"
#include "func/memory/cuda_error.h"
#include "isa/opcode.h"

namespace smsim::func {

class LaunchObserver;

struct Dim3 {
  std::uint32_t x = 1, y = 1, z = 1;
  std::uint64_t count() const { return std::uint64_t{x} * y * z; }
};

struct LaunchConfig {
  Dim3 grid;
  Dim3 block;
  std::uint32_t dynamic_shared_bytes = 0;
  // cudaLaunchCooperativeKernel: every block is resident at once and the
  // grid gets the workspace grid.sync() uses.
  bool cooperative = false;
  // Blocks per thread-block cluster (cudaLaunchAttributeClusterDimension);
  // 1,1,1 takes the kernel's .reqnctapercluster, if any.
  Dim3 cluster;
  // Whether the launch named a cluster dimension, 1,1,1 included: the H100
  // runs st.async/red.async only in such a launch or in a kernel declaring
  // its cluster (block_setup.h, explicit_cluster).
  bool cluster_given = false;
};

struct LaunchOptions {
  // sm_70+ semantics: divergent paths of a warp are scheduled independently
  // (a path yields at backward branches while another path of its warp is
  // ready). Off models the pre-Volta branch-synchronization stack.
  bool independent_thread_scheduling = true;
  // Watchdog: the launch fails once this many warp-instructions have run.
  std::uint64_t instruction_budget = std::uint64_t{1} << 36;
  // Wall-clock limit of one launch in milliseconds (0: none), checked after
  // every warp's turn: a kernel that is slow rather than long is stopped
  // the same way, with cudaErrorLaunchTimeout.
  std::uint64_t time_budget_ms = 0;
  // Host threads that run blocks in parallel.
  std::uint32_t host_threads = 1;
  // Values of %nsmid and %nwarpid (the SM count and warp slots of the model).
  std::uint32_t sm_count = 132;
  std::uint32_t warp_slots_per_sm = 64;
  // Whether threads that have exited count as arrived at a CTA-wide barrier,
  // as on the hardware; false makes such a barrier a diagnosed deadlock.
  bool exited_threads_satisfy_barriers = true;
  // Report a warp that reaches an aligned barrier (bar.sync, __syncthreads)
  // with only some of its live lanes, which PTX leaves undefined. The H100
  // completes such barriers (threads count individually), so by default the
  // engine does too; this is the synccheck-style diagnosis.
  bool report_divergent_barriers = false;
  std::uint64_t grid_id = 1;
  // The measured tables of the bit-exact SFU models (rcp/rsqrt/div.approx,
  // f16/bf16 ex2/tanh), read on first use.
  std::shared_ptr<const SfuTableSource> sfu_tables = SfuTableSource::shared_default();
  // Contract mul+add/sub into fma as ptxas does by default (its --fmad=true),
  // so results match the GPU's; off runs the PTX's mul and add as written.
  // Read when a module is loaded (Device::load), not per launch.
  bool fma_contraction = true;
  // The SM's single-precision behaviour (func/load/float_model.h): false and
  // true on SM 1.x. Read when a module is loaded.
  bool f32_subnormals = true;
  bool fmad_truncated_product = false;
  // %clock, %clock64 and %globaltimer read WarpState::timed_clock, which a
  // timing model sets to the simulated cycle before each instruction it
  // issues; off, they count the warp's own instructions.
  bool timed_clock = false;
  // With timed_clock: %globaltimer reads this origin (the launch's start on
  // the runtime's device timeline, in ns) plus the cycles at this clock;
  // 0 MHz reads cycles as nanoseconds.
  std::uint64_t globaltimer_origin_ns = 0;
  std::uint32_t clock_mhz = 0;
  // Watches every issued instruction (func/exec/observer.h); null: not observed.
  LaunchObserver* observer = nullptr;
  // cudaLimitStackSize: the bytes each thread has for the frames of functions
  // called for real, on top of the kernel's own local memory.
  std::uint64_t stack_bytes_per_thread = 1024;
};

struct LaunchError {
  CudaError code = CudaError::success;
  std::string message;
};

struct LaunchStats {
  std::uint64_t warp_instructions = 0;
  std::uint64_t thread_instructions = 0;                      // lanes active after the guard
  std::array<std::uint64_t, isa::kOpcodeCount> per_opcode{};  // warp-instructions
};

struct LaunchResult {
  LaunchError error;  // code == success when the kernel ran to completion
  LaunchStats stats;
  std::string printf_output;  // every block's vprintf text, blocks in index order
  bool ok() const { return error.code == CudaError::success; }
};

}  // namespace smsim::func
