// f16/f16x2/bf16/bf16x2 arithmetic against the H100's results.
#include <gtest/gtest.h>

#include <string>

#include "device_golden.h"
#include "isa/semantics/half_arith.h"

namespace smsim::isa::sem {
namespace {

uint16_t h(uint64_t x) {
  return static_cast<uint16_t>(x);
}
uint32_t w(uint64_t x) {
  return static_cast<uint32_t>(x);
}

// Checks the scalar form `name.<t>` and the packed form `name.<t>x2`.
template <class Scalar>
void expect_both_widths(const std::string& name, const char* type, Scalar scalar) {
  EXPECT_MATCHES_DEVICE(name + "." + type, [=](uint64_t a, uint64_t b, uint64_t c) -> uint64_t {
    return scalar(h(a), h(b), h(c));
  });
  EXPECT_MATCHES_DEVICE(name + "." + type + "x2",
                        [=](uint64_t a, uint64_t b, uint64_t c) -> uint64_t {
                          return on_halves(w(a), w(b), w(c), scalar);
                        });
}

TEST(HalfArithmeticOnDevice, F16AddSubMulFma) {
  const HalfType t = HalfType::f16;
  for (bool ftz : {false, true}) {
    for (bool sat : {false, true}) {
      const std::string mods = std::string(ftz ? ".ftz" : "") + (sat ? ".sat" : "");
      const HalfOptions o{.ftz = ftz, .sat = sat};
      expect_both_widths("add" + mods, "f16",
                         [=](uint16_t a, uint16_t b, uint16_t) { return add_half(t, a, b, o); });
      expect_both_widths("sub" + mods, "f16",
                         [=](uint16_t a, uint16_t b, uint16_t) { return sub_half(t, a, b, o); });
      expect_both_widths("mul" + mods, "f16",
                         [=](uint16_t a, uint16_t b, uint16_t) { return mul_half(t, a, b, o); });
      expect_both_widths("fma.rn" + mods, "f16", [=](uint16_t a, uint16_t b, uint16_t c) {
        return fma_half(t, a, b, c, o);
      });
    }
  }
  expect_both_widths("fma.rn.relu", "f16", [=](uint16_t a, uint16_t b, uint16_t c) {
    return fma_half(t, a, b, c, {.relu = true});
  });
  expect_both_widths("fma.rn.ftz.relu", "f16", [=](uint16_t a, uint16_t b, uint16_t c) {
    return fma_half(t, a, b, c, {.ftz = true, .relu = true});
  });
  expect_both_widths("fma.rn.oob", "f16", [=](uint16_t a, uint16_t b, uint16_t c) {
    return fma_half(t, a, b, c, {.oob = true});
  });
  expect_both_widths("fma.rn.oob.relu", "f16", [=](uint16_t a, uint16_t b, uint16_t c) {
    return fma_half(t, a, b, c, {.relu = true, .oob = true});
  });
}

TEST(HalfArithmeticOnDevice, Bf16AddSubMulFma) {
  const HalfType t = HalfType::bf16;
  expect_both_widths("add.rn", "bf16",
                     [=](uint16_t a, uint16_t b, uint16_t) { return add_half(t, a, b, {}); });
  expect_both_widths("sub.rn", "bf16",
                     [=](uint16_t a, uint16_t b, uint16_t) { return sub_half(t, a, b, {}); });
  expect_both_widths("mul.rn", "bf16",
                     [=](uint16_t a, uint16_t b, uint16_t) { return mul_half(t, a, b, {}); });
  expect_both_widths("fma.rn", "bf16",
                     [=](uint16_t a, uint16_t b, uint16_t c) { return fma_half(t, a, b, c, {}); });
  expect_both_widths("fma.rn.relu", "bf16", [=](uint16_t a, uint16_t b, uint16_t c) {
    return fma_half(t, a, b, c, {.relu = true});
  });
  expect_both_widths("fma.rn.oob", "bf16", [=](uint16_t a, uint16_t b, uint16_t c) {
    return fma_half(t, a, b, c, {.oob = true});
  });
}

TEST(HalfArithmeticOnDevice, MinMaxNegAbs) {
  for (HalfType t : {HalfType::f16, HalfType::bf16}) {
    const char* type = t == HalfType::f16 ? "f16" : "bf16";
    for (bool ftz : {false, true}) {
      if (ftz && t == HalfType::bf16) continue;
      for (bool nan : {false, true}) {
        for (bool xorsign : {false, true}) {
          const std::string mods = std::string(ftz ? ".ftz" : "") + (nan ? ".NaN" : "") +
                                   (xorsign ? ".xorsign.abs" : "");
          const MinMaxOptions o{.ftz = ftz, .propagate_nan = nan, .xorsign_abs = xorsign};
          expect_both_widths("min" + mods, type, [=](uint16_t a, uint16_t b, uint16_t) {
            return min_max_half(t, a, b, false, o);
          });
          expect_both_widths("max" + mods, type, [=](uint16_t a, uint16_t b, uint16_t) {
            return min_max_half(t, a, b, true, o);
          });
        }
      }
      const std::string f = ftz ? ".ftz" : "";
      expect_both_widths("neg" + f, type,
                         [=](uint16_t a, uint16_t, uint16_t) { return neg_half(t, a, ftz); });
      expect_both_widths("abs" + f, type,
                         [=](uint16_t a, uint16_t, uint16_t) { return abs_half(t, a, ftz); });
    }
  }
}

}  // namespace
}  // namespace smsim::isa::sem
