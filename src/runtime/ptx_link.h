#pragma once
// Links the PTX of several translation units (`-rdc=true`) into one module,
// as the driver's JIT linker does: one header, function declarations, every
// definition, and each `.extern` declaration dropped where another unit
// defines the name (kept once where none does, e.g. vprintf). `.weak` definitions that several
// units share are kept once.

#include <string>
#include <vector>

namespace smsim::runtime {

// `error` names a symbol two units both define (non-weak).
std::string link_ptx(const std::vector<std::string>& sources, std::string& error);

}  // namespace smsim::runtime
