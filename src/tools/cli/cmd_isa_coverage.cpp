// `smsim isa-coverage RECORDS... [--corpus PATH]... [--catalog FILE]... [--json OUT] [--top N]`:
// reads opcode-coverage records (lines written by the engine under
// SMSIM_OPCODE_COVERAGE, see func/exec/opcode_coverage.h) and reports, per
// opcode of the table, exercised/allowed types and modifiers and the missing
// ones; with --corpus, also the forms that real nvcc output contains (every
// instruction of every module, parsed by the front end) and how many of
// those the records exercised; with --catalog (tools/forms/catalog.py), per
// opcode the catalog's valid forms exercised/total and every catalog form
// never executed (several catalogs, one per target such as sm_90 and the
// sm_90a-only forms, count as their union, each also on a line of its own);
// with --h100-refused (repeatable) (tools/cli/h100_refusals.h), the
// catalog forms the H100 cannot run either, apart, each checked for its
// evidence and test. Exit 0 when the report is written, 1 when a refusal
// entry does not stand or, with --h100-refused, a catalog form is neither
// executed nor refused, 2 when an input cannot be read.

#include <fmt/format.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "isa/opcode_coverage.h"
#include "ptx/frontend.h"
#include "tools/cli/h100_refusals.h"
#include "tools/cli/subcommands.h"
#include "tools/cli/text_file.h"

namespace smsim::cli {
namespace {

namespace fs = std::filesystem;

struct IsaCoverageOptions {
  std::vector<std::string> records;
  std::vector<std::string> corpus;
  std::vector<std::string> catalogs;
  std::vector<std::string> h100_refused;
  std::string json_path;
  std::size_t top = 60;
};

struct Inputs {
  std::vector<isa::InstructionForm> exercised;
  std::size_t unreadable_lines = 0;
  std::map<std::string, isa::FormCount> corpus;  // by form text
  std::size_t corpus_modules = 0, corpus_rejected = 0;
  std::vector<isa::InstructionForm> catalog;  // the union of the catalogs
  std::set<std::string> catalog_keys;
  // Per catalog file: its path and its forms' texts, for the per-file lines.
  std::vector<std::pair<std::string, std::vector<std::string>>> catalog_files;
  std::vector<H100Refusal> refused;
  bool have_refused = false;
};

// The catalog forms apart from the executed ones: those the H100 refuses too
// (entries that stand), the rest, and what is wrong with the entries.
struct CatalogVerdict {
  std::vector<const H100Refusal*> refused;
  std::vector<isa::InstructionForm> neither;
  std::vector<std::string> problems;
  bool failed() const { return !neither.empty() || !problems.empty(); }
};

std::vector<std::string> sorted_keys(const std::vector<isa::InstructionForm>& forms) {
  std::vector<std::string> keys;
  keys.reserve(forms.size());
  for (const isa::InstructionForm& f : forms) keys.push_back(isa::format_form(f));
  std::sort(keys.begin(), keys.end());
  return keys;
}

CatalogVerdict judge_catalog(const isa::CoverageReport& r, const Inputs& in) {
  CatalogVerdict v;
  const std::vector<std::string> catalog = sorted_keys(in.catalog);
  const std::vector<std::string> exercised = sorted_keys(in.exercised);
  std::set<std::string> refused;
  for (const H100Refusal& entry : in.refused) {
    std::string problem = check_h100_refusal(entry, catalog, exercised);
    if (!problem.empty()) {
      v.problems.push_back(fmt::format("line {}: {}", entry.line, std::move(problem)));
      continue;
    }
    refused.insert(isa::format_form(entry.form));
    v.refused.push_back(&entry);
  }
  for (const isa::OpcodeCoverage& c : r.opcodes) {
    for (const isa::InstructionForm& f : c.missing_catalog_forms) {
      if (!refused.contains(isa::format_form(f))) v.neither.push_back(f);
    }
  }
  return v;
}

bool read_records(const std::string& path, Inputs& in) {
  std::string text;
  if (!read_text_file(path, text)) {
    std::fprintf(stderr, "smsim isa-coverage: cannot read '%s'\n", path.c_str());
    return false;
  }
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    if (!line.empty()) {
      if (auto form = isa::parse_form(line)) {
        in.exercised.push_back(std::move(*form));
      } else {
        ++in.unreadable_lines;
      }
    }
    start = end + 1;
  }
  return true;
}

// One form per line; `#` starts a comment line. A line that is not a form
// means the catalog and the opcode table disagree, which makes every number
// of the report doubtful, so it is an error rather than a skipped line.
bool read_catalog(const std::string& path, Inputs& in) {
  std::string text;
  if (!read_text_file(path, text)) {
    std::fprintf(stderr, "smsim isa-coverage: cannot read '%s'\n", path.c_str());
    return false;
  }
  std::size_t start = 0, line_no = 0;
  std::vector<std::string>& own = in.catalog_files.emplace_back(path, std::vector<std::string>{}).second;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    if (end == std::string::npos) end = text.size();
    const std::string_view line(text.data() + start, end - start);
    ++line_no;
    start = end + 1;
    if (line.empty() || line.front() == '#') continue;
    auto form = isa::parse_form(line);
    if (!form) {
      std::fprintf(stderr, "smsim isa-coverage: %s:%zu: not a form of the opcode table: '%.*s'\n",
                   path.c_str(), line_no, static_cast<int>(line.size()), line.data());
      return false;
    }
    std::string key = isa::format_form(*form);
    own.push_back(key);
    if (in.catalog_keys.insert(std::move(key)).second) in.catalog.push_back(std::move(*form));
  }
  return true;
}

