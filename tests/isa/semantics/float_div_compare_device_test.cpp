// div/rcp/sqrt, min/max, abs/neg/copysign, setp and testp against the H100.
#include <gtest/gtest.h>

#include <string>

#include "device_golden.h"
#include "isa/semantics/float_compare.h"
#include "isa/semantics/float_div_sqrt.h"
#include "isa/semantics/float_minmax.h"

namespace smsim::isa::sem {
namespace {

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

TEST(FloatDivSqrtOnDevice, F32EveryRoundingAndFtz) {
  for (const auto& m : kModes) {
    for (bool ftz : {false, true}) {
      const std::string mods = std::string(".") + m.suffix + (ftz ? ".ftz" : "");
      const Rounding r = m.mode;
      EXPECT_MATCHES_DEVICE("div" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
        return div_f32(lo32(a), lo32(b), r, ftz);
      });
      EXPECT_MATCHES_DEVICE("rcp" + mods + ".f32", [=](uint64_t a, uint64_t, uint64_t) {
        return rcp_f32(lo32(a), r, ftz);
      });
      EXPECT_MATCHES_DEVICE("sqrt" + mods + ".f32", [=](uint64_t a, uint64_t, uint64_t) {
        return sqrt_f32(lo32(a), r, ftz);
      });
    }
  }
}

TEST(FloatDivSqrtOnDevice, F64EveryRounding) {
  for (const auto& m : kModes) {
    const std::string mods = std::string(".") + m.suffix;
    const Rounding r = m.mode;
    EXPECT_MATCHES_DEVICE("div" + mods + ".f64",
                          [=](uint64_t a, uint64_t b, uint64_t) { return div_f64(a, b, r); });
    EXPECT_MATCHES_DEVICE("rcp" + mods + ".f64",
                          [=](uint64_t a, uint64_t, uint64_t) { return rcp_f64(a, r); });
    EXPECT_MATCHES_DEVICE("sqrt" + mods + ".f64",
                          [=](uint64_t a, uint64_t, uint64_t) { return sqrt_f64(a, r); });
  }
}

TEST(FloatMinMaxOnDevice, F32AllModifiers) {
  for (bool ftz : {false, true}) {
    for (bool nan : {false, true}) {
      for (bool xorsign : {false, true}) {
        const std::string mods =
            std::string(ftz ? ".ftz" : "") + (nan ? ".NaN" : "") + (xorsign ? ".xorsign.abs" : "");
        const MinMaxOptions o{.ftz = ftz, .propagate_nan = nan, .xorsign_abs = xorsign};
        EXPECT_MATCHES_DEVICE("min" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
          return min_f32(lo32(a), lo32(b), o);
        });
        EXPECT_MATCHES_DEVICE("max" + mods + ".f32", [=](uint64_t a, uint64_t b, uint64_t) {
          return max_f32(lo32(a), lo32(b), o);
        });
      }
    }
  }
}

TEST(FloatMinMaxOnDevice, F64) {
  EXPECT_MATCHES_DEVICE("min.f64", [](uint64_t a, uint64_t b, uint64_t) { return min_f64(a, b); });
  EXPECT_MATCHES_DEVICE("max.f64", [](uint64_t a, uint64_t b, uint64_t) { return max_f64(a, b); });
}

TEST(FloatSignOpsOnDevice, AbsNegCopysign) {
  for (bool ftz : {false, true}) {
    const std::string mods = ftz ? ".ftz" : "";
    EXPECT_MATCHES_DEVICE("abs" + mods + ".f32",
                          [=](uint64_t a, uint64_t, uint64_t) { return abs_f32(lo32(a), ftz); });
    EXPECT_MATCHES_DEVICE("neg" + mods + ".f32",
                          [=](uint64_t a, uint64_t, uint64_t) { return neg_f32(lo32(a), ftz); });
  }
  EXPECT_MATCHES_DEVICE("abs.f64", [](uint64_t a, uint64_t, uint64_t) { return abs_f64(a); });
  EXPECT_MATCHES_DEVICE("neg.f64", [](uint64_t a, uint64_t, uint64_t) { return neg_f64(a); });
  EXPECT_MATCHES_DEVICE("copysign.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return copysign_f32(lo32(a), lo32(b));
  });
  EXPECT_MATCHES_DEVICE("copysign.f64",
                        [](uint64_t a, uint64_t b, uint64_t) { return copysign_f64(a, b); });
}

TEST(FloatCompareOnDevice, EveryComparison) {
  struct Named {
    const char* name;
    FloatCompare op;
  };
  const Named ops[] = {
      {"eq", FloatCompare::eq},   {"ne", FloatCompare::ne},   {"lt", FloatCompare::lt},
      {"le", FloatCompare::le},   {"gt", FloatCompare::gt},   {"ge", FloatCompare::ge},
      {"equ", FloatCompare::equ}, {"neu", FloatCompare::neu}, {"ltu", FloatCompare::ltu},
      {"leu", FloatCompare::leu}, {"gtu", FloatCompare::gtu}, {"geu", FloatCompare::geu},
      {"num", FloatCompare::num}, {"nan", FloatCompare::nan}};
  for (const auto& c : ops) {
    const FloatCompare op = c.op;
    const std::string base = std::string("setp.") + c.name;
    EXPECT_MATCHES_DEVICE(base + ".f32", [=](uint64_t a, uint64_t b, uint64_t) -> uint64_t {
      return compare_f32(op, lo32(a), lo32(b), false);
    });
    EXPECT_MATCHES_DEVICE(base + ".ftz.f32", [=](uint64_t a, uint64_t b, uint64_t) -> uint64_t {
      return compare_f32(op, lo32(a), lo32(b), true);
    });
    EXPECT_MATCHES_DEVICE(base + ".f64", [=](uint64_t a, uint64_t b, uint64_t) -> uint64_t {
      return compare_f64(op, a, b);
    });
  }
}

TEST(FloatTestpOnDevice, EveryClass) {
  struct Named {
    const char* name;
    FloatTest test;
  };
  const Named tests[] = {{"finite", FloatTest::finite}, {"infinite", FloatTest::infinite},
                         {"number", FloatTest::number}, {"notanumber", FloatTest::notanumber},
                         {"normal", FloatTest::normal}, {"subnormal", FloatTest::subnormal}};
  for (const auto& t : tests) {
    const FloatTest test = t.test;
    EXPECT_MATCHES_DEVICE(
        std::string("testp.") + t.name + ".f32",
        [=](uint64_t a, uint64_t, uint64_t) -> uint64_t { return test_float(kF32, test, a); });
    EXPECT_MATCHES_DEVICE(
        std::string("testp.") + t.name + ".f64",
        [=](uint64_t a, uint64_t, uint64_t) -> uint64_t { return test_float(kF64, test, a); });
  }
}

}  // namespace
}  // namespace smsim::isa::sem
