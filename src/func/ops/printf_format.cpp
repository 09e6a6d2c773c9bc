#include "func/ops/printf_format.h"

#include <algorithm>
#include <cstdio>
#include <cstring>

namespace smsim::func {
namespace {

constexpr std::string_view kFlagsWidthPrecision = "-+ #0123456789.*";
constexpr std::string_view kIntegerConversions = "diuxXoc";
constexpr std::string_view kFloatConversions = "fFeEgGaA";
constexpr std::string_view kLongLengths = "lLqjzt";  // the host reads 8 bytes for these
constexpr std::string_view kLengthModifiers = "hlLqjzt";
constexpr unsigned kSlotBytes = 8;

bool is_one_of(std::string_view set, char ch) {
  return set.find(ch) != std::string_view::npos;
}

std::size_t skip_spec(std::string_view f, std::size_t j) {
  while (j < f.size() && is_one_of(kFlagsWidthPrecision, f[j])) ++j;
  return j;
}

// Slot `i` of the record: a copied argument, or past them the format
// string's bytes (NUL, then zeros).
std::uint64_t slot(std::string_view format, std::span<const std::uint64_t> slots, std::size_t i) {
  if (i < slots.size()) return slots[i];
  const std::size_t at = (i - slots.size()) * kSlotBytes;
  unsigned char bytes[kSlotBytes] = {};
  for (std::size_t k = 0; k < kSlotBytes && at + k < format.size(); ++k) {
    bytes[k] = static_cast<unsigned char>(format[at + k]);
  }
  std::uint64_t v = 0;
  std::memcpy(&v, bytes, kSlotBytes);  // little-endian, as the record is
  return v;
}

}  // namespace

std::vector<unsigned> printf_device_argument_sizes(std::string_view f) {
  std::vector<unsigned> sizes;
  for (std::size_t i = 0; i < f.size(); ++i) {
    if (f[i] != '%') continue;
    std::size_t j = i + 1;
    if (j < f.size() && f[j] == '%') {
      i = j;
      continue;
    }
    const std::size_t spec_end = skip_spec(f, j);
    const bool star = f.substr(j, spec_end - j).find('*') != std::string_view::npos;
    j = spec_end;
    // One length modifier: a single `h`, `l` or `ll`, or one of L q j z t.
    bool wide = false;
    if (j < f.size() && f[j] == 'h') {
      ++j;
    } else if (j + 1 < f.size() && f[j] == 'l' && f[j + 1] == 'l') {
      wide = true;
      j += 2;
    } else if (j < f.size() && is_one_of(kLongLengths, f[j])) {
      wide = true;
      ++j;
    }
    if (j >= f.size()) break;
    i = j;  // an unknown conversion (the second `h` of `hh`) copies nothing
    if (star) continue;
    if (is_one_of(kIntegerConversions, f[j])) {
      sizes.push_back(wide ? 8 : 4);
    } else if (is_one_of(kFloatConversions, f[j]) || f[j] == 's' || f[j] == 'p') {
      sizes.push_back(8);
    }
  }
  return sizes;
}

std::optional<PrintfText> printf_format_record(std::string_view text,
                                               std::span<const std::uint64_t> slots,
                                               const PrintfStringReader& read_string) {
  PrintfText out;
  std::size_t next = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out.text += text[i];
      continue;
    }
    std::size_t j = i + 1;
    if (j < text.size() && text[j] == '%') {
      out.text += '%';
      i = j;
      continue;
    }
    j = skip_spec(text, j);
    int longs = 0;
    while (j < text.size() && is_one_of(kLengthModifiers, text[j])) {
      if (text[j] != 'h') ++longs;
      ++j;
    }
    if (j >= text.size()) {
      out.text += text.substr(i);
      break;
    }
    if (text.substr(i, j - i).find('*') != std::string_view::npos) {
      // CUDA's printf has no `*` width or precision: the specification is
      // printed as written and takes no argument.
      out.text += text.substr(i, j - i + 1);
      i = j;
      continue;
    }
    const char conv = text[j];
    // The flags/width/precision without length modifiers, then the conversion.
    std::string spec;
    for (std::size_t k = i; k < j; ++k) {
      if (!is_one_of(kLengthModifiers, text[k])) spec += text[k];
    }
    char buf[512];
    int n = 0;
    if (is_one_of(kIntegerConversions, conv)) {
      const std::uint64_t v = slot(text, slots, next++);
      const bool is_signed = conv == 'd' || conv == 'i';
      const long long value =
          longs > 0 ? static_cast<long long>(v)
                    : (is_signed ? static_cast<std::int32_t>(v)
                                 : static_cast<long long>(static_cast<std::uint32_t>(v)));
      if (conv == 'c') {
        n = std::snprintf(buf, sizeof buf, (spec + 'c').c_str(), static_cast<int>(value));
      } else {
        n = std::snprintf(buf, sizeof buf, (spec + "ll" + conv).c_str(), value);
      }
    } else if (is_one_of(kFloatConversions, conv)) {
      const std::uint64_t v = slot(text, slots, next++);
      double d;
      std::memcpy(&d, &v, sizeof d);
      n = std::snprintf(buf, sizeof buf, (spec + conv).c_str(), d);
    } else if (conv == 's') {
      const std::uint64_t v = slot(text, slots, next++);
      std::string s = "(null)";
      if (v != 0) {
        auto arg = read_string(v);
        if (!arg) return std::nullopt;
        s = std::move(*arg);
      }
      n = std::snprintf(buf, sizeof buf, (spec + 's').c_str(), s.c_str());
    } else if (conv == 'p') {
      const std::uint64_t v = slot(text, slots, next++);
      n = std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(v));
    } else {
      out.text += text.substr(i, j - i + 1);
      i = j;
      continue;
    }
    out.text.append(buf,
                    static_cast<std::size_t>(std::clamp(n, 0, static_cast<int>(sizeof buf) - 1)));
    ++out.conversions;
    i = j;
  }
  return out;
}

}  // namespace smsim::func
