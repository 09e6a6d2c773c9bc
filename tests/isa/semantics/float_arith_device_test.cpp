// f32/f64 add/sub/mul/fma against the H100's results for every modifier
// combination the probe ran.
#include <gtest/gtest.h>

#include <string>

#include "device_golden.h"
#include "isa/semantics/float_arith_f32.h"
#include "isa/semantics/float_arith_f64.h"

namespace smsim::isa::sem {
namespace {

using testing::count_device_mismatches;
using testing::find_device_record;

struct NamedRounding {
  const char* suffix;
  Rounding mode;
};
constexpr NamedRounding kModes[] = {{"rn", Rounding::nearest_even},
                                    {"rz", Rounding::toward_zero},
                                    {"rm", Rounding::toward_negative},
                                    {"rp", Rounding::toward_positive}};

uint32_t lo32(uint64_t x) {
  return static_cast<uint32_t>(x);
}

TEST(F32ArithmeticOnDevice, EveryRoundingFtzSatCombination) {
  for (const auto& m : kModes) {
    for (bool ftz : {false, true}) {
      for (bool sat : {false, true}) {
        const std::string mods =
            std::string(".") + m.suffix + (ftz ? ".ftz" : "") + (sat ? ".sat" : "");
        const Rounding r = m.mode;
        EXPECT_MATCHES_DEVICE("add" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
          return add_f32(lo32(a), lo32(b), r, ftz, sat);
        });
        EXPECT_MATCHES_DEVICE("sub" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
          return sub_f32(lo32(a), lo32(b), r, ftz, sat);
        });
        EXPECT_MATCHES_DEVICE("mul" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
          return mul_f32(lo32(a), lo32(b), r, ftz, sat);
        });
        EXPECT_MATCHES_DEVICE("fma" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t c) {
          return fma_f32(lo32(a), lo32(b), lo32(c), r, ftz, sat);
        });
      }
    }
  }
}

TEST(F32ArithmeticOnDevice, NoRoundingModifierMeansNearest) {
  for (bool ftz : {false, true}) {
    for (bool sat : {false, true}) {
      const std::string mods = std::string(ftz ? ".ftz" : "") + (sat ? ".sat" : "");
      EXPECT_MATCHES_DEVICE("add" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
        return add_f32(lo32(a), lo32(b), Rounding::nearest_even, ftz, sat);
      });
      EXPECT_MATCHES_DEVICE("mul" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
        return mul_f32(lo32(a), lo32(b), Rounding::nearest_even, ftz, sat);
      });
    }
  }
}

TEST(F64ArithmeticOnDevice, EveryRounding) {
  for (const auto& m : kModes) {
    const std::string mods = std::string(".") + m.suffix;
    const Rounding r = m.mode;
    EXPECT_MATCHES_DEVICE("add" + mods + ".f64",
                          [=](uint64_t a, uint64_t b, uint64_t) { return add_f64(a, b, r); });
    EXPECT_MATCHES_DEVICE("sub" + mods + ".f64",
                          [=](uint64_t a, uint64_t b, uint64_t) { return sub_f64(a, b, r); });
    EXPECT_MATCHES_DEVICE("mul" + mods + ".f64",
                          [=](uint64_t a, uint64_t b, uint64_t) { return mul_f64(a, b, r); });
    EXPECT_MATCHES_DEVICE("fma" + mods + ".f64",
                          [=](uint64_t a, uint64_t b, uint64_t c) { return fma_f64(a, b, c, r); });
  }
}

// Products within 64 ulps of 1 and of 2^-126: flush-to-zero decides on the
// rounded result.
TEST(F32ArithmeticOnDevice, FlushToZeroAtTheNormalEdge) {
  for (const auto& m : kModes) {
    const Rounding r = m.mode;
    EXPECT_MATCHES_DEVICE(std::string("edge:mul.") + m.suffix + ".ftz.f32",
                          [=](uint64_t a, uint64_t b, uint64_t) {
                            return mul_f32(lo32(a), lo32(b), r, true, false);
                          });
  }
  EXPECT_MATCHES_DEVICE("edge:fma.rn.ftz.f32", [](uint64_t a, uint64_t b, uint64_t c) {
    return fma_f32(lo32(a), lo32(b), lo32(c), Rounding::nearest_even, true, false);
  });
  EXPECT_MATCHES_DEVICE("edge:fma.rp.ftz.f32", [](uint64_t a, uint64_t b, uint64_t c) {
    return fma_f32(lo32(a), lo32(b), lo32(c), Rounding::toward_positive, true, false);
  });
  EXPECT_MATCHES_DEVICE("edge:mul.rn.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return mul_f32(lo32(a), lo32(b), Rounding::nearest_even, false, false);
  });
  EXPECT_MATCHES_DEVICE("edge:fma.rn.f32", [](uint64_t a, uint64_t b, uint64_t c) {
    return fma_f32(lo32(a), lo32(b), lo32(c), Rounding::nearest_even, false, false);
  });
}

}  // namespace
}  // namespace smsim::isa::sem
