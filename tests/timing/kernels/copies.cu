// The slides' offset and stride copies: out[i] = in[i + offset] and
// out[i] = in[i * stride], over kN floats; their cycles give the effective
// bandwidth curves against misalignment and stride.
#include <vector>

#include "kernels.cuh"

constexpr size_t kN = 1u << 20;
constexpr int kBlock = 256;

template <int kOffset>
__global__ void offset_copy(const float* in, float* out) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = in[i + kOffset];
}

template <int kStride>
__global__ void stride_copy(const float* in, float* out) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = in[i * kStride];
}

struct Buffers {
  float* in;
  float* out;
  std::vector<float> host_in;
  std::vector<float> host_out;
};

bool check(Buffers& b, size_t step, size_t offset) {
  TIMING_CHECK(cudaGetLastError());
  TIMING_CHECK(cudaMemcpy(b.host_out.data(), b.out, kN * sizeof(float), cudaMemcpyDeviceToHost));
  for (size_t i = 0; i < kN; ++i) {
    if (b.host_out[i] != b.host_in[i * step + offset]) return false;
  }
  return true;
}

template <int kOffset>
void run_offset(Buffers& b) {
  offset_copy<kOffset><<<kN / kBlock, kBlock>>>(b.in, b.out);
  char name[32];
  std::snprintf(name, sizeof name, "offset_copy_%d", kOffset);
  kernels::report(name, check(b, 1, kOffset));
}

template <int kStride>
void run_stride(Buffers& b) {
  stride_copy<kStride><<<kN / kBlock, kBlock>>>(b.in, b.out);
  char name[32];
  std::snprintf(name, sizeof name, "stride_copy_%d", kStride);
  kernels::report(name, check(b, kStride, 0));
}

int main() {
  constexpr size_t kInFloats = kN * 32;
  Buffers b;
  b.host_in.resize(kInFloats);
  b.host_out.resize(kN);
  for (size_t i = 0; i < kInFloats; ++i) b.host_in[i] = kernels::pattern(i);
  TIMING_CHECK(cudaMalloc(&b.in, kInFloats * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&b.out, kN * sizeof(float)));
  TIMING_CHECK(cudaMemcpy(b.in, b.host_in.data(), kInFloats * sizeof(float), cudaMemcpyHostToDevice));
  run_offset<0>(b);
  run_offset<1>(b);
  run_offset<2>(b);
  run_offset<4>(b);
  run_offset<8>(b);
  run_offset<16>(b);
  run_offset<32>(b);
  run_stride<1>(b);
  run_stride<2>(b);
  run_stride<4>(b);
  run_stride<8>(b);
  run_stride<16>(b);
  run_stride<32>(b);
  TIMING_CHECK(cudaFree(b.in));
  TIMING_CHECK(cudaFree(b.out));
  return 0;
}
