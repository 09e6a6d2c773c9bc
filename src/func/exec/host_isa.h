#pragma once
// Which vector instructions the host CPU has, read once per process, for the
// hot loops over a warp's 32 lanes that are compiled twice: for the baseline
// x86-64 target (SSE2 only) and for AVX2. Both copies compile the same source,
// so results do not depend on the host; only the speed does.

#if defined(__x86_64__) && defined(__GNUC__)
#define SMSIM_HOST_AVX2_PATHS 1

namespace smsim::func {

inline const bool kHostHasAvx2 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx2") != 0;
}();

// AVX-512 with the 256-bit vector length (VL): a row of 64-bit slots
// narrows to 32-bit values with one two-source permute per 8 lanes instead
// of five shuffles, and 256-bit vectors keep the clock where the AVX2 code
// has it. GCC's avx512f target implies FMA, and GCC contracts a * b + c in
// C++ by default; the build turns that off (-ffp-contract=off, top-level
// CMakeLists.txt), and as a second guard only loops without float arithmetic
// and the explicit fma take this copy (an FMA would round once where the PTX
// rounds twice).
#define SMSIM_AVX512_TARGET "avx512f,avx512vl,avx512bw,avx512dq,prefer-vector-width=256"

inline const bool kHostHasAvx512 = [] {
  __builtin_cpu_init();
  return __builtin_cpu_supports("avx512f") != 0 && __builtin_cpu_supports("avx512vl") != 0 &&
         __builtin_cpu_supports("avx512bw") != 0 && __builtin_cpu_supports("avx512dq") != 0;
}();

}  // namespace smsim::func
#endif
