// The device-runtime functions nvcc calls by name: vprintf (printf) with
// CUDA's formatting, and __assertfail (assert) with CUDA's message and
// cudaErrorAssert.

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cstdio>
#include <cstring>
#include <optional>
#include <string>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"

namespace smsim::func {
namespace {

constexpr std::uint64_t kNoReturn = UINT64_MAX;
constexpr std::size_t kMaxStringBytes = 4096;

// A 64-bit value of a call argument (parameter variables live in local memory).
std::optional<std::uint64_t> argument(ExecContext& c, std::uint64_t offset, unsigned bytes,
                                      unsigned lane) {
  const std::byte* p = resolve(c, MemorySpace::local, offset, bytes, AccessKind::read, lane);
  if (p == nullptr) return std::nullopt;
  std::uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

// A NUL-terminated string at a generic address.
std::optional<std::string> read_string(ExecContext& c, std::uint64_t address, unsigned lane) {
  std::string out;
  for (std::size_t i = 0; i < kMaxStringBytes; ++i) {
    const std::byte* p = resolve(c, MemorySpace::generic, address + i, 1, AccessKind::read, lane);
    if (p == nullptr) return std::nullopt;
    const char ch = static_cast<char>(*p);
    if (ch == '\0') return out;
    out += ch;
  }
  return out;
}

// Reads `bytes` from the argument buffer at `cursor` (aligned to `bytes`).
std::optional<std::uint64_t> next_value(ExecContext& c, std::uint64_t buffer, std::uint64_t& cursor,
                                        unsigned bytes, unsigned lane) {
  cursor = (cursor + bytes - 1) / bytes * bytes;
  const std::byte* p =
      resolve(c, MemorySpace::generic, buffer + cursor, bytes, AccessKind::read, lane);
  if (p == nullptr) return std::nullopt;
  std::uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  cursor += bytes;
  return v;
}

// Formats like CUDA's printf: each conversion takes the next argument from
// the buffer, 8 bytes for doubles, pointers, strings and l/ll integers,
// 4 bytes otherwise. Returns the number of arguments used, or nullopt after
// reporting a fault.
std::optional<int> format(ExecContext& c, const std::string& text, std::uint64_t buffer,
                          unsigned lane, std::string& out) {
  std::uint64_t cursor = 0;
  int used = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '%') {
      out += text[i];
      continue;
    }
    std::size_t j = i + 1;
    if (j < text.size() && text[j] == '%') {
      out += '%';
      i = j;
      continue;
    }
    while (j < text.size() && std::strchr("-+ #0123456789.*", text[j]) != nullptr) ++j;
    int longs = 0;
    while (j < text.size() && std::strchr("hlLqjzt", text[j]) != nullptr) {
      if (text[j] == 'l' || text[j] == 'L' || text[j] == 'q' || text[j] == 'j' || text[j] == 'z' ||
          text[j] == 't') {
        ++longs;
      }
      ++j;
    }
    if (j >= text.size()) {
      out += text.substr(i);
      break;
    }
    if (text.substr(i, j - i).find('*') != std::string::npos) {
      // CUDA's printf has no `*` width or precision: the specification is
      // printed as written and takes no argument.
      out += text.substr(i, j - i + 1);
      i = j;
      continue;
    }
    const char conv = text[j];
    // The flags/width/precision without length modifiers, then the conversion.
    std::string spec;
    for (std::size_t k = i; k < j; ++k) {
      if (std::strchr("hlLqjzt", text[k]) == nullptr) spec += text[k];
    }
    char buf[512];
    int n = 0;
    switch (conv) {
      case 'd':
      case 'i':
      case 'u':
      case 'x':
      case 'X':
      case 'o':
      case 'c': {
        const auto v = next_value(c, buffer, cursor, longs > 0 ? 8 : 4, lane);
        if (!v) return std::nullopt;
        const std::string f = spec + "ll" + conv;
        const bool is_signed = conv == 'd' || conv == 'i';
        long long value =
            longs > 0 ? static_cast<long long>(*v)
                      : (is_signed ? static_cast<std::int32_t>(*v)
                                   : static_cast<long long>(static_cast<std::uint32_t>(*v)));
        if (conv == 'c') {
          n = std::snprintf(buf, sizeof buf, (spec + 'c').c_str(), static_cast<int>(value));
        } else {
          n = std::snprintf(buf, sizeof buf, f.c_str(), value);
        }
        break;
      }
      case 'f':
      case 'F':
      case 'e':
      case 'E':
      case 'g':
      case 'G':
      case 'a':
      case 'A': {
        const auto v = next_value(c, buffer, cursor, 8, lane);
        if (!v) return std::nullopt;
        double d;
        std::memcpy(&d, &*v, 8);
        n = std::snprintf(buf, sizeof buf, (spec + conv).c_str(), d);
        break;
      }
      case 's': {
        const auto v = next_value(c, buffer, cursor, 8, lane);
        if (!v) return std::nullopt;
        std::string s = "(null)";
        if (*v != 0) {
          auto text_arg = read_string(c, *v, lane);
          if (!text_arg) return std::nullopt;
          s = *text_arg;
        }
        n = std::snprintf(buf, sizeof buf, (spec + 's').c_str(), s.c_str());
        break;
      }
      case 'p': {
        const auto v = next_value(c, buffer, cursor, 8, lane);
        if (!v) return std::nullopt;
        n = std::snprintf(buf, sizeof buf, "0x%llx", static_cast<unsigned long long>(*v));
        break;
      }
      default:
        out += text.substr(i, j - i + 1);
        i = j;
        continue;
    }
    out.append(buf, static_cast<std::size_t>(std::clamp(n, 0, static_cast<int>(sizeof buf) - 1)));
    ++used;
    i = j;
  }
  return used;
}

void vprintf(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const auto format_ptr = argument(c, in.src[1].imm, 8, lane);
    const auto buffer = argument(c, in.src[2].imm, 8, lane);
    if (!format_ptr || !buffer) return;
    const auto text = read_string(c, *format_ptr, lane);
    if (!text) return;
    std::string line;
    const auto used = format(c, *text, *buffer, lane, line);
    if (!used) return;
    c.block.printf_output += line;
    if (in.src[0].imm == kNoReturn) return;
    std::byte* ret = resolve(c, MemorySpace::local, in.src[0].imm, 4, AccessKind::write, lane);
    if (ret == nullptr) return;
    const std::int32_t value = *used;
    std::memcpy(ret, &value, 4);
  });
}

