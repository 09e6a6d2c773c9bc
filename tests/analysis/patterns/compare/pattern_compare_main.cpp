// analysis_pattern_compare GOLDEN.csv REPORT.json: compares smsim's counters
// for each access pattern (the `kernels` of an `smsim run --report` of
// tests/analysis/patterns/patterns, one launch per pattern in table order)
// with the H100 ncu golden. Prints one line per pattern that differs, with
// both values of every differing metric, and a total; exit 0 only when every
// pattern matches.

#include <cstdio>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <vector>

namespace {

// The metrics smsim models exactly from the access rules. ncu's
// smsp__inst_executed and thread ratio count SASS instructions, and the L1
// lookup hit/miss split needs the timing model's cache: not compared here.
const char* const kCompared[] = {
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum",
    "l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum",
    "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_requests_pipe_lsu_mem_global_op_st.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
    "l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum",
    "smsp__sass_inst_executed_op_global_ld.sum",
    "smsp__sass_inst_executed_op_global_st.sum",
    "smsp__sass_inst_executed_op_shared_ld.sum",
    "smsp__sass_inst_executed_op_shared_st.sum",
};

// One CSV record; fields may be double-quoted (with "" for a quote).
std::vector<std::string> split_csv(const std::string& line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        fields.back() += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      fields.emplace_back();
    } else if (c != '\r') {
      fields.back() += c;
    }
  }
  return fields;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s GOLDEN.csv REPORT.json\n", argv[0]);
    return 2;
  }
  std::ifstream csv(argv[1]);
  std::ifstream json_file(argv[2]);
  if (!csv || !json_file) {
    std::fprintf(stderr, "cannot read %s\n", !csv ? argv[1] : argv[2]);
    return 2;
  }
  const auto report = nlohmann::json::parse(json_file, nullptr, false);
  if (report.is_discarded() || !report.contains("kernels") || !report["kernels"].is_array()) {
    std::fprintf(stderr, "%s: not an smsim report with a kernels list\n", argv[2]);
    return 2;
  }
  const auto& kernels = report["kernels"];
  std::string line;
  std::getline(csv, line);
  const std::vector<std::string> header = split_csv(line);
  std::map<std::string, std::size_t> column;
  for (std::size_t i = 0; i < header.size(); ++i) column[header[i]] = i;
  for (const char* metric : kCompared) {
    if (!column.contains(metric)) {
      std::fprintf(stderr, "%s: no column %s\n", argv[1], metric);
      return 2;
    }
  }
  int patterns = 0, differing = 0;
  while (std::getline(csv, line)) {
    if (line.empty()) continue;
    const std::vector<std::string> row = split_csv(line);
    const auto index = static_cast<std::size_t>(std::stoul(row.at(column.at("index"))));
    const std::string& name = row.at(column.at("name"));
    ++patterns;
    if (index >= kernels.size()) {
      std::printf("pattern %zu %s: no launch in the report (%zu launches)\n", index, name.c_str(),
                  kernels.size());
      ++differing;
      continue;
    }
    const auto& metrics = kernels[index]["metrics"];
    std::ostringstream diff;
    for (const char* metric : kCompared) {
      const double golden = std::stod(row.at(column.at(metric)));
      const double smsim = metrics.contains(metric) ? metrics[metric].get<double>() : -1.0;
      if (golden != smsim) diff << "\n    " << metric << ": h100 " << golden << ", smsim " << smsim;
    }
    if (!diff.str().empty()) {
      ++differing;
      std::printf("pattern %zu %s (%s):%s\n", index, name.c_str(),
                  row.at(column.at("description")).c_str(), diff.str().c_str());
    }
  }
  std::printf("%d of %d patterns match the H100 counters\n", patterns - differing, patterns);
  return differing == 0 && patterns > 0 ? 0 : 1;
}
