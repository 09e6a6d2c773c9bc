// Hostile input: the front end reports errors and returns; it never crashes,
// hangs, recurses without bound or allocates without bound.

#include <gtest/gtest.h>

#include <random>
#include <string>

#include "ptx/frontend.h"
#include "ptx/printer.h"

namespace smsim::ptx {
namespace {

struct Outcome {
  bool errors;
  std::string report;
};

Outcome run(const std::string& text) {
  Diagnostics diags("h.ptx", text);
  const Module m = parse_and_check(text, diags);
  return {diags.has_errors(), diags.format()};
}

const std::string kHeader = ".version 9.0\n.target sm_90\n.address_size 64\n";
const std::string kValid =
    kHeader +
    ".visible .entry k(.param .u64 p)\n{\n\t.reg .b32 %r<4>;\n\t.reg .b64 %rd<2>;\n"
    "\tld.param.u64 %rd1, [p];\n\tmov.u32 %r1, %tid.x;\n"
    "\tst.global.u32 [%rd1+4], %r1;\n\tret;\n}\n";

TEST(Robustness, DeeplyNestedBlocksAreBounded) {
  std::string body(100000, '{');
  body += std::string(100000, '}');
  const Outcome o = run(kHeader + ".entry k()\n{\n" + body + "\n}\n");
  EXPECT_TRUE(o.errors);
  EXPECT_NE(o.report.find("nested deeper than"), std::string::npos);
}

TEST(Robustness, DeeplyNestedInitializerIsBounded) {
  const std::string init = std::string(50000, '{') + "1" + std::string(50000, '}');
  const Outcome o = run(kHeader + ".global .u32 g[1] = " + init + ";\n");
  EXPECT_TRUE(o.errors);
  EXPECT_NE(o.report.find("nested deeper than"), std::string::npos);
}

TEST(Robustness, HugeNumbersAreOutOfRange) {
  EXPECT_NE(run(kHeader + ".global .u32 g[99999999999999999999999];\n").report.find("out of range"),
            std::string::npos);
  EXPECT_NE(run(kHeader +
                ".entry k()\n{\n\t.reg .b64 %rd<2>;\n\tmov.u64 %rd1, 0x1ffffffffffffffffff;\n}\n")
                .report.find("out of range"),
            std::string::npos);
  EXPECT_NE(run(kHeader + ".global .u8 g[4294967296][4294967296];\n").report.find("out of range"),
            std::string::npos);
}

TEST(Robustness, HugeRegisterRangeIsRefused) {
  const Outcome o = run(kHeader + ".entry k()\n{\n\t.reg .b32 %r<4000000000>;\n\tret;\n}\n");
  EXPECT_TRUE(o.errors);
  EXPECT_NE(o.report.find("more than"), std::string::npos);
}

TEST(Robustness, BinaryGarbageNeverCrashes) {
  std::mt19937 rng(12345);
  for (int round = 0; round < 200; ++round) {
    std::string text = round % 2 ? kHeader : std::string();
    const std::size_t n = 1 + rng() % 4096;
    for (std::size_t i = 0; i < n; ++i) text.push_back(static_cast<char>(rng() & 0xFF));
    const Outcome o = run(text);
    EXPECT_TRUE(o.errors) << "round " << round;
  }
}

TEST(Robustness, EveryTruncationOfAValidModuleIsReported) {
  ASSERT_FALSE(run(kValid).errors) << run(kValid).report;
  const std::size_t body_start = kValid.find('{');
  for (std::size_t cut = 0; cut < kValid.size(); ++cut) {
    const Outcome o = run(kValid.substr(0, cut));
    // Inside the kernel every cut leaves the body unclosed.
    if (cut > body_start && cut + 1 < kValid.size()) {
      EXPECT_TRUE(o.errors) << "cut at " << cut;
    }
  }
}

TEST(Robustness, ShuffledTokensNeverCrash) {
  // Valid tokens in invalid orders reach deeper parser paths than random bytes.
  const std::string pieces[] = {
      ".entry", ".func",   "k", "(",    ")",          "{",     "}",         "[",
      "]",      ",",       ";", ".reg", ".b32",       "%r<4>", "%r1",       "add.s32",
      "@%p1",   "!",       "|", "_",    "0f3F800000", "-",     "+",         "4",
      ".param", ".global", "=", ":",    "$L",         "call",  ".loc 1 2 3"};
  std::mt19937 rng(99);
  for (int round = 0; round < 300; ++round) {
    std::string text = kHeader;
    const int n = 1 + static_cast<int>(rng() % 200);
    for (int i = 0; i < n; ++i) {
      text += pieces[rng() % std::size(pieces)];
      text += (rng() % 4 == 0) ? "\n" : " ";
    }
    run(text);
  }
  SUCCEED();
}

TEST(Robustness, NulPaddingAfterAModuleIsAccepted) {
  const Outcome o = run(kValid + std::string(4096, '\0'));
  EXPECT_FALSE(o.errors) << o.report;
}

TEST(Robustness, OverlongIdentifierIsReportedNotEchoed) {
  const std::string name(2 << 20, 'a');
  const Outcome o = run(kHeader + ".global .u32 " + name + ";\n");
  EXPECT_TRUE(o.errors);
  EXPECT_NE(o.report.find("identifier too long"), std::string::npos);
  EXPECT_LT(o.report.size(), 4096u);
}

}  // namespace
}  // namespace smsim::ptx
