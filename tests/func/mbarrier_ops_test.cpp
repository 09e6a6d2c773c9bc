// Every spelling of mbarrier.init/arrive/arrive_drop/test_wait/try_wait/
// pending_count/expect_tx/complete_tx/inval and cp.async.mbarrier.arrive
// (generic, .shared, .shared::cta and .shared::cluster addresses, .relaxed
// and .release at .cta and .cluster scope, .noComplete, .expect_tx,
// .parity, .noinc) against hand-computed phase arithmetic: pending counts
// read back through the states that arrive returns, tx-counts that hold a
// phase open, arrive_drop lowering the expected count of later phases. The
// H100 gives the same values for these kernels (driver-API run of this PTX
// on 2026-11-22).

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

// arrive_forms: one thread, an mbarrier of 100 expected arrivals. Each
// arrive spelling in turn records mbarrier.pending_count of its state (the
// pending arrivals before it); the .noComplete forms arrive twice, the
// .expect_tx forms add 8 bytes each. Then: the phase is open (slot 22); 72
// arrivals leave no arrival pending but 16 bytes (23, and try_wait on that
// state says no: 24); complete_tx of the 16 bytes completes it (25, 26);
// the next phase is open (27) and expects 100 again (28).
//
// arrive_drop_forms: the same with arrive_drop (every arrival also leaves
// the later phases one arrival short: 100 - 28 = 72 expected), then a
// phase of 72 arrivals (25) that an arrive_drop of 71 completes, leaving
// one expected arrival (26..29).
//
// tx_forms: every expect_tx spelling adds 8 bytes to a barrier of one
// arrival; after the arrival the phase waits for them (1) and each
// complete_tx spelling takes 8 back, the last completing it (2..13). Each
// inval spelling, then init, starts the object afresh (14..19).
// Kernels that run a list of spellings: each on the object at `bar` by its
// shared::cta address (%r1), generic address (%rd1) or shared::cluster
// address (%r2), as the spelling's state space says; results are stored as
// words to `out` (%rd2) in order.
class KernelText {
 public:
  explicit KernelText(const std::string& name)
      : text_(".visible .entry " + name +
              "(.param .u64 out)\n{\n  .reg .b32 %r<16>;\n  .reg .b64 %rd<24>;\n"
              "  .reg .pred %p<4>;\n  .shared .align 8 .b64 bar;\n  ld.param.u64 %rd2, [out];\n"
              "  mov.u32 %r1, bar;\n  cvta.shared.u64 %rd1, bar;\n"
              "  mov.u32 %r3, %cluster_ctarank;\n  mapa.shared::cluster.u32 %r2, %r1, %r3;\n") {}

  void line(const std::string& s) { text_ += "  " + s + "\n"; }
  void record(const std::string& reg) {
    line("st.global.u32 [%rd2+" + std::to_string(4 * slot_++) + "], " + reg + ";");
  }
  // `spelling [object]operands;`
  void on_object(const std::string& spelling, const std::string& operands = "") {
    const bool cluster = spelling.find(".shared::cluster") != std::string::npos;
    const bool shared = spelling.find(".shared") != std::string::npos;
    line(spelling + " " + (cluster ? "[%r2]" : shared ? "[%r1]" : "[%rd1]") + operands + ";");
  }
  // An arrive that records the pending count of the state it returns.
  void arrive(const std::string& spelling, const std::string& operands = "") {
    const bool shared = spelling.find(".shared") != std::string::npos;
    line(spelling + " %rd10, " + (shared ? "[%r1]" : "[%rd1]") + operands + ";");
    line("mbarrier.pending_count.b64 %r10, %rd10;");
    record("%r10");
  }
  // Whether the phase of parity `parity` has completed.
  void parity_done(int parity) {
    line("mbarrier.test_wait.parity.b64 %p1, [%rd1], " + std::to_string(parity) + ";");
    line("selp.u32 %r11, 1, 0, %p1;");
    record("%r11");
  }
  std::string finish() { return text_ + "  ret;\n}\n\n"; }

 private:
  std::string text_;
  int slot_ = 0;
};

