#pragma once
// The `--gpu NAME` / `--cc X.Y` pair every subcommand uses to pick a GPU model.

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

#include "arch/gpu_database.h"

namespace smsim::cli {

struct GpuSelection {
  std::string gpu;  // empty: not given
  std::string cc;   // empty: not given
};

// Adds --gpu and --cc (mutually exclusive) to `command`.
void add_gpu_options(CLI::App& command, GpuSelection& selection);

// The database from $SMSIM_CONFIG_DIR or the compiled-in configs/ directory; nullopt
// after printing the loader's diagnostic to stderr.
std::optional<arch::GpuDatabase> load_gpu_database();

// The model `selection` names (default: h100); nullptr after printing why to stderr.
const arch::GpuModel* select_gpu(const arch::GpuDatabase& database, const GpuSelection& selection);

}  // namespace smsim::cli
