#pragma once
// The process-wide state behind libcudart.so.13: the modeled GPU, the
// functional engine's device, what the program registered (fatbinaries,
// kernels, variables), host allocations, streams, events and the error
// state. Created on first use; SMSIM_GPU picks the model (default h100).
// Every member is used under `mutex()`, which the C API takes per call.

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "arch/gpu_database.h"
#include "func/device.h"
#include "ptx/ir.h"
#include "runtime/device_timeline.h"
#include "runtime/error_state.h"
#include "runtime/fatbin.h"
#include "runtime/launch_analysis.h"
#include "runtime/register_count.h"
#include "runtime/run_report.h"
#include "timing/address_translation.h"
#include "timing/timing_params.h"

namespace smsim::runtime {

inline constexpr const char* kGpuEnvVarName = "SMSIM_GPU";
// Set to 0 by `smsim run --no-fma-contraction`: mul and add run as the PTX
// writes them instead of contracted into fma as ptxas does.
inline constexpr const char* kFmaContractionEnvVarName = "SMSIM_FMA_CONTRACTION";
// "timing" selects the cycle model (set by `smsim run --mode timing`).
inline constexpr const char* kModeEnvVarName = "SMSIM_MODE";
// Host threads stepping the SMs in timing mode (`smsim run --timing-threads
// N`); results are the same for every count.
inline constexpr const char* kTimingThreadsEnvVarName = "SMSIM_TIMING_THREADS";
// "1" in timing mode (`smsim run --as-profiled`): time each launch as Nsight
// Compute measures it (timing::RunKind::ncu_profiled), not as the program
// sees it: the first access to a region of device memory waits for the
// translation walk measured under ncu, not the plain runs' own
// (timing::translation_for).
inline constexpr const char* kAsProfiledEnvVarName = "SMSIM_AS_PROFILED";
// Host threads running the blocks of a functional launch (`smsim run
// --threads N`, default 1). Values and statistics are the same for every
// count; what differs is only what a real GPU leaves open too: the order in
// which blocks' atomics reach one address (so float atomic sums may round
// differently) and whether blocks that wait for each other without a
// cooperative launch can finish (with one thread they never run at once).
inline constexpr const char* kThreadsEnvVarName = "SMSIM_THREADS";
// The per-launch watchdog (`smsim run --max-instructions N --max-milliseconds
// M`): a launch past either budget fails with cudaErrorLaunchTimeout.
inline constexpr const char* kMaxInstructionsEnvVarName = "SMSIM_MAX_INSTRUCTIONS";
inline constexpr const char* kMaxMillisecondsEnvVarName = "SMSIM_MAX_MILLISECONDS";

// One __cudaRegisterFatBinary: its device code, loaded on first use.
struct ModuleRecord {
  FatbinImages images;
  std::vector<std::string> sources;        // the chosen PTX of each image
  std::vector<ptx::Module> ptx;            // parsed and checked
  std::vector<func::LoadedModule> loaded;  // in the engine
  bool load_attempted = false;
  std::string load_error;  // empty when every image loaded
  // ptxas -v on its sources (runtime/module_ptxas.h), run at most once:
  // nullopt when not run yet or when ptxas failed.
  bool ptxas_attempted = false;
  std::optional<PtxasInfo> ptxas;
};

// Per-kernel settings a program may change (cudaFuncSetAttribute & co.).
struct KernelSettings {
  std::int32_t max_dynamic_shared_bytes = -1;  // -1: the default (48 KiB - static)
  std::int32_t preferred_carveout = -1;
  std::int32_t cache_config = 0;
};

struct KernelRecord {
  ModuleRecord* module = nullptr;
  std::string name;  // mangled device name
  KernelSettings settings;
  // Attempts to load a kernel the H100 cannot load (a txq that reads the
  // texture descriptor): the first fails otherwise than the later ones.
  std::uint32_t failed_loads = 0;
};

struct VariableRecord {
  ModuleRecord* module = nullptr;
  std::string name;
  std::uint64_t size = 0;
  bool constant = false;
  void** managed_shadow = nullptr;  // managed variables: the host's pointer
};

// A kernel resolved for launching.
struct ResolvedKernel {
  KernelRecord* record = nullptr;
  const func::ModuleKernel* kernel = nullptr;
  const ptx::Function* function = nullptr;
  const ptx::Module* module = nullptr;    // the PTX module that holds it
  const std::string* ptx_text = nullptr;  // that module's PTX
};

struct HostAllocation {
  std::uint64_t bytes = 0;
  unsigned flags = 0;
  bool registered = false;  // cudaHostRegister: memory the program owns
};

// A CUDA array (cudaMallocArray/cudaMalloc3DArray): texels stored row after
// row, slice after slice (layers as slices) in one device allocation. The
// cudaArray_t handed to the program is the address of this record.
struct ArrayRecord {
  std::uint64_t address = 0;
  std::uint64_t width = 0, height = 0, depth = 0;  // as requested (0: axis absent)
  std::int32_t channel_bits[4] = {0, 0, 0, 0};
  std::int32_t channel_kind = 0;  // cudaChannelFormatKind
  std::uint32_t texel_bytes = 0;
  unsigned flags = 0;
  // A level of a mipmapped array: freed with it, never by cudaFreeArray.
  bool mipmap_level = false;
  std::uint64_t row_bytes() const { return width * texel_bytes; }
  std::uint64_t slice_bytes() const { return row_bytes() * (height == 0 ? 1 : height); }
};

// A mipmapped array (cudaMallocMipmappedArray): one ArrayRecord per level,
// each in Context::arrays() so that the copy functions take a level's
// cudaArray_t; level L has the extent of level 0 halved L times (at least 1;
// a layered array keeps its layer count). The cudaMipmappedArray_t is the
// address of this record.
struct MipmappedArrayRecord {
  std::vector<ArrayRecord*> levels;  // owned by Context::arrays()
};

struct EventRecord {
  bool recorded = false;
  bool timing = true;
  double time_ns = 0.0;  // on the device timeline
};

class Context {
 public:
  static Context& instance();
  std::recursive_mutex& mutex() { return mutex_; }

