#include "isa/opcode_coverage.h"

#include <algorithm>
#include <set>

namespace smsim::isa {
namespace {

std::vector<Type> allowed_types(const OpcodeInfo& info) {
  TypeMask mask;
  for (std::size_t slot = 0; slot < info.types.max && slot < kMaxTypeSlots; ++slot) {
    mask = mask | info.types.slots[slot];
  }
  std::vector<Type> types;
  for (std::size_t t = 0; t < kTypeCount; ++t) {
    if (mask.contains(static_cast<Type>(t))) types.push_back(static_cast<Type>(t));
  }
  return types;
}

std::vector<Modifier> allowed_modifiers(const OpcodeInfo& info) {
  return make_form(info.opcode, {}, info.modifiers).modifiers;
}

template <typename T>
std::vector<T> difference(const std::vector<T>& all, const std::vector<T>& some) {
  std::vector<T> out;
  for (const T& x : all) {
    if (std::find(some.begin(), some.end(), x) == some.end()) out.push_back(x);
  }
  return out;
}

bool more_frequent(const FormCount& a, const FormCount& b) {
  if (a.count != b.count) return a.count > b.count;
  return format_form(a.form) < format_form(b.form);
}

}  // namespace

std::vector<Type> OpcodeCoverage::missing_types() const {
  return difference(allowed_types, exercised_types);
}

std::vector<Modifier> OpcodeCoverage::missing_modifiers() const {
  return difference(allowed_modifiers, exercised_modifiers);
}

std::vector<Type> OpcodeCoverage::missing_catalog_types() const {
  return difference(catalog_types, exercised_types);
}

std::vector<Modifier> OpcodeCoverage::missing_catalog_modifiers() const {
  return difference(catalog_modifiers, exercised_modifiers);
}

std::vector<Type> OpcodeCoverage::types_in_no_catalog_form() const {
  return difference(allowed_types, catalog_types);
}

std::vector<Modifier> OpcodeCoverage::modifiers_in_no_catalog_form() const {
  return difference(allowed_modifiers, catalog_modifiers);
}

CoverageReport build_coverage_report(std::span<const InstructionForm> exercised,
                                     std::span<const FormCount> corpus,
                                     std::span<const InstructionForm> catalog) {
  CoverageReport report;
  for (const OpcodeInfo& info : opcode_table()) {
    report.opcodes.push_back(OpcodeCoverage{.opcode = info.opcode,
                                            .allowed_types = allowed_types(info),
                                            .allowed_modifiers = allowed_modifiers(info)});
  }
  std::set<std::string> seen;
  std::vector<std::set<Type>> types(report.opcodes.size());
  std::vector<std::set<Modifier>> modifiers(report.opcodes.size());
  for (const InstructionForm& form : exercised) {
    if (!seen.insert(format_form(form)).second) continue;
    const auto op = static_cast<std::size_t>(form.opcode);
    report.opcodes[op].exercised_forms.push_back(form);
    types[op].insert(form.types.begin(), form.types.end());
    modifiers[op].insert(form.modifiers.begin(), form.modifiers.end());
  }
  for (std::size_t op = 0; op < report.opcodes.size(); ++op) {
    OpcodeCoverage& c = report.opcodes[op];
    c.exercised_types.assign(types[op].begin(), types[op].end());
    c.exercised_modifiers.assign(modifiers[op].begin(), modifiers[op].end());
    std::sort(c.exercised_forms.begin(), c.exercised_forms.end(),
              [](const InstructionForm& a, const InstructionForm& b) {
                return format_form(a) < format_form(b);
              });
  }
  for (const FormCount& fc : corpus) {
    OpcodeCoverage& c = report.opcodes[static_cast<std::size_t>(fc.form.opcode)];
    ++c.corpus_forms;
    c.corpus_instructions += fc.count;
    if (seen.contains(format_form(fc.form))) {
      ++c.corpus_forms_exercised;
      c.corpus_instructions_exercised += fc.count;
    } else {
      c.missing_corpus_forms.push_back(fc);
      report.missing_corpus_forms.push_back(fc);
    }
  }
  std::vector<std::set<Type>> catalog_types(report.opcodes.size());
  std::vector<std::set<Modifier>> catalog_modifiers(report.opcodes.size());
  for (const InstructionForm& form : catalog) {
    const auto op = static_cast<std::size_t>(form.opcode);
    OpcodeCoverage& c = report.opcodes[op];
    catalog_types[op].insert(form.types.begin(), form.types.end());
    catalog_modifiers[op].insert(form.modifiers.begin(), form.modifiers.end());
    ++c.catalog_forms;
    if (seen.contains(format_form(form))) {
      ++c.catalog_forms_exercised;
    } else {
      c.missing_catalog_forms.push_back(form);
    }
  }
  for (std::size_t op = 0; op < report.opcodes.size(); ++op) {
    report.opcodes[op].catalog_types.assign(catalog_types[op].begin(), catalog_types[op].end());
    report.opcodes[op].catalog_modifiers.assign(catalog_modifiers[op].begin(),
                                                catalog_modifiers[op].end());
  }
  std::sort(report.missing_corpus_forms.begin(), report.missing_corpus_forms.end(), more_frequent);
  CoverageTotals& t = report.totals;
  for (OpcodeCoverage& c : report.opcodes) {
    std::sort(c.missing_corpus_forms.begin(), c.missing_corpus_forms.end(), more_frequent);
    ++t.opcodes;
    if (!c.exercised_forms.empty()) ++t.opcodes_exercised;
    // Count only what the table allows, so that the ratio never exceeds one
    // (the front end accepts nothing else, but records may come from anywhere).
    t.types_allowed += c.allowed_types.size();
    t.types_exercised += c.allowed_types.size() - c.missing_types().size();
    t.modifiers_allowed += c.allowed_modifiers.size();
    t.modifiers_exercised += c.allowed_modifiers.size() - c.missing_modifiers().size();
    t.exercised_forms += c.exercised_forms.size();
    if (c.corpus_forms != 0) {
      ++t.corpus_opcodes;
      if (c.corpus_forms_exercised != 0) ++t.corpus_opcodes_exercised;
    }
    t.corpus_forms += c.corpus_forms;
    t.corpus_forms_exercised += c.corpus_forms_exercised;
    t.corpus_instructions += c.corpus_instructions;
    t.corpus_instructions_exercised += c.corpus_instructions_exercised;
    std::sort(c.missing_catalog_forms.begin(), c.missing_catalog_forms.end(),
              [](const InstructionForm& a, const InstructionForm& b) {
                return format_form(a) < format_form(b);
              });
    if (c.catalog_forms != 0) {
      ++t.catalog_opcodes;
      if (c.catalog_forms_exercised != 0) ++t.catalog_opcodes_exercised;
    }
    t.catalog_forms += c.catalog_forms;
    t.catalog_forms_exercised += c.catalog_forms_exercised;
    t.catalog_types += c.catalog_types.size();
    t.catalog_types_exercised += c.catalog_types.size() - c.missing_catalog_types().size();
    t.catalog_modifiers += c.catalog_modifiers.size();
    t.catalog_modifiers_exercised +=
        c.catalog_modifiers.size() - c.missing_catalog_modifiers().size();
  }
  return report;
}

}  // namespace smsim::isa
