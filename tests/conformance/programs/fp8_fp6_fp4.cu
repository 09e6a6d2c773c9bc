// Narrow floating-point conversions: fp8 (e4m3, e5m2, e8m0), fp6 (e2m3, e3m2)
// and fp4 (e2m1), from float, double, half and bfloat16 with and without
// saturation, and back to half for every encoding.
#include <cuda_fp4.h>
#include <cuda_fp6.h>
#include <cuda_fp8.h>

#include "../common/conformance.cuh"

using namespace conf;

using u16 = uint16_t;
using u32 = uint32_t;

// half_raw/bfloat16_raw carry the raw bits in a member `x`.
__device__ __half_raw half_raw_of(u16 bits) {
  __half_raw r;
  r.x = bits;
  return r;
}
__device__ __nv_bfloat16_raw bf16_raw_of(u16 bits) {
  __nv_bfloat16_raw r;
  r.x = bits;
  return r;
}

#define TO_NARROW(Name, In, expr) \
  CONF_UNARY(Name, unsigned char, In, static_cast<unsigned char>(expr))
TO_NARROW(F2E4m3, float, __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E4M3));
TO_NARROW(F2E4m3Sat, float, __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E4M3));
TO_NARROW(F2E5m2, float, __nv_cvt_float_to_fp8(x, __NV_NOSAT, __NV_E5M2));
TO_NARROW(F2E5m2Sat, float, __nv_cvt_float_to_fp8(x, __NV_SATFINITE, __NV_E5M2));
TO_NARROW(D2E4m3, double, __nv_cvt_double_to_fp8(x, __NV_NOSAT, __NV_E4M3));
TO_NARROW(D2E5m2Sat, double, __nv_cvt_double_to_fp8(x, __NV_SATFINITE, __NV_E5M2));
TO_NARROW(H2E4m3, u16, __nv_cvt_halfraw_to_fp8(half_raw_of(x), __NV_NOSAT, __NV_E4M3));
TO_NARROW(H2E5m2Sat, u16, __nv_cvt_halfraw_to_fp8(half_raw_of(x), __NV_SATFINITE, __NV_E5M2));
TO_NARROW(B2E4m3Sat, u16, __nv_cvt_bfloat16raw_to_fp8(bf16_raw_of(x), __NV_SATFINITE, __NV_E4M3));
TO_NARROW(B2E5m2, u16, __nv_cvt_bfloat16raw_to_fp8(bf16_raw_of(x), __NV_NOSAT, __NV_E5M2));
TO_NARROW(F2E8m0Rz, float, __nv_cvt_float_to_e8m0(x, __NV_NOSAT, cudaRoundZero));
TO_NARROW(F2E8m0RuSat, float, __nv_cvt_float_to_e8m0(x, __NV_SATFINITE, cudaRoundPosInf));
TO_NARROW(F2E2m3, float, __nv_cvt_float_to_fp6(x, __NV_E2M3, cudaRoundNearest));
TO_NARROW(F2E3m2, float, __nv_cvt_float_to_fp6(x, __NV_E3M2, cudaRoundNearest));
TO_NARROW(D2E2m3, double, __nv_cvt_double_to_fp6(x, __NV_E2M3, cudaRoundNearest));
TO_NARROW(F2E2m1, float, __nv_cvt_float_to_fp4(x, __NV_E2M1, cudaRoundNearest));
TO_NARROW(D2E2m1, double, __nv_cvt_double_to_fp4(x, __NV_E2M1, cudaRoundNearest));
TO_NARROW(H2E2m1, u16, __nv_cvt_halfraw_to_fp4(half_raw_of(x), __NV_E2M1, cudaRoundNearest));
#undef TO_NARROW
CONF_UNARY(F22E4m3x2, u16, float,
           static_cast<u16>(__nv_cvt_float2_to_fp8x2(make_float2(x, x * -0.75f), __NV_SATFINITE,
                                                     __NV_E4M3)));
CONF_UNARY(F22E2m1x2, u16, float,
           static_cast<u16>(__nv_cvt_float2_to_fp4x2(make_float2(x, x * 0.5f), __NV_E2M1,
                                                     cudaRoundNearest)));
// Decoding: every 8-bit (or 16-bit pair) encoding back to half/bfloat16 bits.
CONF_UNARY(E4m3ToHalf, u16, u16,
           __half_raw(__nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(x), __NV_E4M3)).x);
CONF_UNARY(E5m2ToHalf, u16, u16,
           __half_raw(__nv_cvt_fp8_to_halfraw(static_cast<__nv_fp8_storage_t>(x), __NV_E5M2)).x);
CONF_UNARY(E8m0ToBf16, u16, u16,
           __nv_bfloat16_raw(__nv_cvt_e8m0_to_bf16raw(static_cast<__nv_fp8_storage_t>(x))).x);
