// Asynchronous copies global->shared: the pipeline primitives (__pipeline_memcpy_async,
// commit, wait_prior), cuda::memcpy_async with cuda::barrier, and cuda::pipeline
// double buffering. On sm_80+ these become cp.async; older targets take the fallback path.
#include <cooperative_groups.h>
#include <cuda_pipeline.h>

#include <cuda/barrier>
#include <cuda/pipeline>

namespace cg = cooperative_groups;

constexpr int kTile = 256;

__global__ void pipeline_primitives(const float4* in, float4* out, int tiles) {
  __shared__ float4 stage[2][kTile];
  int t = threadIdx.x;
  __pipeline_memcpy_async(&stage[0][t], &in[t], sizeof(float4));
  __pipeline_commit();
  for (int tile = 0; tile < tiles; ++tile) {
    int next = tile + 1;
    if (next < tiles)
      __pipeline_memcpy_async(&stage[next & 1][t], &in[next * kTile + t], sizeof(float4));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    float4 v = stage[tile & 1][(t + 1) % kTile];
    out[tile * kTile + t] = make_float4(v.w, v.z, v.y, v.x);
    __syncthreads();
  }
}

__global__ void barrier_memcpy_async(const int* in, int* out, int n) {
  __shared__ int buffer[kTile];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ cuda::barrier<cuda::thread_scope_block> bar;
  auto block = cg::this_thread_block();
  if (block.thread_rank() == 0) init(&bar, block.size());
  block.sync();
  cuda::memcpy_async(block, buffer, in + blockIdx.x * kTile, sizeof(int) * kTile, bar);
  bar.arrive_and_wait();
  int t = threadIdx.x;
  if (blockIdx.x * kTile + t < n) out[blockIdx.x * kTile + t] = buffer[kTile - 1 - t] * 2;
}

__global__ void cuda_pipeline_double_buffer(const double* in, double* out, int tiles) {
  __shared__ double stage[2][kTile];
  auto block = cg::this_thread_block();
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, 2> state;
  auto pipe = cuda::make_pipeline(block, &state);
  int t = threadIdx.x;
  for (int tile = 0; tile < tiles; ++tile) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, stage[tile & 1], in + tile * kTile, sizeof(double) * kTile, pipe);
    pipe.producer_commit();
    pipe.consumer_wait();
    out[tile * kTile + t] = stage[tile & 1][t] + 1.0;
    pipe.consumer_release();
  }
}
