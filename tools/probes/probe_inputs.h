// Deterministic operand generator shared by the device probe (nvcc) and the
// host tests (g++): both sides rebuild the same inputs from (stream, index,
// operand), so the probe only has to ship results back.
#pragma once

#include <cstdint>

#ifdef __CUDACC__
#define SMSIM_PROBE_HD __host__ __device__
#else
#define SMSIM_PROBE_HD
#endif

namespace smsim::probe {

enum class InputKind : uint32_t {
  none = 0,
  f32 = 1,
  f64 = 2,
  f16 = 3,
  f16x2 = 4,
  bf16 = 5,
  bf16x2 = 6,
  u32 = 7,
  u64 = 8,
  shift = 9,                 // mostly 0..70: shift amounts, bit positions and lengths
  index16 = 10,              // the index itself: exhaustive sweeps of 16-bit inputs
  f32_near_one = 11,         // within 64 ulps of +-1
  f32_near_normal_min = 12,  // within 64 ulps of +-2^-126 (both sides of the subnormal edge)
};

SMSIM_PROBE_HD inline uint64_t mix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

SMSIM_PROBE_HD inline uint64_t probe_hash(uint32_t stream, uint32_t index, uint32_t operand) {
  return mix64((uint64_t{stream} << 40) ^ (uint64_t{index} << 4) ^ operand);
}

// Values where semantics split: signed zeros, subnormal edges, integer and
// half-precision range edges, ties, infinities and NaNs with payloads.
constexpr uint32_t kF32SpecialCount = 40;
SMSIM_PROBE_HD inline uint32_t f32_special(uint32_t i) {
  constexpr uint32_t table[kF32SpecialCount] = {
      0x00000000, 0x80000000, 0x3f800000, 0xbf800000, 0x00000001, 0x80000001, 0x007fffff,
      0x00800000, 0x80800000, 0x7f7fffff, 0xff7fffff, 0x7f800000, 0xff800000, 0x7fc00000,
      0xffc00000, 0x7f800001, 0xff800001, 0x7fc12345, 0xffbfffff, 0x3f000000, 0x4b000000,
      0x4f000000, 0xcf000000, 0x4f800000, 0x5f000000, 0xdf000000, 0x5f800000, 0x3effffff,
      0x3fc00000, 0x40200000, 0xbfc00000, 0x477fe000, 0x477ff000, 0x38800000, 0x33800000,
      0x33000000, 0x4f7fffff, 0x00400000, 0x43800000, 0xc3000000};
  return table[i % kF32SpecialCount];
}

constexpr uint32_t kF64SpecialCount = 24;
SMSIM_PROBE_HD inline uint64_t f64_special(uint32_t i) {
  constexpr uint64_t table[kF64SpecialCount] = {
      0x0000000000000000ull, 0x8000000000000000ull, 0x3ff0000000000000ull, 0xbff0000000000000ull,
      0x0000000000000001ull, 0x000fffffffffffffull, 0x0010000000000000ull, 0x7fefffffffffffffull,
      0x7ff0000000000000ull, 0xfff0000000000000ull, 0x7ff8000000000000ull, 0xfff8000000000000ull,
      0x7ff0000000000001ull, 0x7ff8000012345678ull, 0xfff4000000000abcull, 0x41e0000000000000ull,
      0xc1e0000000000000ull, 0x41f0000000000000ull, 0x43e0000000000000ull, 0xc3e0000000000000ull,
      0x43f0000000000000ull, 0x3fe0000000000000ull, 0x47efffffe0000000ull, 0x36a0000000000000ull};
  return table[i % kF64SpecialCount];
}

constexpr uint32_t kU32SpecialCount = 12;
SMSIM_PROBE_HD inline uint32_t u32_special(uint32_t i) {
  constexpr uint32_t table[kU32SpecialCount] = {0,          1,          2,          3,
                                                0xffffffff, 0xfffffffe, 0x80000000, 0x7fffffff,
                                                0x80000001, 0x000000ff, 0x00008000, 0x0000ffff};
  return table[i % kU32SpecialCount];
}

SMSIM_PROBE_HD inline uint32_t f32_input(uint32_t stream, uint32_t index, uint32_t operand) {
  // The first 40x40 indices cross every special with every special (operands
  // 0 and 1); a third operand walks the table at a different stride.
  if (index < kF32SpecialCount * kF32SpecialCount) {
    if (operand == 0) return f32_special(index % kF32SpecialCount);
    if (operand == 1) return f32_special(index / kF32SpecialCount);
    return f32_special(index * 7 + 3);
  }
  const uint64_t h = probe_hash(stream, index, operand);
  const uint32_t sign = static_cast<uint32_t>(h >> 63) << 31;
  const uint32_t mantissa = static_cast<uint32_t>(h >> 8) & 0x7fffff;
  const uint32_t pick = static_cast<uint32_t>(h >> 40);
  switch (h & 7) {
    case 0:
      return f32_special(pick);
    case 1:
      return static_cast<uint32_t>(h >> 16);
    case 2:
      return sign | ((pick % 4) << 23) | mantissa;  // subnormal and lowest binades
    case 3:
      return sign | ((251 + pick % 4) << 23) | mantissa;
    case 4:  // near cancellation with operand 0, for add/sub and fma
      if (operand != 0) {
        const uint32_t base = f32_input(stream, index, 0) ^ 0x80000000u;
        return base + (pick % 7) - 3;
      }
      [[fallthrough]];
    default:
      return sign | ((112 + pick % 32) << 23) | mantissa;
  }
}

SMSIM_PROBE_HD inline uint64_t f64_input(uint32_t stream, uint32_t index, uint32_t operand) {
  if (index < kF64SpecialCount * kF64SpecialCount) {
    if (operand == 0) return f64_special(index % kF64SpecialCount);
    if (operand == 1) return f64_special(index / kF64SpecialCount);
    return f64_special(index * 7 + 3);
  }
  const uint64_t h = probe_hash(stream, index, operand);
  const uint64_t h2 = mix64(h);
  const uint64_t sign = (h >> 63) << 63;
  const uint64_t mantissa = h2 & 0xfffffffffffffull;
  const uint32_t pick = static_cast<uint32_t>(h >> 40);
  switch (h & 7) {
    case 0:
      return f64_special(pick);
    case 1:
      return h2;
    case 2:
      return sign | (uint64_t{pick % 4} << 52) | mantissa;
    case 3:
      return sign | (uint64_t{2043 + pick % 4} << 52) | mantissa;
    case 4:
      if (operand != 0) {
        const uint64_t base = f64_input(stream, index, 0) ^ 0x8000000000000000ull;
        return base + (pick % 7) - 3;
      }
      [[fallthrough]];
    default:
      return sign | (uint64_t{1000 + pick % 48} << 52) | mantissa;
  }
}

// Half-precision operands: mostly a uniform draw over all 2^16 encodings,
// with the specials of f32 narrowed for the bf16 case.
SMSIM_PROBE_HD inline uint16_t f16_input(uint32_t stream, uint32_t index, uint32_t operand) {
  constexpr uint16_t specials[16] = {0x0000, 0x8000, 0x3c00, 0xbc00, 0x0001, 0x03ff,
                                     0x0400, 0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00,
                                     0xfe00, 0x7c01, 0x7e55, 0x3800};
  if (index < 256) return specials[(operand == 0 ? index : index / 16 + operand) % 16];
  const uint64_t h = probe_hash(stream, index, operand);
  if ((h & 7) == 0) return specials[(h >> 8) % 16];
  if ((h & 7) == 1 && operand != 0) return f16_input(stream, index, 0) ^ 0x8000 ^ ((h >> 8) & 3);
  return static_cast<uint16_t>(h >> 16);
}

SMSIM_PROBE_HD inline uint16_t bf16_input(uint32_t stream, uint32_t index, uint32_t operand) {
  if (index < kF32SpecialCount * kF32SpecialCount) {
    return static_cast<uint16_t>(f32_input(stream, index, operand) >> 16);
  }
  const uint64_t h = probe_hash(stream, index, operand);
  if ((h & 7) == 1 && operand != 0) return bf16_input(stream, index, 0) ^ 0x8000 ^ ((h >> 8) & 3);
  if ((h & 3) == 2) return static_cast<uint16_t>(h >> 16);
  return static_cast<uint16_t>(f32_input(stream, index, operand) >> 16);
}

SMSIM_PROBE_HD inline uint32_t u32_input(uint32_t stream, uint32_t index, uint32_t operand) {
  if (index < kU32SpecialCount * kU32SpecialCount) {
    return u32_special(operand == 0 ? index : index / kU32SpecialCount + operand - 1);
  }
  const uint64_t h = probe_hash(stream, index, operand);
  switch (h & 7) {
    case 0:
      return u32_special(static_cast<uint32_t>(h >> 40));
    case 1:
      return static_cast<uint32_t>(h >> 24) & 0xff;
    case 2:
      return static_cast<uint32_t>(h >> 24) & 0xffff;
    case 3:
      return 0u - (static_cast<uint32_t>(h >> 24) & 0xff);
    default:
      return static_cast<uint32_t>(h >> 16);
  }
}

SMSIM_PROBE_HD inline uint64_t u64_input(uint32_t stream, uint32_t index, uint32_t operand) {
  const uint64_t h = probe_hash(stream, index, operand);
  const uint64_t wide = mix64(h);
  switch (h & 7) {
    case 0:
      return uint64_t{0x8000000000000000ull} >> ((h >> 8) & 1);
    case 1:
      return (h >> 24) & 0xff;
    case 2:
      return 0 - ((h >> 24) & 0xff);
    case 3:
      return (h >> 24) & 1;
    case 4:
      return wide >> ((h >> 8) & 63);
    default:
      return wide;
  }
}

SMSIM_PROBE_HD inline uint32_t shift_input(uint32_t stream, uint32_t index, uint32_t operand) {
  const uint64_t h = probe_hash(stream, index, operand);
  if ((h & 15) == 0) return static_cast<uint32_t>(h >> 20);
  if ((h & 15) == 1) return static_cast<uint32_t>(h >> 20) & 0x1ff;
  return static_cast<uint32_t>(h >> 20) % 71;
}

// Products of these two kinds land on both sides of the smallest normal
// number, where flush-to-zero has to decide before or after rounding.
SMSIM_PROBE_HD inline uint32_t f32_near(uint32_t center, uint32_t stream, uint32_t index,
                                        uint32_t operand) {
  const uint64_t h = probe_hash(stream, index, operand);
  const uint32_t sign = static_cast<uint32_t>(h >> 63) << 31;
  return sign | (center + static_cast<uint32_t>((h >> 8) % 129) - 64);
}

SMSIM_PROBE_HD inline uint64_t probe_input(InputKind kind, uint32_t stream, uint32_t index,
                                           uint32_t operand) {
  switch (kind) {
    case InputKind::none:
      return 0;
    case InputKind::f32:
      return f32_input(stream, index, operand);
    case InputKind::f64:
      return f64_input(stream, index, operand);
    case InputKind::f16:
      return f16_input(stream, index, operand);
    case InputKind::f16x2:
      return f16_input(stream, index, 2 * operand) |
             (uint32_t{f16_input(stream, index, 2 * operand + 1)} << 16);
    case InputKind::bf16:
      return bf16_input(stream, index, operand);
    case InputKind::bf16x2:
      return bf16_input(stream, index, 2 * operand) |
             (uint32_t{bf16_input(stream, index, 2 * operand + 1)} << 16);
    case InputKind::u32:
      return u32_input(stream, index, operand);
    case InputKind::u64:
      return u64_input(stream, index, operand);
    case InputKind::shift:
      return shift_input(stream, index, operand);
    case InputKind::index16:
      return index & 0xffff;
    case InputKind::f32_near_one:
      return f32_near(0x3f800000u, stream, index, operand);
    case InputKind::f32_near_normal_min:
      return f32_near(0x00800000u, stream, index, operand);
  }
  return 0;
}

// bfi takes position and length as two registers; the probe derives both
// from one shift-kind operand.
SMSIM_PROBE_HD inline uint32_t bfi_position(uint64_t c) {
  return static_cast<uint32_t>(c % 40);
}
SMSIM_PROBE_HD inline uint32_t bfi_length(uint64_t c) {
  return static_cast<uint32_t>((c * 13 + 5) % 40);
}

// Name hash that seeds each operation's stream, so that every operation sees
// its own inputs and the host can rebuild them from the name alone.
SMSIM_PROBE_HD inline uint32_t stream_of(const char* name) {
  uint32_t h = 2166136261u;
  for (; *name != '\0'; ++name) h = (h ^ static_cast<unsigned char>(*name)) * 16777619u;
  return h;
}

// Order-independent digest of a sweep: the probe sums it with atomics, the
// host with a loop.
SMSIM_PROBE_HD inline uint64_t sweep_term(uint64_t input, uint64_t result) {
  return mix64((input << 20) ^ result ^ (result << 52));
}

}  // namespace smsim::probe
