#pragma once
// Where each PTX register of a function lives in the warp register file: one
// 64-bit row per register, two consecutive rows (low half first) for a .b128
// register. 32- and 64-bit registers keep single rows, so their reads and
// writes stay one indexed access; only the .b128 instructions touch pairs.

#include <cstdint>
#include <vector>

#include "ptx/ir.h"

namespace smsim::func {

struct RegisterRows {
  std::vector<std::uint32_t> row;  // RegId -> row offset from the function's first row
  std::uint32_t count = 0;         // rows the function takes
};

RegisterRows register_rows(const ptx::Function& f);

}  // namespace smsim::func
