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

}  // namespace smsim::func
#endif
