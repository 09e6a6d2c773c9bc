// conformance_compare: compares a conformance program's output with its golden.
//
//   conformance_compare [--approximate PREFIX]... GOLDEN ACTUAL
//
// Exit status: 0 identical (approximate cases may differ), 1 different,
// 2 bad command line or unreadable file.

#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "output_diff.h"

namespace {

constexpr int kExitSame = 0;
constexpr int kExitDifferent = 1;
constexpr int kExitUsage = 2;

bool read_file(const std::string& path, std::string& contents) {
  std::ifstream file(path, std::ios::binary);
  if (!file) return false;
  std::ostringstream buffer;
  buffer << file.rdbuf();
  contents = buffer.str();
  return true;
}

int usage(const char* message) {
  std::cerr << "conformance_compare: " << message << "\n"
            << "usage: conformance_compare [--approximate PREFIX]... GOLDEN ACTUAL\n";
  return kExitUsage;
}

}  // namespace

int main(int argc, char** argv) {
  smsim::conformance::DiffOptions options;
  std::vector<std::string> paths;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--approximate") {
      if (i + 1 >= argc) return usage("--approximate needs a case-name prefix");
      options.approximate_prefixes.emplace_back(argv[++i]);
    } else if (arg.starts_with("-")) {
      return usage(("unknown option '" + arg + "'").c_str());
    } else {
      paths.push_back(arg);
    }
  }
  if (paths.size() != 2) return usage("expected two files: the golden and smsim's output");
  std::string golden, actual;
  if (!read_file(paths[0], golden)) return usage(("cannot read golden '" + paths[0] + "'").c_str());
  if (!read_file(paths[1], actual)) return usage(("cannot read output '" + paths[1] + "'").c_str());
  const auto result =
      smsim::conformance::diff_outputs(smsim::conformance::parse_program_output(golden),
                                       smsim::conformance::parse_program_output(actual), options);
  std::cout << smsim::conformance::format_report(result);
  return result.passed() ? kExitSame : kExitDifferent;
}
