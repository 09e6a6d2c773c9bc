#include "runtime/register_count.h"

#include <unistd.h>

#include <array>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include <fmt/format.h>

namespace smsim::runtime {
namespace {

constexpr const char* kDefaultPtxas = "/usr/local/cuda/bin/ptxas";

std::string ptxas_path() {
  const char* home = std::getenv("CUDA_HOME");
  if (home != nullptr && *home != '\0') return std::string(home) + "/bin/ptxas";
  return kDefaultPtxas;
}

}  // namespace

std::map<std::string, std::uint32_t> parse_ptxas_registers(const std::string& output) {
  std::map<std::string, std::uint32_t> counts;
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex used(R"(Used (\d+) registers)");
  std::string current;
  std::size_t start = 0;
  while (start < output.size()) {
    std::size_t end = output.find('\n', start);
    if (end == std::string::npos) end = output.size();
    const std::string line = output.substr(start, end - start);
    std::smatch m;
    if (std::regex_search(line, m, entry)) {
      current = m[1];
    } else if (!current.empty() && std::regex_search(line, m, used)) {
      counts[current] = static_cast<std::uint32_t>(std::stoul(m[1]));
      current.clear();
    }
    start = end + 1;
  }
  return counts;
}

std::map<std::string, std::uint32_t> ptxas_register_counts(const std::string& ptx, std::uint32_t sm) {
  const std::string tool = ptxas_path();
  if (access(tool.c_str(), X_OK) != 0) {
    std::fprintf(stderr, "smsim: %s not found (set CUDA_HOME); numRegs is the PTX's own count\n",
                 tool.c_str());
    return {};
  }
  std::error_code ec;
  const auto dir = std::filesystem::temp_directory_path(ec);
  const auto path = dir / fmt::format("smsim-ptxas-{}-{}.ptx", getpid(), std::hash<std::string>{}(ptx));
  {
    std::ofstream out(path, std::ios::binary);
    out << ptx;
  }
  const std::string command =
      fmt::format("'{}' -v -arch=sm_{} '{}' -o /dev/null 2>&1", tool, sm, path.string());
  std::string output;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) output.append(buffer.data(), n);
    pclose(pipe);
  }
  std::filesystem::remove(path, ec);
  return parse_ptxas_registers(output);
}

}  // namespace smsim::runtime