// __assertfail(message, file, line, function, char_size): the first lane to
// fail stops the launch with CUDA's message.
void assertfail(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const auto lane = static_cast<unsigned>(std::countr_zero(mask));
  const auto message_ptr = argument(c, in.src[1].imm, 8, lane);
  const auto file_ptr = argument(c, in.src[2].imm, 8, lane);
  const auto line = argument(c, in.src[3].imm, 4, lane);
  const auto function_ptr = argument(c, in.src[4].imm, 8, lane);
  if (!message_ptr || !file_ptr || !line || !function_ptr) return;
  const auto message = read_string(c, *message_ptr, lane);
  const auto file = read_string(c, *file_ptr, lane);
  const auto function = read_string(c, *function_ptr, lane);
  if (!message || !file || !function) return;
  const Dim3& b = c.launch.config.block;
  const std::uint32_t t = thread_in_block(c, lane);
  report_error(
      c, CudaError::assert_triggered,
      fmt::format("{}:{}: {}: block: [{},{},{}], thread: [{},{},{}] Assertion `{}` failed.", *file,
                  static_cast<std::uint32_t>(*line), *function, c.block.ctaid.x, c.block.ctaid.y,
                  c.block.ctaid.z, t % b.x, t / b.x % b.y, t / (b.x * b.y), *message));
}

}  // namespace

ExecFn select_builtin(const InstructionSpec& spec, DecodedInstruction&, std::string& why) {
  constexpr std::size_t kVprintfOperands = 3;     // return, format, arguments
  constexpr std::size_t kAssertfailOperands = 6;  // return, message, file, line, function, size
  switch (spec.builtin) {
    case Builtin::vprintf:
      if (spec.operands.size() == kVprintfOperands) return &vprintf;
      why = "vprintf takes a format and an argument buffer";
      return nullptr;
    case Builtin::assertfail:
      if (spec.operands.size() == kAssertfailOperands) return &assertfail;
      why = "__assertfail takes five arguments";
      return nullptr;
    case Builtin::none:
      break;
  }
  why = "calls are lowered by inlining; this call could not be";
  return nullptr;
}

}  // namespace smsim::func
