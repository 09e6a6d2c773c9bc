// Surface, query and prefetch kernels for tests/func/surface_ops_test.cpp,
// in inline PTX so that each names one form of the catalog
// (tests/isa/forms/sm_90.forms):
//   nvcc -arch=sm_90 -ptx surfaces.cu -o surfaces.ptx
#include <cuda_runtime.h>

// Coordinates: x in elements (scaled to bytes here), y, z, layer.
#define SURFACE_LOADS(MODE)                                                                   \
  extern "C" __global__ void load_1d_b32_##MODE(cudaSurfaceObject_t s, const int4* at,        \
                                                uint4* out, int n) {                          \
    const int i = threadIdx.x;                                                                \
    if (i >= n) return;                                                                       \
    unsigned v;                                                                               \
    asm volatile("suld.b.1d.b32." #MODE " {%0}, [%1, {%2}];" : "=r"(v) : "l"(s), "r"(at[i].x * 4)); \
    out[i] = make_uint4(v, 0, 0, 0);                                                          \
  }                                                                                           \
  extern "C" __global__ void load_a2d_b32_##MODE(cudaSurfaceObject_t s, const int4* at,       \
                                                 uint4* out, int n) {                         \
    const int i = threadIdx.x;                                                                \
    if (i >= n) return;                                                                       \
    unsigned v;                                                                               \
    asm volatile("suld.b.a2d.b32." #MODE " {%0}, [%1, {%2, %3, %4, %4}];"                     \
                 : "=r"(v)                                                                    \
                 : "l"(s), "r"(at[i].w), "r"(at[i].x * 4), "r"(at[i].y));                     \
    out[i] = make_uint4(v, 0, 0, 0);                                                          \
  }                                                                                           \
  extern "C" __global__ void load_2d_v2_b16_##MODE(cudaSurfaceObject_t s, const int4* at,     \
                                                   uint4* out, int n) {                       \
    const int i = threadIdx.x;                                                                \
    if (i >= n) return;                                                                       \
    unsigned short a, b;                                                                      \
    asm volatile("suld.b.2d.v2.b16." #MODE " {%0, %1}, [%2, {%3, %4}];"                       \
                 : "=h"(a), "=h"(b)                                                           \
                 : "l"(s), "r"(at[i].x * 4), "r"(at[i].y));                                   \
    out[i] = make_uint4(a, b, 0, 0);                                                          \
  }                                                                                           \
  extern "C" __global__ void load_2d_v4_b32_##MODE(cudaSurfaceObject_t s, const int4* at,     \
                                                   uint4* out, int n) {                       \
    const int i = threadIdx.x;                                                                \
    if (i >= n) return;                                                                       \
    uint4 v;                                                                                  \
    asm volatile("suld.b.2d.v4.b32." #MODE " {%0, %1, %2, %3}, [%4, {%5, %6}];"               \
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)                                 \
                 : "l"(s), "r"(at[i].x * 16), "r"(at[i].y));                                  \
    out[i] = v;                                                                               \
  }                                                                                           \
  extern "C" __global__ void load_3d_v4_b8_##MODE(cudaSurfaceObject_t s, const int4* at,      \
                                                  uint4* out, int n) {                        \
    const int i = threadIdx.x;                                                                \
    if (i >= n) return;                                                                       \
    unsigned short a, b, c, d;                                                                \
    asm volatile("suld.b.3d.v4.b8." #MODE " {%0, %1, %2, %3}, [%4, {%5, %6, %7, %7}];"        \
                 : "=h"(a), "=h"(b), "=h"(c), "=h"(d)                                         \
                 : "l"(s), "r"(at[i].x * 4), "r"(at[i].y), "r"(at[i].z));                     \
    out[i] = make_uint4(a, b, c, d);                                                          \
  }

