// cvt between integer and float types of every width the engine supports
// (8..64-bit integers, f32, f64): integer extension/truncation and
// saturation, float rounding to integers with the hardware's clamping of
// out-of-range values (NaN becomes 0), and float-to-float rounding.

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "func/ops/wide_int.h"

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/float_rounding.h"

namespace smsim::func {
namespace {

using isa::Type;

enum class Kind : std::uint8_t { sint, uint, f32, f64 };

struct Shape {
  Kind kind;
  unsigned bits;
};

std::optional<Shape> shape_of(Type t) {
  switch (t) {
    case Type::U8: return Shape{Kind::uint, 8};
    case Type::U16: return Shape{Kind::uint, 16};
    case Type::U32: return Shape{Kind::uint, 32};
    case Type::U64: return Shape{Kind::uint, 64};
    case Type::S8: return Shape{Kind::sint, 8};
    case Type::S16: return Shape{Kind::sint, 16};
    case Type::S32: return Shape{Kind::sint, 32};
    case Type::S64: return Shape{Kind::sint, 64};
    case Type::F32: return Shape{Kind::f32, 32};
    case Type::F64: return Shape{Kind::f64, 64};
    default: return std::nullopt;
  }
}

// A source value held exactly: integers as 128-bit, floats as double.
struct Value {
  bool is_float = false;
  Int128 integer = 0;
  double real = 0;
};

Value load(Shape s, std::uint64_t bits, bool ftz) {
  Value v;
  switch (s.kind) {
    case Kind::uint: v.integer = static_cast<Int128>(bits & width_mask(s.bits)); break;
    case Kind::sint: {
      const unsigned shift = 64 - s.bits;
      v.integer = static_cast<std::int64_t>(bits << shift) >> shift;
      break;
    }
    case Kind::f32: {
      const float f = from_bits<float>(bits);
      v.is_float = true;
      v.real = ftz ? flush(f) : f;
      break;
    }
    case Kind::f64:
      v.is_float = true;
      v.real = ftz ? flush(from_bits<double>(bits)) : from_bits<double>(bits);
      break;
  }
  return v;
}

Int128 int_min(Shape s) {
  return s.kind == Kind::uint ? 0 : -(static_cast<Int128>(1) << (s.bits - 1));
}
Int128 int_max(Shape s) {
  return s.kind == Kind::uint ? (static_cast<Int128>(1) << s.bits) - 1
                              : (static_cast<Int128>(1) << (s.bits - 1)) - 1;
}

double round_integral(double x, Rounding r) {
  switch (r) {
    case Rounding::rzi: return std::trunc(x);
    case Rounding::rmi: return std::floor(x);
    case Rounding::rpi: return std::ceil(x);
    case Rounding::rni: return std::nearbyint(x);  // the FPU is in round-to-nearest-even
    default: return x;
  }
}

std::uint64_t to_integer(const Value& v, Shape d, Rounding r, bool saturate) {
  Int128 i;
  if (v.is_float) {
    // Float to integer always clamps; NaN gives 0.
    if (std::isnan(v.real)) return 0;
    const double x = round_integral(v.real, r);
    if (x <= static_cast<double>(int_min(d))) {
      i = int_min(d);
    } else if (x >= static_cast<double>(int_max(d))) {
      i = int_max(d);
    } else {
      i = static_cast<Int128>(x);
    }
  } else {
    i = v.integer;
    if (saturate) i = std::clamp(i, int_min(d), int_max(d));
  }
  return static_cast<std::uint64_t>(i) & width_mask(d.bits);
}

template <typename F>
F integer_to_float(Int128 i) {
  // Sources are at most 64 bits wide; the 64-bit conversions honour the
  // host rounding mode.
  if (i >= 0) return static_cast<F>(static_cast<std::uint64_t>(i));
  return static_cast<F>(static_cast<std::int64_t>(i));
}

std::uint64_t to_float(const Value& v, Shape d, const DecodedInstruction& in) {
  ScopedRounding rounding(in.rounding);
  if (d.kind == Kind::f32) {
    float f;
    if (v.is_float) {
      f = in.rounding >= Rounding::rni ? static_cast<float>(round_integral(v.real, in.rounding))
                                       : static_cast<float>(v.real);
    } else {
      f = integer_to_float<float>(v.integer);
    }
    if (in.has(kFtz)) f = flush(f);
    if (in.has(kSat)) f = std::isnan(f) ? 0.0f : std::clamp(f, 0.0f, 1.0f);
    return to_bits(canonical(f));
  }
  double x = v.is_float ? round_integral(v.real, in.rounding) : integer_to_float<double>(v.integer);
  if (in.has(kSat)) x = std::isnan(x) ? 0.0 : std::clamp(x, 0.0, 1.0);
  return to_bits(canonical(x));
}

void cvt(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const Shape dst = *shape_of(in.type);
  const Shape src = *shape_of(in.type2);
  const bool dst_float = dst.kind == Kind::f32 || dst.kind == Kind::f64;
  for_each_lane(mask, [&](unsigned lane) {
    const Value v = load(src, read(c, in.src[0], lane), in.has(kFtz));
    const std::uint64_t r = dst_float ? to_float(v, dst, in)
                                      : to_integer(v, dst, in.rounding, in.has(kSat));
    // A signed destination narrower than its register is sign-extended.
    std::uint64_t out = r;
    if (dst.kind == Kind::sint && dst.bits < 64) {
      const unsigned shift = 64 - dst.bits;
      out = static_cast<std::uint64_t>(static_cast<std::int64_t>(r << shift) >> shift);
    }
    write(c, in.dst[0], lane, out);
  });
}

}  // namespace

ExecFn select_convert(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (spec.type_count < 2) {
    why = "cvt needs a destination and a source type";
    return nullptr;
  }
  const auto dst = shape_of(spec.type(0));
  const auto src = shape_of(spec.type(1));
  if (!dst || !src) {
    why = fmt::format("cvt.{}.{} is not implemented", isa::type_name(spec.type(0)),
                      isa::type_name(spec.type(1)));
    return nullptr;
  }
  in.type2 = spec.type(1);
  return &cvt;
}

}  // namespace smsim::func
