// float -> half (cvt.rn.f16.f32) for every one of the 2^32 float bit patterns
// (Handbook 8.3.5). Each 2^24-input block prints one line: an order-free,
// position-sensitive checksum (the sum over the block of a mix of input and
// result bits) plus counts of NaN, infinite and denormal results, so that a
// difference can be located to its block. Labelled `long` in ctest.
#include <cuda_fp16.h>

#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;
using u64 = unsigned long long;

constexpr int kBlockBits = 24;
constexpr int kBlocksOfInputs = 1 << (32 - kBlockBits);
constexpr int kInputsPerThread = 256;
constexpr int kThreadsPerBlock = 256;

__device__ u64 mix(u64 z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}

struct BlockSums {
  u64 checksum;
  u32 nan_results;
  u32 inf_results;
  u32 denormal_results;
  u32 zero_results;
};

__global__ void convert_all(BlockSums* sums, u32 first_input) {
  const u32 thread = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 start = first_input + thread * kInputsPerThread;
  u64 checksum = 0;
  u32 nans = 0, infs = 0, denormals = 0, zeros = 0;
  for (u32 k = 0; k < kInputsPerThread; ++k) {
    const u32 bits = start + k;
    const unsigned short h = __half_as_ushort(__float2half_rn(__uint_as_float(bits)));
    checksum += mix(static_cast<u64>(bits) << 16 | h);
    const u32 exponent = (h >> 10) & 0x1fu, mantissa = h & 0x3ffu;
    nans += exponent == 0x1fu && mantissa != 0;
    infs += exponent == 0x1fu && mantissa == 0;
    denormals += exponent == 0 && mantissa != 0;
    zeros += exponent == 0 && mantissa == 0;
  }
  BlockSums* s = &sums[start >> kBlockBits];
  atomicAdd(&s->checksum, checksum);
  atomicAdd(&s->nan_results, nans);
  atomicAdd(&s->inf_results, infs);
  atomicAdd(&s->denormal_results, denormals);
  atomicAdd(&s->zero_results, zeros);
}

int main() {
  begin("float_to_half_exhaustive");
  DeviceBuffer<BlockSums> sums(kBlocksOfInputs);
  // One launch per quarter of the input space keeps each launch short.
  constexpr u32 kQuarter = 1u << 30;
  constexpr u32 kGrid = kQuarter / (kInputsPerThread * kThreadsPerBlock);
  for (u32 q = 0; q < 4; ++q) {
    convert_all<<<kGrid, kThreadsPerBlock>>>(sums.get(), q * kQuarter);
    CONF_CHECK_LAUNCH();
  }
  const auto results = sums.download();
  u64 total_nans = 0, total_infs = 0, total_denormals = 0, total_zeros = 0;
  for (int b = 0; b < kBlocksOfInputs; ++b) {
    const BlockSums& s = results[b];
    std::printf("CASE float2half_rn@%08x %016llx %u %u %u %u\n", static_cast<u32>(b) << kBlockBits,
                s.checksum, s.nan_results, s.inf_results, s.denormal_results, s.zero_results);
    total_nans += s.nan_results;
    total_infs += s.inf_results;
    total_denormals += s.denormal_results;
    total_zeros += s.zero_results;
  }
  std::printf("RESULT totals nan %llu inf %llu denormal %llu zero %llu\n", total_nans, total_infs,
              total_denormals, total_zeros);
  return 0;
}
