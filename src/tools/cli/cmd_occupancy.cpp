// `smsim occupancy`: NVIDIA's occupancy calculator for any modelled GPU: blocks, warps
// and threads per SM, the limit each resource sets and which binds, as text or JSON,
// and optionally the calculator's three graphs as SVG.

#include <fmt/format.h>

#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>

#include "arch/occupancy.h"
#include "arch/occupancy_graph.h"
#include "tools/cli/gpu_option.h"
#include "tools/cli/subcommands.h"

namespace smsim::cli {

namespace {

struct OccupancyOptions {
  GpuSelection gpu;
  int threads = 0;
  int regs = 0;
  std::int64_t smem = 0;
  std::optional<int> carveout;
  std::string cache_config;
  bool json = false;
  std::string graph;
};

std::string describe(const arch::GpuModel& gpu) {
  return fmt::format("{} (CC {})", gpu.display_name, gpu.cc.to_string());
}

std::optional<arch::CacheConfig> parse_cache_config(const std::string& text) {
  if (text.empty() || text == "none") return arch::CacheConfig::kPreferNone;
  if (text == "shared") return arch::CacheConfig::kPreferShared;
  if (text == "l1") return arch::CacheConfig::kPreferL1;
  if (text == "equal") return arch::CacheConfig::kPreferEqual;
  return std::nullopt;
}

// The message naming the limit the request breaks, or nullopt when it is valid.
std::optional<std::string> check_request(const arch::GpuModel& gpu, const OccupancyOptions& o) {
  const std::string on = describe(gpu);
  if (o.threads < 1) return fmt::format("--threads {} must be at least 1", o.threads);
  if (o.threads > gpu.limits.max_threads_per_block) {
    return fmt::format("--threads {} exceeds the maximum of {} threads per block on {}", o.threads,
                       gpu.limits.max_threads_per_block, on);
  }
  if (o.regs < 0) return fmt::format("--regs {} must not be negative", o.regs);
  if (o.regs > gpu.registers.max_per_thread) {
    return fmt::format("--regs {} exceeds the maximum of {} registers per thread on {}", o.regs,
                       gpu.registers.max_per_thread, on);
  }
  if (o.smem < 0) return fmt::format("--smem {} must not be negative", o.smem);
  const auto& smem = gpu.shared_memory;
  if (o.smem > smem.max_per_block_optin) {
    const bool has_optin = smem.max_per_block_optin > smem.max_per_block;
    return fmt::format(
        "--smem {} exceeds the maximum of {} bytes of shared memory per block{} on {}", o.smem,
        smem.max_per_block_optin, has_optin ? " (with opt-in)" : "", on);
  }
  if (o.carveout) {
    if (smem.l1_split != arch::L1Split::kCarveout) {
      return fmt::format(
          "--carveout needs a GPU with a shared memory carveout (CC 7.0 or newer); "
          "{} has none{}",
          on, smem.l1_split == arch::L1Split::kCacheConfig ? " (use --cache-config)" : "");
    }
    if (*o.carveout < 0 || *o.carveout > arch::kCarveoutMaxPercent) {
      return fmt::format("--carveout {} must be a percentage from 0 to 100", *o.carveout);
    }
  }
  if (!parse_cache_config(o.cache_config)) {
    return fmt::format("--cache-config '{}' must be one of none, shared, l1, equal",
                       o.cache_config);
  }
  return std::nullopt;
}

// The kernel as the runtime would launch it: all shared memory dynamic, with the opt-in
// the request needs granted.
arch::OccupancyInput to_input(const OccupancyOptions& o) {
  arch::OccupancyInput input;
  input.threads_per_block = o.threads;
  input.regs_per_thread = o.regs;
  input.dynamic_smem_per_block = o.smem;
  input.smem_limit = arch::SharedMemoryLimit::kOptIn;
  input.max_dynamic_smem_per_block = o.smem;
  input.carveout_percent = o.carveout.value_or(arch::kCarveoutDefault);
  input.cache_config = parse_cache_config(o.cache_config).value_or(arch::CacheConfig::kPreferNone);
  return input;
}

// A resource the kernel does not use allows as many blocks as the SM has slots.
int shown_limit(const arch::GpuModel& gpu, int limit) {
  return limit == arch::kUnlimitedBlocks ? gpu.limits.max_blocks_per_sm : limit;
}

nlohmann::json to_json(const arch::GpuModel& gpu, const OccupancyOptions& o,
                       const arch::OccupancyResult& r) {
  return {
      {"gpu", gpu.name},
      {"cc", gpu.cc.to_string()},
      {"threads_per_block", o.threads},
      {"regs_per_thread", o.regs},
      {"smem_per_block", o.smem},
      {"active_blocks_per_sm", r.active_blocks_per_sm},
      {"active_warps_per_sm", r.active_warps_per_sm},
      {"active_threads_per_sm", r.active_threads_per_sm},
      {"max_warps_per_sm", r.max_warps_per_sm},
      {"occupancy", r.occupancy},
      {"limited_by", std::string(arch::limiting_factor_name(r.limited_by))},
      {"limits",
       {{"warps", shown_limit(gpu, r.limits.warps)},
        {"blocks", shown_limit(gpu, r.limits.blocks)},
        {"registers", shown_limit(gpu, r.limits.registers)},
        {"shared_memory", shown_limit(gpu, r.limits.shared_memory)}}},
      {"allocated",
       {{"warps", r.warps_per_block},
        {"registers", r.registers_per_block},
        {"shared_memory", r.smem_per_block}}},
      {"smem_per_sm_config", r.smem_per_sm},
  };
}

void print_text(const arch::GpuModel& gpu, const OccupancyOptions& o,
                const arch::OccupancyResult& r) {
  constexpr double kPercent = 100.0;
  fmt::print("{}: {} threads/block, {} registers/thread, {} B shared memory/block\n\n",
             describe(gpu), o.threads, o.regs, o.smem);
  fmt::print("  Active blocks per SM   {}\n", r.active_blocks_per_sm);
  fmt::print("  Active warps per SM    {} of {}\n", r.active_warps_per_sm, r.max_warps_per_sm);
  fmt::print("  Active threads per SM  {}\n", r.active_threads_per_sm);
  fmt::print("  Occupancy              {:.1f}%  (limited by {})\n\n", r.occupancy * kPercent,
             arch::limiting_factor_name(r.limited_by));

  const auto row = [&](std::string_view name, const std::string& used, const std::string& allocated,
                       int limit, arch::LimitingFactor factor) {
    const bool binds = r.limited_by == factor;
    fmt::print("  {:<15}{:>16}{:>16}{:>14}{}\n", name, used, allocated, shown_limit(gpu, limit),
               binds ? "  <== limits occupancy" : "");
  };
  fmt::print("  {:<15}{:>16}{:>16}{:>14}\n", "Resource", "Per block", "Allocated", "Blocks/SM");
  row("Warps", fmt::format("{} threads", o.threads), fmt::format("{} warps", r.warps_per_block),
      r.limits.warps, arch::LimitingFactor::kWarps);
  row("Registers", fmt::format("{}", static_cast<std::int64_t>(o.regs) * o.threads),
      fmt::format("{}", r.registers_per_block), r.limits.registers,
      arch::LimitingFactor::kRegisters);
  row("Shared memory", fmt::format("{} B", o.smem), fmt::format("{} B", r.smem_per_block),
      r.limits.shared_memory, arch::LimitingFactor::kSharedMemory);
  row("Block slots", "1", "1", r.limits.blocks, arch::LimitingFactor::kBlocks);
  if (gpu.shared_memory.reserved_per_block > 0) {
    fmt::print("\n  Allocated shared memory includes {} B the driver reserves per block.\n",
               gpu.shared_memory.reserved_per_block);
  }
  fmt::print("  Shared memory per SM in this configuration: {} B\n", r.smem_per_sm);
  if (r.active_blocks_per_sm == 0) {
    fmt::print("\n  No block of this kernel fits on {}: the {} limit allows 0 blocks per SM.\n",
               gpu.display_name, arch::limiting_factor_name(r.limited_by));
  }
}

bool write_graph(const arch::GpuModel& gpu, const arch::OccupancyInput& input,
                 const std::string& path) {
  std::ofstream out(path);
  out << arch::render_occupancy_svg(arch::occupancy_curves(gpu, input));
  out.close();
  if (!out) {
    fmt::print(stderr, "smsim occupancy: cannot write graph to '{}'\n", path);
    return false;
  }
  return true;
}

int run_occupancy(const OccupancyOptions& options) {
  const auto database = load_gpu_database();
  if (!database) return kExitFailure;
  const arch::GpuModel* gpu = select_gpu(*database, options.gpu);
  if (gpu == nullptr) return kExitUsage;
  if (const auto problem = check_request(*gpu, options)) {
    fmt::print(stderr, "smsim occupancy: {}\n", *problem);
    return kExitUsage;
  }
  const arch::OccupancyInput input = to_input(options);
  const arch::OccupancyOutcome outcome = arch::occupancy(*gpu, input);
  if (const auto* error = std::get_if<arch::OccupancyError>(&outcome)) {
    fmt::print(stderr, "smsim occupancy: {}\n", error->message);
    return kExitUsage;
  }
  const auto& result = std::get<arch::OccupancyResult>(outcome);
  if (options.json) {
    constexpr int kJsonIndent = 2;
    fmt::print("{}\n", to_json(*gpu, options, result).dump(kJsonIndent));
  } else {
    print_text(*gpu, options, result);
  }
  if (!options.graph.empty() && !write_graph(*gpu, input, options.graph)) return kExitFailure;
  return kExitOk;
}

}  // namespace

void register_occupancy(CLI::App& app, int& exit_code) {
  auto options = std::make_shared<OccupancyOptions>();
  auto* command = app.add_subcommand(
      "occupancy",
      "theoretical occupancy of a kernel, as NVIDIA's occupancy calculator computes it");
  add_gpu_options(*command, options->gpu);
  command->add_option("--threads", options->threads, "threads per block")->required();
  command->add_option("--regs", options->regs, "registers per thread (ptxas -v)")->required();
  command->add_option("--smem", options->smem, "shared memory per block in bytes (default 0)");
  command->add_option("--carveout", options->carveout,
                      "shared memory carveout in percent of the maximum (CC 7.0+)");
  command->add_option("--cache-config", options->cache_config,
                      "cache preference none|shared|l1|equal (CC 2.x/3.x split; maps to a "
                      "carveout on 7.0+)");
  command->add_flag("--json", options->json, "print JSON instead of a table");
  command->add_option("--graph", options->graph,
                      "write the calculator's three graphs to this SVG file");
  command->callback([options, &exit_code] { exit_code = run_occupancy(*options); });
}

}  // namespace smsim::cli
