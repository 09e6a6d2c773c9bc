// DRAM behaviour below the L2 on the recording GPU, for the timing model's
// DRAM component (docs/timing.md, "DRAM"). Three parts, all on memory the L2
// does not hold (a 256 MiB read between cases evicts the 50 MiB L2):
//  - chase S: one thread follows a dependent chain of 128 loads (ld.global.cg)
//    S bytes apart through fresh memory; per load the cycles from its issue to
//    the use of its value (clock64 around an add that consumes it). Loads that
//    stay inside one DRAM row after the first should be faster if the
//    controller keeps rows open; S = 32 shows the fetch granularity (the second
//    sector of a 64-byte fetch hits in L2).
//  - touch S: the first loads of a kernel into a buffer no kernel touched
//    before (written by cudaMemcpy only), S bytes apart, then the same pages
//    again 4 KiB further on (L2 miss, translation warm): the first-touch cost
//    per page.
//  - gather S: 2^20 threads, out[i] = in[i * S] (the stride copy of
//    tests/timing/kernels/copies.cu with larger strides), cudaEvent time of 5
//    launches (median) in SM cycles: the same number of DRAM fetches spread
//    over twice the rows per step of S, so a DRAM that is limited by row
//    activations slows down with S once each fetch has its own row part.
// Output: one line per measurement, `name value` (cycles).
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <vector>

#define CHECK(x)                                                                   \
  do {                                                                             \
    cudaError_t e_ = (x);                                                          \
    if (e_ != cudaSuccess) {                                                       \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                                \
    }                                                                              \
  } while (0)

constexpr int kChain = 128;

__global__ void chase_kernel(const char* base, unsigned long long stride, int loads,
                             long long* lat, unsigned long long* sink) {
  unsigned long long addr = reinterpret_cast<unsigned long long>(base);
  for (int k = 0; k < loads; ++k) {
    long long t0, t1;
    unsigned long long v;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0));
    asm volatile("ld.global.cg.u64 %0, [%1];" : "=l"(v) : "l"(addr));
    // The add consumes the loaded value (zero), so the clock read after it
    // waits for the load.
    asm volatile("add.u64 %0, %0, %1;" : "+l"(addr) : "l"(v));
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1));
    lat[k] = t1 - t0;
    addr += stride;
  }
  *sink = addr;
}

__global__ void evict_kernel(const float4* scratch, size_t n, float* sink) {
  float s = 0.0f;
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += gridDim.x * blockDim.x) {
    const float4 v = __ldcg(scratch + i);
    s += v.x + v.y + v.z + v.w;
  }
  if (s == 12345.0f) *sink = s;
}

__global__ void gather_kernel(const float* in, float* out, unsigned long long stride) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = in[i * stride];
}

struct Ctx {
  float4* scratch;
  size_t scratch_n;
  float* sink;
  long long* lat;
  unsigned long long* sink64;
};

void evict(const Ctx& c) {
  evict_kernel<<<1056, 256>>>(c.scratch, c.scratch_n, c.sink);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}

std::vector<long long> chase(const Ctx& c, const char* base, size_t stride, int loads) {
  chase_kernel<<<1, 1>>>(base, stride, loads, c.lat, c.sink64);
  CHECK(cudaGetLastError());
  std::vector<long long> host(loads);
  CHECK(cudaMemcpy(host.data(), c.lat, loads * sizeof(long long), cudaMemcpyDeviceToHost));
  return host;
}

double median(std::vector<long long> v) {
  std::sort(v.begin(), v.end());
  return v.size() % 2 ? double(v[v.size() / 2]) : (v[v.size() / 2 - 1] + v[v.size() / 2]) / 2.0;
}

double mean(const std::vector<long long>& v, size_t from) {
  double s = 0;
  for (size_t i = from; i < v.size(); ++i) s += double(v[i]);
  return s / double(v.size() - from);
}

