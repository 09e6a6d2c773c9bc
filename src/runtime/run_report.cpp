#include "runtime/run_report.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include <fmt/format.h>

namespace smsim::runtime {
namespace {

std::string json_string(const std::string& text) {
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

std::string json_dim3(const func::Dim3& d) { return fmt::format("[{}, {}, {}]", d.x, d.y, d.z); }

}  // namespace

std::string to_json(const RunReport& report) {
  std::uint64_t warp = 0, thread = 0;
  std::string launches;
  for (const LaunchRecord& l : report.launches) {
    warp += l.warp_instructions;
    thread += l.thread_instructions;
    if (!launches.empty()) launches += ",\n";
    launches += fmt::format(
        "    {{\"kernel\": {}, \"grid\": {}, \"block\": {}, \"dynamic_shared_bytes\": {}, "
        "\"status\": {}, \"warp_instructions\": {}, \"thread_instructions\": {}}}",
        json_string(l.kernel), json_dim3(l.grid), json_dim3(l.block), l.dynamic_shared_bytes,
        l.status, l.warp_instructions, l.thread_instructions);
  }
  return fmt::format(
      "{{\n  \"gpu\": {},\n  \"mode\": \"functional\",\n  \"launches\": [\n{}\n  ],\n"
      "  \"totals\": {{\"launches\": {}, \"warp_instructions\": {}, \"thread_instructions\": {}}}\n}}\n",
      json_string(report.gpu), launches, report.launches.size(), warp, thread);
}

bool write_report_if_requested(const RunReport& report) {
  const char* path = std::getenv(kReportEnvVar);
  if (path == nullptr || *path == '\0') return true;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << to_json(report);
  if (!out) {
    std::fprintf(stderr, "smsim: cannot write the run report to %s\n", path);
    return false;
  }
  return true;
}

}  // namespace smsim::runtime
