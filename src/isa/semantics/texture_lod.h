// Mipmap level selection and cube-map faces as the H100's texture unit does
// them (tools/probes/README.md "Texture and surface query probes", measured
// with tools/probes/texture_queries_probe.cu and texture_grad_probe.cu):
// - the level of detail (LOD) of tex.level is its operand; tex.grad derives
//   it from the gradients (gradient_lod);
// - the LOD plus the sampler's bias is clamped to [min, max] clamp and to the
//   levels there are;
// - point mipmap filtering takes the nearest level, halves rounded up;
// - linear mipmap filtering blends the two levels around the LOD, the second
//   with the LOD's fraction cut to 1/256 (towards zero).
#pragma once

#include <cstdint>

#include "isa/semantics/texture_sampling.h"

namespace smsim::isa::sem {

struct MipSampler {
  TexFilter filter = TexFilter::point;  // between levels
  float bias = 0.0f;
  float min_clamp = 0.0f, max_clamp = 0.0f;
  std::int32_t levels = 1;
};

// The level or two levels a sample reads: level[1] gets `weight` (in 1/256),
// level[0] the rest; weight 0 reads level[0] alone.
struct MipLevels {
  std::int32_t level[2] = {0, 0};
  std::int32_t weight = 0;
};

MipLevels select_mip_levels(const MipSampler& s, float lod);

// log2 of a length as the texture unit computes it, in steps of 1/256: the
// exponent plus a measured table of the top eight fraction bits. 0 gives
// -inf.
float log2_lod(double length);

// The LOD of tex.grad from the two gradient vectors, given in texels of
// level 0 (`axes` = 1 or 2 components each): each component cut to 10
// significant bits; the extent is the longer gradient or 11/16 of the
// longer diagonal of their parallelogram, lengths estimated as the longer
// component plus 11/32 of the shorter; then log2_lod. Measured on the H100
// for 2D (tools/probes/texture_grad_probe.cu, tools/probes/README.md):
// every recorded gradient along an axis, single gradient on a 1/4-texel
// grid and rotated square footprint matches; of gradients with components
// in finer steps 89-99% match and the rest differ by 1 or 2 steps of 1/256
// (a precision detail not found). 1D is taken as 2D with zero y components
// (not measured).
float gradient_lod(const float* ddx, const float* ddy, int axes);

// The face of a cube map a direction points at, and the face's normalized
// coordinates (s, t) in [0, 1].
struct CubeFace {
  std::int32_t face = 0;  // +x, -x, +y, -y, +z, -z
  float s = 0.0f, t = 0.0f;
};

CubeFace cube_face(float x, float y, float z);

}  // namespace smsim::isa::sem
