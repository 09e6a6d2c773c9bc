// dp4a and dp2a: byte and half-word dot products accumulated into 32 bits.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

constexpr int32_t lane8(uint32_t x, int i, bool is_signed) {
  const uint32_t v = (x >> (8 * i)) & 0xff;
  return is_signed ? static_cast<int8_t>(v) : static_cast<int32_t>(v);
}
constexpr int32_t lane16(uint32_t x, int i, bool is_signed) {
  const uint32_t v = (x >> (16 * i)) & 0xffff;
  return is_signed ? static_cast<int16_t>(v) : static_cast<int32_t>(v);
}

// dp4a.atype.btype d, a, b, c: sum of the four byte products plus c (wraps).
constexpr uint32_t dp4a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed) {
  uint32_t sum = c;
  for (int i = 0; i < 4; ++i) {
    sum += static_cast<uint32_t>(lane8(a, i, a_signed) * lane8(b, i, b_signed));
  }
  return sum;
}

// dp2a.lo/.hi: a's two halves times bytes 0-1 (.lo) or 2-3 (.hi) of b, plus c.
constexpr uint32_t dp2a(uint32_t a, uint32_t b, uint32_t c, bool a_signed, bool b_signed,
                        bool high_bytes) {
  const int first = high_bytes ? 2 : 0;
  uint32_t sum = c;
  for (int i = 0; i < 2; ++i) {
    sum += static_cast<uint32_t>(lane16(a, i, a_signed) * lane8(b, first + i, b_signed));
  }
  return sum;
}

}  // namespace smsim::isa::sem
