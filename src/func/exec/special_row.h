#pragma once
// A special register's values for a whole warp at once, for the executors
// that work on register rows (ops/lane_map.h).

#include <cstdint>

#include "func/exec/exec_context.h"

namespace smsim::func {

// special_value for the lanes of `mask`, into row[lane]; the same values,
// with what is common to the warp worked out once. Defined beside
// special_value (exec_context.cpp) so that both read one definition.
void special_row(const ExecContext& c, const isa::SpecialRegisterRef& ref, std::uint32_t mask,
                 std::uint64_t* row);

}  // namespace smsim::func
