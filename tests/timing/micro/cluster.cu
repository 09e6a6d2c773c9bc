// Thread-block clusters (sm_90): the distributed shared memory's latency and
// the cluster barrier's cost.
//  - dsmem_local / dsmem_remote: one thread of block 0 of a 2-block cluster
//    follows a dependent chain of kChain loads through shared memory, its own
//    (ld.shared::cta) or the other block's (mapa + ld.shared::cluster); cycles
//    per load.
//  - cluster_sync_cC_wW: a cluster of C blocks of W warps runs kRounds
//    barrier.cluster.arrive.release + wait.acquire rounds; cycles per round
//    seen by thread 0 of block 0.
#include <cooperative_groups.h>

#include "micro.cuh"

namespace cg = cooperative_groups;

constexpr int kChain = 256;
constexpr int kWords = 1024;
constexpr int kRounds = 32;

__global__ void __cluster_dims__(2, 1, 1) chain_kernel(bool remote, unsigned* sink, long long* cycles) {
  __shared__ unsigned ring[kWords];
  cg::cluster_group cluster = cg::this_cluster();
  for (int i = threadIdx.x; i < kWords; i += blockDim.x) ring[i] = (i * 33 + 1) % kWords;
  cluster.sync();
  if (cluster.block_rank() == 0 && threadIdx.x == 0) {
    unsigned base = static_cast<unsigned>(__cvta_generic_to_shared(ring));
    if (remote) asm volatile("mapa.shared::cluster.u32 %0, %0, 1;" : "+r"(base));
    unsigned p = 0;
    const long long elapsed = micro::second_pass_cycles([&] {
#pragma unroll 1
      for (int i = 0; i < kChain; ++i) {
        if (remote) {
          asm volatile("ld.shared::cluster.u32 %0, [%1];" : "=r"(p) : "r"(base + p * 4));
        } else {
          asm volatile("ld.shared::cta.u32 %0, [%1];" : "=r"(p) : "r"(base + p * 4));
        }
      }
    });
    *sink = p;
    *cycles = elapsed;
  }
  cluster.sync();  // the other block's shared memory stays alive until block 0 is done
}

__global__ void barrier_kernel(long long* cycles) {
  const long long elapsed = micro::second_pass_cycles([] {
#pragma unroll 1
    for (int i = 0; i < kRounds; ++i) {
      asm volatile(
          "barrier.cluster.arrive.release.aligned;\n\t"
          "barrier.cluster.wait.acquire.aligned;" ::: "memory");
    }
  });
  if (threadIdx.x == 0 && blockIdx.x == 0) *cycles = elapsed;
}

int main() {
  unsigned* sink = nullptr;
  long long* cycles = nullptr;
  TIMING_CHECK(cudaMalloc(&sink, sizeof(unsigned)));
  TIMING_CHECK(cudaMalloc(&cycles, sizeof(long long)));
  chain_kernel<<<2, 128>>>(false, sink, cycles);
  micro::print_case("dsmem_local", static_cast<double>(micro::read_cycles(cycles)) / kChain);
  chain_kernel<<<2, 128>>>(true, sink, cycles);
  micro::print_case("dsmem_remote", static_cast<double>(micro::read_cycles(cycles)) / kChain);
  for (const auto& [blocks, warps] : {std::pair{2, 1}, std::pair{8, 1}, std::pair{2, 4}, std::pair{2, 32}}) {
    cudaLaunchConfig_t config = {};
    config.gridDim = dim3(blocks);
    config.blockDim = dim3(32 * warps);
    cudaLaunchAttribute attribute;
    attribute.id = cudaLaunchAttributeClusterDimension;
    attribute.val.clusterDim.x = blocks;
    attribute.val.clusterDim.y = 1;
    attribute.val.clusterDim.z = 1;
    config.attrs = &attribute;
    config.numAttrs = 1;
    TIMING_CHECK(cudaLaunchKernelEx(&config, barrier_kernel, cycles));
    std::printf("CASE cluster_sync_c%d_w%d %.2f\n", blocks, warps,
                static_cast<double>(micro::read_cycles(cycles)) / kRounds);
  }
  return 0;
}
