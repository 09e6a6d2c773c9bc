#pragma once
// What txq answers for a texture's sampler state, as the PTX ISA defines the
// encodings (txq: filter_mode is an integer of enum {nearest, linear};
// addr_mode_i of enum {wrap, mirror, clamp_ogl, clamp_to_edge,
// clamp_to_border}). CUDA's clamp is clamp-to-edge and its border
// clamp-to-border. Not measured on the H100 (no CUDA intrinsic issues these
// queries; inline PTX does).

#include <cstdint>

#include "isa/semantics/texture_sampling.h"

namespace smsim::isa::sem {

enum class TxqFilterMode : std::uint32_t { nearest = 0, linear = 1 };
enum class TxqAddressMode : std::uint32_t {
  wrap = 0,
  mirror = 1,
  clamp_ogl = 2,
  clamp_to_edge = 3,
  clamp_to_border = 4,
};

constexpr std::uint32_t txq_filter_mode(TexFilter f) {
  return static_cast<std::uint32_t>(f == TexFilter::linear ? TxqFilterMode::linear
                                                           : TxqFilterMode::nearest);
}

constexpr std::uint32_t txq_address_mode(TexAddress a) {
  switch (a) {
    case TexAddress::wrap:
      return static_cast<std::uint32_t>(TxqAddressMode::wrap);
    case TexAddress::mirror:
      return static_cast<std::uint32_t>(TxqAddressMode::mirror);
    case TexAddress::border:
      return static_cast<std::uint32_t>(TxqAddressMode::clamp_to_border);
    case TexAddress::clamp:
      return static_cast<std::uint32_t>(TxqAddressMode::clamp_to_edge);
  }
  return static_cast<std::uint32_t>(TxqAddressMode::clamp_to_edge);
}

}  // namespace smsim::isa::sem
