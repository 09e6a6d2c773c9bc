// Checks the recorded float->half golden against an independent model: IEEE
// binary32->binary16 conversion, round to nearest even, every NaN becoming the
// canonical 0x7fff. The H100 golden matches it for all 2^32 inputs; a golden
// that stops matching was recorded wrongly or on hardware that converts
// differently. Same checksum as the GPU program: per 2^24-input block, the sum
// of a mix of (input bits << 16 | result bits), plus class counts.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace {

constexpr int kBlockBits = 24;
constexpr uint32_t kBlocks = 1u << (32 - kBlockBits);
constexpr uint16_t kCanonicalNan = 0x7fff;
constexpr uint16_t kInfinity = 0x7c00;
constexpr int kFloatBias = 127;
constexpr int kHalfBias = 15;
constexpr int kHalfMaxExponent = 31;
constexpr int kMantissaDrop = 13;  // 23 - 10 fraction bits

uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

uint16_t float_bits_to_half_rn(uint32_t f) {
  const auto sign = static_cast<uint16_t>((f >> 16) & 0x8000u);
  const uint32_t exponent = (f >> 23) & 0xffu;
  const uint32_t fraction = f & 0x7fffffu;
  if (exponent == 0xffu) return fraction ? kCanonicalNan : static_cast<uint16_t>(sign | kInfinity);
  // Float denormals are far below half's smallest denormal: they round to zero.
  if (exponent == 0) return sign;
  int half_exponent = static_cast<int>(exponent) - kFloatBias + kHalfBias;
  if (half_exponent >= kHalfMaxExponent) return static_cast<uint16_t>(sign | kInfinity);
  const uint32_t significand = fraction | 0x800000u;
  int shift = kMantissaDrop;
  if (half_exponent <= 0) {  // a half denormal: shift out the exponent deficit too
    shift = kMantissaDrop + 1 - half_exponent;
    half_exponent = 0;
  }
  if (shift > 24) return sign;
  uint32_t kept = significand >> shift;
  const uint32_t rest = significand & ((1u << shift) - 1u);
  const uint32_t tie = 1u << (shift - 1);
  if (rest > tie || (rest == tie && (kept & 1u))) ++kept;
  // A carry out of the significand moves into the exponent field by itself.
  const uint32_t bits = half_exponent == 0 ? kept : (static_cast<uint32_t>(half_exponent) << 10) + (kept - 0x400u);
  return static_cast<uint16_t>(sign | bits);
}

// The golden's line for one 2^24-input block, computed with the model.
std::string block_line(uint32_t block) {
  uint64_t checksum = 0;
  uint32_t nans = 0, infs = 0, denormals = 0, zeros = 0;
  for (uint32_t k = 0; k < (1u << kBlockBits); ++k) {
    const uint32_t input = block << kBlockBits | k;
    const uint16_t h = float_bits_to_half_rn(input);
    checksum += mix(static_cast<uint64_t>(input) << 16 | h);
    const uint32_t exponent = (h >> 10) & 0x1fu, fraction = h & 0x3ffu;
    nans += exponent == 0x1fu && fraction != 0;
    infs += exponent == 0x1fu && fraction == 0;
    denormals += exponent == 0 && fraction != 0;
    zeros += exponent == 0 && fraction == 0;
  }
  char line[128];
  std::snprintf(line, sizeof(line), "CASE float2half_rn@%08x %016llx %u %u %u %u", block << kBlockBits,
                static_cast<unsigned long long>(checksum), nans, infs, denormals, zeros);
  return line;
}

TEST(FloatToHalfGolden, MatchesRoundToNearestEvenWithCanonicalNan) {
  const std::string path = std::string(SMSIM_SOURCE_DIR) + "/tests/conformance/golden/h100/float_to_half_exhaustive.out";
  std::ifstream file(path);
  ASSERT_TRUE(file) << "cannot read " << path;
  std::vector<std::string> golden;
  for (std::string line; std::getline(file, line);) {
    if (line.rfind("CASE ", 0) == 0) golden.push_back(line);
  }
  ASSERT_EQ(golden.size(), kBlocks);
  // 2^32 conversions are minutes of CPU: the blocks are spread over every core.
  std::vector<std::string> expected(kBlocks);
  std::atomic<uint32_t> next{0};
  {
    std::vector<std::jthread> workers(std::max(1u, std::thread::hardware_concurrency()));
    for (auto& worker : workers) {
      worker = std::jthread([&] {
        for (uint32_t block = next++; block < kBlocks; block = next++) expected[block] = block_line(block);
      });
    }
  }
  for (uint32_t block = 0; block < kBlocks; ++block) EXPECT_EQ(golden[block], expected[block]) << "block " << block;
}

TEST(FloatToHalfModel, EdgeCases) {
  EXPECT_EQ(float_bits_to_half_rn(0x3f800000u), 0x3c00);  // 1
  EXPECT_EQ(float_bits_to_half_rn(0x477fe000u), 0x7bff);  // 65504, half max
  EXPECT_EQ(float_bits_to_half_rn(0x477ff000u), 0x7c00);  // 65520 ties up to infinity
  EXPECT_EQ(float_bits_to_half_rn(0x33000000u), 0x0000);  // 2^-25 ties down to zero
  EXPECT_EQ(float_bits_to_half_rn(0x33000001u), 0x0001);  // just above the tie
  EXPECT_EQ(float_bits_to_half_rn(0x387fc000u), 0x03ff);  // largest half denormal
  EXPECT_EQ(float_bits_to_half_rn(0xff800000u), 0xfc00);  // -infinity
  EXPECT_EQ(float_bits_to_half_rn(0xffc00001u), kCanonicalNan);
}

}  // namespace
