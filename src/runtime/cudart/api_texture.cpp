// Texture and surface objects: the C API's resource and texture descriptors
// translated into the engine's TextureHeader (func/texture), which the
// device keeps and kernels name by handle.

#include <cuda_runtime_api.h>

#include <cstring>
#include <vector>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/array_records.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::func::TextureHeader;
using smsim::func::TextureShape;
namespace sem = smsim::isa::sem;

namespace {

// What a handle's descriptors were (kept to answer the Get*Desc queries).
struct ObjectDescriptors {
  cudaResourceDesc resource;
  cudaTextureDesc texture;
};

// Fills the memory part of a header from a CUDA array.
cudaError_t describe_array(const smsim::runtime::ArrayRecord& a, TextureHeader& h) {
  const auto format = smsim::cudart::texel_format(smsim::cudart::channel_desc(a));
  if (!format) return cudaErrorInvalidChannelDescriptor;
  h.format = *format;
  h.shape = TextureShape::array;
  h.layered = (a.flags & cudaArrayLayered) != 0;
  h.base = a.address;
  h.level_base[0] = a.address;
  h.row_pitch = a.row_bytes();
  h.slice_pitch = a.slice_bytes();
  h.width = static_cast<std::int32_t>(a.width);
  h.height = a.height == 0 ? 1 : static_cast<std::int32_t>(a.height);
  if ((a.flags & cudaArrayCubemap) != 0) {
    // The faces are layers; txq answers a cube map's depth as 0, as for a
    // plain 2D texture (texture_queries.txt, txq/cube_float).
    h.cube = true;
    h.layered = false;
    h.dimensions = 2;
    h.layers = static_cast<std::int32_t>(a.depth);
  } else if (h.layered) {
    h.dimensions = a.height == 0 ? 1 : 2;
    h.layers = static_cast<std::int32_t>(a.depth);
  } else {
    h.dimensions = a.depth != 0 ? 3 : a.height != 0 ? 2 : 1;
    h.depth = a.depth == 0 ? 1 : static_cast<std::int32_t>(a.depth);
  }
  return cudaSuccess;
}

// Fills the memory part of a header from a resource descriptor.
cudaError_t describe_resource(Context& context, const cudaResourceDesc& r, TextureHeader& h) {
  switch (r.resType) {
    case cudaResourceTypeArray: {
      const smsim::runtime::ArrayRecord* a = smsim::cudart::find_array(context, r.res.array.array);
      if (a == nullptr) return cudaErrorInvalidResourceHandle;
      return describe_array(*a, h);
    }
    case cudaResourceTypeMipmappedArray: {
      const auto it =
          context.mipmapped_arrays().find(static_cast<const void*>(r.res.mipmap.mipmap));
      if (it == context.mipmapped_arrays().end()) return cudaErrorInvalidResourceHandle;
      const auto& levels = it->second->levels;
      if (levels.size() > static_cast<std::size_t>(TextureHeader::kMaxLevels)) {
        return cudaErrorInvalidValue;
      }
      if (const auto e = describe_array(*levels[0], h); e) {
        return e;
      }
      h.levels = static_cast<std::int32_t>(levels.size());
      for (std::size_t l = 0; l < levels.size(); ++l) {
        h.level_base[l] = levels[l]->address;
      }
      return cudaSuccess;
    }
    case cudaResourceTypeLinear: {
      const auto format = smsim::cudart::texel_format(r.res.linear.desc);
      if (!format) return cudaErrorInvalidChannelDescriptor;
      if (r.res.linear.devPtr == nullptr) return cudaErrorInvalidValue;
      h.format = *format;
      h.shape = TextureShape::linear;
      h.base = reinterpret_cast<std::uint64_t>(r.res.linear.devPtr);
      h.width = static_cast<std::int32_t>(r.res.linear.sizeInBytes / format->texel_bytes());
      h.row_pitch = r.res.linear.sizeInBytes;
      return cudaSuccess;
    }
    case cudaResourceTypePitch2D: {
      const auto format = smsim::cudart::texel_format(r.res.pitch2D.desc);
      if (!format) return cudaErrorInvalidChannelDescriptor;
      if (r.res.pitch2D.devPtr == nullptr ||
          r.res.pitch2D.width * format->texel_bytes() > r.res.pitch2D.pitchInBytes) {
        return cudaErrorInvalidValue;
      }
      h.format = *format;
      h.shape = TextureShape::array;
      h.dimensions = 2;
      h.base = reinterpret_cast<std::uint64_t>(r.res.pitch2D.devPtr);
      h.width = static_cast<std::int32_t>(r.res.pitch2D.width);
      h.height = static_cast<std::int32_t>(r.res.pitch2D.height);
      h.row_pitch = r.res.pitch2D.pitchInBytes;
      h.slice_pitch = h.row_pitch * r.res.pitch2D.height;
      return cudaSuccess;
    }
    default:
      return cudaErrorInvalidValue;
  }
}

sem::TexAddress address_mode(cudaTextureAddressMode m) {
  switch (m) {
    case cudaAddressModeWrap:
      return sem::TexAddress::wrap;
    case cudaAddressModeMirror:
      return sem::TexAddress::mirror;
    case cudaAddressModeBorder:
      return sem::TexAddress::border;
    default:
      return sem::TexAddress::clamp;
  }
}

sem::TexFilter filter_mode(cudaTextureFilterMode m) {
  return m == cudaFilterModeLinear ? sem::TexFilter::linear : sem::TexFilter::point;
}

cudaError_t describe_sampling(const cudaTextureDesc& t, TextureHeader& h) {
  if (t.sRGB != 0 || t.maxAnisotropy > 1 || t.disableTrilinearOptimization != 0 ||
      t.seamlessCubemap != 0) {
    return cudaErrorNotSupported;
  }
  for (int k = 0; k < 3; ++k) h.address[k] = address_mode(t.addressMode[k]);
  h.filter = filter_mode(t.filterMode);
  h.normalized_read = t.readMode == cudaReadModeNormalizedFloat &&
                      h.format.kind != sem::TexelKind::float_ && h.format.channel_bytes <= 2;
  // Linear filtering needs float results: integer texels read as integers
  // are refused (the H100: cudaErrorInvalidFilterSetting; texture_mipmaps,
  // errors/codes).
  if (h.filter == sem::TexFilter::linear &&
      !sem::texel_returns_float(h.format, h.normalized_read)) {
    return cudaErrorInvalidFilterSetting;
  }
  // Linear filtering within and between the levels of a 3D texture: the
  // H100's result is neither the blend of the two levels' filtered values
  // nor one filter over both footprints (15 of 200 samples of
  // texture_mipmaps' 3D case differ, raw values in
  // tests/conformance/golden/h100/raw/texture_mipmaps_raw-2026-11-22.tar.xz),
  // so it is refused rather than answered wrongly.
  if (h.dimensions == 3 && h.levels > 1 && h.filter == sem::TexFilter::linear &&
      t.mipmapFilterMode == cudaFilterModeLinear) {
    return cudaErrorNotSupported;
  }
  h.mip = sem::MipSampler{.filter = filter_mode(t.mipmapFilterMode),
                          .bias = t.mipmapLevelBias,
                          .min_clamp = t.minMipmapLevelClamp,
                          .max_clamp = t.maxMipmapLevelClamp,
                          .levels = h.levels};
  h.normalized_coords = t.normalizedCoords != 0;
  std::memcpy(h.border, t.borderColor, sizeof h.border);
  return cudaSuccess;
}

void remember(Context& context, std::uint64_t handle, const ObjectDescriptors& d) {
  std::vector<std::byte> bytes(sizeof d);
  std::memcpy(bytes.data(), &d, sizeof d);
  context.object_descriptors()[handle] = std::move(bytes);
}

// The descriptors of a live object of the given kind.
const ObjectDescriptors* recall(Context& context, std::uint64_t handle, bool surface) {
  const auto header = context.device().texture(handle);
  const auto it = context.object_descriptors().find(handle);
  if (!header || header->surface != surface || it == context.object_descriptors().end()) {
    return nullptr;
  }
  return reinterpret_cast<const ObjectDescriptors*>(it->second.data());
}

cudaError_t destroy(Context& context, std::uint64_t handle, bool surface) {
  if (handle == 0) return cudaSuccess;
  if (recall(context, handle, surface) == nullptr) return cudaErrorInvalidValue;
  context.device().destroy_texture(handle);
  context.object_descriptors().erase(handle);
  return cudaSuccess;
}

}  // namespace

