// Cluster latencies on an sm_90 GPU, measured with clock64 by one thread:
//   local    dependent ld.shared::cta chain through the block's own shared memory;
//   remote   the same chain through the shared memory of the other block of a
//            2-block cluster (addresses from mapa, ld.shared::cluster);
//   barrier  barrier.cluster.arrive + barrier.cluster.wait, all threads of a
//            cluster of 2 or 8 blocks, the cost per round seen by thread 0.
// The timing model's [sm_90.timing] latency.dsmem and latency.cluster_barrier
// (configs/arch/hopper.toml) are estimates until this is recorded.
//   nvcc -O2 -arch=sm_90 cluster_latency_probe.cu -o /tmp/cl && /tmp/cl
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdint>

namespace cg = cooperative_groups;

constexpr int kChain = 256;  // dependent loads per measurement
constexpr int kWords = 1024;

__device__ unsigned chase(unsigned base, unsigned start, bool remote, long long* cycles) {
  unsigned p = start;
  long long t0 = clock64();
  for (int i = 0; i < kChain; ++i) {
    unsigned next;
    if (remote) {
      asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(next) : "r"(base + p * 4));
    } else {
      asm volatile("ld.shared::cta.u32 %0, [%1];" : "=r"(next) : "r"(base + p * 4));
    }
    p = next;
  }
  long long t1 = clock64();
  *cycles = t1 - t0;
  return p;
}

__global__ void __cluster_dims__(2, 1, 1) latency_kernel(long long* out, unsigned* sink) {
  __shared__ unsigned ring[kWords];
  cg::cluster_group cluster = cg::this_cluster();
  for (int i = threadIdx.x; i < kWords; i += blockDim.x) ring[i] = (i * 33 + 1) % kWords;
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    const unsigned local = static_cast<unsigned>(__cvta_generic_to_shared(ring));
    unsigned remote;
    asm volatile("mapa.shared::cluster.u32 %0, %1, 1;" : "=r"(remote) : "r"(local));
    long long c;
    unsigned s = 0;
    for (int rep = 0; rep < 3; ++rep) {  // the last repetition is reported (warm)
      s += chase(local, rep, false, &c);
      out[0] = c;
      s += chase(remote, rep, true, &c);
      out[1] = c;
    }
    sink[0] = s;
  }
  cluster.sync();
}

template <int kBlocks>
__global__ void barrier_kernel(long long* out) {
  long long t0 = 0;
  for (int rep = 0; rep < 33; ++rep) {
    if (rep == 1) t0 = clock64();  // the first round waits for the cluster's launch skew
    asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::
                     : "memory");
  }
  long long t1 = clock64();
  if (threadIdx.x == 0 && blockIdx.x == 0) out[0] = (t1 - t0) / 32;
}

template <int kBlocks>
long long run_barrier(long long* d_out, int threads) {
  cudaLaunchConfig_t config = {};
  config.gridDim = dim3(kBlocks);
  config.blockDim = dim3(threads);
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = kBlocks;
  attribute.val.clusterDim.y = 1;
  attribute.val.clusterDim.z = 1;
  config.attrs = &attribute;
  config.numAttrs = 1;
  cudaError_t e = cudaLaunchKernelEx(&config, barrier_kernel<kBlocks>, d_out);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  if (e != cudaSuccess) {
    std::printf("barrier cluster %d: %s\n", kBlocks, cudaGetErrorString(e));
    return -1;
  }
  long long h = 0;
  cudaMemcpy(&h, d_out, sizeof h, cudaMemcpyDeviceToHost);
  return h;
}

int main() {
  long long* d_out;
  unsigned* d_sink;
  cudaMalloc(&d_out, 4 * sizeof(long long));
  cudaMalloc(&d_sink, sizeof(unsigned));
  for (int run = 0; run < 3; ++run) {
    latency_kernel<<<2, 128>>>(d_out, d_sink);
    cudaError_t e = cudaDeviceSynchronize();
    if (e != cudaSuccess) {
      std::printf("latency: %s\n", cudaGetErrorString(e));
      return 1;
    }
    long long h[2];
    cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
    std::printf("run %d: local ld.shared::cta %.2f cycles/load, remote ld.shared::cluster %.2f "
                "cycles/load (chain of %d)\n",
                run, static_cast<double>(h[0]) / kChain, static_cast<double>(h[1]) / kChain,
                kChain);
    for (int threads : {32, 128, 1024}) {
      std::printf("run %d: barrier.cluster round, %d threads/block: cluster 2 %lld, cluster 8 %lld "
                  "cycles\n",
                  run, threads, run_barrier<2>(d_out, threads), run_barrier<8>(d_out, threads));
    }
  }
  return 0;
}
