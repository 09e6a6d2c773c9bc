#pragma once
// IR -> PTX text that ptxas accepts. Printing, re-parsing and printing again
// gives identical text: comments and layout are not kept, everything else
// (declaration order, nested blocks, `.loc`, debug sections) is.

#include <string>

#include "ptx/ir.h"

namespace smsim::ptx {

std::string print(const Module& module);

}  // namespace smsim::ptx
