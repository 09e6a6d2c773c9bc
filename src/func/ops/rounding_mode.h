#pragma once
// The semantics' rounding mode for a decoded instruction's rounding modifier,
// shared by the float, half and conversion executors. The integral forms
// (.rzi, .rmi, .rpi, .rni) round the same way; .rna reaches only conversions,
// which read it themselves.

#include "func/decode/decoded_instruction.h"
#include "isa/semantics/rounding.h"

namespace smsim::func {

inline isa::sem::Rounding sem_rounding(Rounding r) {
  switch (r) {
    case Rounding::rz:
    case Rounding::rzi:
      return isa::sem::Rounding::toward_zero;
    case Rounding::rm:
    case Rounding::rmi:
      return isa::sem::Rounding::toward_negative;
    case Rounding::rp:
    case Rounding::rpi:
      return isa::sem::Rounding::toward_positive;
    case Rounding::none:
    case Rounding::rn:
    case Rounding::rna:
    case Rounding::rni:
      return isa::sem::Rounding::nearest_even;
  }
  return isa::sem::Rounding::nearest_even;
}

}  // namespace smsim::func
