// Every cvt form the probe ran, against the H100's results.
#include <gtest/gtest.h>

#include <string>

#include "device_golden.h"
#include "isa/semantics/convert_float.h"
#include "isa/semantics/convert_int.h"

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

struct NamedInt {
  const char* name;
  IntType type;
};
constexpr NamedInt kInts[] = {{"s8", IntType::s8},   {"u8", IntType::u8},   {"s16", IntType::s16},
                              {"u16", IntType::u16}, {"s32", IntType::s32}, {"u32", IntType::u32},
                              {"s64", IntType::s64}, {"u64", IntType::u64}};

uint32_t lo32(uint64_t x) {
  return static_cast<uint32_t>(x);
}
uint16_t lo16(uint64_t x) {
  return static_cast<uint16_t>(x);
}

TEST(ConvertOnDevice, FloatToInteger) {
  for (const auto& m : kModes) {
    for (const auto& t : kInts) {
      if (width_of(t.type) < 16) continue;
      const std::string base = std::string("cvt.") + m.suffix + "i." + t.name;
      const IntType to = t.type;
      const Rounding r = m.mode;
      EXPECT_MATCHES_DEVICE(base + ".f32", [=](uint64_t a, uint64_t, uint64_t) {
        return cvt_int_from_float(to, kF32, a, r, false);
      });
      EXPECT_MATCHES_DEVICE(base + ".f64", [=](uint64_t a, uint64_t, uint64_t) {
        return cvt_int_from_float(to, kF64, a, r, false);
      });
      EXPECT_MATCHES_DEVICE(base + ".f16", [=](uint64_t a, uint64_t, uint64_t) {
        return cvt_int_from_float(to, kF16, a, r, false);
      });
    }
  }
  for (const auto& t : kInts) {
    if (width_of(t.type) < 16) continue;
    const IntType to = t.type;
    EXPECT_MATCHES_DEVICE(std::string("cvt.rzi.ftz.") + t.name + ".f32",
                          [=](uint64_t a, uint64_t, uint64_t) {
                            return cvt_int_from_float(to, kF32, a, Rounding::toward_zero, true);
                          });
  }
}

TEST(ConvertOnDevice, IntegerToFloat) {
  for (const auto& m : kModes) {
    for (const auto& t : kInts) {
      if (width_of(t.type) < 32) continue;
      const std::string base = std::string("cvt.") + m.suffix;
      const IntType from = t.type;
      const Rounding r = m.mode;
      EXPECT_MATCHES_DEVICE(base + ".f32." + t.name, [=](uint64_t a, uint64_t, uint64_t) {
        return cvt_float_from_int(kF32, from, a, r);
      });
      EXPECT_MATCHES_DEVICE(base + ".f64." + t.name, [=](uint64_t a, uint64_t, uint64_t) {
        return cvt_float_from_int(kF64, from, a, r);
      });
      EXPECT_MATCHES_DEVICE(base + ".f16." + t.name, [=](uint64_t a, uint64_t, uint64_t) {
        return cvt_float_from_int(kF16, from, a, r);
      });
    }
  }
}

TEST(ConvertOnDevice, IntegerToInteger) {
  for (const auto& from : kInts) {
    if (width_of(from.type) < 32) continue;
    for (const auto& to : kInts) {
      if (to.type == from.type) continue;
      const int reg = width_of(to.type) == 64 ? 64 : 32;
      const IntType f = from.type, t = to.type;
      const std::string suffix = std::string(".") + to.name + "." + from.name;
      EXPECT_MATCHES_DEVICE("cvt" + suffix, [=](uint64_t a, uint64_t, uint64_t) {
        return cvt_int_from_int(t, f, a, false, reg);
      });
      if (testing::find_device_record("cvt.sat" + suffix) != nullptr) {
        EXPECT_MATCHES_DEVICE("cvt.sat" + suffix, [=](uint64_t a, uint64_t, uint64_t) {
          return cvt_int_from_int(t, f, a, true, reg);
        });
      }
    }
  }
  EXPECT_MATCHES_DEVICE("cvt.pack.sat.s16.s32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_pack_sat_16(IntType::s16, lo32(a), lo32(b));
  });
  EXPECT_MATCHES_DEVICE("cvt.pack.sat.u16.s32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_pack_sat_16(IntType::u16, lo32(a), lo32(b));
  });
  EXPECT_MATCHES_DEVICE("cvt.pack.sat.s8.s32.b32", [](uint64_t a, uint64_t b, uint64_t c) {
    return cvt_pack_sat_8(IntType::s8, lo32(a), lo32(b), lo32(c));
  });
  EXPECT_MATCHES_DEVICE("cvt.pack.sat.u8.s32.b32", [](uint64_t a, uint64_t b, uint64_t c) {
    return cvt_pack_sat_8(IntType::u8, lo32(a), lo32(b), lo32(c));
  });
}

