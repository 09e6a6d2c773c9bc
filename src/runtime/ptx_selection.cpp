#include "runtime/ptx_selection.h"

#include <fmt/format.h>

namespace smsim::runtime {

PtxChoice choose_ptx(const Fatbin& fatbin, std::uint32_t sm) {
  PtxChoice best_fit;
  const FatbinEntry* newest = nullptr;
  for (const FatbinEntry& e : fatbin.entries) {
    if (e.kind != FatbinEntryKind::ptx) continue;
    if (newest == nullptr || e.sm > newest->sm) newest = &e;
    if (e.sm <= sm && (best_fit.entry == nullptr || e.sm > best_fit.entry->sm)) best_fit.entry = &e;
  }
  if (best_fit.entry != nullptr || newest == nullptr) return best_fit;
  return PtxChoice{.entry = newest,
                   .note = fmt::format("the program holds PTX for compute_{} and newer only; "
                                       "running compute_{} on an sm_{} model",
                                       newest->sm, newest->sm, sm)};
}

}  // namespace smsim::runtime
