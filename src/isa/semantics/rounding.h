// Rounding modes of PTX arithmetic and conversions.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

// PTX spells these .rn/.rz/.rm/.rp; .rna (ties away from zero) exists only for
// cvt.rna.tf32.f32. The integer-result forms .rni/.rzi/.rmi/.rpi use the same
// directions.
enum class Rounding : uint8_t {
  nearest_even,
  toward_zero,
  toward_negative,
  toward_positive,
  nearest_away,
};

}  // namespace smsim::isa::sem
