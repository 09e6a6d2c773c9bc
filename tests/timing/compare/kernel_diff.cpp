#include "kernel_diff.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <nlohmann/json.hpp>
#include <sstream>

namespace smsim::timing_check {
namespace {

std::pair<std::string, std::string> sorted_pair(const std::string& a, const std::string& b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

bool starts_with(const std::string& s, const std::string& prefix) {
  return s.compare(0, prefix.size(), prefix) == 0;
}

// The metrics shown beside the cycles, as information only.
constexpr const char* kInfoMetrics[] = {"dram__bytes_read.sum", "dram__bytes_write.sum",
                                        "lts__t_sectors.sum"};

std::string info_cell(const Metrics& golden, const Metrics& actual, const char* metric,
                      double scale) {
  const auto g = golden.find(metric);
  const auto a = actual.find(metric);
  char cell[64];
  if (g == golden.end()) return "         -";
  std::snprintf(cell, sizeof cell, "%8.2f/%-8.2f", g->second / scale,
                a == actual.end() ? 0.0 : a->second / scale);
  return cell;
}

// The golden's cycles followed by those of the repeated runs.
std::vector<double> samples(const KernelResult& k, const RepeatRuns& runs) {
  std::vector<double> out{k.golden};
  const auto it = runs.find(k.name);
  if (it != runs.end()) out.insert(out.end(), it->second.begin(), it->second.end());
  return out;
}

}  // namespace

RepeatRuns parse_golden_runs(const std::string& text) {
  RepeatRuns out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string run, tag, name, metric;
    double value = 0.0;
    if (words >> run >> tag >> name >> metric >> value && tag == "KERNEL" &&
        metric == kCyclesMetric) {
      out[name].push_back(value);
    }
  }
  return out;
}

std::vector<Launch> parse_golden_metrics(const std::string& text) {
  std::vector<Launch> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string tag, name, metric;
    double value = 0.0;
    if (!(words >> tag >> name >> metric >> value) || tag != "KERNEL") continue;
    auto it = std::find_if(out.begin(), out.end(), [&](const Launch& l) { return l.name == name; });
    if (it == out.end()) it = out.insert(out.end(), Launch{.name = name, .metrics = {}});
    it->metrics[metric] = value;
  }
  return out;
}

std::vector<KernelLine> parse_kernel_lines(const std::string& text) {
  std::vector<KernelLine> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string tag, name, status;
    if (words >> tag >> name >> status && tag == "KERNEL") {
      out.push_back({.name = name, .ok = status == "ok"});
    }
  }
  return out;
}

std::optional<std::vector<Metrics>> parse_report_metrics(const std::string& json,
                                                         std::string& error) {
  const auto report = nlohmann::json::parse(json, nullptr, false);
  if (report.is_discarded() || !report.is_object() || !report.contains("launches") ||
      !report["launches"].is_array()) {
    error = "not an smsim run report (no \"launches\" array)";
    return std::nullopt;
  }
  std::vector<Metrics> out;
  for (const auto& launch : report["launches"]) {
    Metrics m;
    if (launch.is_object() && launch.contains("metrics") && launch["metrics"].is_object()) {
      for (const auto& [key, value] : launch["metrics"].items()) {
        if (value.is_number()) m[key] = value.get<double>();
      }
    }
    out.push_back(std::move(m));
  }
  return out;
}

std::vector<Launch> name_launches(const std::string& program, const std::vector<KernelLine>& lines,
                                  const std::vector<Metrics>& report,
                                  std::vector<std::string>& problems) {
  if (lines.size() != report.size()) {
    problems.push_back(program + ": " + std::to_string(lines.size()) + " KERNEL lines but " +
                       std::to_string(report.size()) + " launches in the report");
  }
  std::vector<Launch> out;
  for (std::size_t i = 0; i < lines.size() && i < report.size(); ++i) {
    if (!lines[i].ok)
      problems.push_back(program + ": " + lines[i].name + " computed WRONG results");
    if (report[i].find(kCyclesMetric) == report[i].end()) {
      problems.push_back(program + ": launch " + lines[i].name + " has no " + kCyclesMetric +
                         " (not run with --mode timing?)");
    }
    out.push_back({.name = lines[i].name, .metrics = report[i]});
  }
  return out;
}

