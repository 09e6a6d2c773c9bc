#pragma once
// Inputs of the conformance programs: a fixed-seed generator (SplitMix64) and
// input sets that always begin with the edge cases. Plain C++ (no CUDA), so
// that host tools can regenerate exactly the inputs a program used.

#include <cmath>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <utility>
#include <vector>

namespace conf {

// Every input set is the edge cases followed by this many fixed-seed draws.
inline constexpr uint64_t kDefaultSeed = 0x5eed5eed12345678ull;
inline constexpr size_t kRandomCount = 4096;

// ---------------------------------------------------------------------------
// Deterministic pseudo-random numbers (SplitMix64): the same seed gives the
// same inputs on every machine and compiler.
// ---------------------------------------------------------------------------
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t next() {
    uint64_t z = (state_ += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
  uint32_t next32() { return static_cast<uint32_t>(next() >> 32); }
  // Uniform in [0, 1) with 53 random bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  double uniform(double lo, double hi) { return lo + (hi - lo) * unit(); }
  uint32_t below(uint32_t bound) { return static_cast<uint32_t>(next() % bound); }

 private:
  uint64_t state_;
};

inline float float_from_bits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof f);
  return f;
}
inline double double_from_bits(uint64_t bits) {
  double d;
  std::memcpy(&d, &bits, sizeof d);
  return d;
}

// ---------------------------------------------------------------------------
// Edge cases. Every generated input set starts with these, in this order.
// ---------------------------------------------------------------------------
inline const std::vector<uint32_t>& float_edge_bits() {
  static const std::vector<uint32_t> bits = {
      0x00000000, 0x80000000,  // +0, -0
      0x00000001, 0x80000001,  // smallest denormals
      0x007fffff, 0x807fffff,  // largest denormals
      0x00400000, 0x00000100,  // mid denormals
      0x00800000, 0x80800000,  // smallest normals
      0x3f800000, 0xbf800000,  // +-1
      0x3f000000, 0xbf000000,  // +-0.5 (rounding tie to even: 0)
      0x3fc00000, 0xbfc00000,  // +-1.5 (tie: 2)
      0x40200000, 0xc0200000,  // +-2.5 (tie: 2)
      0x3effffff, 0x3f7fffff,  // just below 0.5 and 1
      0x3f800001, 0x40000000,  // 1 + ulp, 2
      0x7f7fffff, 0xff7fffff,  // +-FLT_MAX
      0x7f800000, 0xff800000,  // +-infinity
      0x7fc00000, 0xffc00000,  // quiet NaNs
      0x7f800001, 0xff800001,  // signalling NaNs
      0x7fc12345, 0x7fbfffff,  // NaN payloads
      0x40490fdb, 0xc0490fdb,  // +-pi
      0x3fc90fdb, 0x402df854,  // pi/2, e
      0x3dcccccd, 0x42c80000,  // 0.1, 100
      0x477fe000, 0x477ff000,  // 65504 (half max), 65520 (half overflow tie)
      0x33800000, 0x33000000,  // 2^-24 (half min denormal), 2^-25 (its tie)
      0x38800000, 0x387fc000,  // 2^-14 (half min normal), just below
      0x4b800001, 0x4b7fffff,  // 2^24 + 2, 2^24 - 1
      0x4f000000, 0xcf000000,  // 2^31, -2^31
      0x4effffff, 0xcf000001,  // just inside int32, just outside
      0x4f800000, 0x5f000000,  // 2^32, 2^63
      0xdf000000, 0x5f800000,  // -2^63, 2^64
      0x42b17218, 0xc2cff1b5,  // ~ln(FLT_MAX), ~ln(FLT_TRUE_MIN)
      0x41200000, 0xc1200000,  // +-10
      0x4479ffff, 0x3a83126f,  // 999.99994, 0.001
      0x3f3504f3, 0x3fb504f3,  // sqrt(1/2), sqrt(2)
      0x7e800000, 0x01000000,  // 2^126 (reciprocal underflows), 2^-125
  };
  return bits;
}

