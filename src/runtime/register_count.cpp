#include "runtime/register_count.h"

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <charconv>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <regex>

#include <fmt/format.h>

#include "runtime/ptx_selection.h"

namespace smsim::runtime {
namespace {

constexpr const char* kDefaultPtxas = "/usr/local/cuda/bin/ptxas";

std::string ptxas_path() {
  const char* home = std::getenv("CUDA_HOME");
  if (home != nullptr && *home != '\0') return std::string(home) + "/bin/ptxas";
  return kDefaultPtxas;
}

// The first line of ptxas's complaint, for the note on stderr.
std::string first_line(const std::string& text) {
  const std::size_t end = text.find('\n');
  return text.substr(0, end == std::string::npos ? text.size() : end);
}

// A decimal count; nullopt when it does not fit (output this parser does not
// know must not stop the program).
std::optional<std::uint64_t> count(const std::string& digits) {
  std::uint64_t value = 0;
  const auto [end, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
  if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
  return value;
}

}  // namespace

PtxasInfo parse_ptxas_output(const std::string& output) {
  PtxasInfo info;
  static const std::regex entry(R"(Compiling entry function '([^']+)')");
  static const std::regex used(R"(Used (\d+) registers)");
  static const std::regex properties(R"(Function properties for (\S+))");
  static const std::regex frame(R"(^\s*(\d+) bytes stack frame)");
  std::string current_entry;
  std::string current_function;  // the properties header just read
  std::size_t start = 0;
  while (start < output.size()) {
    std::size_t end = output.find('\n', start);
    if (end == std::string::npos) end = output.size();
    const std::string line = output.substr(start, end - start);
    start = end + 1;
    std::smatch m;
    if (std::regex_search(line, m, entry)) {
      current_entry = m[1];
    } else if (std::regex_search(line, m, properties)) {
      current_function = m[1];
      continue;
    } else if (!current_function.empty() && std::regex_search(line, m, frame)) {
      if (const auto bytes = count(m[1])) info.stack_frames[current_function] = *bytes;
    } else if (!current_entry.empty() && std::regex_search(line, m, used)) {
      const auto registers = count(m[1]);
      if (registers && *registers <= UINT32_MAX) {
        info.registers[current_entry] = static_cast<std::uint32_t>(*registers);
      }
      current_entry.clear();
    }
    // A frame line belongs only to the header right above it.
    current_function.clear();
  }
  return info;
}

std::string ptxas_arch(std::string_view ptx, std::uint32_t sm) {
  return fmt::format("sm_{}{}", sm, arch_specific_target(ptx) ? "a" : "");
}

std::optional<PtxasInfo> run_ptxas(const std::string& ptx, std::uint32_t sm, std::string& why_not) {
  const std::string tool = ptxas_path();
  if (access(tool.c_str(), X_OK) != 0) {
    why_not = fmt::format("{} not found (set CUDA_HOME)", tool);
    return std::nullopt;
  }
  std::error_code ec;
  const auto dir = std::filesystem::temp_directory_path(ec);
  const auto path = dir / fmt::format("smsim-ptxas-{}-{}.ptx", getpid(), std::hash<std::string>{}(ptx));
  {
    std::ofstream out(path, std::ios::binary);
    out << ptx;
  }
  const std::string arch = ptxas_arch(ptx, sm);
  const std::string command =
      fmt::format("'{}' -v -arch={} '{}' -o /dev/null 2>&1", tool, arch, path.string());
  std::string output;
  int status = -1;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    std::array<char, 4096> buffer{};
    std::size_t n = 0;
    while ((n = std::fread(buffer.data(), 1, buffer.size(), pipe)) > 0) output.append(buffer.data(), n);
    status = pclose(pipe);
  }
  std::filesystem::remove(path, ec);
  if (status == -1 || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    why_not = fmt::format("{} -arch={} failed: {}", tool, arch, first_line(output));
    return std::nullopt;
  }
  return parse_ptxas_output(output);
}

}  // namespace smsim::runtime
