// One PTX memory instruction per call. Inline asm pins the exact PTX
// instruction. `asm volatile` only binds the front end: ptxas still moves a
// plain load below an unrelated early exit, so callers must consume a loaded
// value in a way that needs the value (see pattern_kernels.h). Shared loads
// are ld.volatile.shared, which ptxas may not drop or move and which is the
// same LDS instruction in SASS.
#pragma once

#include <cstdint>

namespace patterns {

struct Vec16 {
  uint32_t x, y, z, w;
};
static_assert(sizeof(Vec16) == 16);

__device__ __forceinline__ uint32_t shared_address(const void* pointer) {
  return static_cast<uint32_t>(__cvta_generic_to_shared(pointer));
}

// Reduces a loaded value to 32 bits for the never-taken sink store.
__device__ __forceinline__ uint32_t fold(uint32_t v) {
  return v;
}
__device__ __forceinline__ uint32_t fold(uint64_t v) {
  return static_cast<uint32_t>(v) ^ static_cast<uint32_t>(v >> 32);
}
__device__ __forceinline__ uint32_t fold(Vec16 v) {
  return v.x ^ v.y ^ v.z ^ v.w;
}

// ---- global, default caching (ld.global) ----
__device__ __forceinline__ uint32_t load_global(const uint8_t* p) {
  uint32_t v;
  asm volatile("ld.global.u8 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ uint32_t load_global(const uint16_t* p) {
  uint32_t v;
  asm volatile("ld.global.u16 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ uint32_t load_global(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ uint64_t load_global(const uint64_t* p) {
  uint64_t v;
  asm volatile("ld.global.u64 %0, [%1];" : "=l"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ Vec16 load_global(const Vec16* p) {
  Vec16 v;
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p));
  return v;
}

// ---- global, read-only data path (ld.global.nc, what __ldg emits) ----
__device__ __forceinline__ uint32_t load_global_nc(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.global.nc.u32 %0, [%1];" : "=r"(v) : "l"(p));
  return v;
}
__device__ __forceinline__ Vec16 load_global_nc(const Vec16* p) {
  Vec16 v;
  asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "l"(p));
  return v;
}

// ---- global stores ----
__device__ __forceinline__ void store_global(uint8_t* p, uint32_t v) {
  asm volatile("st.global.u8 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void store_global(uint16_t* p, uint32_t v) {
  asm volatile("st.global.u16 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void store_global(uint32_t* p, uint32_t v) {
  asm volatile("st.global.u32 [%0], %1;" ::"l"(p), "r"(v) : "memory");
}
__device__ __forceinline__ void store_global(uint64_t* p, uint32_t v) {
  asm volatile("st.global.u64 [%0], %1;" ::"l"(p), "l"(static_cast<uint64_t>(v)) : "memory");
}
__device__ __forceinline__ void store_global(Vec16* p, uint32_t v) {
  asm volatile("st.global.v4.u32 [%0], {%1, %1, %1, %1};" ::"l"(p), "r"(v) : "memory");
}

// ---- shared loads ----
__device__ __forceinline__ uint32_t load_shared(const uint8_t* p) {
  uint32_t v;
  asm volatile("ld.volatile.shared.u8 %0, [%1];" : "=r"(v) : "r"(shared_address(p)));
  return v;
}
__device__ __forceinline__ uint32_t load_shared(const uint16_t* p) {
  uint32_t v;
  asm volatile("ld.volatile.shared.u16 %0, [%1];" : "=r"(v) : "r"(shared_address(p)));
  return v;
}
__device__ __forceinline__ uint32_t load_shared(const uint32_t* p) {
  uint32_t v;
  asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v) : "r"(shared_address(p)));
  return v;
}
__device__ __forceinline__ uint64_t load_shared(const uint64_t* p) {
  uint64_t v;
  asm volatile("ld.volatile.shared.u64 %0, [%1];" : "=l"(v) : "r"(shared_address(p)));
  return v;
}
__device__ __forceinline__ Vec16 load_shared(const Vec16* p) {
  Vec16 v;
  asm volatile("ld.volatile.shared.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
               : "r"(shared_address(p)));
  return v;
}

// ---- shared stores ----
__device__ __forceinline__ void store_shared(uint8_t* p, uint32_t v) {
  asm volatile("st.shared.u8 [%0], %1;" ::"r"(shared_address(p)), "r"(v) : "memory");
}
__device__ __forceinline__ void store_shared(uint16_t* p, uint32_t v) {
  asm volatile("st.shared.u16 [%0], %1;" ::"r"(shared_address(p)), "r"(v) : "memory");
}
__device__ __forceinline__ void store_shared(uint32_t* p, uint32_t v) {
  asm volatile("st.shared.u32 [%0], %1;" ::"r"(shared_address(p)), "r"(v) : "memory");
}
__device__ __forceinline__ void store_shared(uint64_t* p, uint32_t v) {
  asm volatile("st.shared.u64 [%0], %1;" ::"r"(shared_address(p)), "l"(static_cast<uint64_t>(v))
               : "memory");
}
__device__ __forceinline__ void store_shared(Vec16* p, uint32_t v) {
  asm volatile("st.shared.v4.u32 [%0], {%1, %1, %1, %1};" ::"r"(shared_address(p)), "r"(v)
               : "memory");
}

}  // namespace patterns
