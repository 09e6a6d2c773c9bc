// What the H100 answers for the state-space forms smsim has to define where
// the PTX ISA leaves the result to the implementation: 32-bit mapa and
// getctarank on generic addresses, isspacep.shared::cta / ::cluster on another
// block's shared memory, cvta of shared::cluster and param::entry, and the
// error a thread gets when alloca outruns its stack.
//   nvcc -cudart shared -arch=sm_90 spaces_probe.cu -o spaces_probe
//   ./spaces_probe cluster            # one line per quantity, 2-CTA cluster
//   ./spaces_probe alloca BYTES       # alloca(BYTES) then touch its last byte
//   ./spaces_probe stack              # stacksave/alloca/stackrestore addresses
#include <cstdio>
#include <cstdlib>
#include <cstring>

struct Params {
  int value[4];
};

__global__ void __cluster_dims__(2, 1, 1) cluster_probe(unsigned long long* out,
                                                        const __grid_constant__ Params p) {
  __shared__ int word;
  word = 100 + blockIdx.x;
  asm volatile("barrier.cluster.arrive; barrier.cluster.wait;");
  if (threadIdx.x != 0) return;
  unsigned long long* o = out + blockIdx.x * 32;
  unsigned long long g = reinterpret_cast<unsigned long long>(&word);
  unsigned other = blockIdx.x ^ 1;
  unsigned long long m64, sc64, sclu64, param_generic, param_entry_generic;
  unsigned m32, r32_own, r32_mapped, r64_sc, sh32, msc32, r_sc32;
  unsigned long long msc64;
  unsigned p_cta_own, p_cta_other, p_clu_own, p_clu_other, p_param, p_param_entry, p_param_global,
      p_clu_global, p_cta_m32;
  asm volatile("mapa.u64 %0, %1, %2;" : "=l"(m64) : "l"(g), "r"(other));
  asm volatile("mapa.u32 %0, %1, %2;" : "=r"(m32) : "r"(unsigned(g)), "r"(other));
  asm volatile("getctarank.u32 %0, %1;" : "=r"(r32_own) : "r"(unsigned(g)));
  asm volatile("getctarank.u32 %0, %1;" : "=r"(r32_mapped) : "r"(unsigned(m64)));
  unsigned long long sh64;
  asm volatile("cvta.to.shared.u64 %0, %1;" : "=l"(sh64) : "l"(g));
  sh32 = static_cast<unsigned>(sh64);
  asm volatile("mapa.shared::cluster.u32 %0, %1, %2;" : "=r"(msc32) : "r"(sh32), "r"(other));
  asm volatile("mapa.shared::cluster.u64 %0, %1, %2;"
               : "=l"(msc64)
               : "l"((unsigned long long)sh32), "r"(other));
  asm volatile("getctarank.shared::cluster.u64 %0, %1;" : "=r"(r64_sc) : "l"(msc64));
  asm volatile("getctarank.shared::cluster.u32 %0, %1;" : "=r"(r_sc32) : "r"(msc32));
  asm volatile("cvta.shared::cta.u64 %0, %1;" : "=l"(sc64) : "l"((unsigned long long)sh32));
  asm volatile("cvta.shared::cluster.u64 %0, %1;" : "=l"(sclu64) : "l"(msc64));
  asm volatile(
      "{ .reg .pred q; isspacep.shared::cta q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_cta_own)
      : "l"(g));
  asm volatile(
      "{ .reg .pred q; isspacep.shared::cta q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_cta_other)
      : "l"(m64));
  asm volatile(
      "{ .reg .pred q; isspacep.shared::cluster q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_clu_own)
      : "l"(g));
  asm volatile(
      "{ .reg .pred q; isspacep.shared::cluster q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_clu_other)
      : "l"(m64));
  asm volatile(
      "{ .reg .pred q; isspacep.shared::cluster q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_clu_global)
      : "l"(out));
  asm volatile(
      "{ .reg .pred q; isspacep.shared::cta q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_cta_m32)
      : "l"((unsigned long long)m32));
  param_generic = reinterpret_cast<unsigned long long>(&p.value[1]);
  asm volatile(
      "{ .reg .pred q; isspacep.param q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_param)
      : "l"(param_generic));
  asm volatile(
      "{ .reg .pred q; isspacep.param::entry q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_param_entry)
      : "l"(param_generic));
  asm volatile(
      "{ .reg .pred q; isspacep.param q, %1; selp.u32 %0, 1, 0, q; }"
      : "=r"(p_param_global)
      : "l"(out));
  unsigned long long param_back;
  asm volatile("cvta.to.param::entry.u64 %0, %1;" : "=l"(param_back) : "l"(param_generic));
  asm volatile("cvta.param::entry.u64 %0, %1;" : "=l"(param_entry_generic) : "l"(param_back));
  int via_m64 = *reinterpret_cast<volatile int*>(m64);
  int via_sclu = *reinterpret_cast<volatile int*>(sclu64);
  const unsigned long long values[] = {
      g, m64, m32, r32_own, r32_mapped, sh32, msc32, msc64, r64_sc, r_sc32, sc64, sclu64,
      p_cta_own, p_cta_other, p_clu_own, p_clu_other, p_clu_global, p_cta_m32, param_generic,
      p_param, p_param_entry, p_param_global, param_back, param_entry_generic,
      (unsigned long long)via_m64, (unsigned long long)via_sclu};
  for (unsigned i = 0; i < sizeof(values) / sizeof(values[0]); ++i) o[i] = values[i];
  asm volatile("barrier.cluster.arrive; barrier.cluster.wait;");
}

