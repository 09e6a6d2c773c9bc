// `smsim ptx FILE.ptx --kernel NAME --grid X,Y,Z --block X,Y,Z [--smem B]
// [--arg ...]... [--gpu NAME] [--profile]`: runs one kernel on the functional engine and
// prints the executed instruction counts (and with --profile the access and
// divergence analysis, docs/analysis.md). The --arg forms are described in
// func/kernel_args.h. Exit 0 when the kernel completes, 1 when the PTX is
// wrong or the launch fails (the error is printed), 2 for a bad command line.

#include <fmt/format.h>

#include <cstdio>
#include <cstring>
#include <fstream>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "arch/occupancy.h"
#include "analysis/access_observer.h"
#include "analysis/kernel_profile.h"
#include "analysis/profile_text.h"
#include "analysis/source_map.h"
#include "func/device.h"
#include "func/gpu_model_options.h"
#include "func/kernel_args.h"
#include "func/memory/param_layout.h"
#include "ptx/frontend.h"
#include "timing/timed_launch.h"
#include "tools/cli/gpu_option.h"
#include "tools/cli/watchdog_option.h"
#include "tools/cli/subcommands.h"

namespace smsim::cli {
namespace {

struct PtxRunOptions {
  std::string path;
  std::string kernel;
  std::string grid = "1";
  std::string block = "1";
  std::uint32_t dynamic_shared = 0;
  std::vector<std::string> args;
  GpuSelection gpu;
  std::uint32_t host_threads = 1;
  WatchdogLimits watchdog;
  bool no_fma_contraction = false;
  std::string mode = "functional";
  int regs_per_thread = 32;  // timing mode: for the occupancy (the PTX does not say)
  bool profile = false;
};

std::optional<std::string> read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return text;
}

// "X", "X,Y" or "X,Y,Z" with every component at least 1.
std::optional<func::Dim3> parse_dim3(const std::string& text) {
  std::uint32_t v[3] = {1, 1, 1};
  std::size_t start = 0;
  for (int i = 0; i < 3; ++i) {
    const std::size_t comma = text.find(',', start);
    const std::string part = text.substr(start, comma == std::string::npos ? comma : comma - start);
    if (part.empty() || part.find_first_not_of("0123456789") != std::string::npos ||
        part.size() > 10) {
      return std::nullopt;
    }
    const unsigned long long n = std::stoull(part);
    if (n == 0 || n > UINT32_MAX) return std::nullopt;
    v[i] = static_cast<std::uint32_t>(n);
    if (comma == std::string::npos) return func::Dim3{v[0], v[1], v[2]};
    start = comma + 1;
  }
  return std::nullopt;
}

struct DeviceBuffer {
  std::uint64_t address = 0;
  std::uint64_t size = 0;
  std::string out_file;
};

void print_stats(const func::LaunchStats& stats) {
  std::printf("warp instructions: %llu\n",
              static_cast<unsigned long long>(stats.warp_instructions));
  std::printf("thread instructions: %llu\n",
              static_cast<unsigned long long>(stats.thread_instructions));
  std::printf("warp instructions per opcode:\n");
  for (std::size_t i = 0; i < stats.per_opcode.size(); ++i) {
    if (stats.per_opcode[i] == 0) continue;
    const auto name = isa::opcode_mnemonic(static_cast<isa::Opcode>(i));
    std::printf("  %-12.*s %llu\n", static_cast<int>(name.size()), name.data(),
                static_cast<unsigned long long>(stats.per_opcode[i]));
  }
}

int run_ptx(const PtxRunOptions& opts) {
  const auto grid = parse_dim3(opts.grid);
  const auto block = parse_dim3(opts.block);
  if (!grid || !block) {
    std::fprintf(stderr, "smsim ptx: --grid and --block take X[,Y[,Z]] with positive numbers\n");
    return kExitUsage;
  }
  const auto database = load_gpu_database();
  if (!database) return kExitUsage;
  const arch::GpuModel* gpu = select_gpu(*database, opts.gpu);
  if (gpu == nullptr) return kExitUsage;
  const auto text = read_file(opts.path);
  if (!text) {
    std::fprintf(stderr, "smsim ptx: cannot read '%s'\n", opts.path.c_str());
    return kExitUsage;
  }
  ptx::Diagnostics diags(opts.path, *text);
  const ptx::Module module = ptx::parse_and_check(*text, diags);
  const std::string report = diags.format();
  if (!report.empty()) std::fputs(report.c_str(), stderr);
  if (diags.has_errors()) return kExitFailure;

  func::LaunchOptions launch_options = func::launch_options_for(*gpu);
  launch_options.host_threads = std::max<std::uint32_t>(opts.host_threads, 1);
  if (opts.watchdog.max_instructions != 0) {
    launch_options.instruction_budget = opts.watchdog.max_instructions;
  }
  launch_options.time_budget_ms = opts.watchdog.max_milliseconds;
  launch_options.fma_contraction = !opts.no_fma_contraction;
  func::Device device(launch_options, func::DeviceMemory::kDefaultReservation,
                      func::sm_number(*gpu));
  func::LoadedModule loaded = device.load(module);
  for (const std::string& e : loaded.errors) std::fprintf(stderr, "smsim ptx: %s\n", e.c_str());
  const func::ModuleKernel* kernel = loaded.find_kernel(opts.kernel);
  if (kernel == nullptr) {
    std::string names;
    for (const auto& k : loaded.kernels) names += (names.empty() ? "" : ", ") + k.name;
    std::fprintf(stderr, "smsim ptx: no kernel '%s' in %s (kernels: %s)\n", opts.kernel.c_str(),
                 opts.path.c_str(), names.empty() ? "none" : names.c_str());
    return kExitUsage;
  }
  if (!kernel->kernel) {
    for (const std::string& e : kernel->errors) std::fprintf(stderr, "smsim ptx: %s\n", e.c_str());
    return kExitFailure;
  }
  const std::vector<func::ParamDecl>& params = kernel->kernel->params;
  if (opts.args.size() != params.size()) {
    std::fprintf(stderr, "smsim ptx: kernel %s takes %zu parameters, %zu --arg given\n",
                 opts.kernel.c_str(), params.size(), opts.args.size());
    return kExitUsage;
  }
  std::vector<std::vector<std::byte>> values;
  std::vector<DeviceBuffer> buffers;
  for (std::size_t i = 0; i < opts.args.size(); ++i) {
    std::string error;
    const auto arg = func::parse_kernel_arg(opts.args[i], error);
    if (!arg) {
      std::fprintf(stderr, "smsim ptx: --arg %zu: %s\n", i + 1, error.c_str());
      return kExitUsage;
    }
    if (arg->kind == func::KernelArg::Kind::scalar) {
      if (arg->bytes.size() != params[i].size) {
        std::fprintf(stderr, "smsim ptx: --arg %zu is %zu bytes but parameter %zu is %u bytes\n",
                     i + 1, arg->bytes.size(), i + 1, params[i].size);
        return kExitUsage;
      }
      values.push_back(arg->bytes);
      continue;
    }
    constexpr std::uint32_t kPointerBytes = 8;
    if (params[i].size != kPointerBytes) {
      std::fprintf(stderr, "smsim ptx: --arg %zu passes a pointer but parameter %zu is %u bytes\n",
                   i + 1, i + 1, params[i].size);
      return kExitUsage;
    }
    DeviceBuffer buffer{.size = arg->size, .out_file = arg->out_file};
    std::optional<std::string> contents;
    if (arg->kind == func::KernelArg::Kind::file) {
      contents = read_file(arg->in_file);
      if (!contents) {
        std::fprintf(stderr, "smsim ptx: cannot read '%s'\n", arg->in_file.c_str());
        return kExitUsage;
      }
      buffer.size = contents->size();
    }
    buffer.address = device.allocate(std::max<std::uint64_t>(buffer.size, 1));
    if (buffer.address == 0) {
      std::fprintf(stderr, "smsim ptx: cannot allocate %llu bytes of device memory\n",
                   static_cast<unsigned long long>(buffer.size));
      return kExitFailure;
    }
    if (contents) device.copy_to_device(buffer.address, contents->data(), contents->size());
    std::vector<std::byte> pointer(kPointerBytes);
    std::memcpy(pointer.data(), &buffer.address, kPointerBytes);
    values.push_back(std::move(pointer));
    buffers.push_back(std::move(buffer));
  }
  const func::ParamLayout layout(params);
  const auto packed = layout.pack(values);
  if (!packed.error.empty()) {
    std::fprintf(stderr, "smsim ptx: %s\n", packed.error.c_str());
    return kExitUsage;
  }
  const func::LaunchConfig config{
      .grid = *grid, .block = *block, .dynamic_shared_bytes = opts.dynamic_shared};
  func::LaunchResult result;
  std::optional<timing::TimingStats> cycles;
  std::unique_ptr<analysis::AccessObserver> observer;
  if (opts.profile) observer = std::make_unique<analysis::AccessObserver>(*kernel->kernel, *gpu);
  if (opts.mode == "timing") {
    const timing::ParamsOrError model = timing::timing_params(*gpu);
    if (!model.params) {
      std::fprintf(stderr, "smsim ptx: %s\n", model.error.c_str());
      return kExitUsage;
    }
    arch::OccupancyInput occupancy{.threads_per_block = static_cast<int>(block->count()),
                                   .regs_per_thread = opts.regs_per_thread,
                                   .static_smem_per_block = kernel->kernel->static_shared_bytes,
                                   .dynamic_smem_per_block = opts.dynamic_shared};
    const auto fit = arch::occupancy(*gpu, occupancy);
    const auto* blocks = std::get_if<arch::OccupancyResult>(&fit);
    if (blocks == nullptr || blocks->active_blocks_per_sm == 0) {
      std::fprintf(stderr, "smsim ptx: a block of this kernel does not fit on an SM of %s\n",
                   gpu->display_name.c_str());
      return kExitUsage;
    }
    func::LaunchOptions options = device.next_launch_options();
    options.observer = observer.get();
    timing::TimedLaunchResult timed = timing::launch_timed(
        *kernel->kernel, config, options, device.memory(), packed.bytes,
        *model.params, static_cast<std::uint32_t>(blocks->active_blocks_per_sm), {},
        &device.heap());
    result = std::move(timed.launch);
    cycles = timed.timing;
  } else {
    result = device.launch(*kernel, config, packed.bytes, observer.get());
  }
  // The kernel's printf output comes first, as the device flushes it when the
  // launch completes.
  std::fwrite(result.printf_output.data(), 1, result.printf_output.size(), stdout);
  std::printf("kernel %s grid (%u,%u,%u) block (%u,%u,%u) on %s: %s\n", opts.kernel.c_str(),
              grid->x, grid->y, grid->z, block->x, block->y, block->z, gpu->display_name.c_str(),
              std::string(func::cuda_error_name(result.error.code)).c_str());
  print_stats(result.stats);
  if (observer) {
    const analysis::KernelProfile profile =
        analysis::make_profile(opts.kernel, config.grid, config.block, *kernel->kernel,
                               observer->counters(), analysis::source_map(module));
    std::fputs(analysis::profile_text({profile}, gpu->display_name).c_str(), stdout);
  }
  if (cycles) {
    std::printf("cycles (gpc__cycles_elapsed.max): %llu\n",
                static_cast<unsigned long long>(cycles->cycles));
    std::printf("sm__cycles_active.avg: %.2f\n", cycles->sm_active_cycles_avg);
    std::printf("sm__warps_active.avg.pct_of_peak_sustained_active: %.2f\n",
                cycles->warps_active_pct);
    std::printf(
        "dram__bytes_read.sum: %llu\ndram__bytes_write.sum: %llu\nlts__t_sectors.sum: %llu\n",
        static_cast<unsigned long long>(cycles->dram_read_bytes),
        static_cast<unsigned long long>(cycles->dram_write_bytes),
        static_cast<unsigned long long>(cycles->l2_sectors));
    std::printf("stall reasons (warp-cycles):");
    for (std::size_t i = 0; i < cycles->warp_cycles.size(); ++i) {
      std::printf(" %s %llu", std::string(timing::kStallNames[i]).c_str(),
                  static_cast<unsigned long long>(cycles->warp_cycles[i]));
    }
    std::printf("\n");
  }
  if (!result.ok()) {
    std::fprintf(stderr, "smsim ptx: %s\n", result.error.message.c_str());
    return kExitFailure;
  }
  for (const DeviceBuffer& b : buffers) {
    if (b.out_file.empty()) continue;
    std::vector<char> bytes(b.size);
    device.copy_to_host(bytes.data(), b.address, b.size);
    std::ofstream out(b.out_file, std::ios::binary);
    out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!out) {
      std::fprintf(stderr, "smsim ptx: cannot write '%s'\n", b.out_file.c_str());
      return kExitFailure;
    }
  }
  return kExitOk;
}

}  // namespace

