// The cost of __syncthreads and of atomics.
//  - sync_tT: one block of T threads runs kBarriers barriers back to back;
//    cycles per barrier.
//  - atom_{shared,global}_{same,distinct}: one warp runs kAtomics atomicAdds
//    whose results it keeps (atom, not red); all 32 lanes on one address, or
//    each lane on its own consecutive word. Cycles per warp-atomic.
#include "micro.cuh"

constexpr int kBarriers = 256;
constexpr int kAtomics = 128;

__global__ void sync_kernel(long long* cycles) {
  const long long elapsed = micro::second_pass_cycles([] {
#pragma unroll
    for (int i = 0; i < kBarriers; ++i) __syncthreads();
  });
  if (threadIdx.x == 0) *cycles = elapsed;
}

template <bool kShared>
__global__ void atomic_kernel(unsigned* global, bool same, unsigned* out, long long* cycles) {
  __shared__ unsigned words[32];
  words[threadIdx.x] = 0;
  __syncwarp();
  unsigned* target = (kShared ? words : global) + (same ? 0 : threadIdx.x);
  unsigned acc = 0;
  const long long elapsed = micro::second_pass_cycles([&] {
#pragma unroll
    for (int i = 0; i < kAtomics; ++i) acc += atomicAdd(target, 1u);
  });
  out[threadIdx.x] = acc;
  if (threadIdx.x == 0) *cycles = elapsed;
}

int main() {
  unsigned* global = nullptr;
  unsigned* out = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&global, 32 * sizeof(unsigned)));
  TIMING_CHECK(cudaMalloc(&out, 32 * sizeof(unsigned)));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof(long long)));
  for (int threads : {32, 256, 1024}) {
    sync_kernel<<<1, threads>>>(cycles);
    micro::print_case("sync_t", threads, static_cast<double>(micro::read_cycles(cycles)) / kBarriers);
  }
  const char* const names[2][2] = {{"atom_global_distinct", "atom_global_same"},
                                   {"atom_shared_distinct", "atom_shared_same"}};
  for (int shared = 0; shared < 2; ++shared) {
    for (int same = 0; same < 2; ++same) {
      TIMING_CHECK(cudaMemset(global, 0, 32 * sizeof(unsigned)));
      if (shared) {
        atomic_kernel<true><<<1, 32>>>(global, same, out, cycles);
      } else {
        atomic_kernel<false><<<1, 32>>>(global, same, out, cycles);
      }
      micro::print_case(names[shared][same], static_cast<double>(micro::read_cycles(cycles)) / kAtomics);
    }
  }
  TIMING_CHECK(cudaFree(global));
  TIMING_CHECK(cudaFree(out));
  TIMING_CHECK(cudaFree(cycles));
  return 0;
}
