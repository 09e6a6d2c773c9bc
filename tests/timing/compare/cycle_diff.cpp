#include "cycle_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <sstream>

namespace smsim::timing_check {

std::map<std::string, double> parse_cases(const std::string& text) {
  std::map<std::string, double> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string tag, name;
    double value = 0.0;
    if (words >> tag >> name >> value && tag == "CASE") out[name] = value;
  }
  return out;
}

std::vector<std::string> parse_pending(const std::string& text, const std::string& program) {
  std::vector<std::string> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string name, which;
    if (words >> name >> which && name == program) out.push_back(which);
  }
  return out;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

std::map<std::string, double> median_of_runs(const std::vector<std::string>& runs_texts) {
  std::map<std::string, std::vector<double>> values;
  for (const std::string& text : runs_texts) {
    std::istringstream lines(text);
    std::string line;
    while (std::getline(lines, line)) {
      std::istringstream words(line);
      std::string run, tag, name;
      double value = 0.0;
      if (words >> run >> tag >> name >> value && run.starts_with("run") && tag == "CASE") {
        values[name].push_back(value);
      }
    }
  }
  std::map<std::string, double> out;
  for (const auto& [name, v] : values) out[name] = median(v);
  return out;
}

std::map<std::string, double> reference_cases(const std::string& golden,
                                              const std::map<std::string, double>& medians) {
  auto want = parse_cases(golden);
  for (auto& [name, value] : want) {
    const auto it = medians.find(name);
    if (it != medians.end()) value = it->second;
  }
  return want;
}

Comparison compare(const std::string& golden, const std::string& actual,
                   const std::vector<std::string>& pending, double threshold) {
  return compare(parse_cases(golden), actual, pending, threshold);
}

Comparison compare(const std::map<std::string, double>& want, const std::string& actual,
                   const std::vector<std::string>& pending, double threshold) {
  const auto got = parse_cases(actual);
  Comparison result;
  for (const auto& [name, value] : want) {
    CaseResult c{.name = name, .golden = value};
    c.pending = std::find(pending.begin(), pending.end(), name) != pending.end();
    const auto it = got.find(name);
    if (it == got.end()) {
      c.missing = true;
    } else {
      c.actual = it->second;
      c.error = value != 0.0 ? (c.actual - value) / value : (c.actual == 0.0 ? 0.0 : 1.0);
      c.within = std::fabs(c.error) <= threshold;
    }
    result.cases.push_back(c);
  }
  for (const std::string& name : pending) {
    if (want.find(name) == want.end()) result.unknown_pending.push_back(name);
  }
  return result;
}

bool Comparison::passed() const {
  if (!unknown_pending.empty()) return false;
  // A pending case that is now within the threshold must leave the list.
  return std::all_of(cases.begin(), cases.end(),
                     [](const CaseResult& c) { return !c.missing && c.within != c.pending; });
}

std::string Comparison::report(double threshold) const {
  std::string out;
  char line[256];
  for (const CaseResult& c : cases) {
    const char* verdict = c.missing ? "MISSING"
                          : c.within
                              ? (c.pending ? "PENDING-NOW-WITHIN (remove it from the list)" : "ok")
                              : (c.pending ? "pending" : "OUTSIDE");
    std::snprintf(line, sizeof line, "%-28s H100 %10.2f  smsim %10.2f  error %+7.1f%%  %s\n",
                  c.name.c_str(), c.golden, c.actual, 100.0 * c.error, verdict);
    out += line;
  }
  for (const std::string& name : unknown_pending) {
    out += "pending case " + name + " is not in the golden\n";
  }
  std::snprintf(line, sizeof line, "%s (threshold %.0f%%)\n", passed() ? "PASS" : "FAIL",
                100.0 * threshold);
  return out + line;
}

}  // namespace smsim::timing_check
