// Classic teaching kernels: naive and shared-memory tiled matrix multiply, naive,
// tiled and padded (bank-conflict free) transpose, and a reduction with sequential
// addressing and warp-unrolled tail.
constexpr int kTile = 16;
constexpr int kTransposeTile = 32;

__global__ void matmul_naive(const float* a, const float* b, float* c, int n) {
  int row = blockIdx.y * blockDim.y + threadIdx.y;
  int col = blockIdx.x * blockDim.x + threadIdx.x;
  if (row >= n || col >= n) return;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) acc += a[row * n + k] * b[k * n + col];
  c[row * n + col] = acc;
}

__global__ void matmul_tiled(const float* a, const float* b, float* c, int n) {
  __shared__ float as[kTile][kTile];
  __shared__ float bs[kTile][kTile];
  int row = blockIdx.y * kTile + threadIdx.y;
  int col = blockIdx.x * kTile + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (n + kTile - 1) / kTile; ++t) {
    int ac = t * kTile + threadIdx.x;
    int br = t * kTile + threadIdx.y;
    as[threadIdx.y][threadIdx.x] = (row < n && ac < n) ? a[row * n + ac] : 0.0f;
    bs[threadIdx.y][threadIdx.x] = (br < n && col < n) ? b[br * n + col] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < kTile; ++k) acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  if (row < n && col < n) c[row * n + col] = acc;
}

__global__ void transpose_naive(const float* in, float* out, int w, int h) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x < w && y < h) out[x * h + y] = in[y * w + x];
}

template <int kPad>
__global__ void transpose_tiled(const float* in, float* out, int w, int h) {
  __shared__ float tile[kTransposeTile][kTransposeTile + kPad];
  int x = blockIdx.x * kTransposeTile + threadIdx.x;
  int y = blockIdx.y * kTransposeTile + threadIdx.y;
  if (x < w && y < h) tile[threadIdx.y][threadIdx.x] = in[y * w + x];
  __syncthreads();
  x = blockIdx.y * kTransposeTile + threadIdx.x;
  y = blockIdx.x * kTransposeTile + threadIdx.y;
  if (x < h && y < w) out[y * h + x] = tile[threadIdx.x][threadIdx.y];
}

template __global__ void transpose_tiled<0>(const float*, float*, int, int);
template __global__ void transpose_tiled<1>(const float*, float*, int, int);

__device__ void warp_reduce(volatile float* s, int t) {
  s[t] += s[t + 32];
  s[t] += s[t + 16];
  s[t] += s[t + 8];
  s[t] += s[t + 4];
  s[t] += s[t + 2];
  s[t] += s[t + 1];
}

__global__ void reduce_unrolled(const float* in, float* out, int n) {
  __shared__ float s[512];
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x * 2 + t;
  s[t] = (i < n ? in[i] : 0.0f) + (i + blockDim.x < n ? in[i + blockDim.x] : 0.0f);
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 32; stride >>= 1) {
    if (t < stride) s[t] += s[t + stride];
    __syncthreads();
  }
  if (t < 32) warp_reduce(s, t);
  if (t == 0) out[blockIdx.x] = s[0];
}
