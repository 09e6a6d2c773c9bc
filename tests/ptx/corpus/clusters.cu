// Thread block clusters and distributed shared memory (sm_90+): cluster dims, block
// rank, cluster.sync(), map_shared_rank to read a neighbour block's shared memory, and
// cluster-scoped barriers. Older targets compile a plain single-block fallback.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 900
__global__ void __cluster_dims__(2, 1, 1) cluster_histogram(const int* in, int* out, int n) {
  __shared__ int bins[64];
  cg::cluster_group cluster = cg::this_cluster();
  unsigned rank = cluster.block_rank();
  int t = threadIdx.x;
  if (t < 64) bins[t] = 0;
  cluster.sync();
  int i = blockIdx.x * blockDim.x + t;
  if (i < n) {
    int value = in[i] & 127;
    unsigned owner = static_cast<unsigned>(value / 64);
    int* remote = cluster.map_shared_rank(bins, owner);
    atomicAdd(remote + value % 64, 1);
  }
  cluster.sync();
  if (t < 64) {
    int* neighbour = cluster.map_shared_rank(bins, (rank + 1) % cluster.num_blocks());
    out[blockIdx.x * 64 + t] = bins[t] + neighbour[t] + static_cast<int>(cluster.dim_blocks().x) +
                               static_cast<int>(cluster.block_index().x);
  }
  cluster.sync();
}

__global__ void cluster_special_registers(unsigned* out) {
  unsigned cid, nctarank, ctarank, is_explicit;
  asm volatile("mov.u32 %0, %%clusterid.x;" : "=r"(cid));
  asm volatile("mov.u32 %0, %%cluster_nctarank;" : "=r"(nctarank));
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(ctarank));
  // %is_explicit_cluster is a predicate register, so it is read through selp.
  asm volatile(
      "{\n\t.reg .pred p;\n\tmov.pred p, %%is_explicit_cluster;\n\tselp.u32 %0, 1, 0, p;\n\t}"
      : "=r"(is_explicit));
  asm volatile("barrier.cluster.arrive.release;\n\tbarrier.cluster.wait.acquire;" ::: "memory");
  out[blockIdx.x * blockDim.x + threadIdx.x] = cid + nctarank + ctarank + is_explicit;
}
#else
__global__ void cluster_histogram(const int* in, int* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) atomicAdd(&out[in[i] & 127], 1);
}
#endif
