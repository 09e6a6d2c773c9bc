#pragma once
// GpuDatabase: every GPU model and every compute capability described in configs/,
// looked up by name (case-insensitive, with aliases) or by compute capability.

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arch/gpu_model.h"

namespace smsim::arch {

inline constexpr std::string_view kDefaultGpuName = "h100";
inline constexpr std::string_view kConfigDirEnvVar = "SMSIM_CONFIG_DIR";

class GpuDatabase {
 public:
  // Reads and validates every description; throws ConfigError naming file and key.
  static GpuDatabase load(const std::filesystem::path& config_dir);

  // Name, file stem or alias; case, spaces, '-' and '_' do not matter ("H100 SXM" ==
  // "h100-sxm"). Returns nullptr when nothing matches.
  const GpuModel* find(std::string_view name) const;

  // The representative GPU of `cc`, or the compute capability's SM-only model when no
  // GPU of that CC is described; nullptr for an unknown CC.
  const GpuModel* find(ComputeCapability cc) const;

  const std::vector<GpuModel>& gpus() const { return gpus_; }
  // One SM-only model per described compute capability, in ascending CC order.
  const std::vector<GpuModel>& compute_capabilities() const { return compute_capabilities_; }

  // Names a user can pick from, for error messages.
  std::string known_names() const;
  std::string known_compute_capabilities() const;

 private:
  std::vector<GpuModel> gpus_;
  std::vector<GpuModel> compute_capabilities_;
};

// $SMSIM_CONFIG_DIR when set and not empty, else `compiled_default`.
std::filesystem::path config_dir(std::string_view compiled_default);

}  // namespace smsim::arch
