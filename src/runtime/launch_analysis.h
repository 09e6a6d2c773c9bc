#pragma once
// The access and divergence analysis of the launches of one program, for
// `smsim run --profile/--report` and `smsim annotate`. The CLI asks for it
// through the environment: SMSIM_PROFILE names the file for the profile text,
// SMSIM_ANNOTATE the file for the annotated PTX, and a report (SMSIM_REPORT)
// carries the kernels' metrics. Without any of them no launch is observed.

#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "analysis/access_observer.h"
#include "analysis/annotate.h"
#include "analysis/kernel_profile.h"
#include "analysis/source_map.h"
#include "arch/gpu_model.h"
#include "func/exec/launch_types.h"
#include "ptx/ir.h"

namespace smsim::runtime {

inline constexpr const char* kProfileEnvVar = "SMSIM_PROFILE";
inline constexpr const char* kAnnotateEnvVar = "SMSIM_ANNOTATE";

class LaunchAnalysis {
 public:
  bool enabled();

  // An observer for one launch, or null when the analysis is off.
  std::unique_ptr<analysis::AccessObserver> start(const func::DecodedKernel& kernel,
                                                  const arch::GpuModel& gpu);
  // Records the launch's profile; `module`/`ptx_text` locate its source lines.
  void finish(const std::string& name, const func::LaunchConfig& config,
              const func::DecodedKernel& kernel, const analysis::AccessObserver& observer,
              const ptx::Module* module, const std::string* ptx_text);

  const std::vector<analysis::KernelProfile>& profiles() const { return profiles_; }

  // cudaDeviceReset: modules may be freed; their text copies are kept.
  void forget_modules();

  // At exit: the profile text and the annotated PTX, where asked for.
  void write_requested_outputs(const arch::GpuModel& gpu) const;

 private:
  struct ModuleText {
    std::string text;
    analysis::SourceMap sources;
    analysis::LineCounts counts;
  };
  ModuleText& module_text(const ptx::Module* module, const std::string* ptx_text);

  int enabled_ = -1;  // -1: not looked up yet
  std::vector<analysis::KernelProfile> profiles_;
  std::map<const ptx::Module*, std::size_t> module_index_;  // into modules_
  std::vector<ModuleText> modules_;
};

}  // namespace smsim::runtime
