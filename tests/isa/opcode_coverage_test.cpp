// The coverage report: exercised forms against the opcode table and a corpus.

#include "isa/opcode_coverage.h"

#include <gtest/gtest.h>

#include <algorithm>

namespace smsim::isa {
namespace {

InstructionForm form(std::string_view line) {
  auto f = parse_form(line);
  EXPECT_TRUE(f) << line;
  return f.value_or(InstructionForm{});
}

const OpcodeCoverage& of(const CoverageReport& r, Opcode op) {
  return r.opcodes[static_cast<std::size_t>(op)];
}

TEST(OpcodeCoverage, CountsTypesAndModifiersAgainstTheTable) {
  const std::vector<InstructionForm> exercised{form("add\tf32\trn.ftz"), form("add\tf32\trn.ftz"),
                                               form("add\ts32\t")};
  const CoverageReport r = build_coverage_report(exercised, {});
  const OpcodeCoverage& add = of(r, Opcode::Add);
  EXPECT_EQ(add.exercised_forms.size(), 2U);  // the repeated record counts once
  EXPECT_EQ(add.exercised_types, (std::vector<Type>{Type::S32, Type::F32}));
  EXPECT_EQ(add.exercised_modifiers, (std::vector<Modifier>{Modifier::Rn, Modifier::Ftz}));
  const auto missing = add.missing_types();
  EXPECT_EQ(missing.size(), add.allowed_types.size() - 2);
  EXPECT_EQ(std::count(missing.begin(), missing.end(), Type::F32), 0);
  EXPECT_EQ(std::count(missing.begin(), missing.end(), Type::F64), 1);
  EXPECT_EQ(r.totals.opcodes, opcode_table().size());
  EXPECT_EQ(r.totals.opcodes_exercised, 1U);
  EXPECT_EQ(r.totals.types_exercised, 2U);
  EXPECT_EQ(r.totals.modifiers_exercised, 2U);
  EXPECT_TRUE(of(r, Opcode::Mul).exercised_forms.empty());
}

TEST(OpcodeCoverage, CorpusFormsAreCoveredOnlyByTheExactForm) {
  const std::vector<InstructionForm> exercised{form("add\tf32\trn"), form("mul\tf32\t")};
  const std::vector<FormCount> corpus{{form("add\tf32\t"), 50},
                                      {form("add\tf32\trn"), 7},
                                      {form("mul\tf32\t"), 3},
                                      {form("fma\tf32\trn"), 90}};
  const CoverageReport r = build_coverage_report(exercised, corpus);
  const OpcodeCoverage& add = of(r, Opcode::Add);
  EXPECT_EQ(add.corpus_forms, 2U);
  EXPECT_EQ(add.corpus_forms_exercised, 1U);
  EXPECT_EQ(add.corpus_instructions, 57U);
  EXPECT_EQ(add.corpus_instructions_exercised, 7U);
  ASSERT_EQ(add.missing_corpus_forms.size(), 1U);
  EXPECT_EQ(format_form(add.missing_corpus_forms[0].form), "add\tf32\t");
  EXPECT_EQ(r.totals.corpus_opcodes, 3U);
  EXPECT_EQ(r.totals.corpus_opcodes_exercised, 2U);
  EXPECT_EQ(r.totals.corpus_forms, 4U);
  EXPECT_EQ(r.totals.corpus_forms_exercised, 2U);
  EXPECT_EQ(r.totals.corpus_instructions, 150U);
  EXPECT_EQ(r.totals.corpus_instructions_exercised, 10U);
  // Most frequent first: fma (90) before add (50).
  ASSERT_EQ(r.missing_corpus_forms.size(), 2U);
  EXPECT_EQ(r.missing_corpus_forms[0].form.opcode, Opcode::Fma);
  EXPECT_EQ(r.missing_corpus_forms[1].form.opcode, Opcode::Add);
}

TEST(OpcodeCoverage, CatalogFormsNeverExecutedAreListedPerOpcode) {
  const std::vector<InstructionForm> exercised{form("add\tf32\trn"), form("add\tf32\trn"),
                                               form("mul\ts32\tlo")};
  const std::vector<InstructionForm> catalog{form("add\tf32\trz"), form("add\tf32\trn"),
                                             form("add\tf32\t"), form("fma\tf32\trn")};
  const CoverageReport r = build_coverage_report(exercised, {}, catalog);
  const OpcodeCoverage& add = of(r, Opcode::Add);
  EXPECT_EQ(add.catalog_forms, 3U);
  EXPECT_EQ(add.catalog_forms_exercised, 1U);
  ASSERT_EQ(add.missing_catalog_forms.size(), 2U);
  // Sorted by form text, so the report is stable.
  EXPECT_EQ(format_form(add.missing_catalog_forms[0]), "add\tf32\t");
  EXPECT_EQ(format_form(add.missing_catalog_forms[1]), "add\tf32\trz");
  // An exercised form outside the catalog counts nowhere in the catalog totals.
  EXPECT_EQ(of(r, Opcode::Mul).catalog_forms, 0U);
  EXPECT_EQ(r.totals.catalog_opcodes, 2U);
  EXPECT_EQ(r.totals.catalog_opcodes_exercised, 1U);
  EXPECT_EQ(r.totals.catalog_forms, 4U);
  EXPECT_EQ(r.totals.catalog_forms_exercised, 1U);
}

TEST(OpcodeCoverage, TypesAndModifiersAreAlsoCountedAgainstWhatTheCatalogUses) {
  // add's table allows many types and modifiers; the catalog's forms use f32
  // and f64 with rn and rz: only those are the valid part.
  const std::vector<InstructionForm> exercised{form("add\tf32\trn"), form("add\tf32\tsat"),
                                               form("add\tu32\t")};
  const std::vector<InstructionForm> catalog{form("add\tf32\trn"), form("add\tf64\trz")};
  const CoverageReport r = build_coverage_report(exercised, {}, catalog);
  const OpcodeCoverage& add = of(r, Opcode::Add);
  EXPECT_EQ(add.catalog_types, (std::vector<Type>{Type::F32, Type::F64}));
  EXPECT_EQ(add.missing_catalog_types(), std::vector<Type>{Type::F64});
  EXPECT_EQ(add.missing_catalog_modifiers(), std::vector<Modifier>{Modifier::Rz});
  // u32 ran but is in no catalog form: not counted against the catalog.
  const auto unused = add.types_in_no_catalog_form();
  EXPECT_NE(std::find(unused.begin(), unused.end(), Type::U32), unused.end());
  EXPECT_EQ(std::find(unused.begin(), unused.end(), Type::F32), unused.end());
  EXPECT_EQ(r.totals.catalog_types, 2U);
  EXPECT_EQ(r.totals.catalog_types_exercised, 1U);
  EXPECT_EQ(r.totals.catalog_modifiers, 2U);
  EXPECT_EQ(r.totals.catalog_modifiers_exercised, 1U);
}

}  // namespace
}  // namespace smsim::isa
