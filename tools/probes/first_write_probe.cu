// What the first kernel launch of a program pays on the recording GPU, for the
// timing model's first-touch state (docs/timing.md, "First touch of a
// program's pages"). The kernel goldens' first launch, offset_copy_0 of
// tests/timing/kernels/copies.cu, is 9-14% slower than the same kernel
// launched again; this probe separates the candidate causes.
//
//   first_write_probe scenario NAME   one program run of a launch sequence, to be
//                                     measured under ncu (gpc__cycles_elapsed.max
//                                     per launch, as the goldens); each NAME is its
//                                     own process, so its first launch is the
//                                     program's first (list: scenario_names below)
//   first_write_probe latency         single-thread chains, clock64 around each
//                                     access: per 4 KiB step through a buffer,
//                                     the cost of a store (+ fence), an atomic or
//                                     a load by what wrote the buffer before;
//                                     the period of the slow steps is the page
//                                     size; three blocks on distinct SMs, one
//                                     after the other, say per SM or GPU-wide.
// Output: one line per measurement.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#define CHECK(x)                                                                      \
  do {                                                                                \
    cudaError_t e_ = (x);                                                             \
    if (e_ != cudaSuccess) {                                                          \
      std::fprintf(stderr, "%s:%d %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); \
      std::exit(1);                                                                   \
    }                                                                                 \
  } while (0)

// ---- scenario kernels (the copy is copies.cu's offset_copy<0>) ----
constexpr size_t kN = size_t(1) << 20;  // floats of a copy's output (4 MiB)
constexpr int kBlock = 256;

__global__ void copy0(const float* in, float* out) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
// The same code under another name: a kernel function launched for the first time
// on buffers an earlier launch of copy0 already touched.
__global__ void copy0b(const float* in, float* out) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = in[i];
}
__global__ void fill(float* out, float v) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  out[i] = v;
}
__global__ void read_sum(const float* in, float* sink) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  const float v = in[i];
  if (v == 1234.5f) *sink = v;
}
// One thread per `stride` bytes writes one word there.
__global__ void sparse_write(char* out, size_t stride, size_t pages) {
  const size_t p = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  if (p < pages) *reinterpret_cast<float*>(out + p * stride) = 1.0f;
}
__global__ void empty() {}
__global__ void vadd(const float* a, const float* b, float* c) {
  const size_t i = static_cast<size_t>(blockIdx.x) * blockDim.x + threadIdx.x;
  c[i] = a[i] + b[i];
}

struct Bufs {
  float* in;       // 128 MiB written by cudaMemcpy, as copies.cu's
  float* in_fresh;  // 4 MiB nothing wrote
  float* out;      // 4 MiB
  float* out2;     // 4 MiB
  float* sink;
};

void copy(const Bufs& b, const float* in, float* out) {
  copy0<<<kN / kBlock, kBlock>>>(in, out);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}
void sync() {
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}

const char* const scenario_names[] = {"base",        "empty_first", "memset",     "memcpy",
                                      "kernel_fill", "read_first",  "second_buf", "sparse64k",
                                      "sparse2m",    "fill_half",   "in_fresh",   "vadd_fresh",
                                      "vadd_memset", "fn_second",  "buf_second", "in_shift4m",
                                      "in_shift64m", "small_first", "read_in_first"};