// The .noComplete forms arrive twice, .expect_tx adds 8 bytes (one arrival).
std::string operand_of(const std::string& spelling) {
  if (spelling.find(".noComplete") != std::string::npos) return ", 2";
  if (spelling.find(".expect_tx") != std::string::npos) return ", 8";
  return "";
}

const std::vector<std::string> kArriveSpellings = {
    "mbarrier.arrive.b64",
    "mbarrier.arrive.expect_tx.b64",
    "mbarrier.arrive.noComplete.b64",
    "mbarrier.arrive.relaxed.cluster.b64",
    "mbarrier.arrive.relaxed.cta.b64",
    "mbarrier.arrive.release.cluster.b64",
    "mbarrier.arrive.release.cta.b64",
    "mbarrier.arrive.noComplete.release.cta.b64",
    "mbarrier.arrive.noComplete.shared.b64",
    "mbarrier.arrive.relaxed.cluster.shared.b64",
    "mbarrier.arrive.relaxed.cta.shared.b64",
    "mbarrier.arrive.release.cluster.shared.b64",
    "mbarrier.arrive.release.cta.shared.b64",
    "mbarrier.arrive.noComplete.release.cta.shared.b64",
    "mbarrier.arrive.shared::cta.b64",
    "mbarrier.arrive.noComplete.shared::cta.b64",
    "mbarrier.arrive.relaxed.cluster.shared::cta.b64",
    "mbarrier.arrive.relaxed.cta.shared::cta.b64",
    "mbarrier.arrive.release.cluster.shared::cta.b64",
    "mbarrier.arrive.release.cta.shared::cta.b64",
    "mbarrier.arrive.expect_tx.release.cta.shared::cta.b64",
    "mbarrier.arrive.noComplete.release.cta.shared::cta.b64",
};

// The catalog's arrive_drop spellings (tests/isa/forms/sm_90.forms): those
// of arrive, with .shared, without the .expect_tx.release.cta.shared::cta
// one (valid, but not a catalog form of arrive_drop).
std::vector<std::string> drop_spellings() {
  std::vector<std::string> out;
  for (const std::string& s : kArriveSpellings) {
    if (s == "mbarrier.arrive.expect_tx.release.cta.shared::cta.b64") continue;
    out.push_back("mbarrier.arrive_drop" + s.substr(std::string("mbarrier.arrive").size()));
    if (s == "mbarrier.arrive.noComplete.release.cta.b64") out.push_back("mbarrier.arrive_drop.shared.b64");
  }
  return out;
}

// The spaces and semantics of expect_tx and complete_tx.
const std::vector<std::string> kTxSuffixes = {
    "",
    ".relaxed.cluster",
    ".relaxed.cta",
    ".shared",
    ".relaxed.cluster.shared",
    ".relaxed.cta.shared",
    ".shared::cluster",
    ".relaxed.cluster.shared::cluster",
    ".relaxed.cta.shared::cluster",
    ".shared::cta",
    ".relaxed.cluster.shared::cta",
    ".relaxed.cta.shared::cta",
};

std::string arrive_forms() {
  KernelText k("arrive_forms");
  k.line("mbarrier.init.shared::cta.b64 [%r1], 100;");
  for (const std::string& s : kArriveSpellings) k.arrive(s, operand_of(s));
  k.parity_done(0);
  k.line("mbarrier.arrive.shared.b64 %rd11, [%r1], 72;");
  k.parity_done(0);
  k.line("mbarrier.try_wait.shared.b64 %p2, [%r1], %rd11;");
  k.line("selp.u32 %r11, 1, 0, %p2;");
  k.record("%r11");
  // The bytes depend on the try_wait result: on the H100 a try_wait waits
  // while the warp issues on, so a complete_tx issued meanwhile would let
  // it see the phase complete.
  k.line("add.u32 %r12, %r11, 16;");
  k.line("mbarrier.complete_tx.shared.b64 [%r1], %r12;");
  k.parity_done(0);
  k.line("mbarrier.try_wait.shared.b64 %p2, [%r1], %rd11;");
  k.line("selp.u32 %r11, 1, 0, %p2;");
  k.record("%r11");
  k.line("mbarrier.try_wait.parity.b64 %p2, [%rd1], 1;");
  k.line("selp.u32 %r11, 1, 0, %p2;");
  k.record("%r11");
  k.arrive("mbarrier.arrive.noComplete.shared.b64", ", 1");
  return k.finish();
}

