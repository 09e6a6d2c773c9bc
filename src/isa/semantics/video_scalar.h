// Scalar video instructions: vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr,
// vmad and vset, with byte/half selectors, .sat, the secondary operations
// .add/.min/.max and merging into a byte or half of c.
//
// Each operand is a byte, half or word of its register, sign- or
// zero-extended by its type; the primary operation works on those exact
// (33-bit) values in 64-bit arithmetic.
#pragma once

#include <cstdint>

#include "isa/semantics/video_select.h"

namespace smsim::isa::sem {

struct VideoOperand {
  uint32_t bits = 0;
  bool is_signed = false;
  VideoSelect select = VideoSelect::word;
};

constexpr int64_t video_extract(VideoOperand x) {
  switch (x.select) {
    case VideoSelect::b0:
    case VideoSelect::b1:
    case VideoSelect::b2:
    case VideoSelect::b3: {
      const uint32_t v = (x.bits >> (8 * static_cast<int>(x.select))) & 0xff;
      return x.is_signed ? static_cast<int8_t>(v) : int64_t{v};
    }
    case VideoSelect::h0:
    case VideoSelect::h1: {
      const uint32_t v = (x.bits >> (x.select == VideoSelect::h1 ? 16 : 0)) & 0xffff;
      return x.is_signed ? static_cast<int16_t>(v) : int64_t{v};
    }
    case VideoSelect::word:
      return x.is_signed ? static_cast<int32_t>(x.bits) : int64_t{x.bits};
  }
  return 0;
}

enum class VideoOp : uint8_t { add, sub, absdiff, min, max };
enum class VideoSecondary : uint8_t { none, add, min, max };

struct VideoResult {
  bool dest_signed = false;
  bool saturate = false;
  VideoSecondary secondary = VideoSecondary::none;
  // Merge: write only this byte or half of c (word = no merge).
  VideoSelect dest_select = VideoSelect::word;
};

constexpr int64_t clamp64(int64_t x, int64_t lo, int64_t hi) {
  return x < lo ? lo : (x > hi ? hi : x);
}

// Saturates to the destination: the 32-bit register, or the selected byte or
// half when merging. Measured on an H100, the merging forms clamp a negative
// result to the maximum (signed or unsigned) rather than to the minimum, and
// an unsigned 32-bit destination only clamps negative results to 0: a result
// of 2^32 or more keeps its low 32 bits (vsub.u32.u32.s32.sat in the
// simd_video golden: 0xffffffff - (-1) gives 0, on all 5,120 inputs).
constexpr int64_t video_saturate(int64_t x, const VideoResult& r) {
  if (r.dest_select == VideoSelect::word) {
    if (r.dest_signed) return clamp64(x, INT32_MIN, INT32_MAX);
    return x < 0 ? 0 : x;
  }
  const bool half = r.dest_select == VideoSelect::h0 || r.dest_select == VideoSelect::h1;
  const int bits = half ? 16 : 8;
  const int64_t max = r.dest_signed ? (int64_t{1} << (bits - 1)) - 1 : (int64_t{1} << bits) - 1;
  return x < 0 || x > max ? max : x;
}

// How the H100 holds a primary result for .sat and for a secondary .min or
// .max (measured through the form sweep, tests/func/forms): vmin, vmax,
// vabsdiff and vshr keep their exact value; vadd and vsub keep only the
// 32-bit word, sign-extended (the carry is lost); vshl keeps the 64-bit
// shifted value, and .sat sees only its low 34 bits, as a signed number.
enum class VideoHeld : uint8_t { exact, word, shifted };

constexpr int64_t sign_extend_word(int64_t x) {
  return static_cast<int32_t>(static_cast<uint32_t>(x));
}

// vshl.sat into a whole word: the low 34 bits as a signed value, clamped to
// the destination's full range (unlike video_saturate's unsigned rule).
constexpr int64_t video_saturate_shifted(int64_t x, bool dest_signed) {
  const auto low34 = static_cast<int64_t>(static_cast<uint64_t>(x) << 30) >> 30;
  return dest_signed ? clamp64(low34, INT32_MIN, INT32_MAX) : clamp64(low34, 0, UINT32_MAX);
}

// Applies saturation, then the secondary operation with c or the merge into
// c. Merging into byte k writes the result's low byte there; merging into h1
// writes the result's own upper half (measured on an H100), so a saturated
// 16-bit result leaves zeros there. .min/.max compare signed with c
// sign-extended for a signed destination, else unsigned with c zero-extended
// and the held value as a 64-bit pattern (a negative one is above every c).
constexpr uint32_t video_finish(int64_t tmp, uint32_t c, const VideoResult& r,
                                VideoHeld held = VideoHeld::exact) {
  const bool word_dest = r.dest_select == VideoSelect::word;
  if (r.saturate) {
    tmp = held == VideoHeld::shifted && word_dest ? video_saturate_shifted(tmp, r.dest_signed)
                                                  : video_saturate(tmp, r);
  }
  const auto bits = static_cast<uint32_t>(tmp);
  switch (r.dest_select) {
    case VideoSelect::b0:
    case VideoSelect::b1:
    case VideoSelect::b2:
    case VideoSelect::b3: {
      const int shift = 8 * static_cast<int>(r.dest_select);
      return (c & ~(0xffu << shift)) | ((bits & 0xffu) << shift);
    }
    case VideoSelect::h0:
      return (c & 0xffff0000u) | (bits & 0xffffu);
    case VideoSelect::h1:
      return (c & 0x0000ffffu) | (bits & 0xffff0000u);
    case VideoSelect::word:
      break;
  }
  if (r.secondary == VideoSecondary::none) return bits;
  if (r.secondary == VideoSecondary::add) return bits + c;
  const bool word_held = held == VideoHeld::word || (held == VideoHeld::shifted && r.saturate);
  const int64_t held_value = word_held ? sign_extend_word(tmp) : tmp;
  const bool take_c =
      r.dest_signed
          ? (r.secondary == VideoSecondary::max) == (held_value < static_cast<int32_t>(c))
          : (r.secondary == VideoSecondary::max) == (static_cast<uint64_t>(held_value) < c);
  return take_c ? c : bits;
}

constexpr uint32_t video_op(VideoOp op, VideoOperand a, VideoOperand b, uint32_t c,
                            const VideoResult& r) {
  const int64_t x = video_extract(a);
  const int64_t y = video_extract(b);
  int64_t tmp = 0;
  switch (op) {
    case VideoOp::add:
      tmp = x + y;
      break;
    case VideoOp::sub:
      tmp = x - y;
      break;
    case VideoOp::absdiff:
      tmp = x > y ? x - y : y - x;
      break;
    case VideoOp::min:
      tmp = x < y ? x : y;
      break;
    case VideoOp::max:
      tmp = x > y ? x : y;
      break;
  }
  const bool word = op == VideoOp::add || op == VideoOp::sub;
  return video_finish(tmp, c, r, word ? VideoHeld::word : VideoHeld::exact);
}

enum class VideoShift : uint8_t { left, right };

// vshl/vshr: the shift amount is clamped to 32 (.clamp) or taken mod 32
// (.wrap); vshr of a signed operand shifts arithmetically.
constexpr uint32_t video_shift(VideoShift dir, bool wrap, VideoOperand a, VideoOperand b,
                               uint32_t c, const VideoResult& r) {
  const int64_t x = video_extract(a);
  const uint64_t raw = static_cast<uint64_t>(video_extract(b)) & 0xffffffffu;
  const uint32_t n =
      wrap ? static_cast<uint32_t>(raw & 31) : static_cast<uint32_t>(raw > 32 ? 32 : raw);
  // Shifts of up to 32 places keep every bit in 64 bits; video_finish then
  // saturates or truncates to the destination.
  if (dir == VideoShift::right) return video_finish(x >> n, c, r);
  return video_finish(static_cast<int64_t>(static_cast<uint64_t>(x) << n), c, r,
                      VideoHeld::shifted);
}

enum class VideoScale : uint8_t { none, shr7, shr15 };

struct VideoMad {
  bool negate_a = false;
  bool negate_b = false;
  bool negate_c = false;
  bool plus_one = false;  // .po
  VideoScale scale = VideoScale::none;
  bool saturate = false;
};

// vmad: a*b + c on 128-bit intermediates. Negating the product or c uses the
// one's complement plus a carry-in of one; .po adds one without negation.
// Measured on an H100: c, and a or b when it is a whole word, are
// sign-extended even when their type is unsigned (visible through .sat and
// .shr7/.shr15: 0xffffffff * 1 + 2 saturates to 1, not to 0xffffffff).
constexpr uint32_t video_mad(VideoOperand a, VideoOperand b, uint32_t c, const VideoMad& m) {
  __extension__ typedef __int128 wide_t;
  const bool signed_final = a.is_signed || b.is_signed || (m.negate_a != m.negate_b) || m.negate_c;
  const auto widened = [](VideoOperand x) {
    if (x.select == VideoSelect::word) x.is_signed = true;
    return video_extract(x);
  };
  wide_t tmp = wide_t{widened(a)} * widened(b);
  wide_t addend = wide_t{static_cast<int32_t>(c)};
  int lsb = 0;
  if (m.plus_one) {
    lsb = 1;
  } else if (m.negate_a != m.negate_b) {
    tmp = ~tmp;
    lsb = 1;
  } else if (m.negate_c) {
    addend = wide_t{static_cast<int32_t>(~c)};
    lsb = 1;
  }
  tmp = tmp + addend + lsb;
  // The scale shifts arithmetically when the result is signed and logically
  // (as an unsigned 128-bit value) when not: measured on an H100, an
  // unsigned .shr7.sat of a negative a*b + c gives 0xffffffff, not 0.
  const int shift = m.scale == VideoScale::shr7 ? 7 : (m.scale == VideoScale::shr15 ? 15 : 0);
  __extension__ typedef unsigned __int128 uwide_t;
  tmp = signed_final ? tmp >> shift : static_cast<wide_t>(static_cast<uwide_t>(tmp) >> shift);
  if (m.saturate) {
    if (signed_final) {
      tmp = tmp > INT32_MAX ? wide_t{INT32_MAX} : (tmp < INT32_MIN ? wide_t{INT32_MIN} : tmp);
    } else {
      tmp = tmp > UINT32_MAX ? wide_t{UINT32_MAX} : (tmp < 0 ? wide_t{0} : tmp);
    }
  }
  return static_cast<uint32_t>(tmp);
}

enum class VideoCompare : uint8_t { eq, ne, lt, le, gt, ge };

constexpr bool video_compare(VideoCompare cmp, int64_t x, int64_t y) {
  switch (cmp) {
    case VideoCompare::eq:
      return x == y;
    case VideoCompare::ne:
      return x != y;
    case VideoCompare::lt:
      return x < y;
    case VideoCompare::le:
      return x <= y;
    case VideoCompare::gt:
      return x > y;
    case VideoCompare::ge:
      return x >= y;
  }
  return false;
}

// vset: 1 when the comparison holds, else 0; then secondary op or merge.
constexpr uint32_t video_set(VideoCompare cmp, VideoOperand a, VideoOperand b, uint32_t c,
                             const VideoResult& r) {
  const int64_t tmp = video_compare(cmp, video_extract(a), video_extract(b)) ? 1 : 0;
  return video_finish(tmp, c, r);
}

}  // namespace smsim::isa::sem
