// bfi against its definition bit by bit (PTX ISA: bit pos+i of d is bit i of
// a for i < len, as far as the top bit; the rest of d is b), over every
// position and length the 32-bit form can encode and the 64-bit form's
// boundary cases. The H100's own values are in integer_device_test.cpp.
#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

#include "isa/semantics/integer_bits.h"

namespace smsim::isa::sem {
namespace {

template <class U>
U bfi_bit_by_bit(U a, U b, uint64_t pos, uint64_t len) {
  constexpr uint64_t kBits = sizeof(U) * 8;
  U d = b;
  for (uint64_t i = 0; i < len && pos + i < kBits; ++i) {
    const U bit = U{1} << (pos + i);
    d = ((a >> i) & 1) != 0 ? static_cast<U>(d | bit) : static_cast<U>(d & ~bit);
  }
  return d;
}

TEST(IntegerBits, Bfi32MatchesBitByBitForEveryPositionAndLength) {
  const uint32_t words[][2] = {{0xffffffffu, 0}, {0, 0xffffffffu}, {0x9e3779b9u, 0x7f4a7c15u}};
  for (uint32_t pos = 0; pos < 256; ++pos) {
    for (uint32_t len = 0; len < 256; ++len) {
      for (const auto& [a, b] : words) {
        const uint32_t want = bfi_bit_by_bit<uint32_t>(a, b, pos, len);
        ASSERT_EQ(bfi<uint32_t>(a, b, pos, len), want) << pos << " " << len;
        // Only the low 8 bits of position and length count in the 32-bit form.
        ASSERT_EQ(bfi<uint32_t>(a, b, pos | 0x300u, len | 0x8500u), want) << pos << " " << len;
      }
    }
  }
}

TEST(IntegerBits, Bfi64MatchesBitByBitAtEveryBoundary) {
  std::vector<uint32_t> values;
  for (uint32_t v = 0; v <= 130; ++v) values.push_back(v);
  for (uint32_t v : {0xffu, 0x100u, 0x13fu, 0x7fffffffu, 0x80000000u, 0xffffffffu}) values.push_back(v);
  const uint64_t words[][2] = {{~0ull, 0}, {0, ~0ull}, {0x9e3779b97f4a7c15ull, 0xbf58476d1ce4e5b9ull}};
  for (uint32_t pos : values) {
    for (uint32_t len : values) {
      for (const auto& [a, b] : words) {
        ASSERT_EQ(bfi<uint64_t>(a, b, pos, len), bfi_bit_by_bit<uint64_t>(a, b, pos, len))
            << pos << " " << len;
      }
    }
  }
}

}  // namespace
}  // namespace smsim::isa::sem
