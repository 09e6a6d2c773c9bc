// Table probe for the H100's MUFU approximations, after
// sfu_structure_probe.cu established what each result depends on:
//   ex2:  sign and a 23-bit truncated fixed-point fraction of |x|;
//   lg2:  lg2(m 2^e) = RZ(e + L(m)), L depending on the 23 mantissa bits;
//   sqrt: scale invariant (a table over [1, 4));
//   sin, cos: t = RZ(x / 2pi); sign and 25-bit truncated fraction of |t|.
// Dumps the raw result bits of each table, second-order delta coded
// (exactly reversible, small numbers for smooth data) so that xz shrinks
// them, and checks the symmetries that would shrink the tables further.
#include <cstdio>
#include <cstdint>
#include <cstring>
#include <cmath>
#include <string>
#include <vector>


#include "mufu_probe.cuh"

constexpr uint32_t kUnset = 0xffffffffu;

// table[i] = op(first + i) over consecutive float bit patterns.
__global__ void by_bits(int op, uint32_t first, uint32_t count, uint32_t* out) {
  for (uint32_t i = blockIdx.x * blockDim.x + threadIdx.x; i < count; i += gridDim.x * blockDim.x) {
    const float x = __uint_as_float(first + i);
    float r;
    switch (op) {
      case 0: r = lg2_ftz(x); break;
      case 1: r = sqrt_ftz(x); break;
      default: r = tanh_apx(x); break;
    }
    out[i] = __float_as_uint(r);
  }
}
// ex2 of +-k 2^-23, k < 2^23.
__global__ void ex2_table(float sign, uint32_t* out) {
  for (uint32_t k = blockIdx.x * blockDim.x + threadIdx.x; k < (1u << 23); k += gridDim.x * blockDim.x)
    out[k] = __float_as_uint(ex2_ftz(sign * (float)k * (1.0f / 8388608.0f)));
}
// sin/cos by the 25-bit key of |t|, scattered from every input x.
__global__ void trig_scatter(uint32_t* sin_table, uint32_t* cos_table, unsigned long long* conflicts) {
  for (uint64_t i = blockIdx.x * (uint64_t)blockDim.x + threadIdx.x; i < (1ull << 32); i += (uint64_t)gridDim.x * blockDim.x) {
    const uint32_t u = (uint32_t)i;
    if (((u >> 23) & 0xff) == 0xff) continue;
    const float x = __uint_as_float(u);
    const float t = __fmul_rz(x, 0.15915493667125701904f);
    const double a = fabs((double)t);
    const uint32_t key = (uint32_t)((uint64_t)floor((a - floor(a)) * 33554432.0) & 0x1ffffff);
    uint32_t s = __float_as_uint(sin_ftz(x));
    if (__float_as_uint(t) >> 31) s ^= 0x80000000u;
    const uint32_t c = __float_as_uint(cos_ftz(x));
    const uint32_t olds = atomicCAS(&sin_table[key], kUnset, s);
    const uint32_t oldc = atomicCAS(&cos_table[key], kUnset, c);
    if ((olds != kUnset && olds != s) || (oldc != kUnset && oldc != c)) atomicAdd(conflicts, 1ull);
  }
}
// Symmetry counts over the reached keys: [0] sin quadrant rule, [1] cos
// quadrant rule, [2] cos(r) == sin(2^23 - r) in quadrant 0, [3] checked.
__global__ void trig_symmetry(const uint32_t* S, const uint32_t* C, unsigned long long* counts) {
  for (uint32_t k = blockIdx.x * blockDim.x + threadIdx.x; k < (1u << 25); k += gridDim.x * blockDim.x) {
    const uint32_t q = k >> 23, r = k & 0x7fffff;
    if (S[k] == kUnset || S[r] == kUnset || C[r] == kUnset) continue;
    atomicAdd(&counts[3], 1ull);
    const uint32_t neg = 0x80000000u;
    uint32_t ws, wc;
    switch (q) {
      case 0: ws = S[r]; wc = C[r]; break;
      case 1: ws = C[r]; wc = S[r] ^ neg; break;
      case 2: ws = S[r] ^ neg; wc = C[r] ^ neg; break;
      default: ws = C[r] ^ neg; wc = S[r]; break;
    }
    // zero results: compare magnitudes only
    if ((S[k] & ~neg) == 0 && (ws & ~neg) == 0) ws = S[k];
    if ((C[k] & ~neg) == 0 && (wc & ~neg) == 0) wc = C[k];
    if (S[k] != ws) atomicAdd(&counts[0], 1ull);
    if (C[k] != wc) atomicAdd(&counts[1], 1ull);
    if (q == 0 && r > 0 && S[(1u << 23) - r] != kUnset && C[r] != S[(1u << 23) - r]) atomicAdd(&counts[2], 1ull);
  }
}