std::string arrive_drop_forms() {
  KernelText k("arrive_drop_forms");
  k.line("mbarrier.init.shared.b64 [%r1], 100;");
  for (const std::string& s : drop_spellings()) k.arrive(s, operand_of(s));
  k.parity_done(0);
  k.line("mbarrier.arrive.shared.b64 %rd11, [%r1], 72;");
  k.parity_done(0);
  k.line("mbarrier.complete_tx.shared.b64 [%r1], 8;");
  k.parity_done(0);
  k.arrive("mbarrier.arrive.noComplete.shared.b64", ", 1");
  k.arrive("mbarrier.arrive_drop.shared.b64", ", 71");
  k.parity_done(1);
  k.arrive("mbarrier.arrive.shared.b64");
  k.parity_done(0);
  return k.finish();
}

std::string tx_forms() {
  KernelText k("tx_forms");
  k.line("mbarrier.init.b64 [%rd1], 1;");
  for (const std::string& s : kTxSuffixes) k.on_object("mbarrier.expect_tx" + s + ".b64", ", 8");
  k.arrive("mbarrier.arrive.shared.b64");
  k.parity_done(0);
  for (const std::string& s : kTxSuffixes) {
    k.on_object("mbarrier.complete_tx" + s + ".b64", ", 8");
    k.parity_done(0);
  }
  for (const char* inval : {"mbarrier.inval.b64", "mbarrier.inval.shared.b64",
                            "mbarrier.inval.shared::cta.b64"}) {
    k.on_object(inval);
    k.line("mbarrier.init.shared.b64 [%r1], 5;");
    k.arrive("mbarrier.arrive.noComplete.shared.b64", ", 2");
    k.arrive("mbarrier.arrive.noComplete.shared.b64", ", 1");
  }
  return k.finish();
}

constexpr const char* kCopyArrive = R"(
// Six mbarriers of one arrival each; a cp.async copy, then each spelling of
// cp.async.mbarrier.arrive on its own barrier. Without .noinc the pending
// count is raised before the arrival, so the phase stays open; with .noinc
// the arrival completes it. Then one ordinary arrival on each.
.visible .entry copy_arrive(.param .u64 in, .param .u64 out)
{
  .reg .b32 %r<16>;
  .reg .b64 %rd<24>;
  .reg .pred %p<4>;
  .shared .align 8 .b64 bars[6];
  .shared .align 16 .b8 buf[16];
  ld.param.u64 %rd1, [in];
  ld.param.u64 %rd2, [out];
  mov.u32 %r1, bars;
  cvta.shared.u64 %rd3, bars;
  mov.u32 %r2, buf;
  mbarrier.init.shared.b64 [%r1], 1;
  mbarrier.init.shared.b64 [%r1+8], 1;
  mbarrier.init.shared.b64 [%r1+16], 1;
  mbarrier.init.shared.b64 [%r1+24], 1;
  mbarrier.init.shared.b64 [%r1+32], 1;
  mbarrier.init.shared.b64 [%r1+40], 1;
  cp.async.ca.shared.global [%r2], [%rd1], 16;
  cp.async.mbarrier.arrive.b64 [%rd3];
  cp.async.mbarrier.arrive.noinc.b64 [%rd3+8];
  cp.async.mbarrier.arrive.shared.b64 [%r1+16];
  cp.async.mbarrier.arrive.noinc.shared.b64 [%r1+24];
  cp.async.mbarrier.arrive.shared::cta.b64 [%r1+32];
  cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%r1+40];
  cp.async.wait_all;
  mov.u32 %r3, 0;
