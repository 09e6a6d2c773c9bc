#pragma once
// Compares a timing program's `CASE name cycles` lines under smsim with the
// hardware golden: the relative error per case against a threshold, with a
// list of cases known not to be within it yet (pending, each with a reason).
// The hardware's value of a case is the median of every recorded run of it
// (the golden's runs and later repeats, `runN: CASE name cycles` lines): one
// recording can sit apart from the others (atom_global_distinct: 19.2 in the
// golden's three runs, 21.5-21.6 in five later ones), and the median of all
// runs is the measurement that no single recording decides.

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

// The median of v (an even count: the mean of the middle two); v is not empty.
double median(std::vector<double> v);

// `runN: CASE name value` lines of any number of run files: the median of all
// values of each case.
std::map<std::string, double> median_of_runs(const std::vector<std::string>& runs_texts);

// The cases the golden names, each valued by its runs' median where it has
// runs, else by the golden's value.
std::map<std::string, double> reference_cases(const std::string& golden,
                                              const std::map<std::string, double>& medians);

Comparison compare(const std::map<std::string, double>& want, const std::string& actual,
                   const std::vector<std::string>& pending, double threshold);
Comparison compare(const std::string& golden, const std::string& actual,
                   const std::vector<std::string>& pending, double threshold);

}  // namespace smsim::timing_check
