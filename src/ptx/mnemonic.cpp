#include "ptx/mnemonic.h"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>

namespace smsim::ptx {
namespace {

// `m16n8k16`, `m8n8`, `m64n256k16`.
bool parse_shape(std::string_view s, MatrixShape& shape) {
  const auto number = [&s](char prefix, uint16_t& value) {
    if (s.empty() || s.front() != prefix) return false;
    s.remove_prefix(1);
    unsigned v = 0;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc{} || end == s.data() || v == 0 || v > 4096) return false;
    s.remove_prefix(static_cast<std::size_t>(end - s.data()));
    value = static_cast<uint16_t>(v);
    return true;
  };
  MatrixShape out;
  if (!number('m', out.m) || !number('n', out.n)) return false;
  if (!s.empty() && !number('k', out.k)) return false;
  if (!s.empty()) return false;
  shape = out;
  return true;
}

std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

}  // namespace

std::string_view closest_mnemonic(std::string_view word) {
  constexpr std::size_t kMaxDistance = 2;
  std::string_view best;
  std::size_t best_distance = kMaxDistance + 1;
  for (const isa::OpcodeInfo& info : isa::opcode_table()) {
    const std::size_t d = edit_distance(word, info.mnemonic);
    if (d < best_distance) {
      best_distance = d;
      best = info.mnemonic;
    }
  }
  return best;
}

bool decode_mnemonic(std::string_view token, DecodedMnemonic& out, MnemonicError& error) {
  // Offsets of each `.` that separates components (`::` stays inside one).
  std::array<std::size_t, isa::kMaxMnemonicComponents> dots{};
  std::size_t dot_count = 0;
  for (std::size_t i = 0; i < token.size() && dot_count < dots.size(); ++i)
    if (token[i] == '.') dots[dot_count++] = i;

  std::size_t opcode_end = 0;
  bool found = false;
  for (std::size_t parts = dot_count + 1; parts >= 1 && !found; --parts) {
    const std::size_t end = parts - 1 < dot_count ? dots[parts - 1] : token.size();
    if (parts - 1 > dot_count) continue;
    if (auto op = isa::opcode_from_mnemonic(token.substr(0, end))) {
      out.opcode = *op;
      opcode_end = end;
      found = true;
    }
  }
  if (!found) {
    // Name the family member (`mbarrier.foo`) when the first part is a known family.
    std::string_view head = token.substr(0, token.find('.'));
    const std::size_t second_dot = dot_count > 1 ? dots[1] : token.size();
    for (const isa::OpcodeInfo& info : isa::opcode_table()) {
      if (info.mnemonic.size() > head.size() && info.mnemonic.starts_with(head) &&
          info.mnemonic[head.size()] == '.') {
        head = token.substr(0, second_dot);
        break;
      }
    }
    error.message = fmt::format("unknown opcode '{}'", head);
    error.column = 0;
    if (const auto near = closest_mnemonic(head); !near.empty())
      error.hint = fmt::format("did you mean '{}'?", near);
    return false;
  }

  out.suffix_count = 0;
  std::size_t pos = opcode_end;
  while (pos < token.size()) {
    const std::size_t start = pos + 1;  // skip the '.'
    std::size_t end = token.find('.', start);
    if (end == std::string_view::npos) end = token.size();
    const std::string_view part = token.substr(start, end - start);
    pos = end;
    if (out.suffix_count == kMaxSuffixes) {
      error.message = fmt::format("too many suffixes on '{}'", token.substr(0, opcode_end));
      error.column = start;
      return false;
    }
    Suffix suffix;
    if (auto t = isa::type_from_name(part)) {
      suffix = Suffix::of(*t);
    } else if (auto m = isa::modifier_from_name(part)) {
      suffix = Suffix::of(*m);
    } else if (MatrixShape shape; parse_shape(part, shape)) {
      if (out.shape.present()) {
        error.message =
            fmt::format("more than one matrix shape on '{}'", token.substr(0, opcode_end));
        error.column = start;
        return false;
      }
      out.shape = shape;
      suffix = {SuffixKind::Shape, 0};
    } else {
      error.message =
          fmt::format("unknown modifier '.{}' on '{}'", part, token.substr(0, opcode_end));
      error.column = start;
      return false;
    }
    out.suffixes[out.suffix_count++] = suffix;
  }
  return true;
}

}  // namespace smsim::ptx
