#pragma once
// Registers per thread of each kernel, as ptxas assigns them to the PTX the
// program embeds (`ptxas -v`), which is what the driver's JIT reports as
// numRegs. Run once per module and remembered.

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace smsim::runtime {

// Kernel name -> registers, from `ptxas -v -arch=sm_<sm>` on `ptx`; empty
// (with a note on stderr) when ptxas is not available or fails.
std::map<std::string, std::uint32_t> ptxas_register_counts(const std::string& ptx, std::uint32_t sm);

// Parses ptxas -v output: "Compiling entry function 'NAME'" ... "Used N registers".
std::map<std::string, std::uint32_t> parse_ptxas_registers(const std::string& output);

}  // namespace smsim::runtime