extern "C" {

cudaError_t cudaCreateTextureObject(cudaTextureObject_t* object, const cudaResourceDesc* resource,
                                    const cudaTextureDesc* texture,
                                    const cudaResourceViewDesc* view) {
  return api_call([&](Context& context) {
    if (object == nullptr || resource == nullptr || texture == nullptr) {
      return cudaErrorInvalidValue;
    }
    if (view != nullptr) return cudaErrorNotSupported;
    TextureHeader h;
    if (const auto e = describe_resource(context, *resource, h); e) return e;
    if (const auto e = describe_sampling(*texture, h); e) return e;
    const std::uint64_t handle = context.device().create_texture(h);
    if (handle == 0) return cudaErrorMemoryAllocation;
    remember(context, handle, ObjectDescriptors{*resource, *texture});
    *object = handle;
    return cudaSuccess;
  });
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t object) {
  return api_call([&](Context& context) { return destroy(context, object, false); });
}

cudaError_t cudaGetTextureObjectResourceDesc(cudaResourceDesc* resource,
                                             cudaTextureObject_t object) {
  return api_call([&](Context& context) {
    const ObjectDescriptors* d = recall(context, object, false);
    if (d == nullptr || resource == nullptr) return cudaErrorInvalidValue;
    *resource = d->resource;
    return cudaSuccess;
  });
}

cudaError_t cudaGetTextureObjectTextureDesc(cudaTextureDesc* texture, cudaTextureObject_t object) {
  return api_call([&](Context& context) {
    const ObjectDescriptors* d = recall(context, object, false);
    if (d == nullptr || texture == nullptr) return cudaErrorInvalidValue;
    *texture = d->texture;
    return cudaSuccess;
  });
}

cudaError_t cudaCreateSurfaceObject(cudaSurfaceObject_t* object, const cudaResourceDesc* resource) {
  return api_call([&](Context& context) {
    if (object == nullptr || resource == nullptr) return cudaErrorInvalidValue;
    if (resource->resType != cudaResourceTypeArray) return cudaErrorInvalidValue;
    const smsim::runtime::ArrayRecord* a =
        smsim::cudart::find_array(context, resource->res.array.array);
    if (a == nullptr) return cudaErrorInvalidResourceHandle;
    if ((a->flags & cudaArraySurfaceLoadStore) == 0) return cudaErrorInvalidValue;
    TextureHeader h;
    if (const auto e = describe_resource(context, *resource, h); e) return e;
    h.surface = true;
    const std::uint64_t handle = context.device().create_texture(h);
    if (handle == 0) return cudaErrorMemoryAllocation;
    remember(context, handle, ObjectDescriptors{*resource, cudaTextureDesc{}});
    *object = handle;
    return cudaSuccess;
  });
}

cudaError_t cudaDestroySurfaceObject(cudaSurfaceObject_t object) {
  return api_call([&](Context& context) { return destroy(context, object, true); });
}

cudaError_t cudaGetSurfaceObjectResourceDesc(cudaResourceDesc* resource,
                                             cudaSurfaceObject_t object) {
  return api_call([&](Context& context) {
    const ObjectDescriptors* d = recall(context, object, true);
    if (d == nullptr || resource == nullptr) return cudaErrorInvalidValue;
    *resource = d->resource;
    return cudaSuccess;
  });
}

}  // extern "C"
