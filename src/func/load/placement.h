#pragma once
// Where each PTX variable lives once loaded: the state space and the address
// in it (a device address for .global/.const, an offset for .shared, .local
// and .param). Shared by module loading and kernel lowering.

#include <cstdint>
#include <string>
#include <vector>

#include "func/memory/memory_space.h"
#include "ptx/ir.h"

namespace smsim::func {

struct Placement {
  MemorySpace space = MemorySpace::global;
  std::uint64_t address = 0;
  bool placed = false;
  // A local of a function called for real: `address` is an offset from the
  // per-lane frame pointer rather than from the thread's local memory.
  bool relative = false;
};

struct ModulePlacement {
  std::vector<Placement> globals;  // by ptx::Module::globals index
};

// The natural alignment of a variable: its `.align`, else its element size.
std::uint64_t alignment_of(const ptx::Variable& v);

inline std::uint64_t align_up(std::uint64_t value, std::uint64_t alignment) {
  return alignment <= 1 ? value : (value + alignment - 1) / alignment * alignment;
}

}  // namespace smsim::func
