#pragma once
// The `--arg` contract of `smsim ptx` (other tools rely on it), one argument
// per kernel parameter in order:
//   TYPE:VALUE           a scalar: u8..u64, s8..s64, b8..b64, f32, f64
//   buf:SIZE[:OUTFILE]   a zero-filled device buffer of SIZE bytes; its pointer
//                        is passed and its bytes are written to OUTFILE after
//                        the launch
//   file:INFILE[:OUTFILE] a device buffer filled from INFILE, likewise

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace smsim::func {

struct KernelArg {
  enum class Kind : std::uint8_t { scalar, buffer, file };
  Kind kind = Kind::scalar;
  std::vector<std::byte> bytes;  // scalar: its little-endian bytes
  std::uint64_t size = 0;        // buffer: its size
  std::string in_file;           // file: where the bytes come from
  std::string out_file;          // buffer, file: where they go after the launch; may be empty
};

// The parsed argument, or nullopt with `error` saying what is wrong.
std::optional<KernelArg> parse_kernel_arg(std::string_view text, std::string& error);

}  // namespace smsim::func