// One thread stores in list order, so where clamped stores meet the last wins.
#define SURFACE_STORES(MODE)                                                                  \
  extern "C" __global__ void store_1d_b32_##MODE(cudaSurfaceObject_t s, const int4* at,       \
                                                 const uint4* v, int n) {                     \
    for (int i = 0; i < n; ++i)                                                               \
      asm volatile("sust.b.1d.b32." #MODE " [%0, {%1}], {%2};" ::"l"(s), "r"(at[i].x * 4),    \
                   "r"(v[i].x));                                                              \
  }                                                                                           \
  extern "C" __global__ void store_a2d_b32_##MODE(cudaSurfaceObject_t s, const int4* at,      \
                                                  const uint4* v, int n) {                    \
    for (int i = 0; i < n; ++i)                                                               \
      asm volatile("sust.b.a2d.b32." #MODE " [%0, {%1, %2, %3, %3}], {%4};" ::"l"(s),         \
                   "r"(at[i].w), "r"(at[i].x * 4), "r"(at[i].y), "r"(v[i].x));                \
  }                                                                                           \
  extern "C" __global__ void store_2d_v2_b16_##MODE(cudaSurfaceObject_t s, const int4* at,    \
                                                    const uint4* v, int n) {                  \
    for (int i = 0; i < n; ++i)                                                               \
      asm volatile("sust.b.2d.v2.b16." #MODE " [%0, {%1, %2}], {%3, %4};" ::"l"(s),           \
                   "r"(at[i].x * 4), "r"(at[i].y), "h"((unsigned short)v[i].x),               \
                   "h"((unsigned short)v[i].y));                                              \
  }                                                                                           \
  extern "C" __global__ void store_2d_v4_b32_##MODE(cudaSurfaceObject_t s, const int4* at,    \
                                                    const uint4* v, int n) {                  \
    for (int i = 0; i < n; ++i)                                                               \
      asm volatile("sust.b.2d.v4.b32." #MODE " [%0, {%1, %2}], {%3, %4, %5, %6};" ::"l"(s),   \
                   "r"(at[i].x * 16), "r"(at[i].y), "r"(v[i].x), "r"(v[i].y), "r"(v[i].z),    \
                   "r"(v[i].w));                                                              \
  }                                                                                           \
  extern "C" __global__ void store_3d_v4_b8_##MODE(cudaSurfaceObject_t s, const int4* at,     \
                                                   const uint4* v, int n) {                   \
    for (int i = 0; i < n; ++i)                                                               \
      asm volatile("sust.b.3d.v4.b8." #MODE " [%0, {%1, %2, %3, %3}], {%4, %5, %6, %7};" ::"l"(s), \
                   "r"(at[i].x * 4), "r"(at[i].y), "r"(at[i].z), "h"((unsigned short)v[i].x), \
                   "h"((unsigned short)v[i].y), "h"((unsigned short)v[i].z),                  \
                   "h"((unsigned short)v[i].w));                                              \
  }

SURFACE_LOADS(trap)
SURFACE_LOADS(clamp)
SURFACE_LOADS(zero)
SURFACE_STORES(trap)
SURFACE_STORES(clamp)
SURFACE_STORES(zero)

// suq: width, height, depth.
extern "C" __global__ void surface_sizes(cudaSurfaceObject_t s, unsigned* out) {
  asm volatile("suq.width.b32 %0, [%1];" : "=r"(out[0]) : "l"(s));
  asm volatile("suq.height.b32 %0, [%1];" : "=r"(out[1]) : "l"(s));
  asm volatile("suq.depth.b32 %0, [%1];" : "=r"(out[2]) : "l"(s));
}

// txq: width, height, depth.
extern "C" __global__ void texture_sizes(cudaTextureObject_t t, unsigned* out) {
  asm volatile("txq.width.b32 %0, [%1];" : "=r"(out[0]) : "l"(t));
  asm volatile("txq.height.b32 %0, [%1];" : "=r"(out[1]) : "l"(t));
  asm volatile("txq.depth.b32 %0, [%1];" : "=r"(out[2]) : "l"(t));
}

