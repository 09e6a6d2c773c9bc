#pragma once
// Where control can go after one instruction, from its control-flow role: the
// one rule behind the decoder's reconvergence points and the load-time
// analyses of a kernel's control-flow graph.

#include <cstdint>
#include <vector>

#include "func/decode/decoded_instruction.h"

namespace smsim::func {

// Appends the successors of instruction `at` (kNoPc: control leaves the
// kernel). A guarded branch, exit or trap may also fall through.
inline void append_successors(Control control, bool guarded, std::uint32_t target, std::uint32_t at,
                              std::vector<std::uint32_t>& out) {
  switch (control) {
    case Control::branch:
      out.push_back(target);
      if (guarded) out.push_back(at + 1);
      return;
    case Control::exit:
    case Control::trap:
      out.push_back(kNoPc);
      if (guarded) out.push_back(at + 1);
      return;
    case Control::none:
    case Control::barrier:
    case Control::breakpoint:
      out.push_back(at + 1);
      return;
  }
}

}  // namespace smsim::func
