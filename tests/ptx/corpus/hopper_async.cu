// sm_90 asynchronous machinery through libcu++: mbarrier-based cuda::barrier with
// transaction counts, bulk (TMA) global->shared copies, fence.proxy.async, elect.sync
// and setmaxnreg-free warp specialization. Older targets compile a synchronous fallback.
#include <cuda/barrier>
#include <cuda/ptx>

using block_barrier = cuda::barrier<cuda::thread_scope_block>;

constexpr int kElems = 1024;

__global__ void bulk_copy(const int* in, int* out) {
  __shared__ alignas(128) int buffer[kElems];
#pragma nv_diag_suppress static_var_with_dynamic_init
  __shared__ block_barrier bar;
  if (threadIdx.x == 0) {
    init(&bar, blockDim.x);
#if __CUDA_ARCH__ >= 900
    cuda::ptx::fence_proxy_async(cuda::ptx::space_shared);
#endif
  }
  __syncthreads();
  block_barrier::arrival_token token;
#if __CUDA_ARCH__ >= 900
  if (threadIdx.x == 0) {
    cuda::device::memcpy_async_tx(buffer, in + blockIdx.x * kElems,
                                  cuda::aligned_size_t<16>(sizeof(buffer)), bar);
    token = cuda::device::barrier_arrive_tx(bar, 1, sizeof(buffer));
  } else {
    token = bar.arrive();
  }
#else
  for (int k = threadIdx.x; k < kElems; k += blockDim.x) buffer[k] = in[blockIdx.x * kElems + k];
  token = bar.arrive();
#endif
  bar.wait(std::move(token));
  for (int k = threadIdx.x; k < kElems; k += blockDim.x)
    out[blockIdx.x * kElems + k] = buffer[kElems - 1 - k] + 1;
}

__global__ void elect_one(int* out) {
  unsigned leader = 0;
#if __CUDA_ARCH__ >= 900
  asm volatile(
      "{\n\t.reg .pred p;\n\t.reg .b32 r;\n\t"
      "elect.sync r|p, 0xffffffff;\n\t"
      "selp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(leader));
#else
  leader = (threadIdx.x % 32) == 0;
#endif
  if (leader) atomicAdd(out, 1);
}
