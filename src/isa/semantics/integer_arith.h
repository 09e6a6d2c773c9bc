// Integer arithmetic: add/sub (.sat, carry chains), mul/mad (.lo/.hi/.wide,
// .sat), mul24/mad24, div/rem, abs/neg/min/max (.relu, 16x2), sad.
#pragma once

#include <cstdint>
#include <type_traits>

namespace smsim::isa::sem {

__extension__ typedef __int128 int128_t;
__extension__ typedef unsigned __int128 uint128_carry_t;

constexpr int32_t saturate_s32(int64_t x) {
  if (x > INT32_MAX) return INT32_MAX;
  if (x < INT32_MIN) return INT32_MIN;
  return static_cast<int32_t>(x);
}

constexpr uint32_t add_sat_s32(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(
      saturate_s32(int64_t{static_cast<int32_t>(a)} + int64_t{static_cast<int32_t>(b)}));
}
constexpr uint32_t sub_sat_s32(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>(
      saturate_s32(int64_t{static_cast<int32_t>(a)} - int64_t{static_cast<int32_t>(b)}));
}

// Carry chains (add.cc, addc, sub.cc, subc, mad.cc, madc). The condition
// code's carry flag is a true carry for additions; subtraction computes
// a + ~b + carry-in, so sub.cc (carry-in 1) leaves carry = "no borrow" and
// subc consumes it that way.
template <class U>
struct WithCarry {
  U value;
  bool carry;
};

template <class U>
constexpr WithCarry<U> add_with_carry(U a, U b, bool carry_in) {
  static_assert(std::is_unsigned_v<U>);
  const U sum = static_cast<U>(a + b);
  const U total = static_cast<U>(sum + (carry_in ? 1 : 0));
  const bool carry = sum < a || (carry_in && total == 0 && sum == static_cast<U>(~U{0}));
  return {total, carry};
}

template <class U>
constexpr WithCarry<U> sub_with_carry(U a, U b, bool carry_in) {
  return add_with_carry<U>(a, static_cast<U>(~b), carry_in);
}

// add.cc: carry-in 0; addc: carry-in from the flag. sub.cc: carry-in 1.
template <class U>
constexpr WithCarry<U> add_cc(U a, U b) {
  return add_with_carry<U>(a, b, false);
}
template <class U>
constexpr WithCarry<U> sub_cc(U a, U b) {
  return sub_with_carry<U>(a, b, true);
}

// Multiplication results: the low half, the high half and the double-width
// product of two N-bit operands.
template <class U>
constexpr U mul_lo(U a, U b) {
  // Widen first: 16-bit operands would otherwise multiply as (signed) int.
  using Wide = std::conditional_t<(sizeof(U) < sizeof(unsigned)), unsigned, U>;
  return static_cast<U>(static_cast<Wide>(a) * static_cast<Wide>(b));
}

constexpr uint32_t mul_hi_u32(uint32_t a, uint32_t b) {
  return static_cast<uint32_t>((uint64_t{a} * b) >> 32);
}
constexpr uint32_t mul_hi_s32(uint32_t a, uint32_t b) {
  const int64_t p = int64_t{static_cast<int32_t>(a)} * static_cast<int32_t>(b);
  return static_cast<uint32_t>(static_cast<uint64_t>(p) >> 32);
}
constexpr uint64_t mul_wide_u32(uint32_t a, uint32_t b) {
  return uint64_t{a} * b;
}
constexpr uint64_t mul_wide_s32(uint32_t a, uint32_t b) {
  return static_cast<uint64_t>(int64_t{static_cast<int32_t>(a)} * static_cast<int32_t>(b));
}
constexpr uint64_t mul_hi_u64(uint64_t a, uint64_t b) {
  return static_cast<uint64_t>((uint128_carry_t{a} * b) >> 64);
}
constexpr uint64_t mul_hi_s64(uint64_t a, uint64_t b) {
  const int128_t p = int128_t{static_cast<int64_t>(a)} * static_cast<int64_t>(b);
  return static_cast<uint64_t>(static_cast<uint128_carry_t>(p) >> 64);
}
constexpr uint16_t mul_hi_u16(uint16_t a, uint16_t b) {
  return static_cast<uint16_t>((uint32_t{a} * b) >> 16);
}
constexpr uint16_t mul_hi_s16(uint16_t a, uint16_t b) {
  const int32_t p = int32_t{static_cast<int16_t>(a)} * static_cast<int16_t>(b);
  return static_cast<uint16_t>(static_cast<uint32_t>(p) >> 16);
}
// madc.hi on 16-bit types, measured on an H100: the "high half" added is
// bits 32-47 of the 32-bit product of the operands extended to 32 bits, so 0
// or all ones by the product's sign, not bits 16-31 (mul_hi_u16/s16) that
// mad.hi gives. The PTX ISA defines the latter for both.
constexpr uint16_t madc_hi_part_16(uint16_t a, uint16_t b, bool is_signed) {
  const int64_t product = is_signed ? int64_t{static_cast<int16_t>(a)} * static_cast<int16_t>(b)
                                    : int64_t{a} * b;
  return product < 0 ? uint16_t{0xffff} : uint16_t{0};
}
constexpr uint32_t mul_wide_u16(uint16_t a, uint16_t b) {
  return uint32_t{a} * b;
}
constexpr uint32_t mul_wide_s16(uint16_t a, uint16_t b) {
  return static_cast<uint32_t>(int32_t{static_cast<int16_t>(a)} * static_cast<int16_t>(b));
}

// mad.hi.sat.s32: the high word of a*b plus c, saturated.
constexpr uint32_t mad_hi_sat_s32(uint32_t a, uint32_t b, uint32_t c) {
  const int64_t hi = static_cast<int32_t>(mul_hi_s32(a, b));
  return static_cast<uint32_t>(saturate_s32(hi + static_cast<int32_t>(c)));
}

// mul24/mad24: operands are the low 24 bits (sign-extended for .s32); .lo is
// the low 32 bits of the 48-bit product, .hi its bits 47..16.
constexpr int64_t product24(uint32_t a, uint32_t b, bool is_signed) {
  const auto extend = [is_signed](uint32_t x) -> int64_t {
    x &= 0xffffff;
    if (is_signed && (x & 0x800000) != 0) return int64_t{x} - 0x1000000;
    return x;
  };
  return extend(a) * extend(b);
}
constexpr uint32_t mul24_lo(uint32_t a, uint32_t b, bool is_signed) {
  return static_cast<uint32_t>(product24(a, b, is_signed));
}
constexpr uint32_t mul24_hi(uint32_t a, uint32_t b, bool is_signed) {
  return static_cast<uint32_t>(static_cast<uint64_t>(product24(a, b, is_signed)) >> 16);
}
// mad24.hi.sat.s32: bits 47..16 of the product plus c, saturated.
constexpr uint32_t mad24_hi_sat_s32(uint32_t a, uint32_t b, uint32_t c) {
  const int64_t hi = static_cast<int32_t>(mul24_hi(a, b, true));
  return static_cast<uint32_t>(saturate_s32(hi + static_cast<int32_t>(c)));
}

// Division by zero, as the H100 computes it (measured): every form, signed
// or unsigned, 32 or 64 bits, gives all ones for both the quotient and the
// remainder. The one overflowing quotient, MIN / -1, wraps to MIN with
// remainder 0.
template <class U>
constexpr U div_unsigned(U a, U b) {
  return b == 0 ? static_cast<U>(~U{0}) : static_cast<U>(a / b);
}
template <class U>
constexpr U rem_unsigned(U a, U b) {
  return b == 0 ? static_cast<U>(~U{0}) : static_cast<U>(a % b);
}
template <class U>
constexpr U div_signed(U a, U b) {
  using S = std::make_signed_t<U>;
  const S x = static_cast<S>(a);
  const S y = static_cast<S>(b);
  if (y == 0) return static_cast<U>(~U{0});
  if (y == -1) return static_cast<U>(U{0} - a);
  return static_cast<U>(x / y);
}
template <class U>
constexpr U rem_signed(U a, U b) {
  using S = std::make_signed_t<U>;
  const S x = static_cast<S>(a);
  const S y = static_cast<S>(b);
  if (y == 0) return static_cast<U>(~U{0});
  if (y == -1) return 0;
  return static_cast<U>(x % y);
}

// min/max; .relu (signed only) clamps the result at 0.
template <class S>
constexpr S min_int(S a, S b, bool relu) {
  const S m = a < b ? a : b;
  return relu && m < 0 ? 0 : m;
}
template <class S>
constexpr S max_int(S a, S b, bool relu) {
  const S m = a > b ? a : b;
  return relu && m < 0 ? 0 : m;
}

// The 16x2 forms apply min/max to each half.
template <class Half>
constexpr uint32_t min_max_16x2(uint32_t a, uint32_t b, bool want_max, bool relu) {
  const auto one = [=](uint32_t x, uint32_t y) -> uint32_t {
    const auto hx = static_cast<Half>(static_cast<uint16_t>(x));
    const auto hy = static_cast<Half>(static_cast<uint16_t>(y));
    const Half r = want_max ? max_int<Half>(hx, hy, relu) : min_int<Half>(hx, hy, relu);
    return static_cast<uint16_t>(r);
  };
  return (one(a >> 16, b >> 16) << 16) | one(a, b);
}

// abs/neg wrap: abs(MIN) = MIN.
template <class U>
constexpr U abs_int(U a) {
  using S = std::make_signed_t<U>;
  return static_cast<S>(a) < 0 ? static_cast<U>(U{0} - a) : a;
}

// sad: |a - b| + c.
template <class U>
constexpr U sad(U a, U b, U c, bool is_signed) {
  using S = std::make_signed_t<U>;
  const bool a_smaller = is_signed ? static_cast<S>(a) < static_cast<S>(b) : a < b;
  const U difference = a_smaller ? static_cast<U>(b - a) : static_cast<U>(a - b);
  return static_cast<U>(difference + c);
}

}  // namespace smsim::isa::sem