inline const std::vector<uint64_t>& double_edge_bits() {
  static const std::vector<uint64_t> bits = {
      0x0000000000000000, 0x8000000000000000,  // +-0
      0x0000000000000001, 0x8000000000000001,  // smallest denormals
      0x000fffffffffffff, 0x800fffffffffffff,  // largest denormals
      0x0008000000000000, 0x0010000000000000,  // mid denormal, smallest normal
      0x3ff0000000000000, 0xbff0000000000000,  // +-1
      0x3fe0000000000000, 0xbfe0000000000000,  // +-0.5
      0x3ff8000000000000, 0x4004000000000000,  // 1.5, 2.5
      0x3fefffffffffffff, 0x3ff0000000000001,  // 1 - ulp/2, 1 + ulp
      0x7fefffffffffffff, 0xffefffffffffffff,  // +-DBL_MAX
      0x7ff0000000000000, 0xfff0000000000000,  // +-infinity
      0x7ff8000000000000, 0xfff8000000000000,  // quiet NaNs
      0x7ff0000000000001, 0x7ff4000000000000,  // signalling NaNs
      0x7ff8123456789abc, 0xfff0000000000001,  // NaN payloads
      0x400921fb54442d18, 0xc00921fb54442d18,  // +-pi
      0x3ff921fb54442d18, 0x4005bf0a8b145769,  // pi/2, e
      0x3fb999999999999a, 0x4059000000000000,  // 0.1, 100
      0x47efffffe0000000, 0x47efffff00000000,  // FLT_MAX, just below
      0x47effffff0000000, 0x36a0000000000000,  // FLT_MAX overflow tie, FLT_TRUE_MIN
      0x3690000000000000, 0x3810000000000000,  // half of FLT_TRUE_MIN, FLT_MIN
      0x41e0000000000000, 0xc1e0000000000000,  // 2^31, -2^31
      0x41dfffffffc00000, 0xc1e0000000200000,  // INT_MAX, INT_MIN - 1
      0x41f0000000000000, 0x43e0000000000000,  // 2^32, 2^63
      0xc3e0000000000000, 0x43f0000000000000,  // -2^63, 2^64
      0x4340000000000001, 0x433fffffffffffff,  // 2^53 + 2, 2^53 - 1
      0x40862e42fefa39ef, 0xc0874385446d71c3,  // ~ln(DBL_MAX), ~ln(DBL_TRUE_MIN)
      0x4024000000000000, 0xc024000000000000,  // +-10
      0x3fe6a09e667f3bcd, 0x3ff6a09e667f3bcd,  // sqrt(1/2), sqrt(2)
      0x7fd0000000000000, 0x0020000000000000,  // 2^1022, 2^-1021
  };
  return bits;
}

inline const std::vector<uint32_t>& int_edge_bits() {
  static const std::vector<uint32_t> bits = {
      0x00000000, 0x00000001, 0xffffffff, 0x7fffffff, 0x80000000, 0x80000001, 0x7ffffffe,
      0x00000002, 0xfffffffe, 0x000000ff, 0x00000080, 0x0000007f, 0x0000ffff, 0x00008000,
      0x00007fff, 0x00ffffff, 0x00800000, 0xff800000, 0x55555555, 0xaaaaaaaa, 0x01010101,
      0x80808080, 0x7f7f7f7f, 0xfefefefe, 0x00010001, 0x80008000, 0x7fff7fff, 0xffff0000,
      0x0000001f, 0x00000020, 0x00000021, 0x12345678, 0x87654321, 0xdeadbeef, 0x0000000a,
      0xfffffff6, 0x00000003, 0xfffffffd,
  };
  return bits;
}

inline const std::vector<uint64_t>& int64_edge_bits() {
  static const std::vector<uint64_t> bits = {
      0x0000000000000000, 0x0000000000000001, 0xffffffffffffffff, 0x7fffffffffffffff,
      0x8000000000000000, 0x8000000000000001, 0x7ffffffffffffffe, 0x00000000ffffffff,
      0x0000000100000000, 0xffffffff00000000, 0x000000007fffffff, 0xffffffff80000000,
      0x0000000080000000, 0x5555555555555555, 0xaaaaaaaaaaaaaaaa, 0x0123456789abcdef,
      0xfedcba9876543210, 0x000000000000003f, 0x0000000000000040, 0x0000000000000041,
      0x0000000000000002, 0xfffffffffffffffe, 0x000000000000000a, 0xfffffffffffffff6,
      0x0020000000000000, 0x001fffffffffffff, 0x0000000000000003, 0xfffffffffffffffd,
  };
  return bits;
}

