#pragma once
// Recursive-descent PTX parser: text -> Module with every name resolved
// (registers to dense ids, symbols to variables/functions, labels to
// instruction indices). Syntax and name errors go to `diags`; the returned
// module holds whatever parsed cleanly. Hostile input cannot crash it, make it
// recurse without bound, or make it allocate beyond a small multiple of the
// input size.

#include <string_view>

#include "ptx/diagnostics.h"
#include "ptx/ir.h"

namespace smsim::ptx {

Module parse(std::string_view source, Diagnostics& diags);

}  // namespace smsim::ptx
