#pragma once
// Which PTX of a fatbinary runs on the modeled GPU: the newest target not
// above its compute capability, as the driver's JIT would pick; when every
// PTX is newer, the newest one, with a note saying so.

#include <cstdint>
#include <string>
#include <string_view>

#include "runtime/fatbin.h"

namespace smsim::runtime {

struct PtxChoice {
  const FatbinEntry* entry = nullptr;  // null: the fatbinary has no PTX
  std::string note;                    // set when the choice is above the CC
};

// `sm` is the modeled compute capability as major*10+minor.
PtxChoice choose_ptx(const Fatbin& fatbin, std::uint32_t sm);

// Whether the PTX's `.target` is arch-specific (sm_90a): nvcc -arch=sm_90a
// embeds it beside a plain compute_90 copy, and the fatbinary gives both the
// same sm. Such PTX runs only on a GPU of exactly that SM.
bool arch_specific_target(std::string_view ptx);

}  // namespace smsim::runtime
