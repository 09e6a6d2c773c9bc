// Texture instructions on texture objects: tex (1d, 2d, 3d, a1d, a2d; float
// or integer coordinates), tld4 (2D gather), txq and suq. The handle operand is
// the address of a TextureHeader (func/texture); sampling itself is
// isa/semantics/texture_sampling.

#include <fmt/format.h>

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

// Where each coordinate sits among the sources, per geometry.
struct TexCoords {
  float xyz[3] = {0, 0, 0};
  std::int32_t ixyz[3] = {0, 0, 0};
  std::uint32_t layer = 0;
};

TexCoords read_coords(const ExecContext& c, const DecodedInstruction& in, unsigned lane) {
  const Geometry g = geometry_of(in.mode);
  TexCoords t;
  unsigned next = 0;
  if (g.layered) t.layer = static_cast<std::uint32_t>(read(c, in.src[next++], lane));
  for (int k = 0; k < g.axes; ++k) {
    const auto bits = static_cast<std::uint32_t>(read(c, in.src[next++], lane));
    t.xyz[k] = std::bit_cast<float>(bits);
    t.ixyz[k] = static_cast<std::int32_t>(bits);
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

sem::TexelChannels sample_lane(const ExecContext& c, const DecodedInstruction& in,
                               const TextureHeader& h, const TexCoords& t) {
  const bool integer_coords = in.type2 != isa::Type::F32;
  if (h.shape == TextureShape::linear) {
    return fetch_linear(c, h, integer_coords ? t.ixyz[0] : static_cast<std::int64_t>(t.xyz[0]));
  }
  const std::uint32_t layer = h.layered ? clamp_layer(h, t.layer) : 0;
  const auto fetch = [&](std::int32_t x, std::int32_t y, std::int32_t z) {
    return load_texel(c, h, x, y, z, layer);
  };
  sem::TexSampler s = sampler_of(h);
  float coords[3] = {t.xyz[0], t.xyz[1], t.xyz[2]};
  if (integer_coords) {
    // Integer coordinates name texels: no filtering, no normalization.
    s.filter = sem::TexFilter::point;
    s.normalized = false;
    for (int k = 0; k < 3; ++k) coords[k] = static_cast<float>(t.ixyz[k]) + 0.5f;
  }
  if (h.dimensions == 1 && !h.layered) coords[1] = 0.0f;
  return sem::sample_texture(s, coords, fetch);
}

template <bool kGather>
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
    const TexCoords t = read_coords(c, in, lane);
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
      out[lane] = sample_lane(c, in, *h, t);
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
      // txq.level: the engine's textures have one level (the runtime
      // refuses mipmapped arrays).
      const auto lod = static_cast<std::int32_t>(read(c, in.src[0], lane));
      out[lane] = sem::txq_level_extent(static_cast<std::uint32_t>(query(*h, in.mode)), lod, 1);
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
  in.mode = geometry_modifier(spec);
  const Geometry g = geometry_of(in.mode);
  if (g.axes == 0) {
    why = "only the 1d, 2d, 3d, a1d and a2d geometries are implemented";
    return nullptr;
  }
  if (spec.has(Modifier::Level) || spec.has(Modifier::Grad) || spec.has(Modifier::Base)) {
    why = "mipmapped sampling (.level, .grad, .base) is not implemented";
    return nullptr;
  }
  const bool float_coords = in.type2 == isa::Type::F32;
  const bool int_coords = in.type2 == isa::Type::S32;
  const bool word_result = isa::type_bits(in.type) == 32;
  if (!(float_coords || int_coords) || !word_result || in.dst_count != 4 ||
      in.src_count != g.sources()) {
    why =
        "only .v4 results of 32-bit types with .f32 or .s32 coordinates, without a predicate "
        "destination, offsets or depth comparison, are implemented";
    return nullptr;
  }
  if (spec.opcode == Opcode::Tld4) {
    in.combine = spec.has(Modifier::R)   ? Modifier::R
                 : spec.has(Modifier::G) ? Modifier::G
                 : spec.has(Modifier::B) ? Modifier::B
                                         : Modifier::A;
    if (in.mode != Modifier::Dim2d || !float_coords) {
      why = "tld4 is implemented for .2d with .f32 coordinates";
      return nullptr;
    }
    return &texture_fetch<true>;
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
  const bool one_kind = spec.has(Modifier::Texref) || spec.has(Modifier::Samplerref) ||
                        spec.has(Modifier::Surfref);
  if (!one_kind || in.dst_count != 1 || in.src_count != 1 ||
      spec.operands.back().kind != SpecOperand::Kind::reg) {
    why = "istypep takes .texref, .samplerref or .surfref, a predicate and a 64-bit register";
    return nullptr;
  }
  return &query_register_type;
}

}  // namespace smsim::func