  // Model and device; a context whose GPU model could not be loaded answers
  // every call with cudaErrorInitializationError (the reason on stderr once).
  bool ready();
  const arch::GpuModel& gpu() const { return *gpu_; }
  func::Device& device() { return *device_; }
  // The cycle model's parameters when the run is in timing mode.
  const timing::TimingParams* timing() const { return timing_ ? &*timing_ : nullptr; }
  std::uint32_t timing_threads() const { return timing_threads_; }
  // In timing mode, which memory the device's SMs have translated, with
  // the run kind's granule and cost (kAsProfiledEnvVarName,
  // timing::translation_for): it outlives each launch, as the GPU's does
  // (cudaDeviceReset forgets it). nullptr where the model states no walk.
  timing::AddressTranslation* translation() { return translation_ ? &*translation_ : nullptr; }
  ErrorState& errors() { return errors_; }

  // Registration (before main, from the program's constructors).
  ModuleRecord* register_fatbin(const void* wrapper);
  void register_function(ModuleRecord* module, const void* host_fun, const char* device_name);
  void register_variable(ModuleRecord* module, const void* host_var, const char* device_name,
                         std::uint64_t size, bool constant, void** managed_shadow);
  void unregister(ModuleRecord* module);
  // Loads the module if not done yet; false (with module->load_error) on failure.
  bool load(ModuleRecord& module);

  KernelRecord* find_kernel_record(const void* host_fun);
  // The kernel behind `host_fun`, loaded; error code when there is none,
  // or when the H100's driver cannot load it (descriptor_query_refusal).
  std::int32_t resolve_kernel(const void* host_fun, ResolvedKernel& out);
  // The device address and size of a registered variable; error code when
  // `host_var` is not one.
  std::int32_t resolve_symbol(const void* host_var, std::uint64_t& address, std::uint64_t& size);

  std::map<const void*, HostAllocation>& host_allocations() { return host_allocations_; }
  std::set<const void*>& streams() { return streams_; }
  // Allocations made by cudaMallocManaged (by start address).
  std::set<std::uint64_t>& managed_allocations() { return managed_allocations_; }
  std::map<const void*, EventRecord>& events() { return events_; }
  std::map<const void*, std::unique_ptr<ArrayRecord>>& arrays() { return arrays_; }
  std::map<const void*, std::unique_ptr<MipmappedArrayRecord>>& mipmapped_arrays() {
    return mipmapped_arrays_;
  }
  // Texture and surface objects by handle: the descriptors the program gave
  // (the C API's structs as bytes), returned by cudaGet*ObjectResourceDesc.
  std::map<std::uint64_t, std::vector<std::byte>>& object_descriptors() {
    return object_descriptors_;
  }

  // Where the program's copies, fills and kernels run in simulated time
  // (events and %globaltimer read it).
  DeviceTimeline& timeline() { return *timeline_; }

  // In-kernel printf text not yet shown: like the GPU's printf buffer it is
  // written to the program's stdout at the next synchronizing call or exit.
  void queue_device_printf(const std::string& text) { pending_printf_ += text; }
  void flush_device_printf();

  // Launches so far, written out at exit for `smsim run`.
  RunReport& report() { return report_; }
  // The access and divergence analysis, when `smsim run` asked for it.
  LaunchAnalysis& analysis() { return analysis_; }

  // cudaDeviceReset: frees the device's memory, forgets loaded code and
  // what the SMs translated.
  void reset_device();

  // Where in-kernel printf goes (the program's stdout), and the FIFO limit.
  std::uint64_t printf_fifo_bytes = std::uint64_t{1} << 20;
  std::uint64_t malloc_heap_bytes = std::uint64_t{8} << 20;
  std::uint64_t stack_bytes = 1024;
  int current_device = 0;
  unsigned device_flags = 0;

 private:
  // A fresh translation state for the run's kind (timing mode only).
  void reset_translation();
  Context() = default;
  bool create();
  void mark_managed(ModuleRecord& module);
  std::int32_t descriptor_query_refusal(KernelRecord& record);

  std::recursive_mutex mutex_;
  bool created_ = false;
  bool create_failed_ = false;
  std::optional<arch::GpuDatabase> database_;
  const arch::GpuModel* gpu_ = nullptr;
  std::unique_ptr<func::Device> device_;
  std::optional<timing::TimingParams> timing_;
  timing::RunKind run_kind_ = timing::RunKind::plain;
  std::optional<timing::AddressTranslation> translation_;
  std::uint32_t timing_threads_ = 1;
  ErrorState errors_;
  std::vector<std::unique_ptr<ModuleRecord>> modules_;
  std::map<const void*, KernelRecord> kernels_;
  std::map<const void*, VariableRecord> variables_;
  std::map<const void*, HostAllocation> host_allocations_;
  std::set<const void*> streams_;
  std::set<std::uint64_t> managed_allocations_;
  std::map<const void*, EventRecord> events_;
  std::map<const void*, std::unique_ptr<ArrayRecord>> arrays_;
  std::map<const void*, std::unique_ptr<MipmappedArrayRecord>> mipmapped_arrays_;
  std::map<std::uint64_t, std::vector<std::byte>> object_descriptors_;
  std::optional<DeviceTimeline> timeline_;
  RunReport report_;
  LaunchAnalysis analysis_;
  std::string pending_printf_;
};

}  // namespace smsim::runtime
