#pragma once
// Compares a timing program's `CASE name cycles` lines under smsim with the
// hardware golden: the relative error per case against a threshold, with a
// list of cases known not to be within it yet (pending, each with a reason).

#include <map>
#include <string>
#include <vector>

namespace smsim::timing_check {

struct CaseResult {
  std::string name;
  double golden = 0.0;
  double actual = 0.0;
  double error = 0.0;  // (actual - golden) / golden
  bool missing = false;
  bool pending = false;
  bool within = false;
};

struct Comparison {
  std::vector<CaseResult> cases;
  std::vector<std::string> unknown_pending;  // pending names the golden lacks
  bool passed() const;
  std::string report(double threshold) const;
};

// `CASE name value` lines of a program's output, by name.
std::map<std::string, double> parse_cases(const std::string& text);

// Pending lines: `program case reason...`; returns the case names of `program`.
std::vector<std::string> parse_pending(const std::string& text, const std::string& program);

Comparison compare(const std::string& golden, const std::string& actual,
                   const std::vector<std::string>& pending, double threshold);

}  // namespace smsim::timing_check