int scenario(const std::string& name) {
  Bufs b{};
  const size_t in_floats = kN * 32;
  std::vector<float> host(in_floats);
  for (size_t i = 0; i < in_floats; ++i) host[i] = static_cast<float>(i % 1000);
  CHECK(cudaMalloc(&b.in, in_floats * sizeof(float)));
  CHECK(cudaMalloc(&b.out, kN * sizeof(float)));
  CHECK(cudaMalloc(&b.out2, kN * sizeof(float)));
  CHECK(cudaMalloc(&b.in_fresh, kN * sizeof(float)));
  CHECK(cudaMalloc(&b.sink, sizeof(float)));
  CHECK(cudaMemcpy(b.in, host.data(), in_floats * sizeof(float), cudaMemcpyHostToDevice));
  std::printf("scenario %s in %p out %p out2 %p in_fresh %p\n", name.c_str(), (void*)b.in, (void*)b.out,
              (void*)b.out2, (void*)b.in_fresh);
  if (name == "base") {
    copy(b, b.in, b.out);
    copy(b, b.in, b.out);
  } else if (name == "empty_first") {
    empty<<<1, 32>>>();
    sync();
    copy(b, b.in, b.out);
    copy(b, b.in, b.out);
  } else if (name == "memset") {
    CHECK(cudaMemset(b.out, 0, kN * sizeof(float)));
    copy(b, b.in, b.out);
    copy(b, b.in, b.out);
  } else if (name == "memcpy") {
    CHECK(cudaMemcpy(b.out, host.data(), kN * sizeof(float), cudaMemcpyHostToDevice));
    copy(b, b.in, b.out);
    copy(b, b.in, b.out);
  } else if (name == "kernel_fill") {
    fill<<<kN / kBlock, kBlock>>>(b.out, 2.0f);
    sync();
    copy(b, b.in, b.out);
  } else if (name == "read_first") {
    read_sum<<<kN / kBlock, kBlock>>>(b.out, b.sink);
    sync();
    copy(b, b.in, b.out);
  } else if (name == "second_buf") {
    copy(b, b.in, b.out);
    copy(b, b.in, b.out2);
    copy(b, b.in, b.out2);
  } else if (name == "sparse64k" || name == "sparse2m") {
    const size_t stride = name == "sparse64k" ? size_t(64) << 10 : size_t(2) << 20;
    const size_t pages = kN * sizeof(float) / stride;
    sparse_write<<<1, 64>>>(reinterpret_cast<char*>(b.out), stride, pages);
    sync();
    copy(b, b.in, b.out);
  } else if (name == "fill_half") {
    fill<<<kN / 2 / kBlock, kBlock>>>(b.out, 2.0f);
    sync();
    copy(b, b.in, b.out);
  } else if (name == "in_fresh") {
    CHECK(cudaMemset(b.out, 0, kN * sizeof(float)));
    copy(b, b.in_fresh, b.out);
    copy(b, b.in_fresh, b.out);
  } else if (name == "vadd_fresh" || name == "vadd_memset") {
    // dense.cu's vector_add: 4 Mi floats, a and b written by cudaMemcpy.
    const size_t n = size_t(1) << 22;
    float *a, *bb, *c;
    CHECK(cudaMalloc(&a, n * sizeof(float)));
    CHECK(cudaMalloc(&bb, n * sizeof(float)));
    CHECK(cudaMalloc(&c, n * sizeof(float)));
    CHECK(cudaMemcpy(a, host.data(), n * sizeof(float), cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(bb, host.data() + n, n * sizeof(float), cudaMemcpyHostToDevice));
    if (name == "vadd_memset") CHECK(cudaMemset(c, 0, n * sizeof(float)));
    vadd<<<n / 256, 256>>>(a, bb, c);
    sync();
    vadd<<<n / 256, 256>>>(a, bb, c);
    sync();
  } else if (name == "fn_second") {
    // Per kernel function: copy0b's first launch on buffers copy0 touched.
    copy(b, b.in, b.out);
    copy0b<<<kN / kBlock, kBlock>>>(b.in, b.out);
    sync();
    copy0b<<<kN / kBlock, kBlock>>>(b.in, b.out);
    sync();
  } else if (name == "buf_second") {
    // Per buffer: copy0 first on other buffers, then on in and out.
    CHECK(cudaMemset(b.in_fresh, 0, kN * sizeof(float)));
    copy(b, b.in_fresh, b.out2);
    copy(b, b.in, b.out);
    copy(b, b.in, b.out);
  } else if (name == "in_shift4m" || name == "in_shift64m") {
    // Per page: the same buffers, the input 4 MiB or 64 MiB further on
    // (pages of `in` no kernel read, written by cudaMemcpy).
    const size_t shift = name == "in_shift4m" ? kN : 16 * kN;
    copy(b, b.in, b.out);
    copy(b, b.in + shift, b.out);
    copy(b, b.in + shift, b.out);
  } else if (name == "small_first") {
    // One block of copy0 first (the function and the buffers' first pages).
    copy0<<<1, kBlock>>>(b.in, b.out);
    sync();
    copy(b, b.in, b.out);
    copy(b, b.in, b.out);
  } else if (name == "read_in_first") {
    // Another kernel reads the copy's input first.
    read_sum<<<kN / kBlock, kBlock>>>(b.in, b.sink);
    sync();
    copy(b, b.in, b.out);
    copy(b, b.in, b.out);
  } else {
    std::fprintf(stderr, "unknown scenario %s\n", name.c_str());
    return 2;
  }
  std::printf("scenario %s done\n", name.c_str());
  return 0;
}

// ---- latency chains ----
constexpr size_t kStep = 4096;
constexpr int kSteps = 2048;  // 8 MiB: 128 pages of 64 KiB, 4 of 2 MiB

enum Op { kStore = 0, kAtomic = 1, kLoad = 2 };

__device__ long long chain(char* base, Op op, long long* lat) {
  unsigned long long acc = 0;
  for (int k = 0; k < kSteps; ++k) {
    unsigned* p = reinterpret_cast<unsigned*>(base + size_t(k) * kStep);
    long long t0, t1;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t0)::"memory");
    if (op == kStore) {
      asm volatile("st.global.u32 [%0], %1;" ::"l"(p), "r"(unsigned(k)) : "memory");
      asm volatile("fence.sc.gpu;" ::: "memory");
    } else if (op == kAtomic) {
      unsigned v;
      asm volatile("atom.global.add.u32 %0, [%1], 1;" : "=r"(v) : "l"(p) : "memory");
      asm volatile("add.u64 %0, %0, %1;" : "+l"(acc) : "l"((unsigned long long)v));
    } else {
      unsigned v;
      asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
      asm volatile("add.u64 %0, %0, %1;" : "+l"(acc) : "l"((unsigned long long)v));
    }
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t1)::"memory");
    // The add consumed the loaded value, so the clock read after it (issued in
    // order) waited for the load or atomic; a store waited in its fence.
    lat[k] = t1 - t0;
  }
  return static_cast<long long>(acc);
}

