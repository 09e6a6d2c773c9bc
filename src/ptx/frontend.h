#pragma once
// One call for the whole front end: parse, then check if parsing succeeded.

#include <string_view>

#include "ptx/checker.h"
#include "ptx/diagnostics.h"
#include "ptx/ir.h"
#include "ptx/parser.h"

namespace smsim::ptx {

// The module is usable (by the engines) only when `diags.has_errors()` is false;
// the checker also runs after parse errors so that one run reports both kinds.
inline Module parse_and_check(std::string_view source, Diagnostics& diags) {
  Module m = parse(source, diags);
  check(m, diags);
  return m;
}

}  // namespace smsim::ptx
