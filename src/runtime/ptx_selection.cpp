#include "runtime/ptx_selection.h"

#include <fmt/format.h>

#include <string_view>

namespace smsim::runtime {
namespace {

bool arch_specific(const FatbinEntry& e) { return arch_specific_target(e.payload); }

}  // namespace

bool arch_specific_target(std::string_view text) {
  const std::size_t target = text.find(".target");
  if (target == std::string_view::npos) return false;
  std::size_t i = target + 7;
  while (i < text.size() && (text[i] == ' ' || text[i] == '\t')) ++i;
  if (text.substr(i, 3) != "sm_") return false;
  i += 3;
  while (i < text.size() && text[i] >= '0' && text[i] <= '9') ++i;
  return i < text.size() && text[i] == 'a';
}

PtxChoice choose_ptx(const Fatbin& fatbin, std::uint32_t sm) {
  PtxChoice best_fit;
  const FatbinEntry* newest = nullptr;
  const auto better = [](const FatbinEntry& e, const FatbinEntry* than) {
    return than == nullptr || e.sm > than->sm ||
           (e.sm == than->sm && arch_specific(e) && !arch_specific(*than));
  };
  for (const FatbinEntry& e : fatbin.entries) {
    if (e.kind != FatbinEntryKind::ptx) continue;
    if (newest == nullptr || e.sm > newest->sm) newest = &e;
    const bool runs_here = arch_specific(e) ? e.sm == sm : e.sm <= sm;
    if (runs_here && better(e, best_fit.entry)) best_fit.entry = &e;
  }
  if (best_fit.entry != nullptr || newest == nullptr) return best_fit;
  if (arch_specific(*newest)) {
    return PtxChoice{.entry = newest,
                     .note = fmt::format("the program holds PTX for sm_{}a GPUs only; running it "
                                         "on an sm_{} model",
                                         newest->sm, sm)};
  }
  return PtxChoice{.entry = newest,
                   .note = fmt::format("the program holds PTX for compute_{} and newer only; "
                                       "running compute_{} on an sm_{} model",
                                       newest->sm, newest->sm, sm)};
}

}  // namespace smsim::runtime
