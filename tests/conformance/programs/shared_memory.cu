// Shared memory: dynamic allocations above 48 KB with the opt-in attribute,
// static plus dynamic together, sub-word (8/16-bit) and 64/128-bit accesses,
// strided and broadcast patterns, and a tiled transpose with padding.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr int kThreads = 256;
constexpr size_t kBigDynamicBytes = 200 * 1024;  // above the 48 KB default limit

__global__ void big_dynamic_kernel(const u32* in, u32* out, int words) {
  extern __shared__ u32 dyn[];
  __shared__ u32 fixed[kThreads];
  for (int i = threadIdx.x; i < words; i += blockDim.x)
    dyn[i] = in[(i * 7) % words] ^ static_cast<u32>(i);
  fixed[threadIdx.x] = static_cast<u32>(threadIdx.x) * 3u;
  __syncthreads();
  u32 acc = fixed[(threadIdx.x + 1) % kThreads];
  // Strides that touch the whole allocation, including its last word.
  for (int i = 0; i < 64; ++i)
    acc += dyn[(threadIdx.x * 4099u + static_cast<u32>(i) * 797u) % words] * (i + 1);
  acc ^= dyn[words - 1 - threadIdx.x];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

enum Slot { kBytes, kShorts, kDoubles, kVec4, kBroadcast, kStride2, kStride33, kSlots };
__global__ void access_kernel(const u32* in, u32* out, int total) {
  __shared__ unsigned char bytes[kThreads * 4];
  __shared__ unsigned short shorts[kThreads * 2];
  __shared__ double doubles[kThreads];
  __shared__ uint4 vec4[kThreads];
  __shared__ u32 words[kThreads * 33];
  const int t = threadIdx.x;
  const int g = blockIdx.x * blockDim.x + t;
  const u32 v = in[g];
  auto put = [&](Slot s, u32 value) { out[s * total + g] = value; };
  for (int i = 0; i < 4; ++i) bytes[t * 4 + i] = static_cast<unsigned char>(v >> (8 * i));
  for (int i = 0; i < 2; ++i) shorts[t * 2 + i] = static_cast<unsigned short>(v >> (16 * i));
  doubles[t] = static_cast<double>(v) / 3.0;
  vec4[t] = make_uint4(v, ~v, v >> 3, v << 5);
  for (int i = 0; i < 33; ++i) words[t * 33 + i] = v + static_cast<u32>(i);
  __syncthreads();
  // Byte lanes written by four different threads, read as one word.
  const int s = (t + 1) % kThreads;
  put(kBytes, static_cast<u32>(bytes[t * 4]) | static_cast<u32>(bytes[s * 4 + 1]) << 8 |
                  static_cast<u32>(bytes[((t + 5) % kThreads) * 4 + 2]) << 16 |
                  static_cast<u32>(bytes[((t + 9) % kThreads) * 4 + 3]) << 24);
  put(kShorts, static_cast<u32>(shorts[(t * 3) % (kThreads * 2)]) << 16 |
                   shorts[(t * 5 + 1) % (kThreads * 2)]);
  put(kDoubles,
      static_cast<u32>(__double_as_longlong(doubles[(t + 31) % kThreads] + doubles[t]) >> 12));
  const uint4 q = vec4[(t * 9) % kThreads];
  put(kVec4, q.x ^ q.y + q.z - q.w);
  put(kBroadcast, words[5] + words[33 * (t / 32)]);
  put(kStride2, words[(t * 2) % (kThreads * 33)]);
  put(kStride33, words[t * 33 + 32]);
}

constexpr int kTile = 32;
__global__ void transpose_kernel(const u32* in, u32* out, int n) {
  __shared__ u32 tile[kTile][kTile + 1];
  const int x = blockIdx.x * kTile + threadIdx.x;
  const int y = blockIdx.y * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += blockDim.y)
    tile[threadIdx.y + j][threadIdx.x] = in[(y + j) * n + x];
  __syncthreads();
  const int tx = blockIdx.y * kTile + threadIdx.x;
  const int ty = blockIdx.x * kTile + threadIdx.y;
  for (int j = 0; j < kTile; j += blockDim.y)
    out[(ty + j) * n + tx] = tile[threadIdx.x][threadIdx.y + j];
}

int main() {
  begin("shared_memory");
  int device = 0, optin = 0, per_block = 0;
  CONF_CHECK(cudaGetDevice(&device));
  CONF_CHECK(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  CONF_CHECK(cudaDeviceGetAttribute(&per_block, cudaDevAttrMaxSharedMemoryPerBlock, device));
  print_value("attributes/max_shared_per_block", per_block);
  print_value("attributes/optin_covers_200k",
              static_cast<int>(static_cast<size_t>(optin) >= kBigDynamicBytes));
  // Without the opt-in, a launch above 48 KB must fail.
  const int words = static_cast<int>(kBigDynamicBytes / sizeof(u32)) - kThreads;
  std::vector<u32> in(words);
  Rng rng(0x5a5a5aull);
  for (auto& w : in) w = rng.next32();
  DeviceBuffer<u32> din(in);
  DeviceBuffer<u32> out(4 * kThreads);
  const size_t dynamic_bytes = static_cast<size_t>(words) * sizeof(u32);
  big_dynamic_kernel<<<4, kThreads, dynamic_bytes>>>(din.get(), out.get(), words);
  const cudaError_t refused = cudaGetLastError();
  std::printf("RESULT launch_above_48k_without_optin %s\n", cudaGetErrorName(refused));
  CONF_CHECK(cudaFuncSetAttribute(big_dynamic_kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                  static_cast<int>(dynamic_bytes)));
  cudaFuncAttributes attributes{};
  CONF_CHECK(cudaFuncGetAttributes(&attributes, big_dynamic_kernel));
  print_value("attributes/static_shared_bytes", static_cast<uint64_t>(attributes.sharedSizeBytes));
  print_value("attributes/max_dynamic_shared_bytes", attributes.maxDynamicSharedSizeBytes);
  big_dynamic_kernel<<<4, kThreads, dynamic_bytes>>>(din.get(), out.get(), words);
  CONF_CHECK_LAUNCH();
  print_case("dynamic_200k/result", out.download());

  const int blocks = 4;
  const int total = blocks * kThreads;
  std::vector<u32> values(total);
  for (auto& v : values) v = rng.next32();
  DeviceBuffer<u32> dvalues(values);
  DeviceBuffer<u32> access_out(static_cast<size_t>(kSlots) * total);
  access_kernel<<<blocks, kThreads>>>(dvalues.get(), access_out.get(), total);
  CONF_CHECK_LAUNCH();
  print_slots("access", access_out.download(), total,
              {"bytes", "shorts", "doubles", "uint4", "broadcast", "stride2", "stride33"});

  const int n = 256;
  std::vector<u32> matrix(n * n);
  for (auto& m : matrix) m = rng.next32();
  DeviceBuffer<u32> dm(matrix), dt(n * n);
  transpose_kernel<<<dim3(n / kTile, n / kTile), dim3(kTile, 8)>>>(dm.get(), dt.get(), n);
  CONF_CHECK_LAUNCH();
  const auto transposed = dt.download();
  bool correct = true;
  for (int y = 0; y < n; ++y) {
    for (int x = 0; x < n; ++x) correct = correct && transposed[x * n + y] == matrix[y * n + x];
  }
  print_value("transpose/padded_tile_correct", static_cast<int>(correct));
  print_case("transpose/result", transposed);
  return 0;
}
