#include "runtime/launch_analysis.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "analysis/profile_text.h"
#include "runtime/run_report.h"

namespace smsim::runtime {
namespace {

const char* env(const char* name) {
  const char* value = std::getenv(name);
  return value != nullptr && *value != '\0' ? value : nullptr;
}

void write_file(const char* path, const std::string& text, const char* what) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  if (!out) std::fprintf(stderr, "smsim: cannot write the %s to %s\n", what, path);
}

}  // namespace

bool LaunchAnalysis::enabled() {
  if (enabled_ < 0) {
    enabled_ = env(kProfileEnvVar) != nullptr || env(kAnnotateEnvVar) != nullptr ||
               env(kReportEnvVar) != nullptr;
  }
  return enabled_ != 0;
}

std::unique_ptr<analysis::AccessObserver> LaunchAnalysis::start(const func::DecodedKernel& kernel,
                                                                const arch::GpuModel& gpu) {
  if (!enabled()) return nullptr;
  return std::make_unique<analysis::AccessObserver>(kernel, gpu);
}

LaunchAnalysis::ModuleText& LaunchAnalysis::module_text(const ptx::Module* module,
                                                        const std::string* ptx_text) {
  auto [it, fresh] = module_index_.try_emplace(module, modules_.size());
  if (fresh) {
    ModuleText m;
    if (ptx_text != nullptr) m.text = *ptx_text;
    if (module != nullptr) m.sources = analysis::source_map(*module);
    modules_.push_back(std::move(m));
  }
  return modules_[it->second];
}

void LaunchAnalysis::finish(const std::string& name, const func::LaunchConfig& config,
                            const func::DecodedKernel& kernel,
                            const analysis::AccessObserver& observer, const ptx::Module* module,
                            const std::string* ptx_text) {
  ModuleText& m = module_text(module, ptx_text);
  profiles_.push_back(analysis::make_profile(name, config.grid, config.block, kernel,
                                             observer.counters(), m.sources));
  for (const analysis::LineProfile& line : profiles_.back().lines) {
    m.counts[line.ptx_line] += line.counts;
  }
}

void LaunchAnalysis::forget_modules() {
  module_index_.clear();
}

void LaunchAnalysis::write_requested_outputs(const arch::GpuModel& gpu) const {
  if (const char* path = env(kProfileEnvVar)) {
    write_file(path, analysis::profile_text(profiles_, gpu.display_name), "profile");
  }
  if (const char* path = env(kAnnotateEnvVar)) {
    std::string text;
    for (const ModuleText& m : modules_) {
      if (m.counts.empty()) continue;
      text += analysis::annotate(m.text, m.counts, m.sources);
    }
    write_file(path, text, "annotated PTX");
  }
}

}  // namespace smsim::runtime
