#pragma once
// The catalog forms the H100 cannot run either (tests/isa/forms/
// sm_90.h100_refused): ptxas accepts them, but the driver or ptxas refuses
// every program holding one. `smsim isa-coverage --h100-refused FILE` reports
// them apart from the forms the tests executed; an entry counts only with
// its evidence and a test that checks smsim refuses the same way.
//
// One entry per line, tab-separated: the form (mnemonic, types, modifiers as
// isa/instruction_form.h writes it), what the H100 or its toolchain does,
// the evidence file, and the test as `FILE:NAME` (a source file of the
// repository that holds NAME). Paths are relative to the repository root
// (the working directory). `#` starts a comment line.

#include <string>
#include <vector>

#include "isa/instruction_form.h"

namespace smsim::cli {

struct H100Refusal {
  isa::InstructionForm form;
  std::string behaviour;
  std::string evidence;  // file
  std::string test;      // FILE:NAME
  std::size_t line = 0;
};

// Reads `path`; false (with the reason in `error`) when it cannot be read or
// a line is not an entry.
bool read_h100_refusals(const std::string& path, std::vector<H100Refusal>& out,
                        std::string& error);

// What is wrong with `r` against the catalog and the records: the form is
// not in the catalog, was executed after all, its evidence file is missing,
// or its test file lacks the test's name. Empty when the entry stands.
std::string check_h100_refusal(const H100Refusal& r, const std::vector<std::string>& catalog,
                               const std::vector<std::string>& exercised);

}  // namespace smsim::cli
