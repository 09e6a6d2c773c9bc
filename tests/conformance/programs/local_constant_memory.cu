// Local memory (dynamically indexed per-thread arrays, spills), constant memory
// read with uniform and divergent indices, __ldg, vector loads and stores of
// every width, and module symbols moved with cudaMemcpyTo/FromSymbol.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr int kConstWords = 4096;
__constant__ u32 c_table[kConstWords];
__constant__ float c_coeffs[16];
__device__ u32 g_symbol[256];
__device__ unsigned long long g_scalar;

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr int kTotal = kThreads * kBlocks;

enum Slot {
  kLocalArray,
  kLocalBig,
  kConstUniform,
  kConstDivergent,
  kConstFloat,
  kLdg,
  kSymbol,
  kSlots
};

__global__ void memory_kernel(const u32* __restrict__ in, u32* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 v = in[t];
  auto put = [&](Slot s, u32 value) { out[s * kTotal + t] = value; };
  // A per-thread array indexed by data: it lives in local memory.
  u32 local[64];
  for (int i = 0; i < 64; ++i) local[i] = v * static_cast<u32>(i + 1) ^ static_cast<u32>(i << 24);
  u32 acc = 0;
  for (int i = 0; i < 64; ++i) acc += local[(v >> (i % 24)) & 63u] * (i | 1);
  put(kLocalArray, acc);
  // A larger array with a data-dependent write pattern.
  double big[96];
  for (int i = 0; i < 96; ++i) big[i] = static_cast<double>(i) * 0.5;
  for (int i = 0; i < 48; ++i) big[(v + i * 7u) % 96u] += static_cast<double>(v % (i + 3));
  double dsum = 0.0;
  for (int i = 0; i < 96; ++i) dsum += big[i] * (i % 5);
  put(kLocalBig, static_cast<u32>(__double_as_longlong(dsum) >> 16));
  // Constant memory: the same index in the whole warp, then a per-lane index.
  put(kConstUniform, c_table[(blockIdx.x * 97 + threadIdx.x / 32) % kConstWords]);
  put(kConstDivergent, c_table[v % kConstWords] + c_table[(threadIdx.x * 131) % kConstWords]);
  float poly = 0.0f;
  const float x = static_cast<float>(v & 0xffff) / 65536.0f;
  for (int i = 15; i >= 0; --i) poly = poly * x + c_coeffs[i];
  put(kConstFloat, __float_as_uint(poly));
  put(kLdg, __ldg(&in[(t * 17 + 5) % kTotal]) ^ __ldg(&in[v % kTotal]));
  put(kSymbol, g_symbol[v & 255u] + static_cast<u32>(g_scalar));
}

// Vector accesses: each thread loads and stores one element of each width.
__global__ void vector_kernel(const float4* f4, const int2* i2, const double2* d2, const char4* c4,
                              const short2* s2, const uchar3* u3, const longlong2* l2, float4* of4,
                              int2* oi2, double2* od2, char4* oc4, short2* os2, uchar3* ou3,
                              longlong2* ol2) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const int r = (t * 5 + 3) % kTotal;
  const float4 a = f4[r];
  of4[t] = make_float4(a.w, a.x + a.y, a.z * 2.0f, -a.x);
  const int2 b = __ldg(&i2[r]);
  oi2[t] = make_int2(b.y ^ b.x, b.x - b.y);
  const double2 c = d2[r];
  od2[t] = make_double2(c.y, c.x * c.y);
  const char4 d = c4[r];
  oc4[t] =
      make_char4(d.w, static_cast<signed char>(d.z + d.y), d.x, static_cast<signed char>(d.x * 3));
  const short2 e = s2[r];
  os2[t] = make_short2(static_cast<short>(e.y >> 2), static_cast<short>(e.x + e.y));
  const uchar3 f = u3[r];
  ou3[t] = make_uchar3(f.z, static_cast<unsigned char>(f.x + f.y), f.y);
  const longlong2 g = l2[r];
  ol2[t] = make_longlong2(g.y - g.x, g.x ^ (g.y << 7));
}

template <typename T>
std::vector<T> random_structs(size_t count, uint64_t seed) {
  std::vector<T> out(count);
  Rng rng(seed);
  std::vector<unsigned char> bytes(count * sizeof(T));
  for (auto& b : bytes) b = static_cast<unsigned char>(rng.next32());
  std::memcpy(out.data(), bytes.data(), bytes.size());
  return out;
}

template <typename T>
void print_structs(const char* name, const DeviceBuffer<T>& buffer) {
  const auto host = buffer.download();
  std::vector<unsigned char> bytes(host.size() * sizeof(T));
  std::memcpy(bytes.data(), host.data(), bytes.size());
  print_case(name, bytes);
}

