#pragma once
// What txq answers for a texture's sampler state, as the PTX ISA defines the
// encodings (txq: filter_mode is an integer of enum {nearest, linear};
// addr_mode_i of enum {wrap, mirror, clamp_ogl, clamp_to_edge,
// clamp_to_border}). CUDA's clamp is clamp-to-edge and its border
// clamp-to-border. No H100 value exists: a module holding any of these
// queries on a texture object fails to launch there (cudaErrorSymbolNotFound;
// tools/probes/descriptor_query_probe.cu), since ptxas reads the descriptor
// through a relocation the driver does not resolve.

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

// What txq and suq answer for .width, .height and .depth, as the H100 does
// for every object shape (tools/probes/results/h100-2026-11-22/
// texture_queries.txt, objects section): an axis the object lacks answers 0
// (the depth of a 2D array, the height of a 1D surface or of linear
// memory) except the height of a 1D array texture, which answers 1; a
// layered texture answers its layer count on the axis after its last
// (height of a 1D layered, depth of a 2D layered one).
struct TexObjectShape {
  int dimensions = 1;     // 1, 2 or 3, the layer apart
  bool layered = false;
  bool linear = false;    // linear memory (tex1Dfetch)
  bool surface = false;
  std::uint32_t width = 0, height = 0, depth = 0, layers = 0;
};

struct TexObjectSize {
  std::uint32_t width, height, depth;
};

constexpr TexObjectSize queried_size(const TexObjectShape& o) {
  TexObjectSize s{o.width, 0, 0};
  if (o.dimensions >= 2) {
    s.height = o.height;
  } else if (o.layered) {
    s.height = o.layers;
  } else if (!o.surface && !o.linear) {
    s.height = 1;
  }
  if (o.dimensions == 3) {
    s.depth = o.depth;
  } else if (o.dimensions == 2 && o.layered) {
    s.depth = o.layers;
  }
  return s;
}

// txq.level.{width,height,depth}: the extent of mipmap level `lod` of a
// texture with `levels` levels whose level 0 has extent `extent` (as
// txq.width/height/depth answer it). Measured on the H100 (2026-11-22,
// tools/probes/texture_queries_probe.cu, objects and mipmaps sections):
// a level outside [0, levels) answers 0 on every axis; level 0 of a texture
// without mipmaps answers the txq size; level L of a mipmapped 1D/2D texture
// answers extent >> L but at least 1, and an axis the texture lacks (0)
// stays 0. Layered and 3D mipmapped textures were not measured.
constexpr std::uint32_t txq_level_extent(std::uint32_t extent, std::int32_t lod,
                                         std::int32_t levels) {
  if (lod < 0 || lod >= levels) return 0;
  if (extent == 0) return 0;
  const std::uint32_t shrunk = lod >= 32 ? 0 : extent >> lod;
  return shrunk == 0 ? 1 : shrunk;
}

}  // namespace smsim::isa::sem