// Queries that read the descriptor, which the H100 cannot run
// (func/decode/descriptor_query.h): each kernel's launches fail.
extern "C" __global__ void surface_array_size(cudaSurfaceObject_t s, unsigned* out) {
  asm volatile("suq.array_size.b32 %0, [%1];" : "=r"(out[0]) : "l"(s));
}

extern "C" __global__ void texture_array_size(cudaTextureObject_t t, unsigned* out) {
  asm volatile("txq.array_size.b32 %0, [%1];" : "=r"(out[0]) : "l"(t));
  asm volatile("txq.normalized_coords.b32 %0, [%1];" : "=r"(out[1]) : "l"(t));
}

extern "C" __global__ void texture_sampler_state(cudaTextureObject_t t, unsigned* out) {
  asm volatile("txq.filter_mode.b32 %0, [%1];" : "=r"(out[0]) : "l"(t));
  asm volatile("txq.addr_mode_0.b32 %0, [%1];" : "=r"(out[1]) : "l"(t));
  asm volatile("txq.addr_mode_1.b32 %0, [%1];" : "=r"(out[2]) : "l"(t));
  asm volatile("txq.addr_mode_2.b32 %0, [%1];" : "=r"(out[3]) : "l"(t));
  asm volatile("txq.num_mipmap_levels.b32 %0, [%1];" : "=r"(out[4]) : "l"(t));
  asm volatile("txq.num_samples.b32 %0, [%1];" : "=r"(out[5]) : "l"(t));
  asm volatile("txq.force_unnormalized_coords.b32 %0, [%1];" : "=r"(out[6]) : "l"(t));
}

// txq.level: thread i asks for level i - 1 (so level -1 too) on each axis.
extern "C" __global__ void texture_level_sizes(cudaTextureObject_t t, unsigned* out) {
  const int i = threadIdx.x;
  const int lod = i - 1;
  unsigned w, h, d;
  asm volatile("txq.level.width.b32 %0, [%1], %2;" : "=r"(w) : "l"(t), "r"(lod));
  asm volatile("txq.level.height.b32 %0, [%1], %2;" : "=r"(h) : "l"(t), "r"(lod));
  asm volatile("txq.level.depth.b32 %0, [%1], %2;" : "=r"(d) : "l"(t), "r"(lod));
  out[3 * i] = w;
  out[3 * i + 1] = h;
  out[3 * i + 2] = d;
}

// istypep of a register handle, for each opaque type.
extern "C" __global__ void handle_types(unsigned long long handle, unsigned* out) {
  unsigned tex, sampler, surf;
  asm volatile("{ .reg .pred p; istypep.texref p, %1; selp.u32 %0, 1, 0, p; }"
               : "=r"(tex) : "l"(handle));
  asm volatile("{ .reg .pred p; istypep.samplerref p, %1; selp.u32 %0, 1, 0, p; }"
               : "=r"(sampler) : "l"(handle));
  asm volatile("{ .reg .pred p; istypep.surfref p, %1; selp.u32 %0, 1, 0, p; }"
               : "=r"(surf) : "l"(handle));
  out[0] = tex;
  out[1] = sampler;
  out[2] = surf;
}

// Prefetches of every form at `p` (any address: a prefetch never faults,
// tests/conformance/golden/h100/surface_trap.out), then a store that shows
// the kernel ran to its end.
extern "C" __global__ void prefetch_all(const int* p, unsigned long long local, int* out) {
  asm volatile("prefetch.L1 [%0];" ::"l"(p));
  asm volatile("prefetch.L2 [%0];" ::"l"(p));
  asm volatile("prefetch.L2::evict_last [%0];" ::"l"(p));
  asm volatile("prefetch.L2::evict_normal [%0];" ::"l"(p));
  asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
  asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(p));
  asm volatile("prefetch.global.L2::evict_normal [%0];" ::"l"(p));
  asm volatile("prefetch.local.L1 [%0];" ::"l"(local));
  asm volatile("prefetch.local.L2 [%0];" ::"l"(local));
  asm volatile("prefetchu.L1 [%0];" ::"l"(p));
  out[threadIdx.x] = static_cast<int>(threadIdx.x) + 1;
}
