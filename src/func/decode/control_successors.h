#pragma once
// Where control can go after one instruction, from its control-flow role: the
// one rule behind the decoder's reconvergence points and the load-time
// analyses of a kernel's control-flow graph.

#include <cstdint>
#include <vector>

#include "func/decode/decoded_instruction.h"

namespace smsim::func {

// Appends the successors of instruction `at` (kNoPc: control leaves the
// kernel). A guarded branch, exit or trap may also fall through; brx.idx goes
// to every entry of its jump `table`; a real call returns to `at + 1`, and a
// function's `ret` leaves its body.
inline void append_successors(Control control, bool guarded, std::uint32_t target, std::uint32_t at,
                              std::vector<std::uint32_t>& out,
                              const std::vector<std::uint32_t>* table = nullptr) {
  switch (control) {
    case Control::branch:
      out.push_back(target);
      if (guarded) out.push_back(at + 1);
      return;
    case Control::branch_indexed:
      if (table != nullptr) out.insert(out.end(), table->begin(), table->end());
      if (guarded) out.push_back(at + 1);
      return;
    case Control::function_return:
    case Control::exit:
    case Control::trap:
      out.push_back(kNoPc);
      if (guarded) out.push_back(at + 1);
      return;
    case Control::call:
    case Control::none:
    case Control::barrier:
    case Control::breakpoint:
    case Control::sleep:
    case Control::warp_sync:
      out.push_back(at + 1);
      return;
  }
}

}  // namespace smsim::func
