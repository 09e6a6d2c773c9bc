// Device probe for src/isa/semantics: runs each PTX instruction (pinned with
// inline asm) on operands from probe_inputs.h and writes the raw results, so
// the host tests can compare the simulator bit for bit with the GPU.
//
// Build and run (sm_90):
//   nvcc -O2 -std=c++17 -arch=sm_90 tools/probes/semantics_probe.cu -o probe && ./probe OUTDIR
// Writes OUTDIR/values.idx (name|operand kinds, result bytes, count, byte offset per op),
// OUTDIR/values.bin (little-endian results), OUTDIR/sweeps.txt
// (per-2^20-chunk digests of exhaustive 2^32-input sweeps) and the int8
// per-mantissa deviation tables of rcp/rsqrt.approx.ftz.f32.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "probe_inputs.h"

using smsim::probe::InputKind;

#define CHECK(call)                                                          \
  do {                                                                       \
    cudaError_t e = (call);                                                  \
    if (e != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s: %s\n", #call, cudaGetErrorString(e));        \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

// Register classes for inline asm: C constraint, C type, bits -> value, value -> bits.
#define F_C "f"
#define F_T float
#define F_IN(x) __uint_as_float(static_cast<unsigned>(x))
#define F_OUT(x) static_cast<uint64_t>(__float_as_uint(x))
#define D_C "d"
#define D_T double
#define D_IN(x) __longlong_as_double(static_cast<long long>(x))
#define D_OUT(x) static_cast<uint64_t>(__double_as_longlong(x))
#define H_C "h"
#define H_T unsigned short
#define H_IN(x) static_cast<unsigned short>(x)
#define H_OUT(x) static_cast<uint64_t>(x)
#define R_C "r"
#define R_T unsigned
#define R_IN(x) static_cast<unsigned>(x)
#define R_OUT(x) static_cast<uint64_t>(x)
#define L_C "l"
#define L_T unsigned long long
#define L_IN(x) static_cast<unsigned long long>(x)
#define L_OUT(x) static_cast<uint64_t>(x)

constexpr uint32_t kRandomCount = 4096;
constexpr uint32_t kHalfSweep = 65536;

#define OP_HEAD(ID, NAME, K0, K1, K2, N)                                           \
  struct ID {                                                                      \
    static constexpr const char* name = NAME;                                      \
    static constexpr InputKind k0 = InputKind::K0, k1 = InputKind::K1, k2 = InputKind::K2; \
    static constexpr uint32_t count = N;

#define X1(ID, NAME, ASM, OT, IT, K0, N)                                           \
  OP_HEAD(ID, NAME, K0, none, none, N)                                             \
  static constexpr uint32_t out_bytes = sizeof(OT##_T);                            \
  __device__ static uint64_t eval(uint64_t a, uint64_t, uint64_t) {                \
    OT##_T r;                                                                      \
    asm volatile(ASM : "=" OT##_C(r) : IT##_C(IT##_IN(a)));                        \
    return OT##_OUT(r);                                                            \
  }                                                                                \
  };
#define X2(ID, NAME, ASM, OT, IT, K0, K1, N)                                       \
  OP_HEAD(ID, NAME, K0, K1, none, N)                                               \
  static constexpr uint32_t out_bytes = sizeof(OT##_T);                            \
  __device__ static uint64_t eval(uint64_t a, uint64_t b, uint64_t) {              \
    OT##_T r;                                                                      \
    asm volatile(ASM : "=" OT##_C(r) : IT##_C(IT##_IN(a)), IT##_C(IT##_IN(b)));    \
    return OT##_OUT(r);                                                            \
  }                                                                                \
  };
#define X3(ID, NAME, ASM, OT, IT, K0, K1, K2, N)                                   \
  OP_HEAD(ID, NAME, K0, K1, K2, N)                                                 \
  static constexpr uint32_t out_bytes = sizeof(OT##_T);                            \
  __device__ static uint64_t eval(uint64_t a, uint64_t b, uint64_t c) {            \
    OT##_T r;                                                                      \
    asm volatile(ASM : "=" OT##_C(r)                                               \
                 : IT##_C(IT##_IN(a)), IT##_C(IT##_IN(b)), IT##_C(IT##_IN(c)));    \
    return OT##_OUT(r);                                                            \
  }                                                                                \
  };
// Mixed register classes: destination, then operand a, b, c classes.
#define M2(ID, NAME, ASM, OT, AT, BT, K0, K1, N)                                   \
  OP_HEAD(ID, NAME, K0, K1, none, N)                                               \
  static constexpr uint32_t out_bytes = sizeof(OT##_T);                            \
  __device__ static uint64_t eval(uint64_t a, uint64_t b, uint64_t) {              \
    OT##_T r;                                                                      \
    asm volatile(ASM : "=" OT##_C(r) : AT##_C(AT##_IN(a)), BT##_C(BT##_IN(b)));    \
    return OT##_OUT(r);                                                            \
  }                                                                                \
  };

#define REG(ID) static const bool ID##_registered = (random_ops().push_back(&run_one<ID>), true);
#define SREG(ID) static const bool ID##_registered = (sweep_ops().push_back(&sweep_one<ID>), true);
#define U1(ID, NAME, T, K) X1(ID, NAME, NAME " %0, %1;", T, T, K, kRandomCount) REG(ID)
#define B2(ID, NAME, T, K) X2(ID, NAME, NAME " %0, %1, %2;", T, T, K, K, kRandomCount) REG(ID)
#define T3(ID, NAME, T, K) X3(ID, NAME, NAME " %0, %1, %2, %3;", T, T, K, K, K, kRandomCount) REG(ID)
#define CVT(ID, NAME, OT, IT, K) X1(ID, NAME, NAME " %0, %1;", OT, IT, K, kRandomCount) REG(ID)
#define HS1(ID, NAME, T) X1(ID, NAME, NAME " %0, %1;", T, T, index16, kHalfSweep) REG(ID)
#define SW(ID, NAME, OT, IT) X1(ID, NAME, NAME " %0, %1;", OT, IT, u32, 0) SREG(ID)
#define CMP(ID, NAME, T, K)                                                        \
  X2(ID, NAME, "{.reg .pred p; " NAME " p, %1, %2; selp.u32 %0, 1, 0, p;}", R, T, K, K, \
     kRandomCount) REG(ID)
#define TESTP(ID, NAME, T, K)                                                      \
  X1(ID, NAME, "{.reg .pred p; " NAME " p, %1; selp.u32 %0, 1, 0, p;}", R, T, K, kRandomCount) \
  REG(ID)

template <class Op>
__global__ void run_op(uint32_t stream, uint64_t* out) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= Op::count) return;
  const uint64_t a = smsim::probe::probe_input(Op::k0, stream, i, 0);
  const uint64_t b = smsim::probe::probe_input(Op::k1, stream, i, 1);
  const uint64_t c = smsim::probe::probe_input(Op::k2, stream, i, 2);
  out[i] = Op::eval(a, b, c);
}

constexpr uint32_t kSweepChunks = 4096;  // 2^32 inputs in chunks of 2^20

template <class Op>
__global__ void sweep_op(unsigned long long* sums) {
  // One block per chunk; each thread digests 4096 inputs of it.
  const uint64_t base = uint64_t{blockIdx.x} << 20;
  uint64_t local = 0;
  for (uint32_t j = threadIdx.x; j < (1u << 20); j += blockDim.x) {
    const uint64_t x = base + j;
    local += smsim::probe::sweep_term(x, Op::eval(x, 0, 0));
  }
  atomicAdd(&sums[blockIdx.x], static_cast<unsigned long long>(local));
}

struct Writer {
  FILE* idx;
  FILE* bin;
  uint64_t offset = 0;
  uint64_t* device_out = nullptr;
};

template <class Op>
void run_one(Writer& w) {
  const uint32_t stream = smsim::probe::stream_of(Op::name);
  run_op<Op><<<(Op::count + 255) / 256, 256>>>(stream, w.device_out);
  CHECK(cudaGetLastError());
  std::vector<uint64_t> host(Op::count);
  CHECK(cudaMemcpy(host.data(), w.device_out, Op::count * sizeof(uint64_t),
                   cudaMemcpyDeviceToHost));
  // Little-endian, narrowed to the destination register's width.
  for (uint64_t v : host) std::fwrite(&v, Op::out_bytes, 1, w.bin);
  std::fprintf(w.idx, "%s|%u %u %u %u %u %llu\n", Op::name, static_cast<unsigned>(Op::k0),
               static_cast<unsigned>(Op::k1), static_cast<unsigned>(Op::k2), Op::out_bytes,
               Op::count, static_cast<unsigned long long>(w.offset));
  w.offset += uint64_t{Op::count} * Op::out_bytes;
}

template <class Op>
void sweep_one(FILE* out, unsigned long long* sums) {
  CHECK(cudaMemset(sums, 0, kSweepChunks * sizeof(unsigned long long)));
  sweep_op<Op><<<kSweepChunks, 256>>>(sums);
  CHECK(cudaGetLastError());
  std::vector<unsigned long long> host(kSweepChunks);
  CHECK(cudaMemcpy(host.data(), sums, kSweepChunks * sizeof(unsigned long long),
                   cudaMemcpyDeviceToHost));
  std::fprintf(out, "%s", Op::name);
  for (unsigned long long s : host) std::fprintf(out, " %016llx", s);
  std::fprintf(out, "\n");
}


using RandomRunner = void (*)(Writer&);
using SweepRunner = void (*)(FILE*, unsigned long long*);
std::vector<RandomRunner>& random_ops() {
  static std::vector<RandomRunner> ops;
  return ops;
}
std::vector<SweepRunner>& sweep_ops() {
  static std::vector<SweepRunner> ops;
  return ops;
}

#include "semantics_probe_ops.inc"

// Per-mantissa deviation of an approximate unary f32 instruction from
// float(reference(double(x))) over [lo_bits, lo_bits + count).
template <class Op, int kReference>
__global__ void deviation(uint32_t lo_bits, uint32_t count, signed char* out) {
  const uint32_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= count) return;
  const uint32_t x = lo_bits + i;
  const double xd = static_cast<double>(__uint_as_float(x));
  const double exact = kReference == 0 ? 1.0 / xd : 1.0 / sqrt(xd);
  const uint32_t reference = __float_as_uint(static_cast<float>(exact));
  const uint32_t got = static_cast<uint32_t>(Op::eval(x, 0, 0));
  const int diff = static_cast<int>(got - reference);
  out[i] = static_cast<signed char>(diff < -127 ? -128 : (diff > 127 ? 127 : diff));
}

template <class Op, int kReference>
void deviation_table(const std::string& path, uint32_t lo_bits, uint32_t count) {
  signed char* device = nullptr;
  CHECK(cudaMalloc(&device, count));
  deviation<Op, kReference><<<(count + 255) / 256, 256>>>(lo_bits, count, device);
  CHECK(cudaGetLastError());
  std::vector<signed char> host(count);
  CHECK(cudaMemcpy(host.data(), device, count, cudaMemcpyDeviceToHost));
  CHECK(cudaFree(device));
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(host.data(), 1, count, f);
  std::fclose(f);
}

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  Writer w{std::fopen((dir + "/values.idx").c_str(), "w"),
           std::fopen((dir + "/values.bin").c_str(), "wb")};
  if (w.idx == nullptr || w.bin == nullptr) {
    std::fprintf(stderr, "cannot write to %s\n", dir.c_str());
    return 1;
  }
  CHECK(cudaMalloc(&w.device_out, kHalfSweep * sizeof(uint64_t)));
  for (RandomRunner run : random_ops()) run(w);
  std::fclose(w.idx);
  std::fclose(w.bin);

  unsigned long long* sums = nullptr;
  CHECK(cudaMalloc(&sums, kSweepChunks * sizeof(unsigned long long)));
  FILE* sweeps = std::fopen((dir + "/sweeps.txt").c_str(), "w");
  for (SweepRunner run : sweep_ops()) run(sweeps, sums);
  std::fclose(sweeps);

  deviation_table<SweepRcpApproxFtz, 0>(dir + "/rcp_approx_ftz_f32_1_2.i8", 0x3f800000u, 1u << 23);
  deviation_table<SweepRsqrtApproxFtz, 1>(dir + "/rsqrt_approx_ftz_f32_1_4.i8", 0x3f800000u,
                                          1u << 24);
  std::printf("probe done\n");
  return 0;
}
