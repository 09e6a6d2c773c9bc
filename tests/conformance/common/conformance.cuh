#pragma once
// Shared helpers of the conformance programs: the inputs (inputs.h: a fixed-seed
// generator that always leads with the edge cases), a 64-bit FNV-1a hash over
// raw result bits, the `CASE name hash v0 v1 v2 v3` result line that the
// comparison tool reads, and element-wise kernels that run an operation over
// every input.
//
// Everything a program prints must be a deterministic function of its inputs on
// a given GPU: no timings, no addresses, no orders that depend on scheduling.

#include <cuda_runtime.h>

#include <cinttypes>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <type_traits>
#include <utility>
#include <vector>

#include "inputs.h"

namespace conf {

// ---------------------------------------------------------------------------
// Error handling: a failing runtime call ends the program with its location.
// ---------------------------------------------------------------------------
inline void check_cuda(cudaError_t status, const char* what, const char* file, int line) {
  if (status == cudaSuccess) return;
  std::printf("ERROR %s:%d: %s -> %s (%s)\n", file, line, what, cudaGetErrorName(status),
              cudaGetErrorString(status));
  std::fflush(stdout);
  std::exit(EXIT_FAILURE);
}

#define CONF_CHECK(call) ::conf::check_cuda((call), #call, __FILE__, __LINE__)
#define CONF_CHECK_LAUNCH()                                                  \
  do {                                                                       \
    ::conf::check_cuda(cudaGetLastError(), "launch", __FILE__, __LINE__);    \
    ::conf::check_cuda(cudaDeviceSynchronize(), "sync", __FILE__, __LINE__); \
  } while (0)

// ---------------------------------------------------------------------------
// Hashing raw bits.
// ---------------------------------------------------------------------------
inline constexpr uint64_t kFnvOffset = 0xcbf29ce484222325ull;
inline constexpr uint64_t kFnvPrime = 0x100000001b3ull;

struct Fnv1a {
  uint64_t state = kFnvOffset;
  void add_bytes(const void* data, size_t size) {
    const auto* bytes = static_cast<const unsigned char*>(data);
    for (size_t i = 0; i < size; ++i) {
      state ^= bytes[i];
      state *= kFnvPrime;
    }
  }
};

template <typename T>
uint64_t hash_of(const T* values, size_t count) {
  Fnv1a h;
  h.add_bytes(values, count * sizeof(T));
  return h.state;
}

inline constexpr size_t kShownValues = 4;

// Prints a value's raw bytes as one hex number (most significant byte first),
// so a diff shows the bits at once, whatever the type's width.
template <typename T>
void print_raw(const T& value) {
  unsigned char bytes[sizeof(T)];
  std::memcpy(bytes, &value, sizeof(T));
  std::printf(" ");
  for (size_t i = sizeof(T); i > 0; --i) std::printf("%02x", bytes[i - 1]);
}

// When CONF_RAW_DIR names a folder, every case also writes its raw result
// bytes there (one file per case), so that approximate operations can later be
// compared value by value against documented error bounds.
inline void write_raw(const char* name, const void* data, size_t bytes) {
  const char* dir = std::getenv("CONF_RAW_DIR");
  if (dir == nullptr || *dir == '\0') return;
  char path[512];
  int length = std::snprintf(path, sizeof(path), "%s/", dir);
  for (const char* c = name; *c != '\0' && length < static_cast<int>(sizeof(path)) - 5; ++c) {
    const bool plain = (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') ||
                       (*c >= '0' && *c <= '9') || *c == '_' || *c == '-' || *c == '.';
    path[length++] = plain ? *c : '+';
  }
  std::snprintf(path + length, sizeof(path) - length, ".bin");
  FILE* file = std::fopen(path, "wb");
  if (file == nullptr) {
    std::printf("ERROR cannot write %s\n", path);
    std::exit(EXIT_FAILURE);
  }
  std::fwrite(data, 1, bytes, file);
  std::fclose(file);
}

// One result line: name, hash of every result's bits, then the first few raw values.
template <typename T>
void print_case(const char* name, const T* values, size_t count) {
  static_assert(std::is_trivially_copyable_v<T>, "results are compared as raw bits");
  write_raw(name, values, count * sizeof(T));
  std::printf("CASE %s %016" PRIx64, name, hash_of(values, count));
  for (size_t i = 0; i < count && i < kShownValues; ++i) print_raw(values[i]);
  std::printf("\n");
}

template <typename T>
void print_case(const char* name, const std::vector<T>& values) {
  print_case(name, values.data(), values.size());
}

// Long result vectors print one line per chunk ("name@start"), so a difference
// points at the inputs that produce it; the first chunk holds the edge cases.
inline constexpr size_t kChunkSize = 1024;
// Programs with exhaustive input sets raise this to keep their output readable.
inline size_t chunk_size = kChunkSize;

template <typename T>
void print_chunked(const char* name, const std::vector<T>& values) {
  if (values.size() <= chunk_size) {
    print_case(name, values);
    return;
  }
  for (size_t start = 0; start < values.size(); start += chunk_size) {
    char chunk_name[192];
    std::snprintf(chunk_name, sizeof(chunk_name), "%s@%zu", name, start);
    const size_t count = values.size() - start < chunk_size ? values.size() - start : chunk_size;
    print_case(chunk_name, values.data() + start, count);
  }
}

// A case whose result is one scalar (a count, a flag, a final value).
template <typename T>
void print_value(const char* name, T value) {
  print_case(name, &value, 1);
}

// Joins a prefix and a suffix into a case name ("prefix/suffix").
struct CaseName {
  char text[160];
  CaseName(const char* prefix, const char* suffix) {
    std::snprintf(text, sizeof(text), "%s/%s", prefix, suffix);
  }
  CaseName(const char* prefix, long long index) {
    std::snprintf(text, sizeof(text), "%s/%lld", prefix, index);
  }
  operator const char*() const { return text; }
};

// ---------------------------------------------------------------------------
// Device buffers and element-wise kernels: the typical case runs an operation
// over every input on the GPU and prints one CASE line over the results.
// ---------------------------------------------------------------------------
template <typename T>
class DeviceBuffer {
 public:
  explicit DeviceBuffer(size_t count) : count_(count) {
    CONF_CHECK(cudaMalloc(&data_, bytes() ? bytes() : 1));
    CONF_CHECK(cudaMemset(data_, 0, bytes() ? bytes() : 1));
  }
  explicit DeviceBuffer(const std::vector<T>& host) : DeviceBuffer(host.size()) { upload(host); }
  DeviceBuffer(const DeviceBuffer&) = delete;
  DeviceBuffer& operator=(const DeviceBuffer&) = delete;
  ~DeviceBuffer() { cudaFree(data_); }

  void upload(const std::vector<T>& host) {
    CONF_CHECK(cudaMemcpy(data_, host.data(), bytes(), cudaMemcpyHostToDevice));
  }
  std::vector<T> download() const {
    std::vector<T> host(count_);
    CONF_CHECK(cudaMemcpy(host.data(), data_, bytes(), cudaMemcpyDeviceToHost));
    return host;
  }
  T* get() const { return data_; }
  size_t size() const { return count_; }
  size_t bytes() const { return count_ * sizeof(T); }

 private:
  T* data_ = nullptr;
  size_t count_ = 0;
};

inline constexpr int kBlockSize = 256;
inline int blocks_for(size_t count) {
  return static_cast<int>((count + kBlockSize - 1) / kBlockSize);
}

template <typename Op, typename In, typename Out>
__global__ void map_unary(const In* in, Out* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Op{}(in[i]);
}

template <typename Op, typename A, typename B, typename Out>
__global__ void map_binary(const A* a, const B* b, Out* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Op{}(a[i], b[i]);
}

template <typename Op, typename A, typename B, typename C, typename Out>
__global__ void map_ternary(const A* a, const B* b, const C* c, Out* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = Op{}(a[i], b[i], c[i]);
}

template <typename Op, typename In>
auto run_unary(const char* name, const std::vector<In>& inputs) {
  using Out = typename Op::result_type;
  DeviceBuffer<In> in(inputs);
  DeviceBuffer<Out> out(inputs.size());
  map_unary<Op><<<blocks_for(inputs.size()), kBlockSize>>>(in.get(), out.get(),
                                                           static_cast<int>(inputs.size()));
  CONF_CHECK_LAUNCH();
  std::vector<Out> results = out.download();
  print_chunked(name, results);
  return results;
}

template <typename Op, typename A, typename B>
auto run_binary(const char* name, const std::vector<A>& a, const std::vector<B>& b) {
  using Out = typename Op::result_type;
  DeviceBuffer<A> da(a);
  DeviceBuffer<B> db(b);
  DeviceBuffer<Out> out(a.size());
  map_binary<Op><<<blocks_for(a.size()), kBlockSize>>>(da.get(), db.get(), out.get(),
                                                       static_cast<int>(a.size()));
  CONF_CHECK_LAUNCH();
  std::vector<Out> results = out.download();
  print_chunked(name, results);
  return results;
}

template <typename Op, typename A, typename B, typename C>
auto run_ternary(const char* name, const std::vector<A>& a, const std::vector<B>& b,
                 const std::vector<C>& c) {
  using Out = typename Op::result_type;
  DeviceBuffer<A> da(a);
  DeviceBuffer<B> db(b);
  DeviceBuffer<C> dc(c);
  DeviceBuffer<Out> out(a.size());
  map_ternary<Op><<<blocks_for(a.size()), kBlockSize>>>(da.get(), db.get(), dc.get(), out.get(),
                                                        static_cast<int>(a.size()));
  CONF_CHECK_LAUNCH();
  std::vector<Out> results = out.download();
  print_chunked(name, results);
  return results;
}

// Operation structs for the element-wise kernels, one line each.
// The result type is spelled out: the host pass cannot deduce it from a
// device-only body.
#define CONF_UNARY(name, Out, In, expr)                    \
  struct name {                                            \
    using result_type = Out;                               \
    __device__ Out operator()(In x) const { return expr; } \
  }
#define CONF_BINARY(name, Out, A, B, expr)                     \
  struct name {                                                \
    using result_type = Out;                                   \
    __device__ Out operator()(A x, B y) const { return expr; } \
  }
#define CONF_TERNARY(name, Out, A, B, C, expr)                      \
  struct name {                                                     \
    using result_type = Out;                                        \
    __device__ Out operator()(A x, B y, C z) const { return expr; } \
  }

// Kernels that write several results per thread use a [slot][thread] layout;
// this prints one CASE line per slot, named prefix/slot_name.
template <typename T>
void print_slots(const char* prefix, const std::vector<T>& results, size_t threads,
                 const std::vector<const char*>& slot_names) {
  for (size_t slot = 0; slot < slot_names.size(); ++slot) {
    if ((slot + 1) * threads > results.size()) {
      std::printf("ERROR %s: slot %zu is past the results\n", prefix, slot);
      std::exit(EXIT_FAILURE);
    }
    print_case(CaseName(prefix, slot_names[slot]), results.data() + slot * threads, threads);
  }
}

// The program's first line names it, so a concatenated log can be split.
// It is flushed at once so that device printf output, which the driver writes
// on synchronization, always follows it.
inline void begin(const char* program) {
  std::printf("PROGRAM %s\n", program);
  std::fflush(stdout);
}

}  // namespace conf
