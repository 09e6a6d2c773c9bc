#include "ptx/diagnostics.h"

#include <fmt/format.h>

namespace smsim::ptx {
namespace {

std::string_view severity_name(Severity s) {
  switch (s) {
    case Severity::Error:
      return "error";
    case Severity::Warning:
      return "warning";
    case Severity::Note:
      return "note";
  }
  return "error";
}

// Source lines are shown as printable text so that binary garbage cannot
// corrupt the terminal.
std::string printable(std::string_view text) {
  constexpr std::size_t kMaxShown = 200;
  std::string out;
  out.reserve(std::min(text.size(), kMaxShown));
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    out.push_back(c == '\t' || (c >= 0x20 && c < 0x7f) ? static_cast<char>(c) : '?');
  }
  return out;
}

}  // namespace

void Diagnostics::error(SourceLoc loc, std::string message, std::string hint) {
  add(Severity::Error, loc, std::move(message), std::move(hint));
}

void Diagnostics::warning(SourceLoc loc, std::string message, std::string hint) {
  add(Severity::Warning, loc, std::move(message), std::move(hint));
}

void Diagnostics::add(Severity severity, SourceLoc loc, std::string message, std::string hint) {
  if (severity == Severity::Error) {
    if (saturated()) return;
    ++error_count_;
  } else if (diagnostics_.size() >= 4 * error_limit_) {
    return;
  }
  diagnostics_.push_back({severity, loc, std::move(message), std::move(hint)});
  if (severity == Severity::Error && saturated() && !limit_reported_) {
    limit_reported_ = true;
    diagnostics_.push_back({Severity::Note,
                            loc,
                            fmt::format("too many errors ({}); stopping here", error_limit_),
                            {}});
  }
}

std::string_view Diagnostics::source_line(uint32_t line) const {
  if (line == 0) return {};
  std::size_t start = 0;
  for (uint32_t l = 1; l < line; ++l) {
    const std::size_t nl = source_.find('\n', start);
    if (nl == std::string_view::npos) return {};
    start = nl + 1;
  }
  std::size_t end = source_.find('\n', start);
  if (end == std::string_view::npos) end = source_.size();
  if (end > start && source_[end - 1] == '\r') --end;
  return source_.substr(start, end - start);
}

std::string Diagnostics::format(const Diagnostic& d) const {
  std::string out = fmt::format("{}:{}:{}: {}: {}\n", file_name_, d.loc.line, d.loc.col,
                                severity_name(d.severity), d.message);
  const std::string_view line = source_line(d.loc.line);
  if (!line.empty()) {
    const std::string shown = printable(line);
    out += fmt::format("  {}\n", shown);
    std::string caret(2, ' ');
    for (uint32_t c = 1; c < d.loc.col && c - 1 < shown.size(); ++c)
      caret.push_back(shown[c - 1] == '\t' ? '\t' : ' ');
    out += caret + "^\n";
  }
  if (!d.hint.empty()) out += fmt::format("  hint: {}\n", d.hint);
  return out;
}

std::string Diagnostics::format() const {
  std::string out;
  for (const Diagnostic& d : diagnostics_) out += format(d);
  return out;
}

}  // namespace smsim::ptx
