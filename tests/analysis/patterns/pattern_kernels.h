// One kernel shape per memory space and direction. Each executes exactly one
// memory instruction of the pattern per active thread. A loaded value feeds a
// sink store taken only when it equals `sentinel`, a value the buffers never
// hold (global buffers are zero, the host passes a non-zero sentinel), so no
// other global or shared traffic is counted. The guard must depend on the
// loaded value: a guard on a plain argument lets ptxas exit before the load.
#pragma once

#include "lane_index.h"
#include "memory_access.h"

namespace patterns {

template <typename T, typename Index, typename Active>
__global__ void global_load(const T* in, uint32_t* sink, uint32_t sentinel) {
  const unsigned t = threadIdx.x;
  if (!Active::on(t)) return;
  const auto v = load_global(in + Index::template of<T>(t));
  if (fold(v) == sentinel) sink[t] = fold(v);
}

template <typename T, typename Index, typename Active>
__global__ void global_load_nc(const T* in, uint32_t* sink, uint32_t sentinel) {
  const unsigned t = threadIdx.x;
  if (!Active::on(t)) return;
  const auto v = load_global_nc(in + Index::template of<T>(t));
  if (fold(v) == sentinel) sink[t] = fold(v);
}

template <typename T, typename Index, typename Active>
__global__ void global_store(T* out) {
  const unsigned t = threadIdx.x;
  if (!Active::on(t)) return;
  store_global(out + Index::template of<T>(t), t);
}

// Dynamic shared memory, 16-byte aligned for the 128-bit accesses; it is
// read uninitialized on purpose: initializing it would add shared stores.
template <typename T, typename Index, typename Active>
__global__ void shared_load(uint32_t* sink, uint32_t sentinel) {
  extern __shared__ Vec16 shared_block[];
  const unsigned t = threadIdx.x;
  if (!Active::on(t)) return;
  const T* base = reinterpret_cast<const T*>(shared_block);
  const auto v = load_shared(base + Index::template of<T>(t));
  if (fold(v) == sentinel) sink[t] = fold(v);
}

template <typename T, typename Index, typename Active>
__global__ void shared_store() {
  extern __shared__ Vec16 shared_block[];
  const unsigned t = threadIdx.x;
  if (!Active::on(t)) return;
  store_shared(reinterpret_cast<T*>(shared_block) + Index::template of<T>(t), t);
}

// An array of 12-byte structures read whole by plain C++: the compiler
// chooses the instructions (three 32-bit loads), as in user code.
struct Vec3 {
  float x, y, z;
};

__global__ void global_load_aos_vec3(const Vec3* in, float* sink, float sentinel) {
  const Vec3 v = in[threadIdx.x];
  const float sum = v.x + v.y + v.z;
  if (sum == sentinel) sink[threadIdx.x] = sum;
}

}  // namespace patterns