void count_module_forms(const ptx::Module& module, Inputs& in) {
  for (const ptx::Function& f : module.functions) {
    for (const ptx::Instruction& inst : f.instructions) {
      std::vector<isa::Type> types;
      isa::ModifierMask modifiers;
      for (const ptx::Suffix& s : inst.suffix_list()) {
        if (s.kind == ptx::SuffixKind::Type && types.size() < isa::kMaxTypeSlots) {
          types.push_back(s.type());
        }
        if (s.kind == ptx::SuffixKind::Modifier) modifiers.set(s.modifier());
      }
      isa::InstructionForm form = isa::make_form(inst.opcode, types, modifiers);
      std::string key = isa::format_form(form);
      auto [it, fresh] = in.corpus.try_emplace(std::move(key), isa::FormCount{std::move(form), 0});
      ++it->second.count;
    }
  }
}

// A corpus path is a PTX file or a folder whose *.ptx files are all read.
bool read_corpus(const std::string& path, Inputs& in) {
  std::vector<fs::path> files;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    for (const auto& entry : fs::directory_iterator(path, ec)) {
      if (entry.path().extension() == ".ptx") files.push_back(entry.path());
    }
    std::sort(files.begin(), files.end());
  } else {
    files.emplace_back(path);
  }
  for (const fs::path& file : files) {
    std::string text;
    if (!read_text_file(file, text)) {
      std::fprintf(stderr, "smsim isa-coverage: cannot read '%s'\n", file.c_str());
      return false;
    }
    ptx::Diagnostics diags(file.string(), text);
    const ptx::Module module = ptx::parse_and_check(text, diags);
    ++in.corpus_modules;
    // A module the front end rejects says nothing reliable about its forms.
    if (diags.has_errors()) {
      ++in.corpus_rejected;
      continue;
    }
    count_module_forms(module, in);
  }
  return true;
}

template <typename T, typename Name>
std::string join(const std::vector<T>& items, Name name) {
  std::string out;
  for (const T& x : items) {
    if (!out.empty()) out += ' ';
    out += name(x);
  }
  return out;
}

std::string percent(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? "-" : fmt::format("{:.1f}%", 100.0 * static_cast<double>(part) / whole);
}

// Per catalog file: its path, how many forms it holds and how many of them ran.
struct CatalogFileCount {
  std::string path;
  std::size_t forms = 0, exercised = 0;
};

