// Texture instructions on texture objects: tex (1d, 2d, 3d, a1d, a2d, cube,
// acube; float or integer coordinates; tex.level and tex.grad on mipmapped
// textures), tld4 (2D gather), txq and suq. The handle operand is
// the address of a TextureHeader (func/texture); sampling itself is
// isa/semantics/texture_sampling.

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/texture_access.h"
#include "isa/semantics/texture_query.h"

namespace smsim::func {
namespace {

using isa::Modifier;
namespace sem = isa::sem;

// Where the level of detail comes from: level 0, the operand of tex.level,
// or the gradients of tex.grad.
enum class LodSource : std::uint8_t { none, level, grad };

// A lane's coordinates and level-of-detail operands.
struct TexCoords {
  float xyz[3] = {0, 0, 0};
  std::int32_t ixyz[3] = {0, 0, 0};
  std::uint32_t layer = 0;
  float lod = 0.0f;
  float ddx[2] = {0, 0}, ddy[2] = {0, 0};
};

float read_f32(const ExecContext& c, const Operand& op, unsigned lane) {
  return std::bit_cast<float>(static_cast<std::uint32_t>(read(c, op, lane)));
}

// tex.cube takes {x, y, z, unused}, tex.acube {cube, x, y, z}; the other
// geometries as `Geometry` says. The LOD operand or the two gradient
// vectors (one component per axis) follow the coordinates.
template <LodSource kLod, bool kCube>
TexCoords read_coords(const ExecContext& c, const DecodedInstruction& in, unsigned lane) {
  TexCoords t;
  unsigned next = 0;
  int axes = 0;
  if constexpr (kCube) {
    if (in.mode == Modifier::Acube)
      t.layer = static_cast<std::uint32_t>(read(c, in.src[next++], lane));
    for (float& v : t.xyz) v = read_f32(c, in.src[next++], lane);
    next = 4;
  } else {
    const Geometry g = geometry_of(in.mode);
    if (g.layered) t.layer = static_cast<std::uint32_t>(read(c, in.src[next++], lane));
    for (int k = 0; k < g.axes; ++k) {
      const auto bits = static_cast<std::uint32_t>(read(c, in.src[next++], lane));
      t.xyz[k] = std::bit_cast<float>(bits);
      t.ixyz[k] = static_cast<std::int32_t>(bits);
    }
    next = g.sources();
    axes = g.axes;
  }
  if constexpr (kLod == LodSource::level) t.lod = read_f32(c, in.src[next], lane);
  if constexpr (kLod == LodSource::grad) {
    for (int k = 0; k < axes; ++k) t.ddx[k] = read_f32(c, in.src[next + k], lane);
    for (int k = 0; k < axes; ++k) t.ddy[k] = read_f32(c, in.src[next + axes + k], lane);
  }
  return t;
}

sem::TexSampler sampler_of(const TextureHeader& h) {
  sem::TexSampler s;
  s.axes = h.dimensions;
  s.size[0] = h.width;
  s.size[1] = h.height;
  s.size[2] = h.depth;
  for (int k = 0; k < 3; ++k) s.address[k] = h.address[k];
  s.filter = h.filter;
  s.normalized = h.normalized_coords;
  s.format = h.format;
  s.normalized_read = h.normalized_read;
  s.border = sem::border_texel(h.border, h.format, h.normalized_read);
  // The texture unit samples a 1D CUDA array as a 2D one of height 1 at
  // y = 0: in border mode linear filtering mixes in half the border color
  // (tests/conformance/golden/h100/textures.out, array1d/linear_border_*).
  if (h.dimensions == 1 && !h.layered) {
    s.axes = 2;
    s.size[1] = 1;
  }
  return s;
}

// tex1Dfetch on linear memory: texel `index`, zeros outside.
sem::TexelChannels fetch_linear(const ExecContext& c, const TextureHeader& h, std::int64_t index) {
  if (index < 0 || index >= h.width) return {};
  return sem::texel_result(load_texel(c, h, index, 0, 0, 0), h.format, h.normalized_read);
}

// What sampling one level needs besides its texels: the sampler and the
// coordinates as the texture unit takes them.
struct LevelSampling {
  sem::TexSampler sampler;
  float coords[3] = {0, 0, 0};
};

LevelSampling prepare_level(const TextureHeader& h, const float* xyz, const std::int32_t* ixyz,
                            bool integer_coords) {
  LevelSampling out{.sampler = sampler_of(h), .coords = {xyz[0], xyz[1], xyz[2]}};
  if (integer_coords) {
    // Integer coordinates name texels: no filtering, no normalization.
    out.sampler.filter = sem::TexFilter::point;
    out.sampler.normalized = false;
    for (int k = 0; k < 3; ++k) out.coords[k] = static_cast<float>(ixyz[k]) + 0.5f;
  }
  if (h.dimensions == 1 && !h.layered) out.coords[1] = 0.0f;
  return out;
}

// The LOD of a lane: the operand, the gradients' (scaled to texels of
// level 0), or 0.
template <LodSource kLod>
float lane_lod(const TextureHeader& h, const TexCoords& t) {
  if constexpr (kLod == LodSource::level) return t.lod;
  if constexpr (kLod == LodSource::grad) {
    float ddx[2] = {t.ddx[0], t.ddx[1]}, ddy[2] = {t.ddy[0], t.ddy[1]};
    if (h.normalized_coords) {
      const float size[2] = {static_cast<float>(h.width), static_cast<float>(h.height)};
      for (int k = 0; k < 2; ++k) {
        ddx[k] *= size[k];
        ddy[k] *= size[k];
      }
    }
    return sem::gradient_lod(ddx, ddy, h.dimensions == 1 ? 1 : 2);
  }
  return 0.0f;
}

// Samples the level the LOD selects, or filters between two levels
// (sem::sample_between_levels). `at(level)` gives a level's header as it is
// sampled and `layer` the layer read.
template <typename LevelAt>
sem::TexelChannels sample_mipmapped(const ExecContext& c, const TextureHeader& h, float lod,
                                    const float* xyz, const std::int32_t* ixyz, bool integer_coords,
                                    std::uint32_t layer, LevelAt&& at) {
  std::int32_t levels[2] = {0, 0};
  std::int32_t weight = 0;
  if (h.levels > 1) {
    sem::MipSampler ms = h.mip;
    ms.levels = h.levels;
    const sem::MipLevels chosen = sem::select_mip_levels(ms, lod);
    levels[0] = chosen.level[0];
    levels[1] = chosen.level[1];
    weight = chosen.weight;
  }
  const TextureHeader first = at(levels[0]);
  const LevelSampling s0 = prepare_level(first, xyz, ixyz, integer_coords);
  if (weight == 0) {
    return sem::sample_texture(s0.sampler, s0.coords,
                               [&](std::int32_t x, std::int32_t y, std::int32_t z) {
                                 return load_texel(c, first, x, y, z, layer);
                               });
  }
  const TextureHeader second = at(levels[1]);
  const LevelSampling s1 = prepare_level(second, xyz, ixyz, integer_coords);
  return sem::sample_between_levels(s0.sampler, s1.sampler, s0.coords, weight,
                                    [&](int level, std::int32_t x, std::int32_t y, std::int32_t z) {
                                      return load_texel(c, level == 0 ? first : second, x, y, z,
                                                        layer);
                                    });
}

template <LodSource kLod, bool kCube>
sem::TexelChannels sample_lane(const ExecContext& c, const DecodedInstruction& in,
                               const TextureHeader& h, const TexCoords& t) {
  const bool integer_coords = in.type2 != isa::Type::F32;
  if (h.shape == TextureShape::linear) {
    return fetch_linear(c, h, integer_coords ? t.ixyz[0] : static_cast<std::int64_t>(t.xyz[0]));
  }
  if constexpr (kCube) {
    // The face is sampled as one layer of a 2D array at normalized
    // coordinates with the texture's address modes (wrap and clamp
    // measured), without filtering across faces (tools/probes/README.md,
    // texture_mipmaps: cube*).
    const sem::CubeFace f = sem::cube_face(t.xyz[0], t.xyz[1], t.xyz[2]);
    const std::uint32_t cubes = static_cast<std::uint32_t>(h.layers) / 6;
    const std::uint32_t cube = in.mode == Modifier::Acube ? std::min(t.layer, cubes - 1) : 0;
    const float st[3] = {f.s, f.t, 0.0f};
    const std::int32_t unused[3] = {0, 0, 0};
    return sample_mipmapped(c, h, lane_lod<kLod>(h, t), st, unused, false,
                            cube * 6 + static_cast<std::uint32_t>(f.face), [&](std::int32_t l) {
                              TextureHeader level = level_header(h, l);
                              level.normalized_coords = true;
                              return level;
                            });
  }
  const std::uint32_t layer = h.layered ? clamp_layer(h, t.layer) : 0;
  return sample_mipmapped(c, h, lane_lod<kLod>(h, t), t.xyz, t.ixyz, integer_coords, layer,
                          [&](std::int32_t l) { return level_header(h, l); });
}

template <bool kGather, LodSource kLod = LodSource::none, bool kCube = false>
void texture_fetch(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  sem::TexelChannels out[kWarpSize];
  HeaderCache headers;
  bool failed = false;
  for_each_lane(mask, [&](unsigned lane) {
    if (failed) return;
    const TextureHeader* h = headers.get(c, in, lane, /*surface=*/false);
    if (h == nullptr) {
      failed = true;
      return;
    }
    const TexCoords t = read_coords<kLod, kCube>(c, in, lane);
    if constexpr (kGather) {
      const int channel = in.combine == Modifier::R   ? 0
                          : in.combine == Modifier::G ? 1
                          : in.combine == Modifier::B ? 2
                                                      : 3;
      const std::uint32_t layer = h->layered ? clamp_layer(*h, t.layer) : 0;
      out[lane] = sem::gather_texture(sampler_of(*h), t.xyz, channel,
                                      [&](std::int32_t x, std::int32_t y, std::int32_t z) {
                                        return load_texel(c, *h, x, y, z, layer);
                                      });
    } else {
      out[lane] = sample_lane<kLod, kCube>(c, in, *h, t);
    }
  });
  if (failed) return;
  for_each_lane(mask, [&](unsigned lane) {
    for (unsigned k = 0; k < in.dst_count; ++k) write(c, in.dst[k], lane, out[lane][k]);
  });
}

sem::TexObjectSize size_of(const TextureHeader& h) {
  return sem::queried_size({.dimensions = h.dimensions,
                            .layered = h.layered,
                            .linear = h.shape == TextureShape::linear,
                            .surface = h.surface,
                            .width = static_cast<std::uint32_t>(h.width),
                            .height = static_cast<std::uint32_t>(h.height),
                            .depth = static_cast<std::uint32_t>(h.depth),
                            .layers = static_cast<std::uint32_t>(h.layers)});
}

// The sizes; the queries that read the descriptor never reach the engine
// (func/decode/descriptor_query.h: the H100 does not run their kernels).
std::uint64_t query(const TextureHeader& h, Modifier what) {
  switch (what) {
    case Modifier::Width:
      return size_of(h).width;
    case Modifier::Height:
      return size_of(h).height;
    case Modifier::Depth:
      return size_of(h).depth;
    default:
      assert(false && "select_texture accepts only the sizes");
      return 0;
  }
}

// txq and suq: a property of the object behind the handle.
template <bool kSurface>
void texture_query(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  std::uint64_t out[kWarpSize];
  HeaderCache headers;
  bool failed = false;
  for_each_lane(mask, [&](unsigned lane) {
    if (failed) return;
    const TextureHeader* h = headers.get(c, in, lane, kSurface);
    if (h == nullptr) {
      failed = true;
      return;
    }
    if (in.src_count == 1) {
      const auto lod = static_cast<std::int32_t>(read(c, in.src[0], lane));
      out[lane] =
          sem::txq_level_extent(static_cast<std::uint32_t>(query(*h, in.mode)), lod, h->levels);
    } else {
      out[lane] = query(*h, in.mode);
    }
  });
  if (failed) return;
  for_each_lane(mask, [&](unsigned lane) { write(c, in.dst[0], lane, out[lane]); });
}

}  // namespace

ExecFn select_texture(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  using isa::Opcode;
  if (spec.opcode == Opcode::Txq || spec.opcode == Opcode::Suq) {
    // The sizes: the other queries read the descriptor, which the H100
    // cannot (func/decode/descriptor_query.h); the decoder keeps them away.
    for (Modifier m : {Modifier::Width, Modifier::Height, Modifier::Depth}) {
      if (spec.has(m)) in.mode = m;
    }
    const bool level = spec.has(Modifier::Level);
    if (in.mode == Modifier::Count) {
      why = "txq/suq needs a query";
      return nullptr;
    }
    if (level ? !(spec.opcode == Opcode::Txq && in.src_count == 1) : in.src_count != 0) {
      why = "txq.level takes .width, .height or .depth and one level operand";
      return nullptr;
    }
    return spec.opcode == Opcode::Txq ? &texture_query<false> : &texture_query<true>;
  }
  const bool cube = spec.has(Modifier::Cube) || spec.has(Modifier::Acube);
  in.mode = cube ? (spec.has(Modifier::Cube) ? Modifier::Cube : Modifier::Acube)
                 : geometry_modifier(spec);
  const Geometry g = geometry_of(in.mode);
  if (g.axes == 0 && !cube) {
    why = "only the 1d, 2d, 3d, a1d, a2d, cube and acube geometries are implemented";
    return nullptr;
  }
  const LodSource lod = spec.has(Modifier::Level)  ? LodSource::level
                        : spec.has(Modifier::Grad) ? LodSource::grad
                                                   : LodSource::none;
  if (spec.has(Modifier::Base)) {
    why = "tex.base is not implemented";
    return nullptr;
  }
  if (lod == LodSource::grad && (cube || g.axes == 3)) {
    // The H100's LOD from gradients is measured for 2D only
    // (tools/probes/texture_grad_probe.cu); 3D and cube footprints differ.
    why = "tex.grad is implemented for the 1d, 2d, a1d and a2d geometries";
    return nullptr;
  }
  if (cube && lod != LodSource::none) {
    why = "tex.level on cube maps is not implemented (mipmapped cube maps are refused)";
    return nullptr;
  }
  const unsigned coordinate_sources = cube ? 4 : g.sources();
  const unsigned lod_sources = lod == LodSource::level  ? 1
                               : lod == LodSource::grad ? 2 * static_cast<unsigned>(g.axes)
                                                        : 0;
  const bool float_coords = in.type2 == isa::Type::F32;
  const bool int_coords = in.type2 == isa::Type::S32 && !cube && lod == LodSource::none;
  const bool word_result = isa::type_bits(in.type) == 32;
  if (!(float_coords || int_coords) || !word_result || in.dst_count != 4 ||
      in.src_count != coordinate_sources + lod_sources) {
    why =
        "only .v4 results of 32-bit types with .f32 coordinates (.s32 for plain tex), without a "
        "predicate destination, offsets or depth comparison, are implemented";
    return nullptr;
  }
  if (spec.opcode == Opcode::Tld4) {
    in.combine = spec.has(Modifier::R)   ? Modifier::R
                 : spec.has(Modifier::G) ? Modifier::G
                 : spec.has(Modifier::B) ? Modifier::B
                                         : Modifier::A;
    if (in.mode != Modifier::Dim2d || !float_coords || lod != LodSource::none) {
      why = "tld4 is implemented for .2d with .f32 coordinates";
      return nullptr;
    }
    return &texture_fetch<true>;
  }
  if (cube) return &texture_fetch<false, LodSource::none, true>;
  switch (lod) {
    case LodSource::level:
      return &texture_fetch<false, LodSource::level>;
    case LodSource::grad:
      return &texture_fetch<false, LodSource::grad>;
    case LodSource::none:
      break;
  }
  return &texture_fetch<false>;
}

namespace {

// istypep on a register: false for .texref, .samplerref and .surfref alike.
// The H100 answers so for texture and surface objects (matrix_movement's
// istypep case): ptxas decides istypep from a variable's declared type, and
// a 64-bit register has none. (Module-scope .texref/.samplerref/.surfref
// variables have no storage in the engine: an instruction naming one is a
// load-time error of the loader.)
void query_register_type(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) { write(c, in.dst[0], lane, 0); });
}

}  // namespace

ExecFn select_type_query(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  const bool one_kind =
      spec.has(Modifier::Texref) || spec.has(Modifier::Samplerref) || spec.has(Modifier::Surfref);
  if (!one_kind || in.dst_count != 1 || in.src_count != 1 ||
      spec.operands.back().kind != SpecOperand::Kind::reg) {
    why = "istypep takes .texref, .samplerref or .surfref, a predicate and a 64-bit register";
    return nullptr;
  }
  return &query_register_type;
}

}  // namespace smsim::func