__global__ void alloca_probe(unsigned long long bytes, unsigned long long* out) {
  unsigned char* p = static_cast<unsigned char*>(alloca(bytes));
  p[0] = 1;
  p[bytes - 1] = 2;
  if (threadIdx.x == 0) out[0] = reinterpret_cast<unsigned long long>(p);
  out[1 + threadIdx.x] = p[0] + p[bytes - 1];
}

// stacksave / alloca / stackrestore in PTX: the local addresses each gives,
// 64- and 32-bit forms, and whether a restore hands the same bytes back.
__global__ void stack_probe(unsigned long long* out) {
  unsigned long long s64, a64, b64, c64, after;
  unsigned s32, a32, b32;
  asm volatile(
      "stacksave.u64 %0;\n\t"
      "alloca.u64 %1, 24, 8;\n\t"
      "alloca.u64 %2, 100, 64;\n\t"
      "stackrestore.u64 %0;\n\t"
      "alloca.u64 %3, 24, 8;\n\t"
      "stacksave.u64 %4;"
      : "=l"(s64), "=l"(a64), "=l"(b64), "=l"(c64), "=l"(after));
  asm volatile(
      "stacksave.u32 %0;\n\t"
      "alloca.u32 %1, 4;\n\t"
      "alloca.u32 %2, 40, 32;\n\t"
      "stackrestore.u32 %0;"
      : "=r"(s32), "=r"(a32), "=r"(b32));
  asm volatile("st.local.u64 [%0], %1;" ::"l"(a64), "l"(s64));
  unsigned long long back;
  asm volatile("ld.local.u64 %0, [%1];" : "=l"(back) : "l"(c64));
  unsigned long long* o = out + threadIdx.x * 10;
  const unsigned long long v[] = {s64, a64, b64, c64, after, s32, a32, b32, back};
  for (int i = 0; i < 9; ++i) o[i] = v[i];
}

int main(int argc, char** argv) {
  if (argc >= 2 && std::strcmp(argv[1], "stack") == 0) {
    unsigned long long* out;
    cudaMalloc(&out, 2 * 10 * 8);
    stack_probe<<<1, 2>>>(out);
    cudaError_t e = cudaDeviceSynchronize();
    unsigned long long host[20] = {};
    cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
    std::printf("stack %s\n", cudaGetErrorName(e));
    const char* names[] = {"stacksave.u64", "alloca.u64 24,8", "alloca.u64 100,64",
                           "alloca.u64 after restore", "stacksave after", "stacksave.u32",
                           "alloca.u32 4", "alloca.u32 40,32", "load back"};
    for (int t = 0; t < 2; ++t)
      for (int i = 0; i < 9; ++i) std::printf("thread %d %-26s 0x%llx\n", t, names[i], host[t * 10 + i]);
    return 0;
  }
  if (argc >= 2 && std::strcmp(argv[1], "cluster") == 0) {
    unsigned long long* out;
    cudaMalloc(&out, 64 * 8);
    cudaMemset(out, 0, 64 * 8);
    Params p{{7, 8, 9, 10}};
    cluster_probe<<<2, 32>>>(out, p);
    cudaError_t e = cudaDeviceSynchronize();
    std::printf("launch %s\n", cudaGetErrorName(e));
    unsigned long long host[64];
    cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
    const char* names[] = {"generic", "mapa.u64", "mapa.u32", "getctarank.u32 own",
                           "getctarank.u32 mapped", "cvta.to.shared.u64", "mapa.shared::cluster.u32",
                           "mapa.shared::cluster.u64", "getctarank.shared::cluster.u64",
                           "getctarank.shared::cluster.u32", "cvta.shared::cta.u64",
                           "cvta.shared::cluster.u64 of mapa'd", "isspacep.shared::cta own",
                           "isspacep.shared::cta other", "isspacep.shared::cluster own",
                           "isspacep.shared::cluster other", "isspacep.shared::cluster global",
                           "isspacep.shared::cta mapa.u32", "param generic",
                           "isspacep.param", "isspacep.param::entry", "isspacep.param global",
                           "cvta.to.param::entry", "cvta.param::entry", "load via mapa.u64",
                           "load via cvta.shared::cluster"};
    for (int b = 0; b < 2; ++b)
      for (unsigned i = 0; i < sizeof(names) / sizeof(names[0]); ++i)
        std::printf("block %d %-36s 0x%llx\n", b, names[i], host[b * 32 + i]);
    return 0;
  }
  if (argc >= 3 && std::strcmp(argv[1], "alloca") == 0) {
    unsigned long long bytes = std::strtoull(argv[2], nullptr, 0);
    unsigned long long* out;
    cudaMalloc(&out, 64 * 8);
    alloca_probe<<<1, 32>>>(bytes, out);
    cudaError_t e = cudaDeviceSynchronize();
    size_t limit = 0;
    cudaDeviceGetLimit(&limit, cudaLimitStackSize);
    unsigned long long host[2] = {};
    cudaMemcpy(host, out, sizeof(host), cudaMemcpyDeviceToHost);
    std::printf("alloca %llu stack_limit %zu: %s pointer 0x%llx sum %llu\n", bytes, limit,
                cudaGetErrorName(e), host[0], host[1]);
    return 0;
  }
  std::fprintf(stderr, "usage: spaces_probe cluster | stack | alloca BYTES\n");
  return 2;
}
