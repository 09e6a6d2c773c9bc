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
      case Rounding::rzi: return FE_TOWARDZERO;
      case Rounding::rm:
      case Rounding::rmi: return FE_DOWNWARD;
      case Rounding::rp:
      case Rounding::rpi: return FE_UPWARD;
      case Rounding::none:
      case Rounding::rn:
      case Rounding::rna:
      case Rounding::rni: return FE_TONEAREST;
    }
    return FE_TONEAREST;
  }

 private:
  bool active_;
};

// NVIDIA GPUs return one canonical NaN from arithmetic, whatever NaN came in.
inline constexpr std::uint32_t kCanonicalNaN32 = 0x7FFF'FFFF;
inline constexpr std::uint64_t kCanonicalNaN64 = 0x7FFF'FFFF'FFFF'FFFF;

template <typename F>
F canonical(F v) {
  // v != v only for NaN; written as a select so that loops vectorise.
  F nan;
  if constexpr (sizeof(F) == 4) {
    nan = std::bit_cast<float>(kCanonicalNaN32);
  } else {
    nan = std::bit_cast<double>(kCanonicalNaN64);
  }
  return v != v ? nan : v;
}

// .ftz: subnormal inputs and results become zero of the same sign.
template <typename F>
F flush(F v) {
  return std::fpclassify(v) == FP_SUBNORMAL ? std::copysign(F{0}, v) : v;
}

}  // namespace smsim::func
