// fns, bf16 fma with every rounding, .relu and .oob, and global f32/f64
// atomic adds against the H100's results of tools/probes/fp_rules_probe.cu.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include "device_golden.h"
#include "isa/semantics/atomic_update.h"
#include "isa/semantics/fma_bf16_directed.h"
#include "isa/semantics/half_arith.h"
#include "isa/semantics/integer_bits.h"

namespace smsim::isa::sem {
namespace {

std::vector<std::string> probe_lines(const std::string& tag) {
  const std::vector<uint8_t> text =
      testing::read_zstd_file(testing::device_results_dir() + "/fp_rules.txt.zst");
  std::istringstream in(std::string(text.begin(), text.end()));
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(tag + " ", 0) == 0) lines.push_back(line);
  }
  return lines;
}

uint64_t hex(const std::string& s) {
  return std::stoull(s, nullptr, 16);
}

TEST(FpRulesOnDevice, FnsWithEveryOffsetIncludingMinusTwoToThe31) {
  const auto lines = probe_lines("FNS");
  ASSERT_EQ(lines.size(), 1600u);
  for (const std::string& line : lines) {
    std::istringstream f(line);
    std::string tag, mask, base, offset, arrow, result;
    f >> tag >> mask >> base >> offset >> arrow >> result;
    EXPECT_EQ(fns(static_cast<uint32_t>(hex(mask)), static_cast<uint32_t>(hex(base)),
                  static_cast<int32_t>(static_cast<uint32_t>(hex(offset)))),
              hex(result))
        << line;
  }
}

Rounding rounding_of(const std::string& form) {
  if (form.rfind("rm.", 0) == 0) return Rounding::toward_negative;
  if (form.rfind("rp.", 0) == 0) return Rounding::toward_positive;
  if (form.rfind("rz.", 0) == 0) return Rounding::toward_zero;
  return Rounding::nearest_even;
}

// What each probed fma form computes: the directed scalar bf16 forms run
// fma_bf16_directed, everything else fma_half (.bf16x2 whatever its
// rounding; .oob has no effect on bf16).
uint32_t expected_fma(const std::string& form, uint32_t a, uint32_t b, uint32_t c) {
  const bool packed = form.ends_with("x2");
  const HalfOptions o{.relu = form.find(".relu") != std::string::npos,
                      .oob = form.find(".oob") != std::string::npos};
  if (form == "rn.f16") {
    return fma_half(HalfType::f16, static_cast<uint16_t>(a), static_cast<uint16_t>(b),
                    static_cast<uint16_t>(c), {});
  }
  if (packed) {
    return on_halves(a, b, c, [&](uint16_t x, uint16_t y, uint16_t z) {
      return fma_half(HalfType::bf16, x, y, z, o);
    });
  }
  const auto x = static_cast<uint16_t>(a), y = static_cast<uint16_t>(b),
             z = static_cast<uint16_t>(c);
  const Rounding r = rounding_of(form);
  if (r != Rounding::nearest_even) return fma_bf16_directed(x, y, z, r);
  return fma_half(HalfType::bf16, x, y, z, o);
}

TEST(FpRulesOnDevice, Bf16FmaWithEveryRoundingReluAndOob) {
  const auto lines = probe_lines("FMA");
  ASSERT_EQ(lines.size(), 16u * 1728u);
  unsigned mismatches = 0;
  for (const std::string& line : lines) {
    std::istringstream f(line);
    std::string tag, form, a, b, c, arrow, result;
    f >> tag >> form >> a >> b >> c >> arrow >> result;
    const uint32_t want = static_cast<uint32_t>(hex(result));
    const uint32_t got = expected_fma(form, static_cast<uint32_t>(hex(a)),
                                      static_cast<uint32_t>(hex(b)), static_cast<uint32_t>(hex(c)));
    if (got != want && ++mismatches <= 10)
      ADD_FAILURE() << line << " (model " << std::hex << got << ")";
  }
  EXPECT_EQ(mismatches, 0u);
}

TEST(FpRulesOnDevice, GlobalF32AtomicAddFlushesOperandsAndResults) {
  const auto lines = probe_lines("ATOM32");
  ASSERT_EQ(lines.size(), 16u);
  for (const std::string& line : lines) {
    std::istringstream f(line);
    std::string tag, old, b, arrow, atom_tag, atom, old_tag, returned, red_tag, red;
    f >> tag >> old >> b >> arrow >> atom_tag >> atom >> old_tag >> returned >> red_tag >> red;
    const auto x = static_cast<uint32_t>(hex(old)), y = static_cast<uint32_t>(hex(b));
    const uint32_t updated =
        atomic_update<uint32_t>(AtomicOp::add, AtomicValue::f32, x, y, 0, AtomicMemory::global);
    EXPECT_EQ(updated, hex(atom)) << line;
    EXPECT_EQ(updated, hex(red)) << line;
  }
  // Shared memory keeps subnormals (the form sweep's atom.shared.add.f32).
  EXPECT_EQ(atomic_update<uint32_t>(AtomicOp::add, AtomicValue::f32, 0x00400000u, 0x00400000u, 0),
            0x00800000u);
}

TEST(FpRulesOnDevice, GlobalF64AtomicAddKeepsTheNaN) {
  const auto lines = probe_lines("ATOM64");
  ASSERT_EQ(lines.size(), 16u);
  for (const std::string& line : lines) {
    std::istringstream f(line);
    std::string tag, old, b, arrow, atom_tag, atom, old_tag, returned, red_tag, red, add_tag, add;
    f >> tag >> old >> b >> arrow >> atom_tag >> atom >> old_tag >> returned >> red_tag >> red >>
        add_tag >> add;
    const uint64_t updated = atomic_update<uint64_t>(AtomicOp::add, AtomicValue::f64, hex(old),
                                                     hex(b), 0, AtomicMemory::global);
    EXPECT_EQ(updated, hex(atom)) << line;
    EXPECT_EQ(updated, hex(red)) << line;
    EXPECT_EQ(add_f64(hex(old), hex(b), Rounding::nearest_even), hex(add)) << line;
  }
  // Shared memory quiets a signalling NaN, as add does.
  EXPECT_EQ(atomic_update<uint64_t>(AtomicOp::add, AtomicValue::f64, 0x7ff0000000000001u,
                                    0x3ff0000000000000u, 0),
            0x7ff8000000000001u);
}

}  // namespace
}  // namespace smsim::isa::sem