KernelPending parse_kernel_pending(const std::string& text) {
  KernelPending out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream words(line);
    std::string kind, a, b, reason;
    words >> kind;
    if (kind == "kernel" && words >> a >> reason) {
      out.kernels.insert(a);
    } else if (kind == "order" && words >> a >> b >> reason) {
      out.orders.insert(sorted_pair(a, b));
    } else if (kind == "mape" && words >> reason) {
      out.mape = true;
    } else {
      out.malformed.push_back(line);
    }
  }
  return out;
}

std::vector<Family> parse_families(const std::string& text) {
  std::vector<Family> out;
  std::istringstream lines(text);
  std::string line;
  while (std::getline(lines, line)) {
    std::istringstream words(line);
    std::string tag, name, prefix;
    if (words >> tag >> name >> prefix && tag == "family") out.push_back({name, prefix});
  }
  return out;
}

KernelComparison compare_kernels(const std::vector<Launch>& golden,
                                 const std::vector<Launch>& actual,
                                 const std::vector<Family>& families, const KernelPending& pending,
                                 Bounds bounds, const RepeatRuns& runs) {
  KernelComparison r;
  r.bounds = bounds;
  r.mape_pending = pending.mape;
  for (const std::string& line : pending.malformed) {
    r.problems.push_back("malformed pending line: " + line);
  }
  double error_sum = 0.0;
  std::size_t measured = 0;
  for (const Launch& g : golden) {
    const auto cycles = g.metrics.find(kCyclesMetric);
    if (cycles == g.metrics.end()) continue;
    KernelResult k;
    k.name = g.name;
    k.golden = cycles->second;
    k.golden_metrics = g.metrics;
    k.pending = pending.kernels.count(g.name) != 0;
    const auto got = std::find_if(actual.begin(), actual.end(),
                                  [&](const Launch& a) { return a.name == g.name; });
    if (got == actual.end() || got->metrics.find(kCyclesMetric) == got->metrics.end()) {
      k.missing = true;
    } else {
      k.actual_metrics = got->metrics;
      k.actual = got->metrics.at(kCyclesMetric);
      k.error = k.golden != 0.0 ? (k.actual - k.golden) / k.golden : 1.0;
      k.within = std::fabs(k.error) <= bounds.per_kernel;
      error_sum += std::fabs(k.error);
      ++measured;
    }
    r.kernels.push_back(std::move(k));
  }
  // A launch that is missing counts as 100% off, so that it cannot lower the mean.
  std::size_t missing = 0;
  for (const KernelResult& k : r.kernels) missing += k.missing ? 1 : 0;
  const std::size_t total = measured + missing;
  r.mape =
      total == 0 ? 1.0 : (error_sum + static_cast<double>(missing)) / static_cast<double>(total);

  for (const std::string& name : pending.kernels) {
    if (std::none_of(r.kernels.begin(), r.kernels.end(),
                     [&](const KernelResult& k) { return k.name == name; })) {
      r.problems.push_back("pending kernel " + name + " is not in the goldens");
    }
  }
  std::set<std::pair<std::string, std::string>> family_pairs;
  for (const Family& f : families) {
    std::vector<const KernelResult*> members;
    for (const KernelResult& k : r.kernels) {
      if (starts_with(k.name, f.prefix)) members.push_back(&k);
    }
    for (std::size_t i = 0; i < members.size(); ++i) {
      for (std::size_t j = i + 1; j < members.size(); ++j) {
        const KernelResult* a = members[i];
        const KernelResult* b = members[j];
        family_pairs.insert(sorted_pair(a->name, b->name));
        std::vector<double> sa = samples(*a, runs);
        std::vector<double> sb = samples(*b, runs);
        if (median(sa) == median(sb)) continue;
        if (median(sa) > median(sb)) {
          std::swap(a, b);
          std::swap(sa, sb);
        }
        OrderResult o{.family = f.name,
                      .faster = a->name,
                      .slower = b->name,
                      .faster_actual = a->actual,
                      .slower_actual = b->actual};
        o.runs = std::min(sa.size(), sb.size());
        o.hardware_gap = (median(sb) - median(sa)) / median(sa);
        // Runs of one program are paired by their index: run n of a with run n of b.
        for (std::size_t n = 0; n < o.runs; ++n) o.compared = o.compared && sa[n] < sb[n];
        o.compared = o.compared && o.hardware_gap >= bounds.order_margin;
        o.same = !a->missing && !b->missing && a->actual < b->actual;
        o.pending = pending.orders.count(sorted_pair(a->name, b->name)) != 0;
        if (!o.compared && o.pending) {
          r.problems.push_back("pending order " + o.faster + " " + o.slower +
                               " is not compared (the H100 runs do not order it): remove it");
        }
        r.orders.push_back(o);
      }
    }
  }
  for (const auto& [a, b] : pending.orders) {
    if (family_pairs.count({a, b}) == 0) {
      r.problems.push_back("pending order " + a + " " + b + " is no pair of one family");
    }
  }
  return r;
}

