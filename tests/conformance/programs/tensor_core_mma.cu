// Tensor-core matrix multiply-accumulate through WMMA: 16x16x16 fp16 inputs
// with fp16 and fp32 accumulators, and 8-bit integer inputs with 32-bit
// accumulators, over inputs that include large, tiny and negative values (the
// accumulation order and internal precision show in the result bits).
#include <cuda_fp16.h>
#include <mma.h>

#include "../common/conformance.cuh"

using namespace conf;
namespace wmma = nvcuda::wmma;

constexpr int kM = 16, kN = 16, kK = 16;
constexpr int kTiles = 8;  // independent problems, one warp each

template <typename Acc>
__global__ void mma_half_kernel(const __half* a, const __half* b, const Acc* c, Acc* d) {
  const int tile = blockIdx.x;
  wmma::fragment<wmma::matrix_a, kM, kN, kK, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, kM, kN, kK, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, kM, kN, kK, Acc> fc;
  wmma::load_matrix_sync(fa, a + tile * kM * kK, kK);
  wmma::load_matrix_sync(fb, b + tile * kK * kN, kK);
  wmma::load_matrix_sync(fc, c + tile * kM * kN, kN, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d + tile * kM * kN, fc, kN, wmma::mem_row_major);
}

__global__ void mma_int8_kernel(const signed char* a, const signed char* b, const int* c, int* d) {
  const int tile = blockIdx.x;
  wmma::fragment<wmma::matrix_a, kM, kN, kK, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, kM, kN, kK, signed char, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, kM, kN, kK, int> fc;
  wmma::load_matrix_sync(fa, a + tile * kM * kK, kK);
  wmma::load_matrix_sync(fb, b + tile * kK * kN, kK);
  wmma::load_matrix_sync(fc, c + tile * kM * kN, kN, wmma::mem_row_major);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d + tile * kM * kN, fc, kN, wmma::mem_row_major);
}

std::vector<uint16_t> half_matrix(size_t count, uint64_t seed, bool wide) {
  std::vector<uint16_t> out(count);
  Rng rng(seed);
  const auto& edges = half_edge_bits();
  for (size_t i = 0; i < count; ++i) {
    if (wide && i % 17 == 0) {
      out[i] = edges[rng.below(static_cast<uint32_t>(edges.size()))];
    } else {
      // Moderate magnitudes with random mantissas: sign, exponent 10..20.
      out[i] = static_cast<uint16_t>((rng.below(2) << 15) | ((10 + rng.below(11)) << 10) |
                                     rng.below(1024));
    }
  }
  return out;
}

int main() {
  begin("tensor_core_mma");
  const size_t ab = static_cast<size_t>(kTiles) * kM * kK;
  const size_t cd = static_cast<size_t>(kTiles) * kM * kN;
  for (bool wide : {false, true}) {
    const char* suffix = wide ? "with_edge_values" : "moderate";
    DeviceBuffer<uint16_t> a(half_matrix(ab, 1 + wide, wide)), b(half_matrix(ab, 3 + wide, wide));
    std::vector<float> cf(cd);
    Rng rng(11);
    for (auto& v : cf) v = static_cast<float>(rng.uniform(-1000.0, 1000.0));
    DeviceBuffer<float> c32(cf), d32(cd);
    mma_half_kernel<float><<<kTiles, 32>>>(reinterpret_cast<const __half*>(a.get()),
                                           reinterpret_cast<const __half*>(b.get()), c32.get(),
                                           d32.get());
    CONF_CHECK_LAUNCH();
    print_case(CaseName("wmma_f16_f32acc", suffix), d32.download());
    DeviceBuffer<uint16_t> c16(half_matrix(cd, 5 + wide, false)), d16(cd);
    mma_half_kernel<__half><<<kTiles, 32>>>(
        reinterpret_cast<const __half*>(a.get()), reinterpret_cast<const __half*>(b.get()),
        reinterpret_cast<const __half*>(c16.get()), reinterpret_cast<__half*>(d16.get()));
    CONF_CHECK_LAUNCH();
    print_case(CaseName("wmma_f16_f16acc", suffix), d16.download());
  }
  std::vector<signed char> ai(ab), bi(ab);
  std::vector<int> ci(cd);
  Rng rng(13);
  for (auto& v : ai) v = static_cast<signed char>(rng.next32());
  for (auto& v : bi) v = static_cast<signed char>(rng.next32());
  for (auto& v : ci) v = static_cast<int>(rng.next32());
  ai[0] = -128;
  bi[0] = -128;
  ci[0] = 0x7fffffff;
  DeviceBuffer<signed char> dai(ai), dbi(bi);
  DeviceBuffer<int> dci(ci), ddi(cd);
  mma_int8_kernel<<<kTiles, 32>>>(dai.get(), dbi.get(), dci.get(), ddi.get());
  CONF_CHECK_LAUNCH();
  print_case("wmma_s8_s32acc/wrapping", ddi.download());
  return 0;
}
