// Which part of a 32-bit register a scalar video operand uses (`%r.b2`,
// `%r.h1`), or the whole word; for a destination, the byte or half that the
// result is merged into. Kept apart from video_scalar.h so that the engine's
// operand records can hold one without the instruction semantics.
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

enum class VideoSelect : uint8_t { b0, b1, b2, b3, h0, h1, word };

}  // namespace smsim::isa::sem
