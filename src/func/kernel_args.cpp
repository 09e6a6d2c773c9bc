#include "func/kernel_args.h"

#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <cstdlib>
#include <cstring>

namespace smsim::func {
namespace {

struct ScalarType {
  std::string_view name;
  unsigned bytes;
  enum class Kind : std::uint8_t { unsigned_int, signed_int, bits, real } kind;
};

constexpr ScalarType kScalars[] = {
    {"u8", 1, ScalarType::Kind::unsigned_int},  {"u16", 2, ScalarType::Kind::unsigned_int},
    {"u32", 4, ScalarType::Kind::unsigned_int}, {"u64", 8, ScalarType::Kind::unsigned_int},
    {"s8", 1, ScalarType::Kind::signed_int},    {"s16", 2, ScalarType::Kind::signed_int},
    {"s32", 4, ScalarType::Kind::signed_int},   {"s64", 8, ScalarType::Kind::signed_int},
    {"b8", 1, ScalarType::Kind::bits},          {"b16", 2, ScalarType::Kind::bits},
    {"b32", 4, ScalarType::Kind::bits},         {"b64", 8, ScalarType::Kind::bits},
    {"f32", 4, ScalarType::Kind::real},         {"f64", 8, ScalarType::Kind::real},
};

// Decimal, or hexadecimal with 0x; a leading minus only when `negative_ok`.
std::optional<std::uint64_t> parse_integer(std::string_view text, bool negative_ok,
                                           bool& negative) {
  negative = !text.empty() && text.front() == '-';
  if (negative) {
    if (!negative_ok) return std::nullopt;
    text.remove_prefix(1);
  }
  int base = 10;
  if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
    base = 16;
    text.remove_prefix(2);
  }
  std::uint64_t value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value, base);
  if (ec != std::errc{} || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<std::vector<std::byte>> scalar_bytes(const ScalarType& t, std::string_view value,
                                                   std::string& error) {
  std::uint64_t bits = 0;
  if (t.kind == ScalarType::Kind::real) {
    const std::string text(value);
    char* end = nullptr;
    const double d = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size()) {
      error = fmt::format("'{}' is not a number", value);
      return std::nullopt;
    }
    bits = t.bytes == 4 ? std::bit_cast<std::uint32_t>(static_cast<float>(d))
                        : std::bit_cast<std::uint64_t>(d);
  } else {
    const bool is_signed = t.kind == ScalarType::Kind::signed_int;
    bool negative = false;
    const auto magnitude = parse_integer(value, is_signed, negative);
    if (!magnitude) {
      error = fmt::format("'{}' is not a valid {} value", value, t.name);
      return std::nullopt;
    }
    const unsigned width = 8 * t.bytes;
    const std::uint64_t unsigned_max = width == 64 ? UINT64_MAX : (std::uint64_t{1} << width) - 1;
    const std::uint64_t positive_max = is_signed ? unsigned_max >> 1 : unsigned_max;
    const std::uint64_t negative_max = positive_max + 1;
    if ((!negative && *magnitude > positive_max) || (negative && *magnitude > negative_max)) {
      error = fmt::format("{} does not fit in {}", value, t.name);
      return std::nullopt;
    }
    bits = negative ? (~*magnitude + 1) & unsigned_max : *magnitude;
  }
  std::vector<std::byte> out(t.bytes);
  std::memcpy(out.data(), &bits, t.bytes);
  return out;
}

std::pair<std::string_view, std::string_view> split_first(std::string_view text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string_view::npos) return {text, {}};
  return {text.substr(0, colon), text.substr(colon + 1)};
}

}  // namespace

std::optional<KernelArg> parse_kernel_arg(std::string_view text, std::string& error) {
  const auto [head, rest] = split_first(text);
  if (rest.empty() && text.find(':') == std::string_view::npos) {
    error = fmt::format(
        "argument '{}' needs the form TYPE:VALUE, buf:SIZE[:OUTFILE] or "
        "file:INFILE[:OUTFILE]",
        text);
    return std::nullopt;
  }
  if (head == "buf") {
    const auto [size_text, out] = split_first(rest);
    bool negative = false;
    const auto size = parse_integer(size_text, false, negative);
    if (!size || *size == 0) {
      error = fmt::format("buffer size '{}' must be a positive number of bytes", size_text);
      return std::nullopt;
    }
    return KernelArg{.kind = KernelArg::Kind::buffer, .size = *size, .out_file = std::string(out)};
  }
  if (head == "file") {
    const auto [in, out] = split_first(rest);
    if (in.empty()) {
      error = "file: needs an input file name";
      return std::nullopt;
    }
    return KernelArg{
        .kind = KernelArg::Kind::file, .in_file = std::string(in), .out_file = std::string(out)};
  }
  for (const ScalarType& t : kScalars) {
    if (t.name != head) continue;
    auto bytes = scalar_bytes(t, rest, error);
    if (!bytes) return std::nullopt;
    return KernelArg{.kind = KernelArg::Kind::scalar, .bytes = std::move(*bytes)};
  }
  error = fmt::format("unknown argument type '{}' (u8..u64, s8..s64, b8..b64, f32, f64, buf, file)",
                      head);
  return std::nullopt;
}

}  // namespace smsim::func
