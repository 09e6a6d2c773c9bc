// libFuzzer target for the PTX front end. Any input must parse and check
// without crashing, hanging or tripping a sanitizer; a module that checks
// clean must print, re-parse clean and print identically (round trip).
//
//   cmake -S . -B build-fuzz -G Ninja -DSMSIM_FUZZ=ON -DCMAKE_CXX_COMPILER=clang++ \
//         -DCMAKE_C_COMPILER=clang -DSMSIM_BENCH=OFF
//   cmake --build build-fuzz --target ptx_parser_fuzz
//   build-fuzz/bin/ptx_parser_fuzz -dict=fuzz/ptx.dict fuzz/seeds/ptx_parser

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "ptx/frontend.h"
#include "ptx/printer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  smsim::ptx::Diagnostics diags("fuzz.ptx", text);
  const smsim::ptx::Module module = smsim::ptx::parse_and_check(text, diags);
  const std::string report = diags.format();
  if (diags.has_errors()) return 0;

  const std::string printed = smsim::ptx::print(module);
  smsim::ptx::Diagnostics again("printed.ptx", printed);
  const smsim::ptx::Module reparsed = smsim::ptx::parse_and_check(printed, again);
  if (again.has_errors()) {
    std::fprintf(stderr, "printed module does not re-check:\n%s\n--- printed ---\n%s\n",
                 again.format().c_str(), printed.c_str());
    std::abort();
  }
  if (smsim::ptx::print(reparsed) != printed) {
    std::fprintf(stderr, "print is not stable under re-parsing:\n%s\n", printed.c_str());
    std::abort();
  }
  return 0;
}
