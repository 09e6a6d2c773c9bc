// Local memory: dynamically indexed per-thread arrays (which cannot live in registers),
// a large local buffer that spills, and structs passed by value.
struct Vec8 {
  float v[8];
};

__device__ __noinline__ float sum_by_value(Vec8 vec, int k) {
  float s = 0.0f;
  for (int j = 0; j < 8; ++j) s += vec.v[(j + k) & 7];
  return s;
}

__global__ void local_arrays(const int* idx, const float* in, float* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float buffer[64];
  int order[16];
  double wide[12];
  for (int j = 0; j < 64; ++j) buffer[j] = in[(i + j) % n];
  for (int j = 0; j < 16; ++j) order[j] = idx[(i * 16 + j) % n] & 63;
  for (int j = 0; j < 12; ++j) wide[j] = static_cast<double>(buffer[order[j]]) * j;
  float acc = 0.0f;
  for (int j = 0; j < 16; ++j) {
    buffer[order[j]] += static_cast<float>(wide[j % 12]);
    acc += buffer[order[15 - j]];
  }
  Vec8 vec;
  for (int j = 0; j < 8; ++j) vec.v[j] = buffer[order[j]];
  out[i] = acc + sum_by_value(vec, idx[i] & 7);
}