void register_ptx_run(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<PtxRunOptions>();
  CLI::App* cmd = app.add_subcommand("ptx", "Run one PTX kernel on the functional engine");
  cmd->add_option("file", opts->path, "PTX file")->required();
  cmd->add_option("--kernel", opts->kernel, "Kernel (.entry) name")->required();
  cmd->add_option("--grid", opts->grid, "Grid dimensions X[,Y[,Z]]");
  cmd->add_option("--block", opts->block, "Block dimensions X[,Y[,Z]]");
  cmd->add_option("--smem", opts->dynamic_shared, "Dynamic shared memory bytes per block");
  cmd->add_option("--arg", opts->args,
                  "One per kernel parameter, in order: TYPE:VALUE (u8..u64, s8..s64, b8..b64, "
                  "f32, f64), buf:SIZE[:OUTFILE] or file:INFILE[:OUTFILE]");
  cmd->add_option("--threads", opts->host_threads, "Host threads running blocks in parallel");
  add_watchdog_options(*cmd, opts->watchdog);
  cmd->add_flag("--no-fma-contraction", opts->no_fma_contraction,
                "Run mul and add as the PTX writes them instead of contracting them into fma "
                "as ptxas does (ptxas --fmad=false)");
  cmd->add_option("--mode", opts->mode, "Simulation mode: functional, or timing (the cycle model)")
      ->check(CLI::IsMember({"functional", "timing"}));
  cmd->add_option("--regs", opts->regs_per_thread,
                  "Timing mode: registers per thread for the occupancy (default 32)");
  cmd->add_flag("--profile", opts->profile,
                "Analyze memory accesses and divergence (docs/analysis.md); print the summary "
                "and the ten worst PTX lines");
  add_gpu_options(*cmd, opts->gpu);
  cmd->callback([opts, &exit_code] { exit_code = run_ptx(*opts); });
}

}  // namespace smsim::cli