std::vector<CatalogFileCount> per_catalog_counts(const Inputs& in) {
  std::set<std::string> exercised;
  for (const isa::InstructionForm& f : in.exercised) exercised.insert(isa::format_form(f));
  std::vector<CatalogFileCount> out;
  for (const auto& [path, keys] : in.catalog_files) {
    const std::set<std::string> forms(keys.begin(), keys.end());
    CatalogFileCount c{path, forms.size(), 0};
    for (const std::string& k : forms) c.exercised += exercised.contains(k) ? 1 : 0;
    out.push_back(std::move(c));
  }
  return out;
}

// One line per catalog file when there are several.
std::string per_catalog_lines(const Inputs& in) {
  std::string out;
  for (const CatalogFileCount& c : per_catalog_counts(in)) {
    out += fmt::format("    {}: {}/{} forms exercised ({})\n", c.path, c.exercised, c.forms,
                       percent(c.exercised, c.forms));
  }
  return out;
}

std::string text_report(const isa::CoverageReport& r, const Inputs& in, const CatalogVerdict& v,
                        std::size_t top) {
  const isa::CoverageTotals& t = r.totals;
  std::string out = "opcode coverage\n";
  out += fmt::format("  records: {} forms exercised ({} unreadable lines)\n", t.exercised_forms,
                     in.unreadable_lines);
  out += fmt::format("  opcode table: {}/{} opcodes, {}/{} types, {}/{} modifiers exercised\n",
                     t.opcodes_exercised, t.opcodes, t.types_exercised, t.types_allowed,
                     t.modifiers_exercised, t.modifiers_allowed);
  if (in.corpus_modules != 0) {
    out += fmt::format(
        "  corpus ({} modules, {} rejected): {}/{} opcodes, {}/{} forms ({}), {}/{} instructions "
        "({})\n",
        in.corpus_modules, in.corpus_rejected, t.corpus_opcodes_exercised, t.corpus_opcodes,
        t.corpus_forms_exercised, t.corpus_forms, percent(t.corpus_forms_exercised, t.corpus_forms),
        t.corpus_instructions_exercised, t.corpus_instructions,
        percent(t.corpus_instructions_exercised, t.corpus_instructions));
  }
  if (!in.catalog.empty()) {
    out += fmt::format("  catalog: {}/{} opcodes, {}/{} forms exercised ({})\n",
                       t.catalog_opcodes_exercised, t.catalog_opcodes, t.catalog_forms_exercised,
                       t.catalog_forms, percent(t.catalog_forms_exercised, t.catalog_forms));
    if (in.catalog_files.size() > 1) out += per_catalog_lines(in);
    // The table's type and modifier sets are wider than what ptxas takes;
    // counted against what the catalog's forms use, they are the valid ones.
    out += fmt::format(
        "  catalog: {}/{} types and {}/{} modifiers that its forms use exercised (summed per "
        "opcode)\n",
        t.catalog_types_exercised, t.catalog_types, t.catalog_modifiers_exercised,
        t.catalog_modifiers);
    if (in.have_refused) {
      out += fmt::format(
          "  catalog: {} forms not executable on the H100 either, {} neither executed nor "
          "refused, {} refusal entries that do not stand\n",
          v.refused.size(), v.neither.size(), v.problems.size());
    }
  }
  out += "\nper opcode: types, modifiers, corpus forms (corpus instructions), catalog forms\n";
  for (const isa::OpcodeCoverage& c : r.opcodes) {
    out += fmt::format("{:<26} types {:>2}/{:<2} modifiers {:>3}/{:<3}",
                       isa::opcode_mnemonic(c.opcode), c.allowed_types.size() - c.missing_types().size(),
                       c.allowed_types.size(),
                       c.allowed_modifiers.size() - c.missing_modifiers().size(),
                       c.allowed_modifiers.size());
    if (c.corpus_forms != 0) {
      out += fmt::format(" corpus {:>3}/{:<3} ({})", c.corpus_forms_exercised, c.corpus_forms,
                         percent(c.corpus_instructions_exercised, c.corpus_instructions));
    }
    if (c.catalog_forms != 0) {
      out += fmt::format(" catalog {:>4}/{:<4}", c.catalog_forms_exercised, c.catalog_forms);
    }
    out += '\n';
    // With catalog forms, "missing" is what they use and no test ran; what the
    // table allows and no catalog form of the opcode uses is listed apart.
    const bool in_catalog = c.catalog_forms != 0;
    if (const auto missing = in_catalog ? c.missing_catalog_types() : c.missing_types();
        !missing.empty()) {
      out += "    missing types: " + join(missing, isa::type_name) + '\n';
    }
    if (const auto missing = in_catalog ? c.missing_catalog_modifiers() : c.missing_modifiers();
        !missing.empty()) {
      out += "    missing modifiers: " + join(missing, isa::modifier_name) + '\n';
    }
    if (!in_catalog) continue;
    if (const auto unused = c.types_in_no_catalog_form(); !unused.empty()) {
      out += "    table types in no catalog form: " + join(unused, isa::type_name) + '\n';
    }
    if (const auto unused = c.modifiers_in_no_catalog_form(); !unused.empty()) {
      out += "    table modifiers in no catalog form: " + join(unused, isa::modifier_name) + '\n';
    }
  }
  if (!r.missing_corpus_forms.empty()) {
    out += fmt::format("\nmost frequent corpus forms never exercised (top {} of {})\n",
                       std::min(top, r.missing_corpus_forms.size()), r.missing_corpus_forms.size());
    for (std::size_t i = 0; i < r.missing_corpus_forms.size() && i < top; ++i) {
      const isa::FormCount& fc = r.missing_corpus_forms[i];
      out += fmt::format("{:>8}  {}\n", fc.count, isa::form_ptx_spelling(fc.form));
    }
  }
  if (in.have_refused) {
    out += fmt::format("\ncatalog forms not executable on the H100 either ({})\n", v.refused.size());
    for (const H100Refusal* e : v.refused) {
      out += fmt::format("{}: {} (evidence {}; test {})\n", isa::form_ptx_spelling(e->form),
                         e->behaviour, e->evidence, e->test);
    }
    out += fmt::format("\ncatalog forms neither executed nor refused ({} of {})\n",
                       v.neither.size(), t.catalog_forms);
    for (const isa::InstructionForm& f : v.neither) out += isa::form_ptx_spelling(f) + '\n';
    if (!v.problems.empty()) {
      out += fmt::format("\nrefusal entries that do not stand ({})\n", v.problems.size());
      for (const std::string& p : v.problems) out += p + '\n';
    }
  } else if (!in.catalog.empty()) {
    out += fmt::format("\ncatalog forms never executed ({} of {})\n",
                       t.catalog_forms - t.catalog_forms_exercised, t.catalog_forms);
    for (const isa::OpcodeCoverage& c : r.opcodes) {
      if (c.missing_catalog_forms.empty()) continue;
      out += fmt::format("{} ({} of {}):", isa::opcode_mnemonic(c.opcode),
                         c.missing_catalog_forms.size(), c.catalog_forms);
      for (const isa::InstructionForm& f : c.missing_catalog_forms) {
        out += ' ' + isa::form_ptx_spelling(f);
      }
      out += '\n';
    }
  }
  return out;
}

