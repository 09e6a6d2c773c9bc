#include "runtime/module_ptxas.h"

#include <cstdio>
#include <string>

#include "func/decode/stack_frames.h"

namespace smsim::runtime {
namespace {

bool makes_real_calls(const ModuleRecord& module) {
  for (const func::LoadedModule& loaded : module.loaded) {
    for (const func::ModuleKernel& k : loaded.kernels) {
      if (k.kernel && k.kernel->makes_calls()) return true;
    }
  }
  return false;
}

}  // namespace

const PtxasInfo* module_ptxas_info(ModuleRecord& module, std::uint32_t sm) {
  if (!module.ptxas_attempted) {
    module.ptxas_attempted = true;
    PtxasInfo merged;
    for (const std::string& source : module.sources) {
      std::string why_not;
      std::optional<PtxasInfo> info = run_ptxas(source, sm, why_not);
      if (!info) {
        static bool said = false;
        if (!said) {
          said = true;
          std::fprintf(stderr,
                       "smsim: no ptxas -v for this program (%s): numRegs is the PTX's own "
                       "register count, and functions called for real take their PTX sizes "
                       "from cudaLimitStackSize, not the H100's frames\n",
                       why_not.c_str());
        }
        return nullptr;
      }
      merged.registers.merge(info->registers);
      merged.stack_frames.merge(info->stack_frames);
    }
    module.ptxas = std::move(merged);
  }
  return module.ptxas ? &*module.ptxas : nullptr;
}

void size_stack_frames(ModuleRecord& module, std::uint32_t sm) {
  if (!makes_real_calls(module)) return;
  const PtxasInfo* info = module_ptxas_info(module, sm);
  if (info == nullptr) return;
  for (func::LoadedModule& loaded : module.loaded) {
    for (func::ModuleKernel& k : loaded.kernels) {
      if (k.kernel && k.kernel->makes_calls()) func::apply_stack_frames(*k.kernel, info->stack_frames);
    }
  }
}

}  // namespace smsim::runtime