__global__ void chain_kernel(char* base, int op, long long* lat, unsigned* smid, long long* sink) {
  unsigned s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  *smid = s;
  *sink = chain(base, static_cast<Op>(op), lat);
}

// Three blocks, one after the other (each waits for the previous one's flag),
// each a chain through the same pages at its own 128-byte offset.
__global__ void relay_kernel(char* base, int op, long long* lat, unsigned* smid, volatile int* flag,
                             long long* sink) {
  if (threadIdx.x != 0) return;
  const int b = blockIdx.x;
  while (*flag != b) {
  }
  unsigned s;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(s));
  smid[b] = s;
  sink[b] = chain(base + 128 * b, static_cast<Op>(op), lat + size_t(b) * kSteps);
  __threadfence();
  *flag = b + 1;
}

void summarize(const char* name, const std::vector<long long>& v, unsigned smid) {
  std::vector<long long> sorted = v;
  std::sort(sorted.begin(), sorted.end());
  const long long med = sorted[sorted.size() / 2];
  long long sum = 0;
  for (long long x : v) sum += x;
  std::printf("%s sm %u median %lld mean %.1f total %lld\n", name, smid, med, double(sum) / v.size(), sum);
  // Steps slower than twice the median: where they fall says the page size.
  std::printf("%s slow", name);
  for (size_t k = 0; k < v.size(); ++k)
    if (v[k] > 2 * med) std::printf(" %zu:%lld", k, v[k]);
  std::printf("\n%s first16", name);
  for (size_t k = 0; k < 16; ++k) std::printf(" %lld", v[k]);
  std::printf("\n");
}

