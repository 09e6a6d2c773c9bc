// Inline PTX: asm statements with register, immediate and memory operands, predicates,
// scoped register declarations, special registers and volatile memory clobbers.
__device__ __forceinline__ unsigned lane_id() {
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  return lane;
}

__device__ __forceinline__ unsigned long long global_timer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}

__device__ __forceinline__ int add_if_positive(int a, int b) {
  int r;
  asm("{\n\t"
      ".reg .pred p;\n\t"
      "setp.gt.s32 p, %1, 0;\n\t"
      "mov.s32 %0, %1;\n\t"
      "@p add.s32 %0, %1, %2;\n\t"
      "}"
      : "=r"(r)
      : "r"(a), "r"(b));
  return r;
}

__device__ __forceinline__ float fma_rz(float a, float b, float c) {
  float r;
  asm("fma.rz.f32 %0, %1, %2, %3;" : "=f"(r) : "f"(a), "f"(b), "f"(c));
  return r;
}

__device__ __forceinline__ double add_rm(double a, double b) {
  double r;
  asm("add.rm.f64 %0, %1, %2;" : "=d"(r) : "d"(a), "d"(b));
  return r;
}

__device__ __forceinline__ unsigned short half_bits(float x) {
  unsigned short h;
  asm("cvt.rn.f16.f32 %0, %1;" : "=h"(h) : "f"(x));
  return h;
}

__device__ __forceinline__ void store_streaming(float* p, float v) {
  asm volatile("st.global.cs.f32 [%0], %1;" ::"l"(p), "f"(v) : "memory");
}

__device__ __forceinline__ unsigned bfind(unsigned x) {
  unsigned r;
  asm("bfind.u32 %0, %1;" : "=r"(r) : "r"(x));
  return r;
}

__device__ __forceinline__ unsigned prmt(unsigned a, unsigned b) {
  unsigned r;
  asm("prmt.b32 %0, %1, %2, 0x3210;" : "=r"(r) : "r"(a), "r"(b));
  return r;
}

// nvcc never emits jump tables, so brx.idx with a .branchtargets list is written by hand.
// __noinline__ keeps a single copy of the labels in the module.
__device__ __noinline__ unsigned jump_table(unsigned k) {
  unsigned r;
  asm("{\n\t"
      "$Ljt_targets: .branchtargets $Ljt_case0, $Ljt_case1, $Ljt_case2;\n\t"
      "brx.idx %1, $Ljt_targets;\n"
      "$Ljt_case0:\n\tmov.u32 %0, 10;\n\tbra.uni $Ljt_done;\n"
      "$Ljt_case1:\n\tmov.u32 %0, 20;\n\tbra.uni $Ljt_done;\n"
      "$Ljt_case2:\n\tmov.u32 %0, 30;\n"
      "$Ljt_done:\n\t}"
      : "=r"(r)
      : "r"(k));
  return r;
}

__global__ void inline_asm(const float* in, float* out, unsigned* bits, double* dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  unsigned smid, warpid, nsmid;
  asm volatile("mov.u32 %0, %%smid;" : "=r"(smid));
  asm volatile("mov.u32 %0, %%warpid;" : "=r"(warpid));
  asm volatile("mov.u32 %0, %%nsmid;" : "=r"(nsmid));
  asm volatile("membar.gl;" ::: "memory");
  bits[4 * i] = lane_id() + smid + warpid + nsmid;
  bits[4 * i + 1] = static_cast<unsigned>(add_if_positive(i - 3, 5)) + bfind(i + 1u);
  bits[4 * i + 2] = half_bits(x) | prmt(i, ~i);
  bits[4 * i + 3] =
      static_cast<unsigned>(global_timer()) + jump_table(static_cast<unsigned>(i) % 3);
  dout[i] = add_rm(static_cast<double>(x), 0.1);
  store_streaming(out + i, fma_rz(x, x, 1.0f));
}
