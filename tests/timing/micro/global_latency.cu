// Global-memory pointer-chase latency at three footprints. One thread follows
// a chain of 64-bit pointers (each node holds the address of the next), so
// every load waits for the previous one. Cycles per load.
//  - gmem_l1:   256 nodes 128 B apart (32 KiB), default caching (ld.global,
//               L1-cached on sm_90); the second pass is timed, so it hits L1.
//  - gmem_l2:   1024 nodes 2 KiB apart (2 MiB), ld.global.cg (L2 only); the
//               second pass is timed, so it hits L2.
//  - gmem_dram: 1024 nodes 64 KiB apart, ld.global.cg, one cold pass: the
//               nodes were copied from the host and then 128 MiB of other
//               memory was written, which evicts them from the 50 MiB L2.
#include <vector>

#include "micro.cuh"

template <bool kL2Only>
__device__ __forceinline__ unsigned long long chase(unsigned long long p, int loads) {
#pragma unroll 16
  for (int i = 0; i < loads; ++i) {
    if constexpr (kL2Only) {
      asm volatile("ld.global.cg.u64 %0, [%0];" : "+l"(p));
    } else {
      asm volatile("ld.global.u64 %0, [%0];" : "+l"(p));
    }
  }
  return p;
}

template <bool kL2Only>
__global__ void chase_kernel(unsigned long long head, int loads, bool warm, unsigned long long* out,
                             long long* cycles) {
  unsigned long long p = head;
  if (warm) {
    *cycles = micro::second_pass_cycles([&] { p = chase<kL2Only>(p, loads); });
  } else {
    const long long start = clock64();
    p = chase<kL2Only>(p, loads);
    *cycles = clock64() - start;
  }
  *out = p;
}

// Writes a cyclic chain of `nodes` pointers `stride` bytes apart into `device`.
void build_chain(char* device, size_t nodes, size_t stride) {
  std::vector<unsigned long long> host(nodes * stride / sizeof(unsigned long long), 0);
  const auto base = reinterpret_cast<unsigned long long>(device);
  for (size_t i = 0; i < nodes; ++i) host[i * stride / 8] = base + ((i + 1) % nodes) * stride;
  TIMING_CHECK(cudaMemcpy(device, host.data(), host.size() * 8, cudaMemcpyHostToDevice));
}

template <bool kL2Only>
void run(const char* name, char* device, int loads, bool warm, unsigned long long* out, long long* cycles) {
  chase_kernel<kL2Only><<<1, 1>>>(reinterpret_cast<unsigned long long>(device), loads, warm, out, cycles);
  TIMING_CHECK(cudaGetLastError());
  long long host = 0;
  TIMING_CHECK(cudaMemcpy(&host, cycles, sizeof host, cudaMemcpyDeviceToHost));
  micro::print_case(name, static_cast<double>(host) / loads);
}

int main() {
  unsigned long long* out = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&out, sizeof *out));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof *cycles));

  constexpr size_t kL1Nodes = 256, kL1Stride = 128;
  constexpr size_t kL2Nodes = 1024, kL2Stride = 2048;
  constexpr size_t kDramNodes = 1024, kDramStride = 64 * 1024;
  constexpr size_t kEvictBytes = 128u << 20;

  char* l1 = nullptr;
  TIMING_CHECK(cudaMalloc(&l1, kL1Nodes * kL1Stride));
  build_chain(l1, kL1Nodes, kL1Stride);
  run<false>("gmem_l1", l1, kL1Nodes, true, out, cycles);

  char* l2 = nullptr;
  TIMING_CHECK(cudaMalloc(&l2, kL2Nodes * kL2Stride));
  build_chain(l2, kL2Nodes, kL2Stride);
  run<true>("gmem_l2", l2, kL2Nodes, true, out, cycles);

  char* dram = nullptr;
  char* evict = nullptr;
  TIMING_CHECK(cudaMalloc(&dram, kDramNodes * kDramStride));
  TIMING_CHECK(cudaMalloc(&evict, kEvictBytes));
  build_chain(dram, kDramNodes, kDramStride);
  TIMING_CHECK(cudaMemset(evict, 1, kEvictBytes));
  TIMING_CHECK(cudaDeviceSynchronize());
  run<true>("gmem_dram", dram, kDramNodes, false, out, cycles);

  TIMING_CHECK(cudaFree(l1));
  TIMING_CHECK(cudaFree(l2));
  TIMING_CHECK(cudaFree(dram));
  TIMING_CHECK(cudaFree(evict));
  TIMING_CHECK(cudaFree(out));
  TIMING_CHECK(cudaFree(cycles));
  return 0;
}
