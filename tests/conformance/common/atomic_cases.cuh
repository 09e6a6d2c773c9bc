#pragma once
// The atomic operations exercised on both global and shared memory. Every case
// has a result that does not depend on the order in which threads win: final
// values of commutative operations, float sums of small integers (exact in any
// order), and returned old values that the host sorts before hashing.

#include <cuda_fp16.h>

#include <algorithm>

#include "conformance.cuh"

namespace conf::atomics {

using u32 = uint32_t;
using ull = unsigned long long;

// Counters, one array per width; `slot` picks the contended address.
struct Counters {
  u32* u;
  int* s;
  ull* ul;
  long long* sl;
  float* f;
  double* d;
  __half2* h2;
  unsigned short* us;
};

inline constexpr int kAddresses = 4;  // each case contends on this many addresses
enum OldSlot { kAddOne, kIncWrap, kDecWrap, kExch, kCasClaim, kAddOne64, kSubOne, kOldSlots };
enum CounterSlot {
  kAdd,
  kSub,
  kInc,
  kDec,
  kMin,
  kMax,
  kMinS,
  kMaxS,
  kAnd,
  kOr,
  kXor,
  kExchFinal,
  kCasFinal,
  kCasLoopMul,
  kAddBlockScope,
  kAddSystemScope,
  kCounterSlots32
};
enum Counter64Slot {
  kAdd64,
  kMin64,
  kMax64,
  kMinS64,
  kMaxS64,
  kAnd64,
  kOr64,
  kXor64,
  kCas64Loop,
  kExch64,
  kCounterSlots64
};
enum FloatSlot { kFloatAdd, kFloatCasMax, kFloatSlots };
enum DoubleSlot { kDoubleAdd, kDoubleCasMin, kDoubleSlots };

inline constexpr u32 kIncLimit = 37;

// Applies every case for one thread; `olds` is [OldSlot][thread].
__device__ inline void apply(const Counters& c, u32 v, int thread, int total, u32* olds) {
  const int a = thread % kAddresses;
  auto at = [&](int slot) { return slot * kAddresses + a; };
  olds[kAddOne * total + thread] = atomicAdd(&c.u[at(kAdd)], 1u);
  olds[kIncWrap * total + thread] = atomicInc(&c.u[at(kInc)], kIncLimit);
  olds[kDecWrap * total + thread] = atomicDec(&c.u[at(kDec)], kIncLimit);
  olds[kExch * total + thread] = atomicExch(&c.u[at(kExchFinal)], v);
  olds[kSubOne * total + thread] = atomicSub(&c.u[at(kSub)], 3u);
  atomicMin(&c.u[at(kMin)], v);
  atomicMax(&c.u[at(kMax)], v);
  atomicMin(&c.s[at(kMinS)], static_cast<int>(v));
  atomicMax(&c.s[at(kMaxS)], static_cast<int>(v));
  atomicAnd(&c.u[at(kAnd)], v | 0x10204080u);
  atomicOr(&c.u[at(kOr)], v & 0x01020408u);
  atomicXor(&c.u[at(kXor)], v);
  // Exactly one thread per address claims the slot from its initial value.
  const u32 claimed = atomicCAS(&c.u[at(kCasFinal)], 0u, static_cast<u32>(thread) + 1u);
  olds[kCasClaim * total + thread] = claimed == 0u ? 1u : 0u;
  // A CAS loop for an operation the hardware lacks: multiply modulo 2^32 (commutative).
  u32* mul = &c.u[at(kCasLoopMul)];
  u32 old = *mul, assumed;
  do {
    assumed = old;
    old = atomicCAS(mul, assumed, assumed * (v | 1u));
  } while (old != assumed);
  atomicAdd_block(&c.u[at(kAddBlockScope)], v & 0xffu);
  atomicAdd_system(&c.u[at(kAddSystemScope)], v >> 24);
  // 64-bit forms.
  const ull w = static_cast<ull>(v) << 29 ^ static_cast<ull>(thread) * 0x9e3779b97f4a7c15ull;
  olds[kAddOne64 * total + thread] =
      static_cast<u32>(atomicAdd(&c.ul[kAdd64 * kAddresses + a], 1ull));
  atomicMin(&c.ul[kMin64 * kAddresses + a], w);
  atomicMax(&c.ul[kMax64 * kAddresses + a], w);
  atomicMin(&c.sl[kMinS64 * kAddresses + a], static_cast<long long>(w));
  atomicMax(&c.sl[kMaxS64 * kAddresses + a], static_cast<long long>(w));
  atomicAnd(&c.ul[kAnd64 * kAddresses + a], w | 0x0100000000010000ull);
  atomicOr(&c.ul[kOr64 * kAddresses + a], w & 0x0010001000100010ull);
  atomicXor(&c.ul[kXor64 * kAddresses + a], w);
  ull* add64 = &c.ul[kCas64Loop * kAddresses + a];
  ull old64 = *add64, assumed64;
  do {
    assumed64 = old64;
    old64 = atomicCAS(add64, assumed64, assumed64 + (w >> 7));
  } while (old64 != assumed64);
  atomicExch(&c.ul[kExch64 * kAddresses + a], w | 1ull);
  // Floating point: sums of small integers are exact in any order.
  atomicAdd(&c.f[kFloatAdd * kAddresses + a], static_cast<float>(v % 1000u) - 500.0f);
  float* fmax = &c.f[kFloatCasMax * kAddresses + a];
  const float candidate = __uint_as_float(v & 0x7f7fffffu);
  float seen = *fmax;
  while (seen < candidate) {
    const u32 prev =
        atomicCAS(reinterpret_cast<u32*>(fmax), __float_as_uint(seen), __float_as_uint(candidate));
    if (prev == __float_as_uint(seen)) break;
    seen = __uint_as_float(prev);
  }
  atomicAdd(&c.d[kDoubleAdd * kAddresses + a], static_cast<double>(v) * 0.25);
  double* dmin = &c.d[kDoubleCasMin * kAddresses + a];
  const double dc = static_cast<double>(static_cast<int>(v)) * 1.5;
  double dseen = *dmin;
  while (dc < dseen) {
    const ull prev =
        atomicCAS(reinterpret_cast<ull*>(dmin), static_cast<ull>(__double_as_longlong(dseen)),
                  static_cast<ull>(__double_as_longlong(dc)));
    if (prev == static_cast<ull>(__double_as_longlong(dseen))) break;
    dseen = __longlong_as_double(static_cast<long long>(prev));
  }
  // Half sums stay exact below 2048: only the first 256 threads add.
  if (thread < 256)
    atomicAdd(&c.h2[a], __halves2half2(__int2half_rn(static_cast<int>(v & 7u)),
                                       __int2half_rn(-static_cast<int>(v & 3u))));
  // 16-bit compare-and-swap (sm_70+): a saturating counter kept below 60000.
  unsigned short* us = &c.us[a];
  unsigned short cur = *us, expected;
  do {
    expected = cur;
    if (expected >= 60000) break;
    cur = atomicCAS(us, expected, static_cast<unsigned short>(expected + 7));
  } while (cur != expected);
}

// Initial values of every counter (host side), so the global and shared
// programs start from the same state.
struct HostCounters {
  std::vector<u32> u = std::vector<u32>(kCounterSlots32 * kAddresses, 0u);
  std::vector<ull> ul = std::vector<ull>(kCounterSlots64 * kAddresses, 0ull);
  std::vector<float> f = std::vector<float>(kFloatSlots * kAddresses, 0.0f);
  std::vector<double> d = std::vector<double>(kDoubleSlots * kAddresses, 0.0);
  std::vector<u32> h2 = std::vector<u32>(kAddresses, 0u);
  std::vector<unsigned short> us = std::vector<unsigned short>(kAddresses, 0);
  HostCounters() {
    for (int a = 0; a < kAddresses; ++a) {
      u[kSub * kAddresses + a] = 1000000u;
      u[kInc * kAddresses + a] = static_cast<u32>(a * 5);
      u[kDec * kAddresses + a] = static_cast<u32>(a * 3);
      u[kMin * kAddresses + a] = 0xffffffffu;
      u[kAnd * kAddresses + a] = 0xffffffffu;
      u[kCasLoopMul * kAddresses + a] = 1u;
      u[kMinS * kAddresses + a] = 0x7fffffffu;
      u[kMaxS * kAddresses + a] = 0x80000000u;
      ul[kMin64 * kAddresses + a] = ~0ull;
      ul[kMinS64 * kAddresses + a] = 0x7fffffffffffffffull;
      ul[kMaxS64 * kAddresses + a] = 0x8000000000000000ull;
      ul[kAnd64 * kAddresses + a] = ~0ull;
      f[kFloatCasMax * kAddresses + a] = -1.0f;
      d[kDoubleCasMin * kAddresses + a] = 1e300;
    }
  }
};

inline std::vector<u32> thread_values(int total, uint64_t seed) {
  std::vector<u32> v(total);
  Rng rng(seed);
  for (auto& x : v) x = rng.next32();
  v[0] = 0xffffffffu;
  v[1] = 0u;
  v[2] = 0x80000000u;
  v[3] = 0x7fffffffu;
  return v;
}

// The final values of the exchanged words.
inline std::vector<u32> exch_finals_of(const u32* counters) {
  return std::vector<u32>(counters + kExchFinal * kAddresses,
                          counters + (kExchFinal + 1) * kAddresses);
}

// Prints the returned-old-value cases, each sorted so that order does not
// matter. The exchanged olds plus the final values of the exchanged words are
// the initial values plus every value written, whatever the order.
inline void print_sorted_olds(const char* prefix, std::vector<u32> olds, int total,
                              const std::vector<u32>& exch_finals) {
  const char* names[kOldSlots] = {"add_one_olds_sorted",  "inc_wrap_olds_sorted",
                                  "dec_wrap_olds_sorted", "exch_olds_and_finals_sorted",
                                  "cas_claim_winners",    "add_one_u64_olds_sorted",
                                  "sub_olds_sorted"};
  for (int s = 0; s < kOldSlots; ++s) {
    std::vector<u32> slot(olds.begin() + static_cast<long>(s) * total,
                          olds.begin() + static_cast<long>(s + 1) * total);
    if (s == kExch) {
      slot.insert(slot.end(), exch_finals.begin(), exch_finals.end());
    }
    std::sort(slot.begin(), slot.end());
    print_case(CaseName(prefix, names[s]), slot);
  }
}

inline void print_counters(const char* prefix, const std::vector<u32>& u,
                           const std::vector<ull>& ul, const std::vector<float>& f,
                           const std::vector<double>& d, const std::vector<u32>& h2,
                           const std::vector<unsigned short>& us) {
  const char* names32[kCounterSlots32] = {"add",
                                          "sub",
                                          "inc_wrap",
                                          "dec_wrap",
                                          "min_u32",
                                          "max_u32",
                                          "min_s32",
                                          "max_s32",
                                          "and",
                                          "or",
                                          "xor",
                                          "exch_final_value_set",
                                          "cas_claimed",
                                          "cas_loop_mul",
                                          "add_block_scope",
                                          "add_system_scope"};
  for (int s = 0; s < kCounterSlots32; ++s) {
    // The last exchanged value and the claiming thread depend on order: print
    // only whether they are set.
    if (s == kExchFinal || s == kCasFinal) {
      u32 set = 0;
      for (int a = 0; a < kAddresses; ++a) set |= (u[s * kAddresses + a] != 0u) << a;
      print_value(CaseName(prefix, names32[s]), set);
      continue;
    }
    print_case(CaseName(prefix, names32[s]), u.data() + s * kAddresses, kAddresses);
  }
  const char* names64[kCounterSlots64] = {"add_u64",          "min_u64",     "max_u64", "min_s64",
                                          "max_s64",          "and_u64",     "or_u64",  "xor_u64",
                                          "cas_loop_add_u64", "exch_u64_set"};
  for (int s = 0; s < kCounterSlots64; ++s) {
    if (s == kExch64) {
      u32 set = 0;
      for (int a = 0; a < kAddresses; ++a)
        set |= static_cast<u32>(ul[s * kAddresses + a] & 1ull) << a;
      print_value(CaseName(prefix, names64[s]), set);
      continue;
    }
    print_case(CaseName(prefix, names64[s]), ul.data() + s * kAddresses, kAddresses);
  }
  print_case(CaseName(prefix, "float_add_integers"), f.data() + kFloatAdd * kAddresses, kAddresses);
  print_case(CaseName(prefix, "float_cas_max"), f.data() + kFloatCasMax * kAddresses, kAddresses);
  print_case(CaseName(prefix, "double_add_quarters"), d.data() + kDoubleAdd * kAddresses,
             kAddresses);
  print_case(CaseName(prefix, "double_cas_min"), d.data() + kDoubleCasMin * kAddresses, kAddresses);
  print_case(CaseName(prefix, "half2_add_integers"), h2);
  print_case(CaseName(prefix, "u16_cas_saturating"), us);
}

}  // namespace conf::atomics
