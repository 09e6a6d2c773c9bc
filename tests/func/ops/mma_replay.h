#pragma once
// Replays an H100 recording of a tools/probes mma probe through the engine.
// The probes record one case per block: per case A, B, C and D as 32-bit
// words, lane-major (lane l's words of A, then lane l+1's). The replay
// kernel takes (A, B, C, D) pointers and has each lane load its own A, B
// and C words, run the instruction and store D, so the fragment layouts are
// checked together with the arithmetic.

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "../engine_harness.h"
#include "../module_fixture.h"
#include "isa/semantics/zstd_table.h"

namespace smsim::func::testing {

// 32-bit words per lane of each operand.
struct LaneWords {
  unsigned a, b, c, d;
  std::size_t per_case() const { return 32u * (a + b + c + d); }
};

class MmaReplayTest : public ModuleTest {
 protected:
  using ModuleTest::ModuleTest;

  // Runs `kernel_name` on the `cases` cases of the zstd recording at
  // `recording` (relative to the source tree) and returns how many D words
  // differ from the H100's (the first few are reported).
  std::size_t replay(const std::string& kernel_name, const std::string& recording,
                     std::size_t cases, LaneWords w) {
    const std::string path = std::string(SMSIM_SOURCE_DIR) + "/" + recording;
    const std::size_t na = 32u * w.a, nb = 32u * w.b, nc = 32u * w.c, nd = 32u * w.d;
    std::vector<std::uint32_t> words;
    std::string error;
    EXPECT_TRUE(isa::sem::read_zstd_table(path, cases * w.per_case(), words, error)) << error;
    if (words.empty()) return cases * nd;
    std::vector<std::uint32_t> in_a, in_b, in_c, want;
    for (std::size_t cs = 0; cs < cases; ++cs) {
      const auto at = words.begin() + static_cast<std::ptrdiff_t>(cs * w.per_case());
      const auto b = at + static_cast<std::ptrdiff_t>(na), c = b + static_cast<std::ptrdiff_t>(nb);
      const auto d = c + static_cast<std::ptrdiff_t>(nc);
      in_a.insert(in_a.end(), at, b);
      in_b.insert(in_b.end(), b, c);
      in_c.insert(in_c.end(), c, d);
      want.insert(want.end(), d, d + static_cast<std::ptrdiff_t>(nd));
    }
    const std::uint64_t out = device_.allocate(want.size() * 4);
    const LaunchResult r = device_.launch(
        kernel(kernel_name.c_str()),
        LaunchConfig{.grid = {static_cast<std::uint32_t>(cases)}, .block = {32}},
        ParamBytes().add(upload(in_a)).add(upload(in_b)).add(upload(in_c)).add(out).span());
    EXPECT_TRUE(r.ok()) << r.error.message;
    const auto got = download<std::uint32_t>(out, want.size());
    std::size_t wrong = 0;
    for (std::size_t i = 0; i < want.size(); ++i) {
      if (got[i] == want[i]) continue;
      if (++wrong <= 5) {
        ADD_FAILURE() << kernel_name << " case " << i / nd << " lane " << i % nd / w.d << " d"
                      << i % w.d << ": H100 0x" << std::hex << want[i] << ", smsim 0x" << got[i];
      }
    }
    return wrong;
  }
};

}  // namespace smsim::func::testing
