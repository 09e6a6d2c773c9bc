#pragma once
// Float helpers shared by the float and conversion executors: the rounding
// mode an instruction asks for applied to the host FPU for the duration of
// one instruction, flush-to-zero, and the hardware's canonical NaN.

#include <bit>
#include <cfenv>
#include <cmath>
#include <cstdint>
#include <limits>

#include "func/decode/decoded_instruction.h"

namespace smsim::func {

// Sets the host rounding mode for a directed-rounding instruction and
// restores round-to-nearest after it. The executors read their operands from
// and write their results to memory between the two calls, so the compiler
// cannot move the arithmetic outside them.
class ScopedRounding {
 public:
  explicit ScopedRounding(Rounding r) : active_(mode(r) != FE_TONEAREST) {
    if (active_) std::fesetround(mode(r));
  }
  ~ScopedRounding() {
    if (active_) std::fesetround(FE_TONEAREST);
  }
  ScopedRounding(const ScopedRounding&) = delete;
  ScopedRounding& operator=(const ScopedRounding&) = delete;

  static int mode(Rounding r) {
    switch (r) {
      case Rounding::rz:
      case Rounding::rzi:
        return FE_TOWARDZERO;
      case Rounding::rm:
      case Rounding::rmi:
        return FE_DOWNWARD;
      case Rounding::rp:
      case Rounding::rpi:
        return FE_UPWARD;
      case Rounding::none:
      case Rounding::rn:
      case Rounding::rna:
      case Rounding::rni:
        return FE_TONEAREST;
    }
    return FE_TONEAREST;
  }

 private:
  bool active_;
};

// f32 arithmetic on NVIDIA GPUs writes one canonical NaN whatever NaN came
// in. f64 arithmetic returns its first NaN operand quieted, and an invalid
// operation writes the negative default NaN 0xFFF8000000000000 (measured on
// an H100, see isa/semantics/gpu_nan.h) -- which is what the host FPU does,
// so f64 results pass through unchanged (fma's operand order is handled by
// its executors).
inline constexpr std::uint32_t kCanonicalNaN32 = 0x7FFF'FFFF;

template <typename F>
F canonical(F v) {
  if constexpr (sizeof(F) == 4) {
    // v != v only for NaN; written as a select so that loops vectorise.
    return v != v ? std::bit_cast<float>(kCanonicalNaN32) : v;
  } else {
    return v;
  }
}

// fma.f64 with a NaN operand returns a, else c, else b, quieted.
inline double fma_nan_f64(double a, double b, double c) {
  const auto quiet = [](double x) {
    return std::bit_cast<double>(std::bit_cast<std::uint64_t>(x) | 0x0008'0000'0000'0000ull);
  };
  if (std::isnan(a)) return quiet(a);
  if (std::isnan(c)) return quiet(c);
  return quiet(b);
}

// .ftz: subnormal inputs and results become zero of the same sign.
template <typename F>
F flush(F v) {
  return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(F{0}, v) : v;
}

}  // namespace smsim::func
