#pragma once
// Opcode coverage recording. When SMSIM_OPCODE_COVERAGE names a file, the
// decoder keeps each instruction's form (DecodedKernel::forms), the warp loop
// marks the instructions that ran with at least one lane, and each launch
// appends the forms that ran to the file (`isa/instruction_form.h` lines).
// Unset, none of this happens: `forms` stays empty and the warp loop's only
// extra work is a test of a null pointer.

#include <cstdint>
#include <span>

#include "func/decode/decoded_kernel.h"

namespace smsim::func {

// The file named by SMSIM_OPCODE_COVERAGE, or nullptr when it is unset or empty.
const char* opcode_coverage_file();

// Appends the forms of the instructions with `executed[i] != 0` to the
// coverage file, skipping those this process has already written there.
// Each call is one write(2) to a file opened with O_APPEND, so processes
// recording into the same file concurrently never interleave lines.
void record_opcode_coverage(const DecodedKernel& kernel, std::span<const std::uint8_t> executed);

}  // namespace smsim::func