nlohmann::json names_json(const std::vector<isa::Type>& types) {
  nlohmann::json j = nlohmann::json::array();
  for (isa::Type t : types) j.push_back(std::string(isa::type_name(t)));
  return j;
}

nlohmann::json names_json(const std::vector<isa::Modifier>& modifiers) {
  nlohmann::json j = nlohmann::json::array();
  for (isa::Modifier m : modifiers) j.push_back(std::string(isa::modifier_name(m)));
  return j;
}

nlohmann::json forms_json(const std::vector<isa::FormCount>& forms) {
  nlohmann::json j = nlohmann::json::array();
  for (const isa::FormCount& fc : forms) {
    j.push_back({{"form", isa::form_ptx_spelling(fc.form)}, {"count", fc.count}});
  }
  return j;
}

nlohmann::json form_texts_json(const std::vector<isa::InstructionForm>& forms) {
  nlohmann::json j = nlohmann::json::array();
  for (const isa::InstructionForm& f : forms) j.push_back(isa::format_form(f));
  return j;
}

nlohmann::json json_report(const isa::CoverageReport& r, const Inputs& in,
                           const CatalogVerdict& v) {
  const isa::CoverageTotals& t = r.totals;
  nlohmann::json j;
  j["summary"] = {{"exercised_forms", t.exercised_forms},
                  {"unreadable_record_lines", in.unreadable_lines},
                  {"opcodes", t.opcodes},
                  {"opcodes_exercised", t.opcodes_exercised},
                  {"types_allowed", t.types_allowed},
                  {"types_exercised", t.types_exercised},
                  {"modifiers_allowed", t.modifiers_allowed},
                  {"modifiers_exercised", t.modifiers_exercised},
                  {"corpus_modules", in.corpus_modules},
                  {"corpus_modules_rejected", in.corpus_rejected},
                  {"corpus_opcodes", t.corpus_opcodes},
                  {"corpus_opcodes_exercised", t.corpus_opcodes_exercised},
                  {"corpus_forms", t.corpus_forms},
                  {"corpus_forms_exercised", t.corpus_forms_exercised},
                  {"corpus_instructions", t.corpus_instructions},
                  {"corpus_instructions_exercised", t.corpus_instructions_exercised},
                  {"catalog_opcodes", t.catalog_opcodes},
                  {"catalog_opcodes_exercised", t.catalog_opcodes_exercised},
                  {"catalog_forms", t.catalog_forms},
                  {"catalog_forms_exercised", t.catalog_forms_exercised},
                  {"catalog_types", t.catalog_types},
                  {"catalog_types_exercised", t.catalog_types_exercised},
                  {"catalog_modifiers", t.catalog_modifiers},
                  {"catalog_modifiers_exercised", t.catalog_modifiers_exercised}};
  nlohmann::json catalogs = nlohmann::json::array();
  for (const CatalogFileCount& c : per_catalog_counts(in)) {
    catalogs.push_back({{"path", c.path}, {"forms", c.forms}, {"forms_exercised", c.exercised}});
  }
  j["catalogs"] = std::move(catalogs);
  if (in.have_refused) {
    nlohmann::json refused = nlohmann::json::array();
    for (const H100Refusal* e : v.refused) {
      refused.push_back({{"form", isa::format_form(e->form)},
                         {"behaviour", e->behaviour},
                         {"evidence", e->evidence},
                         {"test", e->test}});
    }
    j["catalog_h100_refused"] = std::move(refused);
    j["catalog_neither"] = form_texts_json(v.neither);
    j["catalog_refusal_problems"] = v.problems;
  }
  nlohmann::json opcodes = nlohmann::json::array();
  for (const isa::OpcodeCoverage& c : r.opcodes) {
    nlohmann::json forms = nlohmann::json::array();
    for (const isa::InstructionForm& f : c.exercised_forms) forms.push_back(isa::form_ptx_spelling(f));
    opcodes.push_back({{"opcode", std::string(isa::opcode_mnemonic(c.opcode))},
                       {"allowed_types", names_json(c.allowed_types)},
                       {"exercised_types", names_json(c.exercised_types)},
                       {"missing_types", names_json(c.missing_types())},
                       {"allowed_modifiers", names_json(c.allowed_modifiers)},
                       {"exercised_modifiers", names_json(c.exercised_modifiers)},
                       {"missing_modifiers", names_json(c.missing_modifiers())},
                       {"exercised_forms", forms},
                       {"corpus_forms", c.corpus_forms},
                       {"corpus_forms_exercised", c.corpus_forms_exercised},
                       {"corpus_instructions", c.corpus_instructions},
                       {"corpus_instructions_exercised", c.corpus_instructions_exercised},
                       {"missing_corpus_forms", forms_json(c.missing_corpus_forms)},
                       {"catalog_forms", c.catalog_forms},
                       {"catalog_forms_exercised", c.catalog_forms_exercised},
                       {"catalog_types", names_json(c.catalog_types)},
                       {"missing_catalog_types", names_json(c.missing_catalog_types())},
                       {"catalog_modifiers", names_json(c.catalog_modifiers)},
                       {"missing_catalog_modifiers", names_json(c.missing_catalog_modifiers())},
                       {"missing_catalog_forms", form_texts_json(c.missing_catalog_forms)}});
  }
  j["opcodes"] = std::move(opcodes);
  j["missing_corpus_forms"] = forms_json(r.missing_corpus_forms);
  // Every corpus form in form text (isa/instruction_form.h), for tools that
  // read forms back (tools/forms/catalog.py).
  nlohmann::json corpus = nlohmann::json::array();
  for (const auto& [key, fc] : in.corpus) corpus.push_back({{"form", key}, {"count", fc.count}});
  j["corpus_forms"] = std::move(corpus);
  return j;
}