int main() {
  int clock_khz = 0;
  CHECK(cudaDeviceGetAttribute(&clock_khz, cudaDevAttrClockRate, 0));
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  std::printf("gpu %s sm_clock_khz %d\n", prop.name, clock_khz);

  Ctx c{};
  c.scratch_n = (256u << 20) / sizeof(float4);
  CHECK(cudaMalloc(&c.scratch, c.scratch_n * sizeof(float4)));
  CHECK(cudaMemset(c.scratch, 0, c.scratch_n * sizeof(float4)));
  CHECK(cudaMalloc(&c.sink, sizeof(float)));
  CHECK(cudaMalloc(&c.lat, kChain * sizeof(long long)));
  CHECK(cudaMalloc(&c.sink64, sizeof(unsigned long long)));

  // Part 2 first: buffers no kernel has touched yet.
  const size_t touch_strides[] = {size_t(64) << 10, size_t(2) << 20};
  for (size_t stride : touch_strides) {
    const size_t bytes = stride * 64 + (size_t(1) << 20);
    char* fresh = nullptr;
    CHECK(cudaMalloc(&fresh, bytes));
    std::vector<char> zeros(bytes, 0);
    CHECK(cudaMemcpy(fresh, zeros.data(), bytes, cudaMemcpyHostToDevice));
    const auto first = chase(c, fresh, stride, 64);
    const auto again = chase(c, fresh + 4096, stride, 64);
    std::printf("touch_%zu first_load %lld\n", stride, first[0]);
    std::printf("touch_%zu first_mean %.1f\n", stride, mean(first, 0));
    std::printf("touch_%zu again_mean %.1f\n", stride, mean(again, 0));
    std::printf("touch_%zu first_median %.1f again_median %.1f\n", stride, median(first), median(again));
    std::printf("touch_%zu first_lat", stride);
    for (long long l : first) std::printf(" %lld", l);
    std::printf("\ntouch_%zu again_lat", stride);
    for (long long l : again) std::printf(" %lld", l);
    std::printf("\n");
    CHECK(cudaFree(fresh));
  }

  // Part 1: chase through memory that is translated (touched once) but not in L2.
  char* region = nullptr;
  const size_t region_bytes = size_t(1) << 30;
  CHECK(cudaMalloc(&region, region_bytes));
  CHECK(cudaMemset(region, 0, region_bytes));
  const size_t strides[] = {32, 64, 128, 256, 512, 1024, 2048, 4096, 8192, 16384, 65536, 262144,
                            1u << 20, 4u << 20};
  size_t offset = 0;
  for (size_t stride : strides) {
    // Each stride reads its own part of the region, twice: the first pass
    // translates its pages, the second (another 4 KiB further) is timed too.
    const size_t span = stride * kChain + 8192;
    if (offset + span > region_bytes) offset = 0;
    evict(c);
    const auto a = chase(c, region + offset, stride, kChain);
    evict(c);
    const auto b = chase(c, region + offset + 4096 + 64, stride, kChain);
    std::printf("chase_%zu median %.1f mean %.1f again_median %.1f first %lld\n", stride, median(a),
                mean(a, 1), median(b), a[0]);
    std::printf("chase_%zu lat", stride);
    for (int k = 0; k < 32; ++k) std::printf(" %lld", a[k]);
    std::printf("\n");
    offset += (span + (1u << 20)) / (1u << 20) * (1u << 20);
  }
  CHECK(cudaFree(region));

  // Part 3: gathers of 2^20 floats at growing strides.
  constexpr size_t kN = size_t(1) << 20;
  const size_t gather_strides[] = {1, 8, 16, 32, 64, 128, 256, 512};
  float* in = nullptr;
  float* out = nullptr;
  CHECK(cudaMalloc(&in, kN * 512 * sizeof(float)));
  CHECK(cudaMalloc(&out, kN * sizeof(float)));
  CHECK(cudaMemset(in, 0, kN * 512 * sizeof(float)));
  CHECK(cudaMemset(out, 0, kN * sizeof(float)));
  cudaEvent_t e0, e1;
  CHECK(cudaEventCreate(&e0));
  CHECK(cudaEventCreate(&e1));
  for (size_t stride : gather_strides) {
    std::vector<long long> cycles;
    for (int rep = 0; rep < 5; ++rep) {
      evict(c);
      CHECK(cudaEventRecord(e0));
      gather_kernel<<<kN / 256, 256>>>(in, out, stride);
      CHECK(cudaEventRecord(e1));
      CHECK(cudaEventSynchronize(e1));
      float ms = 0;
      CHECK(cudaEventElapsedTime(&ms, e0, e1));
      cycles.push_back(static_cast<long long>(ms * clock_khz));
    }
    std::printf("gather_%zu cycles_median %.0f runs", stride, median(cycles));
    for (long long x : cycles) std::printf(" %lld", x);
    std::printf("\n");
  }
  return 0;
}
