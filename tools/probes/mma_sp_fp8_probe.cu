// Records the H100's mma.sp m16n8k64 fp8 results (e4m3/e5m2 pairings) with their
// inputs, for fitting the dot-product rule (tools/probes/README.md):
//   nvcc -cudart shared -arch=sm_90 mma_sp_fp8_probe.cu -o probe && ./probe OUTDIR
// Each case of OUTDIR/mmasp_NAME.bin: A, B, C (128 words each, lane-major, 4 per
// lane), the metadata (32 words, one nibble repeated) and D (128 words).
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <vector>
#include <random>
typedef uint32_t u32;
struct Args { const u32 *a, *b, *c, *e; u32* d; };
#define SPK(NAME, INSTR) \
__global__ void NAME(Args p) { \
  const int l = threadIdx.x, base = blockIdx.x * 128 + l * 4; \
  u32 a0 = p.a[base], a1 = p.a[base+1], a2 = p.a[base+2], a3 = p.a[base+3]; \
  u32 b0 = p.b[base], b1 = p.b[base+1], b2 = p.b[base+2], b3 = p.b[base+3]; \
  float c0 = __uint_as_float(p.c[base]), c1 = __uint_as_float(p.c[base+1]), c2 = __uint_as_float(p.c[base+2]), c3 = __uint_as_float(p.c[base+3]); \
  u32 e = p.e[blockIdx.x * 32 + l]; float d0, d1, d2, d3; \
  asm volatile(INSTR " {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9,%10,%11}, {%12,%13,%14,%15}, %16, 0;" \
    : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3) \
    : "r"(a0), "r"(a1), "r"(a2), "r"(a3), "r"(b0), "r"(b1), "r"(b2), "r"(b3), \
      "f"(c0), "f"(c1), "f"(c2), "f"(c3), "r"(e)); \
  p.d[base] = __float_as_uint(d0); p.d[base+1] = __float_as_uint(d1); p.d[base+2] = __float_as_uint(d2); p.d[base+3] = __float_as_uint(d3); }
SPK(k_e4e4, "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e4m3.f32")
SPK(k_e5e5, "mma.sp.sync.aligned.m16n8k64.row.col.f32.e5m2.e5m2.f32")
SPK(k_e4e5, "mma.sp.sync.aligned.m16n8k64.row.col.f32.e4m3.e5m2.f32")
SPK(k_e5e4, "mma.sp.sync.aligned.m16n8k64.row.col.f32.e5m2.e4m3.f32")
int main(int argc, char** argv) {
  const int n = 1024;
  const char* out = argc > 1 ? argv[1] : ".";
  void (*ks[4])(Args) = {k_e4e4, k_e5e5, k_e4e5, k_e5e4};
  const char* names[4] = {"e4e4", "e5e5", "e4e5", "e5e4"};
  std::mt19937 rng(12345);
  for (int f = 0; f < 4; ++f) {
    bool ae4 = f == 0 || f == 2, be4 = f == 0 || f == 3;
    std::vector<u32> a(n * 128), b(n * 128), c(n * 128), e(n * 32), d(n * 128);
    auto elem = [&](bool e4, int dist) -> u32 {
      for (;;) {
        u32 v = rng() & 0xff;
        if (dist == 0) v = e4 ? ((rng() & 0x87u) | ((3u + rng() % 10) << 3)) : ((rng() & 0x83u) | ((10u + rng() % 10) << 2));
        if (dist == 2 && (rng() % 4 == 0)) v &= 0x87;  // some subnormals / small
        if (e4 && (v & 0x7f) == 0x7f) continue;
        if (!e4 && (v & 0x7c) == 0x7c) continue;
        return v;
      }
    };
    for (int cs = 0; cs < n; ++cs) {
      int dist = cs % 4;  // 0: moderate exponents, 1: every finite value, 2: with small values, 3: moderate with C=0
      for (int i = 0; i < 128; ++i) {
        u32 wa = 0, wb = 0;
        for (int s = 0; s < 32; s += 8) { wa |= elem(ae4, dist == 3 ? 0 : dist) << s; wb |= elem(be4, dist == 3 ? 0 : dist) << s; }
        a[cs * 128 + i] = wa; b[cs * 128 + i] = wb;
        float cv = 0.f;
        if (dist == 0) cv = std::uniform_real_distribution<float>(-10.f, 10.f)(rng);
        if (dist == 1) { u32 bits = (rng() & 0x807fffffu) | ((100u + rng() % 60) << 23); std::memcpy(&cv, &bits, 4); }
        if (dist == 2) cv = std::uniform_real_distribution<float>(-1.f, 1.f)(rng);
        std::memcpy(&c[cs * 128 + i], &cv, 4);
      }
      static const u32 nib[6] = {0x4, 0x8, 0xc, 0x9, 0xd, 0xe};
      const u32 nb = nib[cs % 6];
      u32 w = 0; for (int s = 0; s < 32; s += 4) w |= nb << s;
      for (int l = 0; l < 32; ++l) e[cs * 32 + l] = w;
    }
    u32 *da, *db, *dc, *de, *dd;
    cudaMalloc(&da, a.size() * 4); cudaMalloc(&db, b.size() * 4); cudaMalloc(&dc, c.size() * 4);
    cudaMalloc(&de, e.size() * 4); cudaMalloc(&dd, d.size() * 4);
    cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
    cudaMemcpy(de, e.data(), e.size() * 4, cudaMemcpyHostToDevice);
    ks[f]<<<n, 32>>>(Args{da, db, dc, de, dd});
    cudaError_t err = cudaDeviceSynchronize();
    if (err != cudaSuccess) { std::printf("%s: %s\n", names[f], cudaGetErrorString(err)); return 1; }
    cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
    char path[512]; std::snprintf(path, sizeof path, "%s/mmasp_%s.bin", out, names[f]);
    FILE* fp = std::fopen(path, "wb");
    for (int cs = 0; cs < n; ++cs) {
      std::fwrite(&a[cs * 128], 4, 128, fp); std::fwrite(&b[cs * 128], 4, 128, fp);
      std::fwrite(&c[cs * 128], 4, 128, fp); std::fwrite(&e[cs * 32], 4, 32, fp);
      std::fwrite(&d[cs * 128], 4, 128, fp);
    }
    std::fclose(fp);
    std::printf("%s: %d cases written\n", names[f], n);
  }
  return 0;
}
