#pragma once
// Fast executors for the most frequent simple forms, chosen by the family
// selectors when an instruction qualifies (nullptr otherwise).

#include "func/decode/decoded_instruction.h"
#include "func/exec/exec_context.h"

namespace smsim::func {

// add/sub/mul/fma/mad .f32/.f64, round-to-nearest, no .ftz/.sat/.relu.
ExecFn select_fast_float(const DecodedInstruction& in);
// add/sub/mul.lo/mad.lo (no .sat/.cc), and/or/xor/shl/shr on integer types,
// plain mov, and setp without a combiner.
ExecFn select_fast_integer(const DecodedInstruction& in);
// ld/ldu/st .global (and ld .const) of 8- to 64-bit elements, scalar or .v2/.v4;
// ld.param at a fixed address.
ExecFn select_fast_memory(const DecodedInstruction& in);

// The general load and store executors the fast ones fall back to.
void load_checked(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask);
void store_checked(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask);

}  // namespace smsim::func
