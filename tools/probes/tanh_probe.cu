// tanh.approx.f32 structure and table probe (MUFU.TANH on sm_90), with the
// H100's own instruction as the oracle on every positive input:
//   per binade (exponent field 0..255 of x >= 0): how many inputs give
//   tanh(x) != x, tanh(x) != 1, and tanh(x) != tanh(x truncated to M
//   fraction bits) for M = 14..22; whether tanh(-x) == -tanh(x) also holds
//   for zeros, subnormals, infinities and NaNs.
//   Then, per binade that is neither the identity nor saturated, the
//   smallest M with no mismatch is chosen and the 2^M results at the
//   truncated inputs are written to OUTDIR/tanh_tables.d2 (per binade: u32
//   exponent field, u32 M, then 2^M results second-order delta coded).
// Build and run (sm_90): nvcc -O2 -std=c++17 -arch=sm_90 tanh_probe.cu -o /tmp/tp && /tmp/tp OUTDIR
#include <cstdint>
#include <cstdio>
#include <string>
#include <vector>

#include "mufu_probe.cuh"

namespace {

constexpr int kMinM = 14;
constexpr int kMaxM = 22;
constexpr int kTests = 2 + (kMaxM - kMinM + 1);  // identity, one, truncations
constexpr int kChunkBits = 16;                    // inputs per warp task

__global__ void count_kernel(unsigned long long* counts, unsigned long long* odd_fail) {
  const int lane = threadIdx.x & 31;
  const uint64_t warp = (blockIdx.x * (uint64_t)blockDim.x + threadIdx.x) >> 5;
  const uint64_t warps = ((uint64_t)gridDim.x * blockDim.x) >> 5;
  for (uint64_t chunk = warp; chunk < (1ull << (31 - kChunkBits)); chunk += warps) {
    const uint32_t base = (uint32_t)(chunk << kChunkBits);
    const uint32_t binade = base >> 23;
    unsigned int local[kTests] = {};
    unsigned int odd = 0;
    for (uint32_t off = lane; off < (1u << kChunkBits); off += 32) {
      const uint32_t u = base + off;
      const float x = __uint_as_float(u);
      const uint32_t r = __float_as_uint(tanh_apx(x));
      const uint32_t rn = __float_as_uint(tanh_apx(-x));
      if (rn != (r ^ 0x80000000u)) ++odd;
      if (binade == 255) continue;
      local[0] += r != u;
      local[1] += r != 0x3f800000u;
      for (int m = kMinM; m <= kMaxM; ++m) {
        const uint32_t keep = ~((1u << (23 - m)) - 1);
        local[2 + m - kMinM] += r != __float_as_uint(tanh_apx(__uint_as_float(u & keep)));
      }
    }
    for (int t = 0; t < kTests; ++t) {
      const unsigned int s = __reduce_add_sync(0xffffffffu, local[t]);
      if (lane == 0 && s) atomicAdd(&counts[binade * kTests + t], (unsigned long long)s);
    }
    const unsigned int so = __reduce_add_sync(0xffffffffu, odd);
    if (lane == 0 && so) atomicAdd(odd_fail, (unsigned long long)so);
  }
}

__global__ void table_kernel(uint32_t binade, int m, uint32_t* out) {
  for (uint32_t k = blockIdx.x * blockDim.x + threadIdx.x; k < (1u << m); k += gridDim.x * blockDim.x)
    out[k] = __float_as_uint(tanh_apx(__uint_as_float((binade << 23) | (k << (23 - m)))));
}

__global__ void special_kernel(const uint32_t* in, uint32_t* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = __float_as_uint(tanh_apx(__uint_as_float(in[i])));
}

void delta2(std::vector<uint32_t>& v) {
  for (size_t i = v.size(); i-- > 2;) v[i] = v[i] - 2 * v[i - 1] + v[i - 2];
  if (v.size() > 1) v[1] = v[1] - v[0];
}

}  // namespace

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const int grid = 132 * 16, block = 256;
  unsigned long long *dcounts, *dodd;
  const size_t ncounts = 256 * kTests;
  CHECK(cudaMalloc(&dcounts, ncounts * 8));
  CHECK(cudaMalloc(&dodd, 8));
  CHECK(cudaMemset(dcounts, 0, ncounts * 8));
  CHECK(cudaMemset(dodd, 0, 8));
  count_kernel<<<grid, block>>>(dcounts, dodd);
  CHECK(cudaDeviceSynchronize());
  std::vector<unsigned long long> counts(ncounts);
  unsigned long long odd = 0;
  CHECK(cudaMemcpy(counts.data(), dcounts, ncounts * 8, cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&odd, dodd, 8, cudaMemcpyDeviceToHost));
  std::printf("odd mismatches over all 2^31 magnitudes (incl. subnormal, inf, NaN): %llu\n", odd);

  std::vector<uint32_t> file;
  uint32_t* dbuf;
  CHECK(cudaMalloc(&dbuf, (size_t{4} << 23)));
  for (uint32_t b = 0; b < 255; ++b) {
    const unsigned long long* c = &counts[b * kTests];
    int m = 23;
    for (int t = kMaxM; t >= kMinM; --t)
      if (c[2 + t - kMinM] == 0) m = t;
    std::printf("binade %3u (2^%4d): not_identity %llu not_one %llu trunc", b, (int)b - 127, c[0], c[1]);
    for (int t = kMinM; t <= kMaxM; ++t) std::printf(" %d:%llu", t, c[2 + t - kMinM]);
    std::printf(" -> M %d\n", m);
    if (c[0] == 0 || c[1] == 0) continue;
    table_kernel<<<grid, block>>>(b, m, dbuf);
    CHECK(cudaDeviceSynchronize());
    std::vector<uint32_t> t(size_t{1} << m);
    CHECK(cudaMemcpy(t.data(), dbuf, t.size() * 4, cudaMemcpyDeviceToHost));
    delta2(t);
    file.push_back(b);
    file.push_back((uint32_t)m);
    file.insert(file.end(), t.begin(), t.end());
  }
  FILE* f = std::fopen((dir + "/tanh_tables.d2").c_str(), "wb");
  std::fwrite(file.data(), 4, file.size(), f);
  std::fclose(f);

  const uint32_t specials[] = {0x00000000u, 0x80000000u, 0x00000001u, 0x807fffffu, 0x7f800000u, 0xff800000u,
                               0x7fc00000u, 0xffc00000u, 0x7f800001u, 0xff800001u, 0x7fbfffffu, 0x7fffffffu,
                               0xffffffffu, 0x3f800000u, 0x41000000u, 0x7f7fffffu};
  const int ns = sizeof specials / sizeof specials[0];
  uint32_t *din, *dout;
  CHECK(cudaMalloc(&din, sizeof specials));
  CHECK(cudaMalloc(&dout, sizeof specials));
  CHECK(cudaMemcpy(din, specials, sizeof specials, cudaMemcpyHostToDevice));
  special_kernel<<<1, 32>>>(din, dout, ns);
  uint32_t res[ns];
  CHECK(cudaMemcpy(res, dout, sizeof res, cudaMemcpyDeviceToHost));
  for (int i = 0; i < ns; ++i) std::printf("special %08x -> %08x\n", specials[i], res[i]);
  return 0;
}
