#pragma once
// Which device functions of a module must be called for real rather than
// inlined: those that can reach themselves through direct calls (recursion),
// those whose address is taken (function pointers, vtables), which an
// indirect call may reach, and those that run alloca, whose allocations their
// return frees (an inlined copy has no return to free them at).

#include <vector>

#include "ptx/ir.h"

namespace smsim::func {

struct CallGraph {
  std::vector<bool> recursive;      // by Module::functions index
  std::vector<bool> address_taken;  // by Module::functions index
  std::vector<bool> allocates;      // by Module::functions index
  bool called_for_real(std::size_t f) const {
    return recursive[f] || address_taken[f] || allocates[f];
  }
};

CallGraph analyse_calls(const ptx::Module& module);

}  // namespace smsim::func
