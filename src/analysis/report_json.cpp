#include "analysis/report_json.h"

#include <fmt/format.h>

#include "analysis/findings.h"

namespace smsim::analysis {
namespace {

std::string number(const Metric& m) {
  if (m.integral) return fmt::format("{}", static_cast<std::uint64_t>(m.value));
  return fmt::format("{}", m.value);
}

std::string dim3(const func::Dim3& d) {
  return fmt::format("[{}, {}, {}]", d.x, d.y, d.z);
}

std::string metrics_object(const InstructionCounters& counts, const std::string& pad) {
  std::string out = "{";
  bool first = true;
  for (const Metric& m : metrics(counts)) {
    out += fmt::format("{}\n{}  {}: {}", first ? "" : ",", pad, json_quoted(m.name), number(m));
    first = false;
  }
  return out + "\n" + pad + "}";
}

std::string lines_array(const KernelProfile& p, const std::string& pad) {
  std::string out = "[";
  bool first = true;
  for (const LineProfile& l : p.lines) {
    const InstructionCounters& c = l.counts;
    out += fmt::format(
        "{}\n{}  {{\"ptx_line\": {}, \"source\": {}, \"executions\": {}, \"active_lanes\": {}, "
        "\"global_ld_requests\": {}, \"global_ld_sectors\": {}, \"global_st_requests\": {}, "
        "\"global_st_sectors\": {}, \"shared_ld_wavefronts\": {}, \"shared_ld_conflicts\": {}, "
        "\"shared_st_wavefronts\": {}, \"shared_st_conflicts\": {}, \"local_ld_sectors\": {}, "
        "\"local_st_sectors\": {}, \"constant_passes\": {}, \"branches\": {}, "
        "\"branches_divergent\": {}, \"explanation\": {}}}",
        first ? "" : ",", pad, l.ptx_line, json_quoted(l.source), c[Counter::executions],
        c[Counter::active_lanes], c[Counter::global_load_requests], c[Counter::global_load_sectors],
        c[Counter::global_store_requests], c[Counter::global_store_sectors],
        c[Counter::shared_load_wavefronts], c[Counter::shared_load_conflicts],
        c[Counter::shared_store_wavefronts], c[Counter::shared_store_conflicts],
        c[Counter::local_load_sectors], c[Counter::local_store_sectors],
        c[Counter::constant_passes], c[Counter::branch_executions], c[Counter::branch_divergent],
        json_quoted(explain(c)));
    first = false;
  }
  return out + "\n" + pad + "]";
}

}  // namespace

std::string json_quoted(std::string_view text) {
  std::string out = "\"";
  for (const char c : text) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(c));
    } else {
      out += c;
    }
  }
  return out + "\"";
}

std::string kernels_json(const std::vector<const KernelProfile*>& profiles, int indent) {
  const std::string pad(static_cast<std::size_t>(indent), ' ');
  const std::string inner = pad + "  ";
  std::string out = "[";
  bool first = true;
  for (const KernelProfile* p : profiles) {
    out += fmt::format(
        "{}\n{}{{\"name\": {}, \"grid\": {}, \"block\": {},\n{}\"metrics\": {},\n{}\"lines\": {}}}",
        first ? "" : ",", inner, json_quoted(p->name), dim3(p->grid), dim3(p->block), inner,
        metrics_object(p->totals, inner), inner, lines_array(*p, inner));
    first = false;
  }
  return out + "\n" + pad + "]";
}

}  // namespace smsim::analysis