bool KernelComparison::passed() const {
  if (!problems.empty()) return false;
  // A pending item that meets its bound must leave the list.
  for (const KernelResult& k : kernels) {
    if (k.missing || k.within == k.pending) return false;
  }
  for (const OrderResult& o : orders) {
    if (o.compared && o.same == o.pending) return false;
  }
  return (mape <= bounds.mape) != mape_pending;
}

std::string KernelComparison::report() const {
  std::string out;
  char line[512];
  std::snprintf(line, sizeof line, "%-30s %10s %10s %8s  %-17s %-17s %-17s %s\n", "kernel", "H100",
                "smsim", "error", "DRAM rd MB h/s", "DRAM wr MB h/s", "L2 Msect h/s", "verdict");
  out += line;
  for (const KernelResult& k : kernels) {
    const char* verdict = k.missing ? "MISSING"
                          : k.within
                              ? (k.pending ? "PENDING-NOW-WITHIN (remove it from the list)" : "ok")
                              : (k.pending ? "pending" : "OUTSIDE");
    std::snprintf(line, sizeof line, "%-30s %10.0f %10.0f %+7.1f%%  %s %s %s %s\n", k.name.c_str(),
                  k.golden, k.actual, 100.0 * k.error,
                  info_cell(k.golden_metrics, k.actual_metrics, kInfoMetrics[0], 1e6).c_str(),
                  info_cell(k.golden_metrics, k.actual_metrics, kInfoMetrics[1], 1e6).c_str(),
                  info_cell(k.golden_metrics, k.actual_metrics, kInfoMetrics[2], 1e6).c_str(),
                  verdict);
    out += line;
  }
  std::size_t same = 0;
  std::size_t compared = 0;
  std::size_t unordered = 0;
  for (const OrderResult& o : orders) {
    if (!o.compared) {
      ++unordered;
      std::snprintf(line, sizeof line,
                    "not ordered %-10s %s and %s: %.1f%% apart in the median of %zu H100 runs%s "
                    "(smsim %.0f and %.0f)\n",
                    o.family.c_str(), o.faster.c_str(), o.slower.c_str(), 100.0 * o.hardware_gap,
                    o.runs, o.hardware_gap >= bounds.order_margin ? ", which disagree" : "",
                    o.faster_actual, o.slower_actual);
      out += line;
      continue;
    }
    ++compared;
    same += o.same ? 1 : 0;
    if (o.same && !o.pending) continue;
    const char* verdict = o.same ? "PENDING-NOW-SAME (remove it from the list)"
                                 : (o.pending ? "pending" : "NOT-SAME");
    std::snprintf(line, sizeof line,
                  "order %-10s %s faster than %s on the H100 (smsim %.0f and %.0f): %s\n",
                  o.family.c_str(), o.faster.c_str(), o.slower.c_str(), o.faster_actual,
                  o.slower_actual, verdict);
    out += line;
  }
  std::snprintf(line, sizeof line,
                "orderings: %zu of %zu the same as on the H100 (%zu pairs not ordered by the "
                "H100: its runs disagree or lie within %.0f%%)\n",
                same, compared, unordered, 100.0 * bounds.order_margin);
  out += line;
  const bool mape_ok = mape <= bounds.mape;
  std::snprintf(line, sizeof line, "MAPE %.1f%% over %zu launches (bound %.0f%%)%s\n", 100.0 * mape,
                kernels.size(), 100.0 * bounds.mape,
                mape_ok ? (mape_pending ? ": PENDING-NOW-WITHIN (remove it from the list)" : "")
                        : (mape_pending ? ": pending" : ": OUTSIDE"));
  out += line;
  for (const std::string& p : problems) out += p + "\n";
  std::snprintf(line, sizeof line, "%s (per kernel %.0f%%, MAPE %.0f%%)\n",
                passed() ? "PASS" : "FAIL", 100.0 * bounds.per_kernel, 100.0 * bounds.mape);
  return out + line;
}

}  // namespace smsim::timing_check
