#pragma once
// A checked PTX module made ready to launch: its .global and .const variables
// placed in device memory with their initial values, and each kernel lowered
// and decoded. A kernel the engine cannot run keeps its diagnostics instead of
// code, so the module's other kernels stay usable.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "func/decode/decoded_kernel.h"
#include "func/load/float_model.h"
#include "func/memory/device_memory.h"
#include "ptx/ir.h"

namespace smsim::func {

struct ModuleSymbol {
  std::string name;
  MemorySpace space = MemorySpace::global;
  std::uint64_t address = 0;  // device address (global/const)
  std::uint64_t size = 0;
};

struct ModuleKernel {
  std::string name;
  std::optional<DecodedKernel> kernel;  // empty when it could not be decoded
  std::vector<std::string> errors;      // each with the PTX line
};

struct LoadedModule {
  std::vector<ModuleKernel> kernels;
  std::vector<ModuleSymbol> symbols;
  std::vector<std::uint64_t> allocations;  // freed by unload_module
  std::vector<std::string> errors;         // module-wide problems (variables)

  const ModuleKernel* find_kernel(std::string_view name) const;
  const ModuleSymbol* find_symbol(std::string_view name) const;
};

// `sm` is the simulated GPU's compute capability as major * 10 + minor: a
// kernel using an instruction that CC lacks (the opcode table's min_sm) keeps
// a diagnostic instead of code. `fma_contraction`: contract mul+add into fma
// as ptxas does (ptxas_rewrites.h); off computes the PTX as written.
LoadedModule load_module(const ptx::Module& module, DeviceMemory& memory, std::uint32_t sm,
                         bool fma_contraction = true, FloatModel float_model = {});
void unload_module(LoadedModule& module, DeviceMemory& memory);

}  // namespace smsim::func