int latency() {
  const size_t bytes = kStep * kSteps + 4096;
  long long* lat;
  unsigned* smid;
  long long* sink;
  int* flag;
  CHECK(cudaMalloc(&lat, 3 * kSteps * sizeof(long long)));
  CHECK(cudaMalloc(&smid, 3 * sizeof(unsigned)));
  CHECK(cudaMalloc(&sink, 3 * sizeof(long long)));
  CHECK(cudaMalloc(&flag, sizeof(int)));
  CHECK(cudaMemset(lat, 0, 3 * kSteps * sizeof(long long)));
  CHECK(cudaMemset(smid, 0, 3 * sizeof(unsigned)));
  CHECK(cudaMemset(sink, 0, 3 * sizeof(long long)));
  auto fresh = [&]() {
    char* p;
    CHECK(cudaMalloc(&p, bytes));
    return p;
  };
  auto run = [&](const char* name, char* base, Op op) {
    chain_kernel<<<1, 1>>>(base, op, lat, smid, sink);
    sync();
    std::vector<long long> host(kSteps);
    unsigned s;
    CHECK(cudaMemcpy(host.data(), lat, kSteps * sizeof(long long), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(&s, smid, sizeof s, cudaMemcpyDeviceToHost));
    summarize(name, host, s);
  };
  // Every buffer is its own allocation of 8 MiB + 4 KiB (2 MiB-aligned by the
  // driver for this size); the first use of each is what is measured.
  char* f1 = fresh();
  run("store_fresh", f1, kStore);
  run("store_again", f1 + 256, kStore);
  char* m = fresh();
  CHECK(cudaMemset(m, 0, bytes));
  run("store_after_memset", m, kStore);
  char* c = fresh();
  std::vector<char> zeros(bytes, 0);
  CHECK(cudaMemcpy(c, zeros.data(), bytes, cudaMemcpyHostToDevice));
  run("store_after_memcpy", c, kStore);
  char* f2 = fresh();
  run("load_fresh", f2, kLoad);
  run("store_after_load", f2 + 256, kStore);
  char* f3 = fresh();
  run("atomic_fresh", f3, kAtomic);
  run("atomic_again", f3 + 256, kAtomic);
  char* c2 = fresh();
  CHECK(cudaMemcpy(c2, zeros.data(), bytes, cudaMemcpyHostToDevice));
  run("load_after_memcpy", c2, kLoad);
  // Per SM or GPU-wide: three blocks on three SMs through one fresh buffer.
  char* f4 = fresh();
  CHECK(cudaMemset(flag, 0, sizeof(int)));
  relay_kernel<<<3, 32>>>(f4, kStore, lat, smid, flag, sink);
  sync();
  std::vector<long long> host(3 * kSteps);
  unsigned s[3];
  CHECK(cudaMemcpy(host.data(), lat, host.size() * sizeof(long long), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(s, smid, sizeof s, cudaMemcpyDeviceToHost));
  for (int b = 0; b < 3; ++b) {
    char name[32];
    std::snprintf(name, sizeof name, "relay_store_block%d", b);
    summarize(name, std::vector<long long>(host.begin() + b * kSteps, host.begin() + (b + 1) * kSteps), s[b]);
  }
  std::printf("pointers f1 %p m %p c %p f2 %p f3 %p c2 %p f4 %p\n", (void*)f1, (void*)m, (void*)c, (void*)f2,
              (void*)f3, (void*)c2, (void*)f4);
  return 0;
}

int main(int argc, char** argv) {
  if (argc == 3 && std::strcmp(argv[1], "scenario") == 0) return scenario(argv[2]);
  if (argc == 2 && std::strcmp(argv[1], "latency") == 0) return latency();
  if (argc == 2 && std::strcmp(argv[1], "list") == 0) {
    for (const char* n : scenario_names) std::printf("%s\n", n);
    return 0;
  }
  std::fprintf(stderr, "usage: %s scenario NAME | latency | list\n", argv[0]);
  return 2;
}
