// C++ conversions between every pair of arithmetic types: integer widening and
// narrowing with sign/zero extension, float<->integer truncation, float<->double,
// bool, char and saturating casts through the standard min/max idiom.
#include <cstdint>

template <typename To, typename From>
__device__ __forceinline__ To conv(From v) {
  return static_cast<To>(v);
}

__global__ void conversions(const int8_t* i8, const uint8_t* u8, const int16_t* i16,
                            const uint16_t* u16, const int32_t* i32, const uint32_t* u32,
                            const int64_t* i64, const uint64_t* u64, const float* f32,
                            const double* f64, int64_t* out, double* dout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int64_t* o = out + 24 * i;
  o[0] = conv<int16_t>(i8[i]) + conv<uint16_t>(u8[i]);
  o[1] = conv<int32_t>(i16[i]) + conv<uint32_t>(u16[i]);
  o[2] = conv<int64_t>(i32[i]) + conv<int64_t>(u32[i]);
  o[3] = conv<int8_t>(i64[i]) + conv<uint8_t>(u64[i]);
  o[4] = conv<int16_t>(i32[i]) * conv<uint16_t>(u32[i]);
  o[5] = conv<int32_t>(f32[i]) + conv<int64_t>(f64[i]);
  o[6] = static_cast<int64_t>(conv<uint32_t>(f32[i]) + conv<uint64_t>(f64[i]));
  o[7] = conv<int8_t>(f32[i]) + conv<uint16_t>(f64[i]);
  o[8] = conv<bool>(f32[i]) + conv<bool>(i64[i]) * 2;
  o[9] = conv<char>(u32[i]) + conv<signed char>(u16[i]) + conv<unsigned char>(i16[i]);
  o[10] = static_cast<int64_t>(u64[i] >> 3) + (i64[i] >> 3);
  o[11] = static_cast<int64_t>(static_cast<uint32_t>(i8[i]) >> 2) + (i16[i] >> 2);
  float clamped = fminf(fmaxf(f32[i], -128.0f), 127.0f);
  o[12] = conv<int8_t>(clamped);
  double* d = dout + 12 * i;
  d[0] = conv<double>(f32[i]);
  d[1] = conv<float>(f64[i]);
  d[2] = conv<double>(i64[i]) + conv<double>(u64[i]);
  d[3] = conv<float>(i64[i]) + conv<float>(u64[i]);
  d[4] = conv<float>(i8[i]) + conv<float>(u8[i]) + conv<float>(i16[i]) + conv<float>(u16[i]);
  d[5] = conv<double>(i32[i]) + conv<double>(u32[i]);
  d[6] = conv<float>(f64[i] * 1e300);
}
