#include "tools/cli/gpu_option.h"

#include <fmt/format.h>

#include "arch/config_error.h"

namespace smsim::cli {

void add_gpu_options(CLI::App& command, GpuSelection& selection) {
  auto* gpu = command.add_option(
      "--gpu", selection.gpu,
      fmt::format("GPU model by name or alias, e.g. h100, gtx480, c1060 (default {})",
                  arch::kDefaultGpuName));
  auto* cc = command.add_option("--cc", selection.cc,
                                "compute capability X.Y; picks a representative GPU of it");
  gpu->excludes(cc);
}

std::optional<arch::GpuDatabase> load_gpu_database() {
  try {
    return arch::GpuDatabase::load(arch::config_dir(SMSIM_CONFIG_DIR));
  } catch (const arch::ConfigError& error) {
    fmt::print(stderr, "smsim: cannot load GPU models: {}\n", error.what());
    return std::nullopt;
  }
}

const arch::GpuModel* select_gpu(const arch::GpuDatabase& database, const GpuSelection& selection) {
  if (!selection.cc.empty()) {
    const auto cc = arch::ComputeCapability::parse(selection.cc);
    if (!cc) {
      fmt::print(stderr, "smsim: --cc '{}' is not a compute capability like 9.0\n", selection.cc);
      return nullptr;
    }
    const arch::GpuModel* model = database.find(*cc);
    if (model == nullptr) {
      fmt::print(stderr, "smsim: no GPU model of compute capability {}; known: {}\n",
                 cc->to_string(), database.known_compute_capabilities());
    }
    return model;
  }
  const std::string name =
      selection.gpu.empty() ? std::string(arch::kDefaultGpuName) : selection.gpu;
  const arch::GpuModel* model = database.find(name);
  if (model == nullptr) {
    fmt::print(stderr, "smsim: unknown GPU '{}'; known: {}\n", name, database.known_names());
  }
  return model;
}

}  // namespace smsim::cli
