#pragma once
// What txq and suq answer on texture and surface objects: the sizes. The
// other queries (sampler state, channel format, array size, mipmap levels,
// samples) read the descriptor, which the H100 cannot: a kernel holding one
// never runs there (tools/probes/results/h100-2026-11-22/texture_queries.txt).

#include <cstdint>

#include "isa/semantics/texture_sampling.h"

namespace smsim::isa::sem {

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