CONF_UNARY(
    E2m3ToHalf, u16, u16,
    __half_raw(__nv_cvt_fp6_to_halfraw(static_cast<__nv_fp6_storage_t>(x & 0x3f), __NV_E2M3)).x);
CONF_UNARY(
    E3m2ToHalf, u16, u16,
    __half_raw(__nv_cvt_fp6_to_halfraw(static_cast<__nv_fp6_storage_t>(x & 0x3f), __NV_E3M2)).x);
CONF_UNARY(
    E2m1ToHalf, u16, u16,
    __half_raw(__nv_cvt_fp4_to_halfraw(static_cast<__nv_fp4_storage_t>(x & 0xf), __NV_E2M1)).x);
CONF_UNARY(E4m3x2ToHalf2, u32, u16, ([&] {
             const __half2_raw h =
                 __nv_cvt_fp8x2_to_halfraw2(static_cast<__nv_fp8x2_storage_t>(x), __NV_E4M3);
             return static_cast<u32>(h.y) << 16 | h.x;
           }()));
CONF_UNARY(E5m2x2ToHalf2, u32, u16, ([&] {
             const __half2_raw h =
                 __nv_cvt_fp8x2_to_halfraw2(static_cast<__nv_fp8x2_storage_t>(x), __NV_E5M2);
             return static_cast<u32>(h.y) << 16 | h.x;
           }()));
// The C++ class interface rounds the same way; check it agrees through float.
CONF_UNARY(E4m3ClassRoundTrip, float, float, static_cast<float>(__nv_fp8_e4m3(x)));
CONF_UNARY(E5m2ClassRoundTrip, float, float, static_cast<float>(__nv_fp8_e5m2(x)));

// Floats scaled into the narrow formats' ranges, so that rounding matters.
std::vector<float> narrow_range_floats() {
  std::vector<float> out = float_inputs();
  Rng rng(0xf8f8f8f8ull);
  for (int i = 0; i < 4096; ++i) {
    const double magnitude = std::ldexp(1.0 + rng.unit(), static_cast<int>(rng.below(40)) - 20);
    out.push_back(static_cast<float>(rng.below(2) ? magnitude : -magnitude));
  }
  return out;
}

int main() {
  begin("fp8_fp6_fp4");
  const auto f = narrow_range_floats();
  run_unary<F2E4m3>("float_to_e4m3", f);
  run_unary<F2E4m3Sat>("float_to_e4m3_satfinite", f);
  run_unary<F2E5m2>("float_to_e5m2", f);
  run_unary<F2E5m2Sat>("float_to_e5m2_satfinite", f);
  run_unary<F2E8m0Rz>("float_to_e8m0_rz", f);
  run_unary<F2E8m0RuSat>("float_to_e8m0_ru_satfinite", f);
  run_unary<F2E2m3>("float_to_e2m3", f);
  run_unary<F2E3m2>("float_to_e3m2", f);
  run_unary<F2E2m1>("float_to_e2m1", f);
  run_unary<F22E4m3x2>("float2_to_e4m3x2_satfinite", f);
  run_unary<F22E2m1x2>("float2_to_e2m1x2", f);
  run_unary<E4m3ClassRoundTrip>("e4m3_class_round_trip", f);
  run_unary<E5m2ClassRoundTrip>("e5m2_class_round_trip", f);
  const auto d = double_inputs();
  run_unary<D2E4m3>("double_to_e4m3", d);
  run_unary<D2E5m2Sat>("double_to_e5m2_satfinite", d);
  run_unary<D2E2m3>("double_to_e2m3", d);
  run_unary<D2E2m1>("double_to_e2m1", d);
  chunk_size = 16384;
  const auto all = all_u16();
  run_unary<H2E4m3>("half_to_e4m3_all", all);
  run_unary<H2E5m2Sat>("half_to_e5m2_satfinite_all", all);
  run_unary<B2E4m3Sat>("bf16_to_e4m3_satfinite_all", all);
  run_unary<B2E5m2>("bf16_to_e5m2_all", all);
  run_unary<H2E2m1>("half_to_e2m1_all", all);
  run_unary<E4m3x2ToHalf2>("e4m3x2_to_half2_all", all);
  run_unary<E5m2x2ToHalf2>("e5m2x2_to_half2_all", all);
  std::vector<u16> bytes(256);
  for (u32 i = 0; i < bytes.size(); ++i) bytes[i] = static_cast<u16>(i);
  run_unary<E4m3ToHalf>("e4m3_to_half_all", bytes);
  run_unary<E5m2ToHalf>("e5m2_to_half_all", bytes);
  run_unary<E8m0ToBf16>("e8m0_to_bf16_all", bytes);
  run_unary<E2m3ToHalf>("e2m3_to_half_all", bytes);
  run_unary<E3m2ToHalf>("e3m2_to_half_all", bytes);
  run_unary<E2m1ToHalf>("e2m1_to_half_all", bytes);
  return 0;
}
