// CUB warp-wide collectives: WarpReduce (full and logical sub-warps) and WarpScan.
#include <cub/warp/warp_reduce.cuh>
#include <cub/warp/warp_scan.cuh>
#include <cuda/functional>

constexpr int kWarps = 4;

__global__ void cub_warp_reduce_scan(const int* in, int* out, double* dout) {
  using Reduce = cub::WarpReduce<int>;
  using Reduce16 = cub::WarpReduce<double, 16>;
  using Scan = cub::WarpScan<int>;
  __shared__ typename Reduce::TempStorage reduce_temp[kWarps];
  __shared__ typename Reduce16::TempStorage reduce16_temp[kWarps * 2];
  __shared__ typename Scan::TempStorage scan_temp[kWarps];
  int warp = threadIdx.x / 32;
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = in[i];
  int sum = Reduce(reduce_temp[warp]).Sum(v);
  int mn = Reduce(reduce_temp[warp]).Reduce(v, cuda::minimum<>());
  int partial = Reduce(reduce_temp[warp]).Sum(v, threadIdx.x % 32 + 1);
  double half_sum = Reduce16(reduce16_temp[threadIdx.x / 16]).Sum(static_cast<double>(v) * 0.25);
  int inclusive = 0, exclusive = 0;
  Scan(scan_temp[warp]).InclusiveSum(v, inclusive);
  Scan(scan_temp[warp]).ExclusiveScan(v, exclusive, 0, cuda::maximum<>());
  out[i] = inclusive + exclusive;
  if (threadIdx.x % 32 == 0) out[gridDim.x * blockDim.x + i / 32] = sum + mn + partial;
  if (threadIdx.x % 16 == 0) dout[i / 16] = half_sum;
}
