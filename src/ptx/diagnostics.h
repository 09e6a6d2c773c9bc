#pragma once
// Diagnostics of the PTX front end: `file:line:col: error: message`, the
// offending source line with a caret under the column, and an optional hint.
// Reporting continues past the first error up to a limit so one run shows
// many mistakes, but hostile input can never make the list grow unbounded.

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace smsim::ptx {

struct SourceLoc {
  uint32_t line = 0;  // 1-based; 0 when unknown
  uint32_t col = 0;   // 1-based byte column
};

enum class Severity : uint8_t { Error, Warning, Note };

struct Diagnostic {
  Severity severity = Severity::Error;
  SourceLoc loc;
  std::string message;
  std::string hint;  // empty when there is nothing useful to add
};

class Diagnostics {
 public:
  static constexpr std::size_t kDefaultErrorLimit = 50;

  Diagnostics(std::string file_name, std::string_view source,
              std::size_t error_limit = kDefaultErrorLimit)
      : file_name_(std::move(file_name)), source_(source), error_limit_(error_limit) {}

  void error(SourceLoc loc, std::string message, std::string hint = {});
  void warning(SourceLoc loc, std::string message, std::string hint = {});

  bool has_errors() const { return error_count_ > 0; }
  std::size_t error_count() const { return error_count_; }
  // True once the error limit was reached; callers stop early.
  bool saturated() const { return error_count_ >= error_limit_; }
  const std::vector<Diagnostic>& all() const { return diagnostics_; }
  std::string_view file_name() const { return file_name_; }

  // All diagnostics in the `file:line:col: error: ...` form with source lines.
  std::string format() const;
  std::string format(const Diagnostic& d) const;

 private:
  void add(Severity severity, SourceLoc loc, std::string message, std::string hint);
  std::string_view source_line(uint32_t line) const;

  std::string file_name_;
  std::string_view source_;
  std::size_t error_limit_;
  std::size_t error_count_ = 0;
  bool limit_reported_ = false;
  std::vector<Diagnostic> diagnostics_;
};

}  // namespace smsim::ptx