// 16-bit floating-point formats, as raw bits.
inline const std::vector<uint16_t>& half_edge_bits() {
  static const std::vector<uint16_t> bits = {
      0x0000, 0x8000, 0x0001, 0x8001, 0x03ff, 0x83ff, 0x0200, 0x0400, 0x8400,  // zeros, denormals
      0x3c00, 0xbc00, 0x3800, 0x3e00, 0x4100, 0xc100, 0x3bff, 0x3c01,          // 1, 0.5, ties
      0x7bff, 0xfbff, 0x7c00, 0xfc00, 0x7e00, 0xfe00, 0x7c01, 0x7fff,          // max, inf, NaNs
      0x4248, 0x5640, 0x2e66, 0x4000, 0x5bd0, 0x1000, 0x6400, 0xe400,          // pi, 100, 0.1, ...
  };
  return bits;
}

inline const std::vector<uint16_t>& bf16_edge_bits() {
  static const std::vector<uint16_t> bits = {
      0x0000, 0x8000, 0x0001, 0x8001, 0x007f, 0x807f, 0x0040, 0x0080, 0x8080,  // zeros, denormals
      0x3f80, 0xbf80, 0x3f00, 0x3fc0, 0x4020, 0xc020, 0x3f7f, 0x3f81,          // 1, 0.5, ties
      0x7f7f, 0xff7f, 0x7f80, 0xff80, 0x7fc0, 0xffc0, 0x7f81, 0x7fff,          // max, inf, NaNs
      0x4049, 0x42c8, 0x3dcd, 0x4000, 0x4780, 0x0100, 0x5f00, 0xdf00,          // pi, 100, 0.1, ...
  };
  return bits;
}

// All 2^16 bit patterns, in order.
inline std::vector<uint16_t> all_u16() {
  std::vector<uint16_t> out(1u << 16);
  for (uint32_t i = 0; i < out.size(); ++i) out[i] = static_cast<uint16_t>(i);
  return out;
}

// ---------------------------------------------------------------------------
// Input sets: the edge cases first, then `random_count` values drawn from a
// mix of raw bit patterns and ranges where functions do interesting things.
// ---------------------------------------------------------------------------

enum class Draw { kRawBits, kSmall, kMedium, kLogUniform, kCount };

inline std::vector<float> float_inputs(size_t random_count = kRandomCount,
                                       uint64_t seed = kDefaultSeed) {
  std::vector<float> out;
  for (uint32_t b : float_edge_bits()) out.push_back(float_from_bits(b));
  Rng rng(seed);
  for (size_t i = 0; i < random_count; ++i) {
    switch (static_cast<Draw>(i % static_cast<size_t>(Draw::kCount))) {
      case Draw::kRawBits:
        out.push_back(float_from_bits(rng.next32()));
        break;
      case Draw::kSmall:
        out.push_back(static_cast<float>(rng.uniform(-4.0, 4.0)));
        break;
      case Draw::kMedium:
        out.push_back(static_cast<float>(rng.uniform(-200.0, 200.0)));
        break;
      default: {
        const double magnitude = std::ldexp(1.0 + rng.unit(), static_cast<int>(rng.below(80)) - 40);
        out.push_back(static_cast<float>(rng.below(2) ? magnitude : -magnitude));
        break;
      }
    }
  }
  return out;
}

inline std::vector<double> double_inputs(size_t random_count = kRandomCount,
                                         uint64_t seed = kDefaultSeed) {
  std::vector<double> out;
  for (uint64_t b : double_edge_bits()) out.push_back(double_from_bits(b));
  Rng rng(seed);
  for (size_t i = 0; i < random_count; ++i) {
    switch (static_cast<Draw>(i % static_cast<size_t>(Draw::kCount))) {
      case Draw::kRawBits:
        out.push_back(double_from_bits(rng.next()));
        break;
      case Draw::kSmall:
        out.push_back(rng.uniform(-4.0, 4.0));
        break;
      case Draw::kMedium:
        out.push_back(rng.uniform(-200.0, 200.0));
        break;
      default: {
        const double magnitude =
            std::ldexp(1.0 + rng.unit(), static_cast<int>(rng.below(200)) - 100);
        out.push_back(rng.below(2) ? magnitude : -magnitude);
        break;
      }
    }
  }
  return out;
}