int run_isa_coverage(const IsaCoverageOptions& opts) {
  Inputs in;
  for (const std::string& path : opts.records) {
    if (!read_records(path, in)) return kExitUsage;
  }
  for (const std::string& path : opts.corpus) {
    if (!read_corpus(path, in)) return kExitUsage;
  }
  for (const std::string& path : opts.catalogs) {
    if (!read_catalog(path, in)) return kExitUsage;
  }
  for (const std::string& path : opts.h100_refused) {
    std::string error;
    if (opts.catalogs.empty() || !read_h100_refusals(path, in.refused, error)) {
      std::fprintf(stderr, "smsim isa-coverage: %s\n",
                   opts.catalogs.empty() ? "--h100-refused needs --catalog" : error.c_str());
      return kExitUsage;
    }
    in.have_refused = true;
  }
  std::vector<isa::FormCount> corpus;
  corpus.reserve(in.corpus.size());
  for (const auto& [key, fc] : in.corpus) corpus.push_back(fc);
  const isa::CoverageReport report = isa::build_coverage_report(in.exercised, corpus, in.catalog);
  const CatalogVerdict verdict = judge_catalog(report, in);
  const std::string text = text_report(report, in, verdict, opts.top);
  std::fwrite(text.data(), 1, text.size(), stdout);
  if (!opts.json_path.empty()) {
    std::ofstream out(opts.json_path);
    out << json_report(report, in, verdict).dump(1) << '\n';
    if (!out) {
      std::fprintf(stderr, "smsim isa-coverage: cannot write '%s'\n", opts.json_path.c_str());
      return kExitUsage;
    }
  }
  return in.have_refused && verdict.failed() ? kExitFailure : kExitOk;
}

}  // namespace

void register_isa_coverage(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<IsaCoverageOptions>();
  CLI::App* cmd = app.add_subcommand(
      "isa-coverage", "Report which opcode/type/modifier forms coverage records exercised");
  cmd->add_option("records", opts->records, "Files written under SMSIM_OPCODE_COVERAGE")
      ->required();
  cmd->add_option("--corpus", opts->corpus,
                  "PTX file or folder of *.ptx: the forms real PTX contains (repeatable)");
  cmd->add_option("--catalog", opts->catalogs,
                  "Form catalog (tests/isa/forms/<target>.forms): valid forms to report against "
                  "(repeatable: the union counts)");
  cmd->add_option("--h100-refused", opts->h100_refused,
                  "Catalog forms the H100 cannot run either, with evidence and test "
                  "(tests/isa/forms/<target>.h100_refused, repeatable); fails when a catalog "
                  "form is neither executed nor listed");
  cmd->add_option("--json", opts->json_path, "Also write the whole report as JSON here");
  cmd->add_option("--top", opts->top, "How many missing corpus forms the text lists");
  cmd->callback([opts, &exit_code] { exit_code = run_isa_coverage(*opts); });
}

}  // namespace smsim::cli
