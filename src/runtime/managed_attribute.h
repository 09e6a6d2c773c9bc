#pragma once
// `__managed__` variables appear in PTX as `.global .attribute(.managed)`.
// smsim's device memory is host-addressable, so a managed variable is an
// ordinary global to the engine; the runtime gives the host its address
// (__cudaInitModule). The runtime blanks that one attribute before parsing
// (same length, so diagnostics keep their columns), so that the engine places
// the variable exactly as any other global whatever it makes of the attribute.

#include <string>

namespace smsim::runtime {

// Returns how many attributes were blanked.
int blank_managed_attributes(std::string& ptx);

}  // namespace smsim::runtime
