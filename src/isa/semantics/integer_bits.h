// Bit manipulation: popc, clz, bfind, brev, bfe, bfi, fns, bmsk, szext, lop3,
// shf, shl/shr, prmt, cnot.
#pragma once

#include <bit>
#include <cstdint>
#include <type_traits>

namespace smsim::isa::sem {

template <class U>
constexpr uint32_t popc(U a) {
  return static_cast<uint32_t>(std::popcount(a));
}
template <class U>
constexpr uint32_t clz(U a) {
  return static_cast<uint32_t>(std::countl_zero(a));
}

// bfind: bit position of the most significant 1 (unsigned) or of the most
// significant bit that differs from the sign (signed); all ones when there
// is none. .shiftamt returns the left shift that would bring it to the top.
template <class U>
constexpr uint32_t bfind(U a, bool is_signed, bool shift_amount) {
  constexpr int kBits = sizeof(U) * 8;
  using S = std::make_signed_t<U>;
  const U v = is_signed && static_cast<S>(a) < 0 ? static_cast<U>(~a) : a;
  if (v == 0) return 0xffffffffu;
  const auto position = static_cast<uint32_t>(kBits - 1 - std::countl_zero(v));
  return shift_amount ? kBits - 1 - position : position;
}

template <class U>
constexpr U brev(U a) {
  U r = 0;
  for (unsigned i = 0; i < sizeof(U) * 8; ++i)
    r |= static_cast<U>(((a >> i) & 1) << (sizeof(U) * 8 - 1 - i));
  return r;
}

// bfe: extract `len` bits at `pos`; the signed form fills above with the
// last extracted bit (or the top bit of a when the field runs past it); a
// zero length gives 0. The 32-bit form reads position and length from the
// low 8 bits of their registers, as the PTX ISA says; the 64-bit form
// (measured on an H100) uses the whole 32-bit values.
template <class U>
constexpr U bfe(U a, uint32_t position, uint32_t length, bool is_signed) {
  constexpr uint64_t kMsb = sizeof(U) * 8 - 1;
  constexpr uint32_t kFieldMask = sizeof(U) == 4 ? 0xff : 0xffffffffu;
  const uint64_t pos = position & kFieldMask;
  const uint64_t len = length & kFieldMask;
  bool sign_bit = false;
  if (is_signed && len != 0) {
    const uint64_t top = pos + len - 1 < kMsb ? pos + len - 1 : kMsb;
    sign_bit = ((a >> top) & 1) != 0;
  }
  U d = 0;
  for (uint64_t i = 0; i <= kMsb; ++i) {
    const bool bit = (i < len && pos + i <= kMsb) ? ((a >> (pos + i)) & 1) != 0 : sign_bit;
    if (bit) d |= U{1} << i;
  }
  return d;
}

// bfi: insert the low `len` bits of a into b at `pos`. Position and length
// as for bfe: their low 8 bits in the 32-bit form, the whole 32-bit values
// in the 64-bit form (measured on an H100, form sweep).
// A field reaching past the top bit is clipped there. One mask, not a loop
// over the bits: bfi is in the hot loop of mixing and hashing kernels.
template <class U>
constexpr U bfi(U a, U b, uint32_t position, uint32_t length) {
  constexpr uint64_t kBits = sizeof(U) * 8;
  constexpr uint32_t kFieldMask = sizeof(U) == 4 ? 0xff : 0xffffffffu;
  const uint64_t pos = position & kFieldMask;
  const uint64_t len = length & kFieldMask;
  if (pos >= kBits || len == 0) return b;
  const uint64_t width = len < kBits - pos ? len : kBits - pos;
  const U field = width == kBits ? static_cast<U>(~U{0}) : static_cast<U>((U{1} << width) - 1);
  const auto mask = static_cast<U>(field << pos);
  return static_cast<U>((b & static_cast<U>(~mask)) | (static_cast<U>(a << pos) & mask));
}

// fns: position of the |offset|-th set bit of mask, searching up (offset > 0)
// or down (offset < 0) from base; offset 0 asks whether bit base is set.
// All ones when there is none. An offset of -2^31 gives 0 for every mask and
// base (measured on an H100: 80 masks x bases, tools/probes/fp_rules_probe.cu):
// ptxas's fns sequence negates a negative offset, which stays negative there.
constexpr uint32_t fns(uint32_t mask, uint32_t base, int32_t offset) {
  constexpr uint32_t kNone = 0xffffffffu;
  if (offset == INT32_MIN) return 0;
  if (base > 31) return kNone;
  if (offset == 0) return ((mask >> base) & 1) != 0 ? base : kNone;
  int64_t remaining = offset > 0 ? int64_t{offset} - 1 : -int64_t{offset} - 1;
  const int step = offset > 0 ? 1 : -1;
  for (int pos = static_cast<int>(base); pos >= 0 && pos < 32; pos += step) {
    if (((mask >> pos) & 1) == 0) continue;
    if (remaining == 0) return static_cast<uint32_t>(pos);
    --remaining;
  }
  return kNone;
}

enum class ShiftMode : uint8_t { clamp, wrap };

// bmsk: `width` ones starting at bit `start`.
constexpr uint32_t bmsk(uint32_t start, uint32_t width, ShiftMode mode) {
  if (mode == ShiftMode::wrap) {
    start &= 31;
    width &= 31;
  } else {
    start = start > 32 ? 32 : start;
    width = width > 32 ? 32 : width;
  }
  const uint64_t ones = (uint64_t{1} << width) - 1;
  return static_cast<uint32_t>(ones << start);
}

// szext: sign- or zero-extend the low `width` bits of a.
constexpr uint32_t szext(uint32_t a, uint32_t width, ShiftMode mode, bool is_signed) {
  width = mode == ShiftMode::wrap ? width & 31 : (width > 32 ? 32 : width);
  if (width == 32) return a;
  if (width == 0) return 0;
  const uint32_t mask = (uint32_t{1} << width) - 1;
  uint32_t v = a & mask;
  if (is_signed && ((v >> (width - 1)) & 1) != 0) v |= ~mask;
  return v;
}

// lop3: bit i of the result is bit (a_i*4 + b_i*2 + c_i) of the 8-bit table.
constexpr uint32_t lop3(uint32_t a, uint32_t b, uint32_t c, uint8_t table) {
  uint32_t d = 0;
  for (int i = 0; i < 32; ++i) {
    const uint32_t index = (((a >> i) & 1) << 2) | (((b >> i) & 1) << 1) | ((c >> i) & 1);
    d |= uint32_t{(table >> index) & 1u} << i;
  }
  return d;
}

enum class FunnelDirection : uint8_t { left, right };

// shf.l: high word of (b:a) << n; shf.r: low word of (b:a) >> n.
constexpr uint32_t shf(uint32_t a, uint32_t b, uint32_t amount, FunnelDirection dir,
                       ShiftMode mode) {
  const uint32_t n = mode == ShiftMode::wrap ? amount & 31 : (amount > 32 ? 32 : amount);
  const uint64_t pair = (uint64_t{b} << 32) | a;
  if (dir == FunnelDirection::left) return static_cast<uint32_t>((pair << n) >> 32);
  return static_cast<uint32_t>(pair >> n);
}

// shl/shr: amounts at or above the width shift everything out (shr.s fills
// with the sign).
template <class U>
constexpr U shl(U a, uint32_t amount) {
  return amount >= sizeof(U) * 8 ? U{0} : static_cast<U>(a << amount);
}
template <class U>
constexpr U shr(U a, uint32_t amount, bool is_signed) {
  using S = std::make_signed_t<U>;
  constexpr uint32_t kBits = sizeof(U) * 8;
  if (is_signed) return static_cast<U>(static_cast<S>(a) >> (amount >= kBits ? kBits - 1 : amount));
  return amount >= kBits ? U{0} : static_cast<U>(a >> amount);
}

enum class PermuteMode : uint8_t { generic, f4e, b4e, rc8, ecl, ecr, rc16 };

// prmt: picks bytes of the 8-byte value {b, a} (a = bytes 0..3). Generic
// mode: each selector nibble of c chooses a byte, and its bit 3 replicates
// that byte's sign instead. The other modes use c's low two bits to pick a
// fixed pattern.
constexpr uint32_t prmt(uint32_t a, uint32_t b, uint32_t c, PermuteMode mode) {
  const uint64_t bytes = (uint64_t{b} << 32) | a;
  const auto byte = [bytes](uint32_t i) {
    return static_cast<uint32_t>((bytes >> (8 * (i & 7))) & 0xff);
  };
  if (mode == PermuteMode::generic) {
    uint32_t d = 0;
    for (uint32_t i = 0; i < 4; ++i) {
      const uint32_t selector = (c >> (4 * i)) & 0xf;
      uint32_t v = byte(selector);
      if ((selector & 8) != 0) v = (v & 0x80) != 0 ? 0xff : 0;
      d |= v << (8 * i);
    }
    return d;
  }
  // Source byte for result bytes 0..3, per mode and c[1:0].
  constexpr uint8_t kPatterns[6][4][4] = {
      {{0, 1, 2, 3}, {1, 2, 3, 4}, {2, 3, 4, 5}, {3, 4, 5, 6}},  // f4e
      {{0, 7, 6, 5}, {1, 0, 7, 6}, {2, 1, 0, 7}, {3, 2, 1, 0}},  // b4e
      {{0, 0, 0, 0}, {1, 1, 1, 1}, {2, 2, 2, 2}, {3, 3, 3, 3}},  // rc8
      {{0, 1, 2, 3}, {1, 1, 2, 3}, {2, 2, 2, 3}, {3, 3, 3, 3}},  // ecl
      {{0, 0, 0, 0}, {0, 1, 1, 1}, {0, 1, 2, 2}, {0, 1, 2, 3}},  // ecr
      {{0, 1, 0, 1}, {2, 3, 2, 3}, {0, 1, 0, 1}, {2, 3, 2, 3}},  // rc16
  };
  const auto& pattern = kPatterns[static_cast<int>(mode) - 1][c & 3];
  uint32_t d = 0;
  for (uint32_t i = 0; i < 4; ++i) d |= byte(pattern[i]) << (8 * i);
  return d;
}

template <class U>
constexpr U cnot(U a) {
  return a == 0 ? 1 : 0;
}

}  // namespace smsim::isa::sem