int main() {
  begin("local_constant_memory");
  std::vector<u32> table(kConstWords);
  Rng rng(0xc0a57ull);
  for (auto& w : table) w = rng.next32();
  CONF_CHECK(cudaMemcpyToSymbol(c_table, table.data(), table.size() * sizeof(u32)));
  std::vector<float> coeffs(16);
  for (int i = 0; i < 16; ++i)
    coeffs[i] = 1.0f / static_cast<float>(i + 1) * (i % 2 ? -1.0f : 1.0f);
  CONF_CHECK(cudaMemcpyToSymbol(c_coeffs, coeffs.data(), coeffs.size() * sizeof(float)));
  std::vector<u32> symbol(256);
  for (u32 i = 0; i < 256; ++i) symbol[i] = i * 0x01010101u;
  CONF_CHECK(cudaMemcpyToSymbol(g_symbol, symbol.data(), 128 * sizeof(u32)));
  // The second half goes through an offset copy.
  CONF_CHECK(
      cudaMemcpyToSymbol(g_symbol, symbol.data() + 128, 128 * sizeof(u32), 128 * sizeof(u32)));
  const unsigned long long scalar = 0x1122334455667788ull;
  CONF_CHECK(cudaMemcpyToSymbol(g_scalar, &scalar, sizeof(scalar)));
  size_t symbol_size = 0;
  CONF_CHECK(cudaGetSymbolSize(&symbol_size, g_symbol));
  print_value("symbol/g_symbol_size", static_cast<uint64_t>(symbol_size));
  void* symbol_address = nullptr;
  CONF_CHECK(cudaGetSymbolAddress(&symbol_address, g_symbol));
  std::vector<u32> through_address(256);
  CONF_CHECK(cudaMemcpy(through_address.data(), symbol_address, 256 * sizeof(u32),
                        cudaMemcpyDeviceToHost));
  print_case("symbol/read_through_address", through_address);
  std::vector<u32> back(64);
  CONF_CHECK(cudaMemcpyFromSymbol(back.data(), c_table, 64 * sizeof(u32), 1000 * sizeof(u32)));
  print_case("symbol/constant_from_symbol_offset", back);

  std::vector<u32> in(kTotal);
  for (auto& v : in) v = rng.next32();
  DeviceBuffer<u32> din(in);
  DeviceBuffer<u32> out(static_cast<size_t>(kSlots) * kTotal);
  memory_kernel<<<kBlocks, kThreads>>>(din.get(), out.get());
  CONF_CHECK_LAUNCH();
  print_slots("memory", out.download(), kTotal,
              {"local_array_dynamic_index", "local_double_array", "constant_uniform_index",
               "constant_divergent_index", "constant_float_polynomial", "ldg", "device_symbol"});

  DeviceBuffer<float4> f4(random_structs<float4>(kTotal, 1)), of4(kTotal);
  DeviceBuffer<int2> i2(random_structs<int2>(kTotal, 2)), oi2(kTotal);
  DeviceBuffer<double2> d2(random_structs<double2>(kTotal, 3)), od2(kTotal);
  DeviceBuffer<char4> c4(random_structs<char4>(kTotal, 4)), oc4(kTotal);
  DeviceBuffer<short2> s2(random_structs<short2>(kTotal, 5)), os2(kTotal);
  DeviceBuffer<uchar3> u3(random_structs<uchar3>(kTotal, 6)), ou3(kTotal);
  DeviceBuffer<longlong2> l2(random_structs<longlong2>(kTotal, 7)), ol2(kTotal);
  vector_kernel<<<kBlocks, kThreads>>>(f4.get(), i2.get(), d2.get(), c4.get(), s2.get(), u3.get(),
                                       l2.get(), of4.get(), oi2.get(), od2.get(), oc4.get(),
                                       os2.get(), ou3.get(), ol2.get());
  CONF_CHECK_LAUNCH();
  print_structs("vector/float4", of4);
  print_structs("vector/int2_ldg", oi2);
  print_structs("vector/double2", od2);
  print_structs("vector/char4", oc4);
  print_structs("vector/short2", os2);
  print_structs("vector/uchar3", ou3);
  print_structs("vector/longlong2", ol2);
  std::vector<u32> symbol_after(256);
  CONF_CHECK(cudaMemcpyFromSymbol(symbol_after.data(), g_symbol, 256 * sizeof(u32)));
  print_case("symbol/g_symbol_after", symbol_after);
  return 0;
}
