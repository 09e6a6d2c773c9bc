#pragma once
// Opcode coverage: which instruction forms the tests executed, measured
// against two denominators. The opcode table's sets are deliberately wide
// (every type and modifier nvcc emits for any target), so per opcode the
// report gives exercised/allowed types and modifiers; the honest measure is
// the second one, the forms that appear in real PTX (a corpus of nvcc
// output), weighted by how often each appears. A third, the form catalog
// (tests/isa/forms/<target>.forms: every form ptxas accepts for the target,
// docs/opcode-coverage.md), lists the valid combinations themselves, so it
// says which valid forms no test ever ran.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "isa/instruction_form.h"

namespace smsim::isa {

struct FormCount {
  InstructionForm form;
  std::uint64_t count = 0;  // static occurrences in the corpus
};

struct OpcodeCoverage {
  Opcode opcode = Opcode::Mov;
  std::vector<Type> allowed_types, exercised_types;  // every type slot together
  std::vector<Modifier> allowed_modifiers, exercised_modifiers;
  std::vector<InstructionForm> exercised_forms;
  // Forms of this opcode in the corpus: distinct, and instructions.
  std::size_t corpus_forms = 0, corpus_forms_exercised = 0;
  std::uint64_t corpus_instructions = 0, corpus_instructions_exercised = 0;
  std::vector<FormCount> missing_corpus_forms;  // most frequent first
  // Forms of this opcode in the catalog, and those that never ran.
  std::size_t catalog_forms = 0, catalog_forms_exercised = 0;
  std::vector<InstructionForm> missing_catalog_forms;  // form text order
  // The types and modifiers that at least one catalog form of this opcode
  // uses: the valid part of the table's deliberately wide sets (ptxas takes
  // the table's other ones in no form of the opcode).
  std::vector<Type> catalog_types;
  std::vector<Modifier> catalog_modifiers;

  std::vector<Type> missing_types() const;
  std::vector<Modifier> missing_modifiers() const;
  std::vector<Type> missing_catalog_types() const;
  std::vector<Modifier> missing_catalog_modifiers() const;
  // The table's types and modifiers that no catalog form of the opcode uses.
  std::vector<Type> types_in_no_catalog_form() const;
  std::vector<Modifier> modifiers_in_no_catalog_form() const;
};

struct CoverageTotals {
  std::size_t opcodes = 0, opcodes_exercised = 0;
  std::size_t types_allowed = 0, types_exercised = 0;  // summed per opcode
  std::size_t modifiers_allowed = 0, modifiers_exercised = 0;
  std::size_t exercised_forms = 0;
  std::size_t corpus_opcodes = 0, corpus_opcodes_exercised = 0;
  std::size_t corpus_forms = 0, corpus_forms_exercised = 0;
  std::uint64_t corpus_instructions = 0, corpus_instructions_exercised = 0;
  std::size_t catalog_opcodes = 0, catalog_opcodes_exercised = 0;
  std::size_t catalog_forms = 0, catalog_forms_exercised = 0;
  std::size_t catalog_types = 0, catalog_types_exercised = 0;          // summed per opcode
  std::size_t catalog_modifiers = 0, catalog_modifiers_exercised = 0;  // summed per opcode
};

struct CoverageReport {
  std::vector<OpcodeCoverage> opcodes;  // table order, every opcode
  CoverageTotals totals;
  std::vector<FormCount> missing_corpus_forms;  // all opcodes, most frequent first
};

// `exercised` may repeat forms; `corpus` and `catalog` must hold each form once.
CoverageReport build_coverage_report(std::span<const InstructionForm> exercised,
                                     std::span<const FormCount> corpus,
                                     std::span<const InstructionForm> catalog = {});

}  // namespace smsim::isa
