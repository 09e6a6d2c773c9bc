// libcu++ atomics: cuda::atomic_ref and cuda::atomic with explicit memory orders and
// thread scopes, fences, and a flag-based producer/consumer hand-off.
#include <cuda/atomic>

__device__ cuda::atomic<int, cuda::thread_scope_device> g_ready{0};

__global__ void atomic_ref_orders(int* data, unsigned long long* wide, float* f, int* out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  cuda::atomic_ref<int, cuda::thread_scope_device> counter(data[0]);
  cuda::atomic_ref<int, cuda::thread_scope_block> block_counter(data[1]);
  cuda::atomic_ref<int, cuda::thread_scope_system> sys_counter(data[2]);
  cuda::atomic_ref<unsigned long long, cuda::thread_scope_device> wide_counter(wide[0]);
  cuda::atomic_ref<float, cuda::thread_scope_device> fsum(f[0]);
  int r = counter.fetch_add(1, cuda::memory_order_relaxed);
  r += block_counter.fetch_sub(1, cuda::memory_order_acq_rel);
  r += sys_counter.exchange(t, cuda::memory_order_seq_cst);
  r += counter.fetch_and(~1, cuda::memory_order_release);
  r += counter.fetch_or(2, cuda::memory_order_acquire);
  r += counter.fetch_xor(t, cuda::memory_order_relaxed);
  r += counter.fetch_min(t);
  r += counter.fetch_max(t);
  int expected = 0;
  if (counter.compare_exchange_strong(expected, t, cuda::memory_order_acq_rel,
                                      cuda::memory_order_relaxed))
    r += 1;
  r += static_cast<int>(wide_counter.fetch_add(3ull, cuda::memory_order_relaxed));
  r += static_cast<int>(fsum.fetch_add(0.5f));
  cuda::atomic_thread_fence(cuda::memory_order_seq_cst, cuda::thread_scope_device);
  cuda::atomic_thread_fence(cuda::memory_order_acquire, cuda::thread_scope_block);
  if (t == 0) {
    data[8] = 42;
    g_ready.store(1, cuda::memory_order_release);
  } else if (t == 32) {
    while (g_ready.load(cuda::memory_order_acquire) == 0) {
    }
    r += data[8];
  }
  r += counter.load(cuda::memory_order_seq_cst);
  sys_counter.store(r, cuda::memory_order_release);
  out[t] = r;
}
