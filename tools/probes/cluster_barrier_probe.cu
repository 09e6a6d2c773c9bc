// How an sm_90 GPU's barrier.cluster round grows with the cluster size and the
// warps per block, and what a wait that comes after its phase completed costs.
// All times are clock64 deltas of one thread (thread 0 of cluster rank 0).
//   round   C blocks of W warps run 32 timed rounds (after one untimed) of
//           arrive + wait; cycles per round. Three forms:
//             release  barrier.cluster.arrive.release + wait.acquire (what
//                      cg::this_cluster().sync() emits: MEMBAR.ALL.GPU before
//                      UCGABAR_ARV, CCTL.IVALL after UCGABAR_WAIT);
//             relaxed  barrier.cluster.arrive.relaxed + wait.acquire;
//             fence    fence.acq_rel.gpu alone (the release's MEMBAR, no barrier).
//           Also the number of distinct SMs the cluster's blocks ran on.
//   skew    a 2-block cluster of W warps; after each arrive, warp 0 of rank 0
//           spins D cycles before its wait: the wait's own cycles (clock64
//           right before and after it) per D. D past the phase's completion
//           shows whether a late wait still pays the release latency.
//   nvcc -O2 -arch=sm_90 cluster_barrier_probe.cu -o /tmp/cb && /tmp/cb
#include <cstdio>
#include <set>

constexpr int kRounds = 32;

enum Form { kRelease = 0, kRelaxed = 1, kFence = 2 };

__device__ __forceinline__ unsigned smid() {
  unsigned id;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(id));
  return id;
}

__device__ __forceinline__ unsigned cluster_rank() {
  unsigned r;
  asm volatile("mov.u32 %0, %%cluster_ctarank;" : "=r"(r));
  return r;
}

template <int kForm>
__global__ void round_kernel(long long* out, unsigned* sms) {
  long long t0 = 0;
#pragma unroll 1
  for (int rep = 0; rep <= kRounds; ++rep) {
    if (rep == 1) t0 = clock64();  // the first round waits for the cluster's launch skew
    if (kForm == kRelease) {
      asm volatile("barrier.cluster.arrive.release.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::
                       : "memory");
    } else if (kForm == kRelaxed) {
      asm volatile("barrier.cluster.arrive.relaxed.aligned;\n\tbarrier.cluster.wait.acquire.aligned;" ::
                       : "memory");
    } else {
      asm volatile("fence.acq_rel.gpu;" ::: "memory");
    }
  }
  const long long t1 = clock64();
  if (threadIdx.x == 0) {
    sms[blockIdx.x] = smid();
    if (cluster_rank() == 0 && blockIdx.x == 0) out[0] = (t1 - t0) / kRounds;
  }
}

__global__ void skew_kernel(long long* out, long long delay) {
  const bool late = cluster_rank() == 0 && threadIdx.x < 32;
  long long waited = 0;
  long long round = 0;
  long long t_round = 0;
#pragma unroll 1
  for (int rep = 0; rep <= kRounds; ++rep) {
    if (rep == 1) t_round = clock64();
    asm volatile("barrier.cluster.arrive.release.aligned;" ::: "memory");
    if (late) {
      const long long until = clock64() + delay;
      while (clock64() < until) {
      }
    }
    const long long a = clock64();
    asm volatile("barrier.cluster.wait.acquire.aligned;" ::: "memory");
    const long long b = clock64();
    if (rep >= 1) waited += b - a;
  }
  round = clock64() - t_round;
  if (threadIdx.x == 0 && cluster_rank() == 0 && blockIdx.x == 0) {
    out[0] = waited / kRounds;
    out[1] = round / kRounds;
  }
}

template <typename Kernel, typename... Args>
cudaError_t launch(Kernel kernel, int blocks, int warps, Args... args) {
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
  cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
  cudaError_t e = cudaLaunchKernelEx(&config, kernel, args...);
  if (e == cudaSuccess) e = cudaDeviceSynchronize();
  return e;
}

template <int kForm>
void rounds(const char* name, long long* d_out, unsigned* d_sms) {
  const int clusters[] = {1, 2, 3, 4, 6, 8, 12, 16};
  const int warps[] = {1, 2, 3, 4, 5, 6, 8, 12, 16, 24, 32};
  for (int c : clusters) {
    std::printf("%s c%-2d", name, c);
    for (int w : warps) {
      cudaError_t e = launch(round_kernel<kForm>, c, w, d_out, d_sms);
      if (e != cudaSuccess) {
        std::printf(" w%d:%s", w, cudaGetErrorName(e));
        cudaGetLastError();
        continue;
      }
      long long h = 0;
      unsigned sms[16];
      cudaMemcpy(&h, d_out, sizeof h, cudaMemcpyDeviceToHost);
      cudaMemcpy(sms, d_sms, sizeof(unsigned) * c, cudaMemcpyDeviceToHost);
      std::printf(" w%d:%lld/%zu", w, h, std::set<unsigned>(sms, sms + c).size());
    }
    std::printf("\n");
  }
}

int main() {
  long long* d_out;
  unsigned* d_sms;
  cudaMalloc(&d_out, 4 * sizeof(long long));
  cudaMalloc(&d_sms, 16 * sizeof(unsigned));
  std::printf("# round: per cluster size c, w<warps>:<cycles per round>/<distinct SMs>\n");
  for (int run = 0; run < 2; ++run) {
    std::printf("run %d\n", run);
    rounds<kRelease>("release", d_out, d_sms);
    rounds<kRelaxed>("relaxed", d_out, d_sms);
    rounds<kFence>("fence  ", d_out, d_sms);
    std::printf("# skew: 2 blocks of w warps, d<delay>:<cycles in the late wait>/<cycles per round>\n");
    for (int w : {1, 4, 32}) {
      std::printf("skew w%-2d", w);
      for (long long d : {0LL, 100LL, 200LL, 300LL, 400LL, 500LL, 600LL, 700LL, 800LL, 900LL, 1000LL,
                          1200LL, 1500LL, 2000LL, 4000LL}) {
        cudaError_t e = launch(skew_kernel, 2, w, d_out, d);
        if (e != cudaSuccess) {
          std::printf(" d%lld:%s", d, cudaGetErrorName(e));
          cudaGetLastError();
          continue;
        }
        long long h[2];
        cudaMemcpy(h, d_out, sizeof h, cudaMemcpyDeviceToHost);
        std::printf(" d%lld:%lld/%lld", d, h[0], h[1]);
      }
      std::printf("\n");
    }
  }
  return 0;
}
