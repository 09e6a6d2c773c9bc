// Scalar and SIMD video instructions against the H100's results. The probe
// names each case by its full PTX text (operand selectors included).
#include <gtest/gtest.h>

#include <cstdint>
#include <string>

#include "device_golden.h"
#include "isa/semantics/video_scalar.h"
#include "isa/semantics/video_simd.h"

namespace smsim::isa::sem {
namespace {

using VS = VideoSelect;
uint32_t w(uint64_t x) {
  return static_cast<uint32_t>(x);
}
VideoOperand u(uint64_t x, VS s = VS::word) {
  return {w(x), false, s};
}
VideoOperand s(uint64_t x, VS sel = VS::word) {
  return {w(x), true, sel};
}

#define EXPECT_VIDEO(name, ...)                                                     \
  EXPECT_MATCHES_DEVICE(name, [&](uint64_t a, uint64_t b, uint64_t c) -> uint64_t { \
    (void)c;                                                                        \
    return (__VA_ARGS__);                                                           \
  })

TEST(VideoOnDevice, ScalarArithmetic) {
  constexpr VideoResult unsigned_dest{};
  constexpr VideoResult signed_sat{.dest_signed = true, .saturate = true};
  EXPECT_VIDEO("vadd.u32.u32.u32 %0, %1, %2", video_op(VideoOp::add, u(a), u(b), 0, unsigned_dest));
  EXPECT_VIDEO("vadd.s32.s32.s32.sat %0, %1, %2",
               video_op(VideoOp::add, s(a), s(b), 0, signed_sat));
  EXPECT_VIDEO("vadd.s32.u32.s32.sat %0, %1.b2, %2.h1",
               video_op(VideoOp::add, u(a, VS::b2), s(b, VS::h1), 0, signed_sat));
  EXPECT_VIDEO("vadd.u32.s32.s32.sat.add %0, %1.b1, %2.b3, %3",
               video_op(VideoOp::add, s(a, VS::b1), s(b, VS::b3), w(c),
                        {.saturate = true, .secondary = VideoSecondary::add}));
  EXPECT_VIDEO("vsub.s32.s32.s32.sat.min %0, %1.h0, %2.h1, %3",
               video_op(VideoOp::sub, s(a, VS::h0), s(b, VS::h1), w(c),
                        {.dest_signed = true, .saturate = true, .secondary = VideoSecondary::min}));
  EXPECT_VIDEO("vabsdiff.u32.s32.s32.max %0, %1.b0, %2.b2, %3",
               video_op(VideoOp::absdiff, s(a, VS::b0), s(b, VS::b2), w(c),
                        {.secondary = VideoSecondary::max}));
  EXPECT_VIDEO("vmin.s32.s32.u32 %0, %1.b3, %2",
               video_op(VideoOp::min, s(a, VS::b3), u(b), 0, {.dest_signed = true}));
  EXPECT_VIDEO("vmax.u32.u32.s32.sat %0, %1, %2.h1",
               video_op(VideoOp::max, u(a), s(b, VS::h1), 0, {.saturate = true}));
  EXPECT_VIDEO("vadd.u32.u32.u32 %0.b1, %1.b0, %2.b2, %3",
               video_op(VideoOp::add, u(a, VS::b0), u(b, VS::b2), w(c), {.dest_select = VS::b1}));
  EXPECT_VIDEO("vsub.s32.s32.s32.sat %0.h1, %1.h1, %2.h0, %3",
               video_op(VideoOp::sub, s(a, VS::h1), s(b, VS::h0), w(c),
                        {.dest_signed = true, .saturate = true, .dest_select = VS::h1}));
}

TEST(VideoOnDevice, ScalarShifts) {
  EXPECT_VIDEO("vshl.u32.u32.u32.clamp %0, %1, %2",
               video_shift(VideoShift::left, false, u(a), u(b), 0, {}));
  EXPECT_VIDEO("vshl.u32.u32.u32.wrap %0, %1, %2",
               video_shift(VideoShift::left, true, u(a), u(b), 0, {}));
  EXPECT_VIDEO("vshr.s32.s32.u32.clamp %0, %1, %2",
               video_shift(VideoShift::right, false, s(a), u(b), 0, {.dest_signed = true}));
  EXPECT_VIDEO("vshr.u32.u32.u32.wrap.add %0, %1.h1, %2, %3",
               video_shift(VideoShift::right, true, u(a, VS::h1), u(b), w(c),
                           {.secondary = VideoSecondary::add}));
}

TEST(VideoOnDevice, ScalarMad) {
  EXPECT_VIDEO("vmad.s32.s32.s32 %0, %1.h0, %2.h1, %3",
               video_mad(s(a, VS::h0), s(b, VS::h1), w(c), {}));
  EXPECT_VIDEO("vmad.u32.u32.u32.sat %0, %1, %2, %3",
               video_mad(u(a), u(b), w(c), {.saturate = true}));
  EXPECT_VIDEO("vmad.s32.s32.s32.po %0, %1.b1, %2.b2, %3",
               video_mad(s(a, VS::b1), s(b, VS::b2), w(c), {.plus_one = true}));
  EXPECT_VIDEO("vmad.s32.s32.s32.sat.shr15 %0, %1, -%2, %3",
               video_mad(s(a), s(b), w(c),
                         {.negate_b = true, .scale = VideoScale::shr15, .saturate = true}));
  EXPECT_VIDEO("vmad.u32.u32.u32.shr7 %0, %1.b0, %2.b1, %3",
               video_mad(u(a, VS::b0), u(b, VS::b1), w(c), {.scale = VideoScale::shr7}));
  EXPECT_VIDEO("vmad.s32.u32.s32 %0, -%1.h1, %2.h0, %3",
               video_mad(u(a, VS::h1), s(b, VS::h0), w(c), {.negate_a = true}));
  EXPECT_VIDEO("vmad.s32.s32.s32 %0, %1.h1, %2.h0, -%3",
               video_mad(s(a, VS::h1), s(b, VS::h0), w(c), {.negate_c = true}));
}

TEST(VideoOnDevice, ScalarSet) {
  EXPECT_VIDEO("vset.u32.u32.lt %0, %1, %2", video_set(VideoCompare::lt, u(a), u(b), 0, {}));
  EXPECT_VIDEO("vset.s32.u32.ge.add %0, %1.b3, %2.b0, %3",
               video_set(VideoCompare::ge, s(a, VS::b3), u(b, VS::b0), w(c),
                         {.secondary = VideoSecondary::add}));
  EXPECT_VIDEO(
      "vset.s32.s32.ne %0.b2, %1.h0, %2.h1, %3",
      video_set(VideoCompare::ne, s(a, VS::h0), s(b, VS::h1), w(c), {.dest_select = VS::b2}));
}

SimdVideo two(bool sign, bool sat = false, bool acc = false) {
  return {.lanes = 2,
          .a_signed = sign,
          .b_signed = sign,
          .dest_signed = sign,
          .saturate = sat,
          .accumulate = acc};
}
SimdVideo four(bool sign, bool sat = false, bool acc = false) {
  return {.lanes = 4,
          .a_signed = sign,
          .b_signed = sign,
          .dest_signed = sign,
          .saturate = sat,
          .accumulate = acc};
}
SimdVideo with_compare(SimdVideo v, VideoCompare c) {
  v.compare = c;
  return v;
}
SimdVideo with_mask(SimdVideo v, uint32_t mask) {
  v.dest_mask = mask;
  return v;
}

TEST(VideoOnDevice, Simd) {
  EXPECT_VIDEO("vadd2.u32.u32.u32 %0, %1, %2, %3",
               simd_video(SimdOp::add, w(a), w(b), w(c), two(false)));
  EXPECT_VIDEO("vadd2.s32.s32.s32.sat %0, %1, %2, %3",
               simd_video(SimdOp::add, w(a), w(b), w(c), two(true, true)));
  EXPECT_VIDEO("vadd2.u32.u32.u32.add %0, %1, %2, %3",
               simd_video(SimdOp::add, w(a), w(b), w(c), two(false, false, true)));
  EXPECT_VIDEO("vsub2.s32.s32.s32.sat %0, %1, %2, %3",
               simd_video(SimdOp::sub, w(a), w(b), w(c), two(true, true)));
  EXPECT_VIDEO("vavrg2.u32.u32.u32 %0, %1, %2, %3",
               simd_video(SimdOp::avrg, w(a), w(b), w(c), two(false)));
  EXPECT_VIDEO("vavrg2.s32.s32.s32.add %0, %1, %2, %3",
               simd_video(SimdOp::avrg, w(a), w(b), w(c), two(true, false, true)));
  EXPECT_VIDEO("vabsdiff2.u32.u32.u32 %0, %1, %2, %3",
               simd_video(SimdOp::absdiff, w(a), w(b), w(c), two(false)));
  EXPECT_VIDEO("vabsdiff2.s32.s32.s32.add %0, %1, %2, %3",
               simd_video(SimdOp::absdiff, w(a), w(b), w(c), two(true, false, true)));
  EXPECT_VIDEO("vmin2.s32.s32.s32 %0, %1, %2, %3",
               simd_video(SimdOp::min, w(a), w(b), w(c), two(true)));
  EXPECT_VIDEO("vmax2.u32.u32.u32.add %0, %1, %2, %3",
               simd_video(SimdOp::max, w(a), w(b), w(c), two(false, false, true)));
  EXPECT_VIDEO(
      "vset2.u32.u32.lt %0, %1, %2, %3",
      simd_video(SimdOp::set, w(a), w(b), w(c), with_compare(two(false), VideoCompare::lt)));
  EXPECT_VIDEO("vset2.s32.s32.ge.add %0, %1, %2, %3",
               simd_video(SimdOp::set, w(a), w(b), w(c),
                          with_compare(two(true, false, true), VideoCompare::ge)));
  EXPECT_VIDEO("vadd4.u32.u32.u32.sat %0, %1, %2, %3",
               simd_video(SimdOp::add, w(a), w(b), w(c), four(false, true)));
  EXPECT_VIDEO("vadd4.s32.s32.s32.add %0, %1, %2, %3",
               simd_video(SimdOp::add, w(a), w(b), w(c), four(true, false, true)));
  EXPECT_VIDEO("vsub4.u32.u32.u32 %0, %1, %2, %3",
               simd_video(SimdOp::sub, w(a), w(b), w(c), four(false)));
  EXPECT_VIDEO("vavrg4.u32.u32.u32 %0, %1, %2, %3",
               simd_video(SimdOp::avrg, w(a), w(b), w(c), four(false)));
  EXPECT_VIDEO("vavrg4.s32.s32.s32.sat %0, %1, %2, %3",
               simd_video(SimdOp::avrg, w(a), w(b), w(c), four(true, true)));
  EXPECT_VIDEO("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3",
               simd_video(SimdOp::absdiff, w(a), w(b), w(c), four(false, false, true)));
  EXPECT_VIDEO("vmin4.u32.u32.u32 %0, %1, %2, %3",
               simd_video(SimdOp::min, w(a), w(b), w(c), four(false)));
  EXPECT_VIDEO("vmax4.s32.s32.s32.add %0, %1, %2, %3",
               simd_video(SimdOp::max, w(a), w(b), w(c), four(true, false, true)));
  EXPECT_VIDEO(
      "vset4.s32.s32.gt %0, %1, %2, %3",
      simd_video(SimdOp::set, w(a), w(b), w(c), with_compare(four(true), VideoCompare::gt)));
  EXPECT_VIDEO("vset4.u32.u32.ne.add %0, %1, %2, %3",
               simd_video(SimdOp::set, w(a), w(b), w(c),
                          with_compare(four(false, false, true), VideoCompare::ne)));
  EXPECT_VIDEO("vadd2.u32.u32.u32 %0.h1, %1, %2, %3",
               simd_video(SimdOp::add, w(a), w(b), w(c), with_mask(two(false), 0b10)));
  EXPECT_VIDEO("vsub4.s32.s32.s32.sat %0.b20, %1, %2, %3",
               simd_video(SimdOp::sub, w(a), w(b), w(c), with_mask(four(true, true), 0b101)));
}

// Every merge form the probe ran: "<op>.<d>.<a>.<b>[.sat] %0.<sel>, %1, %2.h1, %3".
TEST(VideoOnDevice, MergeIntoByteOrHalf) {
  struct NamedOp {
    const char* name;
    VideoOp op;
  };
  const NamedOp ops[] = {{"vadd", VideoOp::add},
                         {"vsub", VideoOp::sub},
                         {"vabsdiff", VideoOp::absdiff},
                         {"vmin", VideoOp::min},
                         {"vmax", VideoOp::max}};
  struct NamedTypes {
    const char* name;
    bool d_signed, a_signed, b_signed;
  };
  const NamedTypes types[] = {{"s32.s32.s32", true, true, true},
                              {"u32.u32.u32", false, false, false},
                              {"s32.u32.s32", true, false, true}};
  const std::pair<const char*, VS> selects[] = {
      {".h0", VS::h0}, {".h1", VS::h1}, {".b0", VS::b0}, {".b3", VS::b3}};
  int checked = 0;
  for (const auto& op : ops) {
    for (const auto& t : types) {
      for (bool sat : {false, true}) {
        for (const auto& [sel_name, sel] : selects) {
          const std::string name = std::string(op.name) + "." + t.name + (sat ? ".sat" : "") +
                                   " %0" + sel_name + ", %1, %2.h1, %3";
          const VideoOp o = op.op;
          const NamedTypes ty = t;
          const VideoResult r{.dest_signed = ty.d_signed, .saturate = sat, .dest_select = sel};
          EXPECT_MATCHES_DEVICE(name, [=](uint64_t a, uint64_t b, uint64_t c) -> uint64_t {
            return video_op(o, {w(a), ty.a_signed, VS::word}, {w(b), ty.b_signed, VS::h1}, w(c), r);
          });
          ++checked;
        }
      }
    }
  }
  EXPECT_EQ(checked, 120);
}

}  // namespace
}  // namespace smsim::isa::sem
