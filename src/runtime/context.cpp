#include "runtime/context.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string_view>

#include "arch/config_error.h"
#include "func/gpu_model_options.h"
#include "ptx/frontend.h"
#include "runtime/managed_attribute.h"
#include "runtime/module_ptxas.h"
#include "runtime/ptx_link.h"
#include "runtime/ptx_selection.h"

#ifndef SMSIM_CONFIG_DIR
#error "SMSIM_CONFIG_DIR must name the configs/ directory"
#endif

namespace smsim::runtime {
namespace {

void note(const std::string& message) { std::fprintf(stderr, "smsim: %s\n", message.c_str()); }

// More threads than this only wait on each other (an H100 has 132 SMs).
constexpr std::uint32_t kMaxHostThreads = 1024;

// A positive decimal count of at most 18 digits (no sign, no suffix).
std::optional<std::uint64_t> parse_count(std::string_view text) {
  if (text.empty() || text.size() > 18) return std::nullopt;
  std::uint64_t value = 0;
  for (const char ch : text) {
    if (ch < '0' || ch > '9') return std::nullopt;
    value = value * 10 + static_cast<std::uint64_t>(ch - '0');
  }
  if (value == 0) return std::nullopt;
  return value;
}

// Reads a host-thread count variable into `threads`; false (with a note) when
// it is set to something that is not a whole number from 1 to kMaxHostThreads.
bool read_thread_count(const char* variable, std::uint32_t& threads) {
  const char* text = std::getenv(variable);
  if (text == nullptr) return true;
  const std::optional<std::uint64_t> value = parse_count(text);
  if (!value || *value > kMaxHostThreads) {
    note(fmt::format("{}={}: give a number of host threads from 1 to {}", variable, text,
                     kMaxHostThreads));
    return false;
  }
  threads = static_cast<std::uint32_t>(*value);
  return true;
}

// Reads one watchdog budget variable into `budget`; false (with a note) when
// it is set to something that is not a positive count.
bool read_budget(const char* variable, std::uint64_t& budget) {
  const char* text = std::getenv(variable);
  if (text == nullptr || *text == '\0') return true;
  const std::optional<std::uint64_t> value = parse_count(text);
  if (!value) {
    note(fmt::format("{}={}: give a positive whole number", variable, text));
    return false;
  }
  budget = *value;
  return true;
}

}  // namespace

Context& Context::instance() {
  // Never destroyed: programs call into the runtime from atexit handlers and
  // static destructors, after function-local statics would be gone.
  static Context* context = new Context();
  return *context;
}

bool Context::ready() {
  if (created_) return true;
  if (create_failed_) return false;
  created_ = create();
  create_failed_ = !created_;
  return created_;
}

bool Context::create() {
  try {
    database_ = arch::GpuDatabase::load(arch::config_dir(SMSIM_CONFIG_DIR));
  } catch (const arch::ConfigError& e) {
    note(fmt::format("cannot load the GPU models: {}", e.what()));
    return false;
  }
  const char* wanted = std::getenv(kGpuEnvVarName);
  const std::string name =
      wanted != nullptr && *wanted != '\0' ? wanted : std::string(arch::kDefaultGpuName);
  gpu_ = database_->find(name);
  if (gpu_ == nullptr) {
    note(fmt::format("{}={}: no such GPU model (known: {})", kGpuEnvVarName, name,
                     database_->known_names()));
    return false;
  }
  const char* mode = std::getenv(kModeEnvVarName);
  if (mode != nullptr && std::string_view(mode) == "timing") {
    timing::ParamsOrError params = timing::timing_params(*gpu_);
    if (!params.params) {
      note(params.error);
      return false;
    }
    timing_ = std::move(params.params);
    const char* profiled = std::getenv(kAsProfiledEnvVarName);
    if (profiled != nullptr && std::string_view(profiled) == "1") {
      run_kind_ = timing::RunKind::ncu_profiled;
    }
    reset_translation();
    report_.mode = "timing";
    if (!read_thread_count(kTimingThreadsEnvVarName, timing_threads_)) return false;
  }
  func::LaunchOptions options = func::launch_options_for(*gpu_);
  const char* contraction = std::getenv(kFmaContractionEnvVarName);
  options.fma_contraction = contraction == nullptr || std::string_view(contraction) != "0";
  if (!read_thread_count(kThreadsEnvVarName, options.host_threads) ||
      !read_budget(kMaxInstructionsEnvVarName, options.instruction_budget) ||
      !read_budget(kMaxMillisecondsEnvVarName, options.time_budget_ms)) {
    return false;
  }
  // The device knows the model's CC, so a kernel using an instruction the
  // model lacks fails to load instead of running.
  device_ = std::make_unique<func::Device>(options, func::DeviceMemory::kDefaultReservation,
                                           func::sm_number(*gpu_));
  if (!device_->memory().usable()) {
    note("cannot reserve the simulated device's address space");
    return false;
  }
  report_.gpu = gpu_->display_name;
  timeline_.emplace(timeline_facts(*gpu_));
  std::atexit([] {
    Context& context = Context::instance();
    const std::lock_guard lock(context.mutex());
    context.flush_device_printf();
    write_report_if_requested(context.report(), context.analysis().profiles());
    context.analysis().write_requested_outputs(context.gpu());
  });
  return true;
}

ModuleRecord* Context::register_fatbin(const void* wrapper) {
  auto module = std::make_unique<ModuleRecord>();
  module->images = read_fatbin_wrapper(wrapper);
  modules_.push_back(std::move(module));
  return modules_.back().get();
}

void Context::register_function(ModuleRecord* module, const void* host_fun,
                                const char* device_name) {
  if (module == nullptr || host_fun == nullptr || device_name == nullptr) return;
  kernels_[host_fun] = KernelRecord{.module = module, .name = device_name};
}

void Context::register_variable(ModuleRecord* module, const void* host_var, const char* device_name,
                                std::uint64_t size, bool constant, void** managed_shadow) {
  if (module == nullptr || host_var == nullptr || device_name == nullptr) return;
  variables_[host_var] = VariableRecord{.module = module,
                                        .name = device_name,
                                        .size = size,
                                        .constant = constant,
                                        .managed_shadow = managed_shadow};
}

void Context::unregister(ModuleRecord* module) {
  std::erase_if(kernels_, [module](const auto& k) { return k.second.module == module; });
  std::erase_if(variables_, [module](const auto& v) { return v.second.module == module; });
  if (device_ != nullptr) {
    for (func::LoadedModule& loaded : module->loaded) device_->unload(loaded);
  }
  module->loaded.clear();
}

bool Context::load(ModuleRecord& module) {
  if (module.load_attempted) return module.load_error.empty();
  module.load_attempted = true;
  if (!module.images.error.empty()) {
    module.load_error = "fatbinary: " + module.images.error;
    return false;
  }
  const std::uint32_t sm = func::sm_number(*gpu_);
  for (const Fatbin& image : module.images.images) {
    const PtxChoice choice = choose_ptx(image, sm);
    if (choice.entry == nullptr) {
      module.load_error =
          "the fatbinary holds no PTX (build without -arch=sm_XX only, or add "
          "-gencode arch=compute_XX,code=compute_XX)";
      return false;
    }
    if (!choice.note.empty()) note(choice.note);
    module.sources.push_back(choice.entry->payload);
  }
  if (module.sources.size() > 1) {
    // -rdc=true: the translation units' PTX resolve each other's .extern
    // symbols, so they run as one module.
    std::string error;
    std::string linked = link_ptx(module.sources, error);
    if (!error.empty()) {
      module.load_error = "linking the program's PTX: " + error;
      return false;
    }
    module.sources = {std::move(linked)};
  }
  for (std::string& source : module.sources) blank_managed_attributes(source);
  module.ptx.reserve(module.sources.size());
  for (const std::string& source : module.sources) {
    ptx::Diagnostics diags("embedded.ptx", source);
    module.ptx.push_back(ptx::parse_and_check(source, diags));
    if (diags.has_errors()) {
      module.load_error = "the embedded PTX does not check:\n" + diags.format();
      return false;
    }
    module.loaded.push_back(device_->load(module.ptx.back()));
    for (const std::string& e : module.loaded.back().errors) module.load_error += e + "\n";
  }
  size_stack_frames(module, sm);
  mark_managed(module);
  return module.load_error.empty();
}

void Context::mark_managed(ModuleRecord& module) {
  for (auto& [host_var, record] : variables_) {
    if (record.module != &module || record.managed_shadow == nullptr) continue;
    std::uint64_t address = 0, size = 0;
    if (resolve_symbol(host_var, address, size) == 0) {
      *record.managed_shadow = func::DeviceMemory::host_pointer(address);
    }
  }
}

void Context::flush_device_printf() {
  if (pending_printf_.empty()) return;
  std::fwrite(pending_printf_.data(), 1, pending_printf_.size(), stdout);
  std::fflush(stdout);
  pending_printf_.clear();
}

KernelRecord* Context::find_kernel_record(const void* host_fun) {
  const auto it = kernels_.find(host_fun);
  return it == kernels_.end() ? nullptr : &it->second;
}

// The H100 driver loads a program's kernels lazily, one at a time, and
// cannot link a txq/suq that reads the descriptor (func/decode/
// descriptor_query.h). Measured with tools/probes/descriptor_query_api_probe.cu
// (results/h100-2026-11-22/v8_cluster.txt), default lazy loading: a suq in
// any kernel fails every kernel of its module, at every call that loads one
// (cudaFuncGetAttributes, each launch), with cudaErrorNotSupported; a txq
// fails its own kernel only, cudaErrorSymbolNotFound the first time and
// cudaErrorUnknown after. Neither error is sticky.
std::int32_t Context::descriptor_query_refusal(KernelRecord& record) {
  const func::DescriptorQuery* txq = nullptr;
  for (const func::LoadedModule& loaded : record.module->loaded) {
    for (const func::ModuleKernel& k : loaded.kernels) {
      if (!k.kernel || !k.kernel->descriptor_query) continue;
      const func::DescriptorQuery& q = *k.kernel->descriptor_query;
      if (q.surface) {
        note(func::descriptor_query_error(k.name, q).message);
        return static_cast<std::int32_t>(ErrorCode::not_supported);
      }
      if (k.name == record.name) txq = &q;
    }
  }
  if (txq == nullptr) return 0;
  const bool again = record.failed_loads++ != 0;
  note(func::descriptor_query_error(record.name, *txq).message +
       (again ? "; a later attempt: cudaErrorUnknown" : ""));
  return static_cast<std::int32_t>(again ? ErrorCode::unknown : ErrorCode::symbol_not_found);
}

std::int32_t Context::resolve_kernel(const void* host_fun, ResolvedKernel& out) {
  if (host_fun == nullptr) return static_cast<std::int32_t>(ErrorCode::invalid_device_function);
  KernelRecord* record = find_kernel_record(host_fun);
  // Measured: a host function passed as a kernel is an invalid handle.
  if (record == nullptr) return static_cast<std::int32_t>(ErrorCode::invalid_resource_handle);
  if (!load(*record->module)) {
    note(record->module->load_error);
    return static_cast<std::int32_t>(ErrorCode::invalid_ptx);
  }
  if (const std::int32_t e = descriptor_query_refusal(*record); e != 0) return e;
  for (std::size_t i = 0; i < record->module->loaded.size(); ++i) {
    const func::ModuleKernel* kernel = record->module->loaded[i].find_kernel(record->name);
    if (kernel == nullptr) continue;
    const ptx::Module& ptx = record->module->ptx[i];
    const auto index = ptx.find_function(record->name);
    out = ResolvedKernel{
        .record = record,
        .kernel = kernel,
        .function = index ? &ptx.functions[*index] : nullptr,
        .module = &ptx,
        .ptx_text = i < record->module->sources.size() ? &record->module->sources[i] : nullptr};
    return 0;
  }
  note(fmt::format("kernel {} is registered but not in the program's PTX", record->name));
  return static_cast<std::int32_t>(ErrorCode::invalid_device_function);
}

std::int32_t Context::resolve_symbol(const void* host_var, std::uint64_t& address,
                                     std::uint64_t& size) {
  const auto it = variables_.find(host_var);
  if (it == variables_.end()) return static_cast<std::int32_t>(ErrorCode::invalid_symbol);
  ModuleRecord& module = *it->second.module;
  if (!module.load_attempted && !load(module)) note(module.load_error);
  for (const func::LoadedModule& loaded : module.loaded) {
    const func::ModuleSymbol* symbol = loaded.find_symbol(it->second.name);
    if (symbol == nullptr) continue;
    address = symbol->address;
    size = symbol->size;
    return 0;
  }
  return static_cast<std::int32_t>(ErrorCode::invalid_symbol);
}

void Context::reset_translation() {
  if (!timing_) return;
  translation_ = timing::translation_for(timing_->facts.translation, run_kind_);
}

void Context::reset_device() {
  analysis_.forget_modules();
  reset_translation();
  for (auto& module : modules_) {
    module->loaded.clear();
    module->ptx.clear();
    module->sources.clear();
    module->load_attempted = false;
    module->load_error.clear();
  }
  for (auto& [pointer, allocation] : host_allocations_) {
    device_->memory().unregister_host_range(pointer);
    if (!allocation.registered) std::free(const_cast<void*>(pointer));
  }
  host_allocations_.clear();
  arrays_.clear();
  mipmapped_arrays_.clear();
  object_descriptors_.clear();
  managed_allocations_.clear();
  streams_.clear();
  events_.clear();
  const func::LaunchOptions options = device_->options();
  device_ = std::make_unique<func::Device>(options);
  for (auto& module : modules_) {
    bool has_managed = false;
    for (const auto& [host_var, record] : variables_) {
      has_managed = has_managed || (record.module == module.get() && record.managed_shadow);
    }
    if (has_managed) load(*module);
  }
}

}  // namespace smsim::runtime
