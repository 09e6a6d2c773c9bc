#pragma once
// The forms of one opcode in the form catalog (tests/isa/forms/<target>.forms,
// tools/forms/catalog.py), for tests that run every catalog form of a family:
// a form added to the catalog is then run without touching the test.

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

namespace smsim::func::testing {

struct CatalogForm {
  std::string type;                    // the type suffixes, dotted ("" when none)
  std::vector<std::string> modifiers;  // in the catalog's order
  bool has(const std::string& m) const {
    return std::find(modifiers.begin(), modifiers.end(), m) != modifiers.end();
  }
};

inline std::vector<std::string> split_form_field(const std::string& s, char sep) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= s.size()) {
    const std::size_t end = std::min(s.find(sep, start), s.size());
    if (end > start) out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

inline std::vector<CatalogForm> catalog_forms(const std::string& mnemonic,
                                              const std::string& target = "sm_90") {
  std::ifstream in(std::string(SMSIM_SOURCE_DIR) + "/tests/isa/forms/" + target + ".forms");
  std::vector<CatalogForm> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.starts_with(mnemonic + "\t")) continue;
    const std::size_t a = line.find('\t'), b = line.find('\t', a + 1);
    if (b == std::string::npos) continue;
    out.push_back({line.substr(a + 1, b - a - 1), split_form_field(line.substr(b + 1), '.')});
  }
  return out;
}

}  // namespace smsim::func::testing
