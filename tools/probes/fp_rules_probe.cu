// Probes for rules the form sweep's inputs leave open (results:
// tools/probes/results/h100-2026-11-22/fp_rules.txt.zst, read by
// tests/isa/semantics/fp_rules_device_test.cpp): fns with extreme offsets,
// fma.{rn,rm,rp,rz}(.relu)(.oob).bf16(x2) on 0x7fff and other NaN inputs,
// global f32 atomic add flushing operands and results, global f64 atomic add
// and the NaN it keeps.
//   nvcc -cudart shared -arch=sm_90 fp_rules_probe.cu -o fp_rules_probe
//   ./fp_rules_probe > fp_rules.txt; cuobjdump -sass fp_rules_probe
#include <cstdio>
#include <cstdint>
#include <vector>
typedef uint32_t u32; typedef uint64_t u64; typedef uint16_t u16;
__global__ void fns_k(const u32* in, u32* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  u32 r; asm volatile("fns.b32 %0, %1, %2, %3;" : "=r"(r) : "r"(in[3*i]), "r"(in[3*i+1]), "r"(in[3*i+2])); out[i] = r;
}
#define F1(S) asm volatile(S " %0, %1, %2, %3;" : "=h"(r) : "h"(a), "h"(b), "h"(c)); out[k++ * n + i] = r;
#define F2(S) asm volatile(S " %0, %1, %2, %3;" : "=r"(r2) : "r"(A), "r"(B), "r"(C)); out[k++ * n + i] = r2;
__global__ void fma_k(const u32* in, u32* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  u32 A = in[3*i], B = in[3*i+1], C = in[3*i+2]; u16 a = A, b = B, c = C; u16 r; u32 r2; int k = 0;
  F1("fma.rn.bf16") F1("fma.rn.oob.bf16") F1("fma.rn.relu.oob.bf16") F1("fma.rm.bf16") F1("fma.rm.oob.bf16")
  F1("fma.rp.oob.bf16") F1("fma.rz.oob.bf16") F1("fma.rz.relu.oob.bf16") F1("fma.rn.f16") F1("fma.rz.relu.bf16")
  F2("fma.rn.bf16x2") F2("fma.rn.oob.bf16x2") F2("fma.rm.oob.bf16x2") F2("fma.rp.relu.oob.bf16x2") F2("fma.rz.oob.bf16x2") F2("fma.rz.bf16x2")
}
__global__ void atom32_k(const u32* in, u32* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  u32* m = out + i; *m = in[2*i]; u32 old;
  asm volatile("atom.global.add.f32 %0, [%1], %2;" : "=r"(old) : "l"(m), "r"(in[2*i+1]) : "memory");
  out[n + i] = old;
  u32* m2 = out + 2 * n + i; *m2 = in[2*i];
  asm volatile("red.global.add.f32 [%0], %1;" :: "l"(m2), "r"(in[2*i+1]) : "memory");
}
__global__ void atom64_k(const u64* in, u64* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x; if (i >= n) return;
  u64* m = out + i; *m = in[2*i]; u64 old;
  asm volatile("atom.global.add.f64 %0, [%1], %2;" : "=l"(old) : "l"(m), "l"(in[2*i+1]) : "memory");
  out[n + i] = old;
  u64* m2 = out + 2 * n + i; *m2 = in[2*i];
  asm volatile("red.global.add.f64 [%0], %1;" :: "l"(m2), "l"(in[2*i+1]) : "memory");
  double x = __longlong_as_double(in[2*i]), y = __longlong_as_double(in[2*i+1]);
  out[3 * n + i] = __double_as_longlong(__dadd_rn(x, y));
}
template <typename T> std::vector<T> run(void (*k)(const T*, T*, int), const std::vector<T>& in, int n, int outs) {
  T *di, *dout; cudaMalloc(&di, in.size() * sizeof(T)); cudaMalloc(&dout, (size_t)n * outs * sizeof(T));
  cudaMemcpy(di, in.data(), in.size() * sizeof(T), cudaMemcpyHostToDevice);
  k<<<(n + 127) / 128, 128>>>(di, dout, n);
  cudaError_t e = cudaDeviceSynchronize(); if (e != cudaSuccess) { std::printf("error %s\n", cudaGetErrorString(e)); }
  std::vector<T> out((size_t)n * outs); cudaMemcpy(out.data(), dout, out.size() * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(di); cudaFree(dout); return out;
}
int main() {
  {  // fns
    const u32 masks[] = {0x40, 0xffffffff, 0x80000001, 0, 1, 0x80000000, 0x00ff0f00, 0xa0fb451b};
    const u32 bases[] = {0, 1, 6, 8, 16, 31, 32, 33, 0xffffffff, 0x80000000};
    const u32 offs[] = {0x80000000, 0x80000001, 0x80000002, 0xc0000000, 0xffffffe0, 0xffffffdf, 0xffffffff, 0xfffffffe,
                        0, 1, 2, 31, 32, 33, 0x40000000, 0x7fffffff, 0xffffff80, 0xffff8000, 0xffffffc0, 0xffffff00};
    std::vector<u32> in;
    for (u32 m : masks) for (u32 b : bases) for (u32 o : offs) { in.push_back(m); in.push_back(b); in.push_back(o); }
    int n = in.size() / 3; auto out = run(fns_k, in, n, 1);
    for (int i = 0; i < n; ++i) std::printf("FNS %08x %08x %08x -> %08x\n", in[3*i], in[3*i+1], in[3*i+2], out[i]);
  }
  {  // fma bf16 forms with .oob (0x7fff is the OOB NaN) and NaNs
    const u32 v[] = {0x7fff, 0xffff, 0x7fc0, 0x7f81, 0x3f80, 0xbf80, 0x0000, 0x8000, 0x7f80, 0x4000, 0x0001, 0x7ffe};
    std::vector<u32> in;
    for (u32 a : v) for (u32 b : v) for (u32 c : v) { in.push_back(a | (c << 16)); in.push_back(b | (a << 16)); in.push_back(c | (b << 16)); }
    int n = in.size() / 3; auto out = run(fma_k, in, n, 16);
    const char* names[16] = {"rn.bf16", "rn.oob.bf16", "rn.relu.oob.bf16", "rm.bf16", "rm.oob.bf16", "rp.oob.bf16", "rz.oob.bf16", "rz.relu.oob.bf16", "rn.f16", "rz.relu.bf16",
                             "rn.bf16x2", "rn.oob.bf16x2", "rm.oob.bf16x2", "rp.relu.oob.bf16x2", "rz.oob.bf16x2", "rz.bf16x2"};
    for (int i = 0; i < n; ++i) for (int k = 0; k < 16; ++k)
      std::printf("FMA %s %08x %08x %08x -> %08x\n", names[k], in[3*i], in[3*i+1], in[3*i+2], out[(size_t)k * n + i]);
  }
  {  // global f32 add: flush of inputs vs of the result
    const u32 pairs[][2] = {{0x00800000, 0x80000001}, {0x00800001, 0x80800000}, {0x00400000, 0x00400000}, {0x007fffff, 0x00000001},
                            {0x00000001, 0x3f800000}, {0x3f800000, 0x00000001}, {0x80400000, 0x80400000}, {0x00c00000, 0x80400000},
                            {0x00800000, 0x00000000}, {0x80000000, 0x00000000}, {0x7f800000, 0xff800000}, {0x7fc00001, 0x7f800001},
                            {0x00ffffff, 0x80fffffe}, {0x01000001, 0x81000000}, {0x7f7fffff, 0x73800000}, {0x3f800000, 0x33800000}};
    std::vector<u32> in; for (auto& p : pairs) { in.push_back(p[0]); in.push_back(p[1]); }
    int n = in.size() / 2; auto out = run(atom32_k, in, n, 3);
    for (int i = 0; i < n; ++i) std::printf("ATOM32 %08x %08x -> atom %08x old %08x red %08x\n", in[2*i], in[2*i+1], out[i], out[n+i], out[2*n+i]);
  }
  {  // global f64 add: which NaN comes out
    const u64 s1 = 0x7ff0000000000001, s2 = 0xfff0000000000002, q1 = 0x7ff8000000000003, q2 = 0xfff8000000000004, inf = 0x7ff0000000000000, ninf = 0xfff0000000000000, one = 0x3ff0000000000000;
    const u64 pairs[][2] = {{s1, s2}, {s2, s1}, {q1, s2}, {s2, q1}, {q1, q2}, {q2, q1}, {s1, q1}, {q1, s1}, {inf, ninf}, {ninf, inf},
                            {s1, inf}, {inf, s1}, {one, s1}, {s1, one}, {0x0000000000000001, 0x8000000000000000}, {0x000fffffffffffff, 0x0000000000000001}};
    std::vector<u64> in; for (auto& p : pairs) { in.push_back(p[0]); in.push_back(p[1]); }
    int n = in.size() / 2; auto out = run(atom64_k, in, n, 4);
    for (int i = 0; i < n; ++i) std::printf("ATOM64 %016llx %016llx -> atom %016llx old %016llx red %016llx add %016llx\n", (unsigned long long)in[2*i], (unsigned long long)in[2*i+1], (unsigned long long)out[i], (unsigned long long)out[n+i], (unsigned long long)out[2*n+i], (unsigned long long)out[3*n+i]);
  }
  return 0;
}