// Pairs: every edge case against every edge case, then random pairs.
template <typename T>
std::pair<std::vector<T>, std::vector<T>> cross_pairs(const std::vector<T>& values,
                                                      size_t edge_count, size_t random_count,
                                                      uint64_t seed) {
  std::pair<std::vector<T>, std::vector<T>> out;
  for (size_t i = 0; i < edge_count; ++i) {
    for (size_t j = 0; j < edge_count; ++j) {
      out.first.push_back(values[i]);
      out.second.push_back(values[j]);
    }
  }
  Rng rng(seed);
  for (size_t i = 0; i < random_count; ++i) {
    out.first.push_back(values[rng.below(static_cast<uint32_t>(values.size()))]);
    out.second.push_back(values[rng.below(static_cast<uint32_t>(values.size()))]);
  }
  return out;
}

inline std::pair<std::vector<float>, std::vector<float>> float_pairs(
    size_t random_count = kRandomCount, uint64_t seed = kDefaultSeed) {
  return cross_pairs(float_inputs(kRandomCount, seed), float_edge_bits().size(), random_count,
                     seed ^ 0x1);
}

inline std::pair<std::vector<double>, std::vector<double>> double_pairs(
    size_t random_count = kRandomCount, uint64_t seed = kDefaultSeed) {
  return cross_pairs(double_inputs(kRandomCount, seed), double_edge_bits().size(), random_count,
                     seed ^ 0x1);
}

inline std::vector<uint32_t> uint_inputs(size_t random_count = kRandomCount,
                                         uint64_t seed = kDefaultSeed) {
  std::vector<uint32_t> out = int_edge_bits();
  Rng rng(seed);
  for (size_t i = 0; i < random_count; ++i) {
    const uint32_t raw = rng.next32();
    // Every other draw is small so that sums, products and shifts stay interesting.
    out.push_back(i % 2 ? raw : raw >> rng.below(32));
  }
  return out;
}

inline std::vector<uint64_t> uint64_inputs(size_t random_count = kRandomCount,
                                           uint64_t seed = kDefaultSeed) {
  std::vector<uint64_t> out = int64_edge_bits();
  Rng rng(seed);
  for (size_t i = 0; i < random_count; ++i) {
    const uint64_t raw = rng.next();
    out.push_back(i % 2 ? raw : raw >> rng.below(64));
  }
  return out;
}

inline std::pair<std::vector<uint32_t>, std::vector<uint32_t>> uint_pairs(
    size_t random_count = kRandomCount, uint64_t seed = kDefaultSeed) {
  return cross_pairs(uint_inputs(kRandomCount, seed), int_edge_bits().size(), random_count,
                     seed ^ 0x2);
}

inline std::pair<std::vector<uint64_t>, std::vector<uint64_t>> uint64_pairs(
    size_t random_count = kRandomCount, uint64_t seed = kDefaultSeed) {
  return cross_pairs(uint64_inputs(kRandomCount, seed), int64_edge_bits().size(), random_count,
                     seed ^ 0x3);
}

// Pairs of 16-bit patterns: edge x edge, then random patterns.
inline std::pair<std::vector<uint16_t>, std::vector<uint16_t>> u16_pairs(
    const std::vector<uint16_t>& edges, size_t random_count = kRandomCount,
    uint64_t seed = 0x16161616ull) {
  std::vector<uint16_t> values = edges;
  Rng rng(seed);
  for (size_t i = 0; i < random_count; ++i) values.push_back(static_cast<uint16_t>(rng.next32()));
  return cross_pairs(values, edges.size(), random_count, seed ^ 0x4);
}

// Reinterprets a vector of one 32/64-bit type as another of the same width.
template <typename To, typename From>
std::vector<To> bit_cast_all(const std::vector<From>& in) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast_all keeps the width");
  std::vector<To> out(in.size());
  std::memcpy(out.data(), in.data(), in.size() * sizeof(From));
  return out;
}

// Third operands for fused multiply-adds: a fixed-seed shuffle of the inputs.
template <typename T>
std::vector<T> shuffled(const std::vector<T>& values, size_t count, uint64_t seed) {
  std::vector<T> out;
  Rng rng(seed);
  for (size_t i = 0; i < count; ++i)
    out.push_back(values[rng.below(static_cast<uint32_t>(values.size()))]);
  return out;
}

}  // namespace conf
