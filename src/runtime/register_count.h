#pragma once
// What ptxas makes of the PTX the program embeds (`ptxas -v`): the registers
// per thread of each kernel, which the driver's JIT reports as numRegs, and
// the stack frame of every function, which is what each activation of a
// function called for real takes from cudaLimitStackSize on the H100
// (docs/func.md "Stack"). Run at most once per module and remembered.

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace smsim::runtime {

struct PtxasInfo {
  std::map<std::string, std::uint32_t> registers;     // entry functions, by name
  std::map<std::string, std::uint64_t> stack_frames;  // every function, by name
};

// The -arch ptxas takes for `ptx` on a GPU of `sm`: sm_90a for PTX whose
// `.target` is sm_90a (ptxas refuses it for sm_90), sm_<sm> otherwise.
std::string ptxas_arch(std::string_view ptx, std::uint32_t sm);

// `ptxas -v -arch=<ptxas_arch>` on `ptx`; nullopt with the reason in
// `why_not` when ptxas is not available or fails.
std::optional<PtxasInfo> run_ptxas(const std::string& ptx, std::uint32_t sm, std::string& why_not);

// Parses ptxas -v output: "Compiling entry function 'NAME'" ... "Used N
// registers", and "Function properties for NAME" followed by "N bytes stack
// frame".
PtxasInfo parse_ptxas_output(const std::string& output);

}  // namespace smsim::runtime
