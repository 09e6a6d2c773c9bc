// __managed__ variables (PTX `.attribute(.managed)` globals) of scalar, array and struct
// type, read and written by a kernel beside ordinary __device__ variables.
struct Stats {
  float sum;
  unsigned count;
};

__managed__ float m_scale = 2.5f;
__managed__ int m_table[8] = {1, 2, 3, 4, 5, 6, 7, 8};
__managed__ Stats m_stats;
__managed__ unsigned long long m_calls;
__device__ float d_bias = -1.0f;

__global__ void managed_update(const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float v = in[i] * m_scale + static_cast<float>(m_table[i % 8]) + d_bias;
  out[i] = v;
  atomicAdd(&m_stats.sum, v);
  atomicAdd(&m_stats.count, 1u);
  if (i == 0) atomicAdd(&m_calls, 1ull);
}