TEST(ConvertOnDevice, FloatToFloatEveryRounding) {
  for (const auto& m : kModes) {
    const Rounding r = m.mode;
    const std::string rs = m.suffix;
    EXPECT_MATCHES_DEVICE("cvt." + rs + ".f32.f64", [=](uint64_t a, uint64_t, uint64_t) {
      return cvt_f32_from_f64(a, {.rounding = r});
    });
    EXPECT_MATCHES_DEVICE("cvt." + rs + ".ftz.f32.f64", [=](uint64_t a, uint64_t, uint64_t) {
      return cvt_f32_from_f64(a, {.rounding = r, .ftz = true});
    });
    EXPECT_MATCHES_DEVICE("cvt." + rs + ".f16.f32", [=](uint64_t a, uint64_t, uint64_t) {
      return cvt_f16_from_f32(lo32(a), {.rounding = r});
    });
    EXPECT_MATCHES_DEVICE("cvt." + rs + ".f16.f64", [=](uint64_t a, uint64_t, uint64_t) {
      return cvt_f16_from_f64(a, {.rounding = r});
    });
    EXPECT_MATCHES_DEVICE("cvt." + rs + ".bf16.f32", [=](uint64_t a, uint64_t, uint64_t) {
      return cvt_bf16_from_f32(lo32(a), {.rounding = r});
    });
    EXPECT_MATCHES_DEVICE("cvt." + rs + "i.f32.f32", [=](uint64_t a, uint64_t, uint64_t) {
      return round_to_integral(kF32, a, r, false);
    });
    EXPECT_MATCHES_DEVICE("cvt." + rs + "i.ftz.f32.f32", [=](uint64_t a, uint64_t, uint64_t) {
      return round_to_integral(kF32, a, r, true);
    });
    EXPECT_MATCHES_DEVICE("cvt." + rs + "i.f64.f64", [=](uint64_t a, uint64_t, uint64_t) {
      return round_to_integral(kF64, a, r, false);
    });
  }
}

TEST(ConvertOnDevice, FloatToFloatModifiers) {
  EXPECT_MATCHES_DEVICE("cvt.sat.f32.f32", [](uint64_t a, uint64_t, uint64_t) {
    return convert_float(kF32, kF32, a, {.saturate = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.ftz.sat.f32.f32", [](uint64_t a, uint64_t, uint64_t) {
    return convert_float(kF32, kF32, a, {.ftz = true, .saturate = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.sat.f64.f64", [](uint64_t a, uint64_t, uint64_t) {
    return convert_float(kF64, kF64, a, {.saturate = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.sat.f16.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f16_from_f32(lo32(a), {.saturate = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.relu.f16.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f16_from_f32(lo32(a), {.relu = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.relu.bf16.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_bf16_from_f32(lo32(a), {.relu = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.satfinite.f16.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f16_from_f32(lo32(a), {.satfinite = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.satfinite.bf16.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_bf16_from_f32(lo32(a), {.satfinite = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.relu.satfinite.f16.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f16_from_f32(lo32(a), {.relu = true, .satfinite = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.f32.f16", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f32_from_f16(lo16(a), false);
  });
  EXPECT_MATCHES_DEVICE("cvt.ftz.f32.f16", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f32_from_f16(lo16(a), true);
  });
  EXPECT_MATCHES_DEVICE("cvt.f64.f16",
                        [](uint64_t a, uint64_t, uint64_t) { return cvt_f64_from_f16(lo16(a)); });
  EXPECT_MATCHES_DEVICE("cvt.f32.bf16",
                        [](uint64_t a, uint64_t, uint64_t) { return cvt_f32_from_bf16(lo16(a)); });
  EXPECT_MATCHES_DEVICE("cvt.f64.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f64_from_f32(lo32(a), false);
  });
  EXPECT_MATCHES_DEVICE("cvt.ftz.f64.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_f64_from_f32(lo32(a), true);
  });
}

TEST(ConvertOnDevice, Tf32) {
  EXPECT_MATCHES_DEVICE("cvt.rna.tf32.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_tf32_from_f32(lo32(a), {.rounding = Rounding::nearest_away});
  });
  EXPECT_MATCHES_DEVICE("cvt.rna.satfinite.tf32.f32", [](uint64_t a, uint64_t, uint64_t) {
    return cvt_tf32_from_f32(lo32(a), {.rounding = Rounding::nearest_away, .satfinite = true});
  });
}

TEST(ConvertOnDevice, PairsAndFp8) {
  EXPECT_MATCHES_DEVICE("cvt.rn.f16x2.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_f16x2_from_f32(lo32(a), lo32(b), {});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.relu.f16x2.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_f16x2_from_f32(lo32(a), lo32(b), {.relu = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rz.f16x2.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_f16x2_from_f32(lo32(a), lo32(b), {.rounding = Rounding::toward_zero});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.satfinite.f16x2.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_f16x2_from_f32(lo32(a), lo32(b), {.satfinite = true});
  });
  EXPECT_MATCHES_DEVICE("cvt.rn.bf16x2.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_bf16x2_from_f32(lo32(a), lo32(b), {});
  });
  EXPECT_MATCHES_DEVICE("cvt.rz.bf16x2.f32", [](uint64_t a, uint64_t b, uint64_t) {
    return cvt_bf16x2_from_f32(lo32(a), lo32(b), {.rounding = Rounding::toward_zero});
  });
  for (const auto& [name, format] :
       {std::pair{"e4m3x2", Fp8Format::e4m3}, std::pair{"e5m2x2", Fp8Format::e5m2}}) {
    const Fp8Format f = format;
    for (bool relu : {false, true}) {
      const std::string mods = relu ? ".relu" : "";
      EXPECT_MATCHES_DEVICE("cvt.rn.satfinite" + mods + "." + name + ".f32",
                            [=](uint64_t a, uint64_t b, uint64_t) {
                              return cvt_fp8x2_from_f32(f, lo32(a), lo32(b), relu);
                            });
      EXPECT_MATCHES_DEVICE(
          "cvt.rn.satfinite" + mods + "." + name + ".f16x2",
          [=](uint64_t a, uint64_t, uint64_t) { return cvt_fp8x2_from_f16x2(f, lo32(a), relu); });
      EXPECT_MATCHES_DEVICE(
          "cvt.rn" + mods + ".f16x2." + name,
          [=](uint64_t a, uint64_t, uint64_t) { return cvt_f16x2_from_fp8x2(f, lo16(a), relu); });
    }
  }
}

}  // namespace
}  // namespace smsim::isa::sem
