// SIMD video instructions on 2 x 16-bit and 4 x 8-bit lanes: vadd2/4,
// vsub2/4, vavrg2/4, vabsdiff2/4, vmin2/4, vmax2/4, vset2/4, with .sat, the
// lane mask of the destination and .add accumulation.
#pragma once

#include <cstdint>

#include "isa/semantics/video_scalar.h"

namespace smsim::isa::sem {

enum class SimdOp : uint8_t { add, sub, avrg, absdiff, min, max, set };

struct SimdVideo {
  int lanes = 2;  // 2 (16-bit) or 4 (8-bit)
  bool a_signed = false;
  bool b_signed = false;
  bool dest_signed = false;
  bool saturate = false;
  bool accumulate = false;                  // .add: c plus the sum of the lane results
  uint32_t dest_mask = 0xf;                 // lanes written; the others come from c
  VideoCompare compare = VideoCompare::eq;  // vset only
};

constexpr int64_t simd_lane(uint32_t x, int lane, int lanes, bool is_signed) {
  const int width = 32 / lanes;
  const uint32_t v = (x >> (width * lane)) & ((1u << width) - 1);
  if (!is_signed) return v;
  return (v & (1u << (width - 1))) != 0 ? int64_t{v} - (int64_t{1} << width) : int64_t{v};
}

// vavrg: the mean rounded half away from zero (measured on an H100: signed
// avrg(-1, 0) is -1, avrg(32767, 0) is 16384).
constexpr int64_t rounded_average(int64_t x, int64_t y) {
  const int64_t sum = x + y;
  return sum >= 0 ? (sum + 1) >> 1 : -((-sum + 1) >> 1);
}

constexpr uint32_t simd_video(SimdOp op, uint32_t a, uint32_t b, uint32_t c, const SimdVideo& s) {
  const int width = 32 / s.lanes;
  const uint32_t lane_mask = (1u << width) - 1;
  uint32_t merged = c;
  int64_t sum = 0;
  for (int i = 0; i < s.lanes; ++i) {
    const int64_t x = simd_lane(a, i, s.lanes, s.a_signed);
    const int64_t y = simd_lane(b, i, s.lanes, s.b_signed);
    int64_t t = 0;
    switch (op) {
      case SimdOp::add:
        t = x + y;
        break;
      case SimdOp::sub:
        t = x - y;
        break;
      case SimdOp::avrg:
        t = rounded_average(x, y);
        break;
      case SimdOp::absdiff:
        t = x > y ? x - y : y - x;
        break;
      case SimdOp::min:
        t = x < y ? x : y;
        break;
      case SimdOp::max:
        t = x > y ? x : y;
        break;
      case SimdOp::set:
        t = video_compare(s.compare, x, y) ? 1 : 0;
        break;
    }
    if (s.saturate) {
      t = s.dest_signed ? clamp64(t, -(int64_t{1} << (width - 1)), (int64_t{1} << (width - 1)) - 1)
                        : clamp64(t, 0, lane_mask);
    }
    if (s.accumulate) {
      sum += t;
      continue;
    }
    if (((s.dest_mask >> i) & 1) == 0) continue;
    const uint32_t shifted = lane_mask << (width * i);
    merged = (merged & ~shifted) | ((static_cast<uint32_t>(t) << (width * i)) & shifted);
  }
  if (s.accumulate)
    return static_cast<uint32_t>(sum + (s.dest_signed ? static_cast<int32_t>(c) : int64_t{c}));
  return merged;
}

}  // namespace smsim::isa::sem