BEFORE:
  add.u32 %r4, %r1, %r3;
  mbarrier.test_wait.parity.shared.b64 %p1, [%r4], 0;
  selp.u32 %r5, 1, 0, %p1;
  cvt.u64.u32 %rd4, %r3;
  shr.u64 %rd4, %rd4, 1;
  add.u64 %rd5, %rd2, %rd4;
  st.global.u32 [%rd5], %r5;
  mbarrier.arrive.shared.b64 %rd6, [%r4];
  mbarrier.test_wait.parity.shared.b64 %p2, [%r4], 0;
  selp.u32 %r6, 1, 0, %p2;
  st.global.u32 [%rd5+24], %r6;
  add.u32 %r3, %r3, 8;
  setp.lt.u32 %p3, %r3, 48;
  @%p3 bra BEFORE;
  ld.shared.v4.u32 {%r7, %r8, %r9, %r10}, [%r2];
  st.global.v4.u32 [%rd2+48], {%r7, %r8, %r9, %r10};
  ret;
}
)";

const char* module_text() {
  static const std::string text = ".version 9.0\n.target sm_90\n.address_size 64\n\n" +
                                  arrive_forms() + arrive_drop_forms() + tx_forms() + kCopyArrive;
  return text.c_str();
}

class MbarrierOps : public testing::ModuleTest {
 protected:
  MbarrierOps() : ModuleTest("mbarrier_ops", module_text()) {}

  std::vector<std::uint32_t> run_one_thread(const char* name, std::size_t words) {
    const std::uint64_t out = device_.allocate(words * 4);
    const LaunchResult r = device_.launch(kernel(name), LaunchConfig{.grid = {1}, .block = {1}},
                                          ParamBytes().add(out).span());
    EXPECT_TRUE(r.ok()) << r.error.message;
    return download<std::uint32_t>(out, words);
  }
};

TEST_F(MbarrierOps, EveryArriveSpellingCountsItsArrivalsAndBytes) {
  const std::vector<std::uint32_t> expected = {
      100, 99, 98, 96, 95, 94, 93, 92, 90, 88, 87, 86, 85, 84, 82, 81, 79, 78, 77, 76, 75, 74,
      0,   0,  0,  1,  1,  0,  100};
  EXPECT_EQ(run_one_thread("arrive_forms", expected.size()), expected);
}

TEST_F(MbarrierOps, EveryArriveDropSpellingLowersTheExpectedCount) {
  const std::vector<std::uint32_t> expected = {
      100, 99, 98, 96, 95, 94, 93, 92, 90, 89, 87, 86, 85, 84, 83, 81, 80, 78, 77, 76, 75, 74,
      0,   0,  1,  72, 71, 1,  1,  1};
  EXPECT_EQ(run_one_thread("arrive_drop_forms", expected.size()), expected);
}

TEST_F(MbarrierOps, EveryExpectAndCompleteTxSpellingMovesTheTxCount) {
  std::vector<std::uint32_t> expected = {1, 0};
  expected.insert(expected.end(), 11, 0);
  expected.push_back(1);
  for (int i = 0; i < 3; ++i) expected.insert(expected.end(), {5, 3});
  EXPECT_EQ(run_one_thread("tx_forms", expected.size()), expected);
}

TEST_F(MbarrierOps, CopyArriveWithoutNoincKeepsThePhaseOpen) {
  const std::vector<std::uint32_t> data = {0x1000, 0x1001, 0x1002, 0x1003};
  const std::uint64_t in = upload(data);
  const std::uint64_t out = device_.allocate(16 * 4);
  const LaunchResult r = device_.launch(kernel("copy_arrive"),
                                        LaunchConfig{.grid = {1}, .block = {1}},
                                        ParamBytes().add(in).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  // Barriers 0, 2, 4 (no .noinc) complete only with the extra arrival; 1, 3,
  // 5 complete at the copy's arrival, and the extra one completes their
  // next phase too, so the phase of parity 0 is open again.
  const std::vector<std::uint32_t> expected = {0, 1, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0,
                                               0x1000, 0x1001, 0x1002, 0x1003};
  EXPECT_EQ(download<std::uint32_t>(out, 16), expected);
}

}  // namespace
}  // namespace smsim::func