// Second-order delta coding, in place on the host.
static void delta2(std::vector<uint32_t>& v) {
  for (size_t i = v.size(); i-- > 2;) v[i] = v[i] - 2 * v[i - 1] + v[i - 2];
  if (v.size() > 1) v[1] = v[1] - v[0];
}
static void write(const std::string& path, const std::vector<uint32_t>& v) {
  FILE* f = std::fopen(path.c_str(), "wb");
  std::fwrite(v.data(), 4, v.size(), f);
  std::fclose(f);
}
static std::vector<uint32_t> fetch(const uint32_t* d, size_t n) {
  std::vector<uint32_t> h(n);
  CHECK(cudaMemcpy(h.data(), d, n * 4, cudaMemcpyDeviceToHost));
  return h;
}

int main(int argc, char** argv) {
  const std::string dir = argc > 1 ? argv[1] : ".";
  const int grid = 132 * 16, block = 256;
  uint32_t* buf;
  CHECK(cudaMalloc(&buf, sizeof(uint32_t) << 26));
  auto dump = [&](const char* name, size_t n) {
    CHECK(cudaDeviceSynchronize());
    auto h = fetch(buf, n);
    delta2(h);
    write(dir + "/" + name, h);
  };
  // ex2: positive and negative halves, and whether the negative one is the positive one mirrored.
  ex2_table<<<grid, block>>>(1.0f, buf);
  ex2_table<<<grid, block>>>(-1.0f, buf + (1u << 23));
  CHECK(cudaDeviceSynchronize());
  {
    auto h = fetch(buf, size_t{2} << 23);
    size_t mirror_mismatch = 0;
    for (uint32_t k = 1; k < (1u << 23); ++k) {
      const uint32_t pos = h[(1u << 23) - k];          // 2^(1 - k 2^-23)
      const uint32_t neg = h[(1u << 23) + k];          // 2^(-k 2^-23)
      if (neg != pos - (1u << 23)) ++mirror_mismatch;  // halved
    }
    std::printf("ex2 negative == mirrored positive / 2: %zu mismatches of %u\n", mirror_mismatch, (1u << 23) - 1);
  }
  dump("ex2_pm.d2", size_t{2} << 23);
  // lg2 over [0.5, 2): e = -1 and e = 0.
  by_bits<<<grid, block>>>(0, 0x3f000000u, 1u << 24, buf);
  dump("lg2_half_two.d2", size_t{1} << 24);
  // sqrt over [1, 4).
  by_bits<<<grid, block>>>(1, 0x3f800000u, 1u << 24, buf);
  dump("sqrt_one_four.d2", size_t{1} << 24);
  // tanh over [0.5, 1) and [2^-4, 2^-3) for structure analysis.
  by_bits<<<grid, block>>>(2, 0x3f000000u, 1u << 23, buf);
  by_bits<<<grid, block>>>(2, 0x3d800000u, 1u << 23, buf + (1u << 23));
  dump("tanh_samples.d2", size_t{2} << 23);
  // sin / cos.
  uint32_t *S = buf, *C = buf + (1u << 25);
  unsigned long long* counts;
  CHECK(cudaMalloc(&counts, 8 * sizeof(unsigned long long)));
  CHECK(cudaMemset(counts, 0, 8 * sizeof(unsigned long long)));
  CHECK(cudaMemset(buf, 0xff, sizeof(uint32_t) << 26));
  trig_scatter<<<grid, block>>>(S, C, counts + 4);
  trig_symmetry<<<grid, block>>>(S, C, counts);
  CHECK(cudaDeviceSynchronize());
  unsigned long long hc[8];
  CHECK(cudaMemcpy(hc, counts, sizeof hc, cudaMemcpyDeviceToHost));
  std::printf("trig scatter conflicts %llu; checked %llu: sin quadrant mismatches %llu, cos quadrant %llu, cos(r)!=sin(2^23-r) %llu\n",
              hc[4], hc[3], hc[0], hc[1], hc[2]);
  {
    auto s = fetch(S, 1u << 23), c = fetch(C, 1u << 23);
    size_t unset = 0;
    for (auto v : s) unset += v == kUnset;
    for (auto v : c) unset += v == kUnset;
    std::printf("quadrant-0 keys unset: %zu\n", unset);
    std::vector<uint32_t> sc(s);
    sc.insert(sc.end(), c.begin(), c.end());
    auto full_s = fetch(S, 1u << 25);
    // keep the raw full sin table's reached flags compactly: count per quadrant
    size_t reached[4] = {};
    for (uint32_t k = 0; k < (1u << 25); ++k) reached[k >> 23] += full_s[k] != kUnset;
    std::printf("reached keys per quadrant: %zu %zu %zu %zu\n", reached[0], reached[1], reached[2], reached[3]);
    delta2(sc);
    write(dir + "/sincos_q0.d2", sc);
  }
  return 0;
}
