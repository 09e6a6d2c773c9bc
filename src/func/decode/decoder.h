#pragma once
// Lowers a KernelSpec to the compact DecodedKernel the engine runs: chooses
// each instruction's executor, splits operands into destinations, sources and
// the address, and computes every branch's reconvergence point. Anything the
// engine cannot execute is reported here, with its PTX line, before a launch
// ever starts: the engine never silently computes a wrong value.

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "func/decode/decoded_kernel.h"
#include "func/decode/instruction_spec.h"

namespace smsim::func {

struct DecodeError {
  std::uint32_t ptx_line = 0;
  std::string message;
};

struct DecodeResult {
  std::optional<DecodedKernel> kernel;
  std::vector<DecodeError> errors;
};

DecodeResult decode_kernel(const KernelSpec& spec);

}  // namespace smsim::func
