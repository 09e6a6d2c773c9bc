#pragma once
// CUDA's device printf in its two halves, as the H100 goldens show them.
//
// The device half (vprintf) scans the format to find which arguments to copy
// from the caller's argument buffer into the printf record, one 8-byte slot
// each; the format string follows the slots in the record. The host half
// formats the record with its own, complete parser, reading slot i for its
// i-th conversion.
//
// The two parsers disagree on `hh`: the device's takes one `h` as the length
// and the second `h` as a conversion it does not know, so `%hhd` and `%hhu`
// copy no argument, while the host's formats them from the next slot. Every
// later argument is then read one slot early, and the last ones come from
// past the copied slots, that is, from the format string's own bytes taken
// 8 at a time. printf("short/char: %hd %hu %hhd %hhu %c%c%c\n", ...) copies 5
// of its 7 arguments, so the last two %c print format bytes 0 and 8: "Gsa"
// (printf_output golden, two launches with different values).

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace smsim::func {

// The sizes (4 or 8 bytes) of the arguments the device half copies, in order.
// Each is read from the argument buffer at its natural alignment.
std::vector<unsigned> printf_device_argument_sizes(std::string_view format);

// Reads the NUL-terminated string at a device address for %s; nullopt after
// reporting a fault.
using PrintfStringReader = std::function<std::optional<std::string>(std::uint64_t)>;

struct PrintfText {
  std::string text;
  int conversions = 0;  // conversions that took a slot (vprintf's return value)
};

// The host half: formats `format` from the record's slots. Slots past the
// copied ones hold the format string's bytes (then zeros).
std::optional<PrintfText> printf_format_record(std::string_view format,
                                               std::span<const std::uint64_t> slots,
                                               const PrintfStringReader& read_string);

}  // namespace smsim::func
