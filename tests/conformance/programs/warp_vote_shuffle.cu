// Warp-level primitives (Handbook 8.6): vote any/all/ballot, shuffles idx/up/
// down/xor with every width and several types, match and redux, both with the
// whole warp and inside divergent branches whose masks come from a ballot.
#include <cuda_fp16.h>

#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr u32 kFullMask = 0xffffffffu;
constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr int kTotal = kThreads * kBlocks;

__device__ int global_id() {
  return blockIdx.x * blockDim.x + threadIdx.x;
}
__device__ int lane() {
  return threadIdx.x & 31;
}

// Vote: predicates from the input data, full-warp and in two divergent halves.
enum VoteSlot {
  kAll,
  kAny,
  kBallot,
  kUni,
  kBallotOdd,
  kAnyOdd,
  kAllEven,
  kActiveMaskNested,
  kVoteSlots
};
__global__ void vote_kernel(const u32* in, u32* out) {
  const int t = global_id();
  const u32 v = in[t];
  const bool pred = v & 1u;
  auto put = [&](VoteSlot s, u32 value) { out[s * kTotal + t] = value; };
  put(kAll, __all_sync(kFullMask, pred));
  put(kAny, __any_sync(kFullMask, v % 7u == 0));
  put(kBallot, __ballot_sync(kFullMask, pred));
  put(kUni, __uni_sync(kFullMask, (v >> 30) == 0));
  const bool odd_lane = lane() & 1;
  const u32 odd_mask = __ballot_sync(kFullMask, odd_lane);
  if (odd_lane) {
    put(kBallotOdd, __ballot_sync(odd_mask, pred));
    put(kAnyOdd, __any_sync(odd_mask, v % 5u == 0));
    put(kAllEven, 0);
  } else {
    put(kBallotOdd, 0);
    put(kAnyOdd, 0);
    put(kAllEven, __all_sync(~odd_mask, v > 0x10000u));
  }
  // Nested divergence: the lanes inside both branches, seen by a ballot.
  u32 nested = 0;
  const u32 outer = __ballot_sync(kFullMask, lane() < 20);
  if (lane() < 20) {
    const u32 inner = __ballot_sync(outer, lane() % 3 == 0);
    if (lane() % 3 == 0) nested = __ballot_sync(inner, pred) ^ inner;
  }
  put(kActiveMaskNested, nested);
}

// Shuffles: every mode with widths 1..32, for int, float, double and half2.
constexpr int kWidthCount = 6;  // widths 1, 2, 4, ..., 32
enum ShflMode { kIdx, kUp, kDown, kXor, kModes };
constexpr int kShflSlots = kWidthCount * kModes + 6;
__global__ void shuffle_kernel(const u32* in, u32* out) {
  const int t = global_id();
  const u32 v = in[t];
  int slot = 0;
  for (int w = 0; w < kWidthCount; ++w) {
    const int width = 1 << w;
    out[slot++ * kTotal + t] = __shfl_sync(kFullMask, v, static_cast<int>(v % 40u), width);
    out[slot++ * kTotal + t] =
        __shfl_up_sync(kFullMask, v, (lane() * 7 + 1) % width + (w & 1), width);
    out[slot++ * kTotal + t] = __shfl_down_sync(kFullMask, v, (w * 5) % 33, width);
    out[slot++ * kTotal + t] = __shfl_xor_sync(kFullMask, v, (v >> 3) % 32u, width);
  }
  const float f = __uint_as_float(v);
  out[slot++ * kTotal + t] = __float_as_uint(__shfl_xor_sync(kFullMask, f, 9));
  const double d = static_cast<double>(v) * 1.5;
  const double dd = __shfl_down_sync(kFullMask, d, 3, 16);
  out[slot++ * kTotal + t] = static_cast<u32>(__double_as_longlong(dd) >> 20);
  const long long ll = static_cast<long long>(v) << 20;
  out[slot++ * kTotal + t] = static_cast<u32>(__shfl_sync(kFullMask, ll, 31 - lane()) >> 16);
  const __half2 h = __halves2half2(__ushort_as_half(static_cast<unsigned short>(v)),
                                   __ushort_as_half(static_cast<unsigned short>(v >> 16)));
  const __half2 hs = __shfl_up_sync(kFullMask, h, 2);
  out[slot++ * kTotal + t] =
      __half_as_ushort(__low2half(hs)) | static_cast<u32>(__half_as_ushort(__high2half(hs))) << 16;
  // A partial mask: only the lanes below 24 take part, reading within them.
  const u32 part = __ballot_sync(kFullMask, lane() < 24);
  u32 partial = 0xdeadbeefu;
  if (lane() < 24) partial = __shfl_sync(part, v, (lane() + 5) % 24);
  out[slot++ * kTotal + t] = partial;
  // Out-of-range source lanes wrap within the segment.
  out[slot++ * kTotal + t] = __shfl_sync(kFullMask, v, lane() + 40, 8);
}

// redux.sync exists from sm_80; older targets (the default nvcc target, JIT-
// compiled on the GPU) get the same results from a shuffle loop over the mask.
enum class Redux { kAdd, kMin, kMax, kAnd, kOr, kXor };
template <Redux op, typename T>
__device__ T combine(T a, T b) {
  switch (op) {
    case Redux::kAdd:
      return a + b;
    case Redux::kMin:
      return a < b ? a : b;
    case Redux::kMax:
      return a > b ? a : b;
    case Redux::kAnd:
      return a & b;
    case Redux::kOr:
      return a | b;
    case Redux::kXor:
      return a ^ b;
  }
  return a;
}
template <Redux op, typename T>
__device__ T reduce(u32 mask, T v) {
#if __CUDA_ARCH__ >= 800
  switch (op) {
    case Redux::kAdd:
      return __reduce_add_sync(mask, v);
    case Redux::kMin:
      return __reduce_min_sync(mask, v);
    case Redux::kMax:
      return __reduce_max_sync(mask, v);
    case Redux::kAnd:
      return __reduce_and_sync(mask, v);
    case Redux::kOr:
      return __reduce_or_sync(mask, v);
    case Redux::kXor:
      return __reduce_xor_sync(mask, v);
  }
  return v;
#else
  T acc = __shfl_sync(mask, v, __ffs(mask) - 1);
  for (u32 rest = mask & (mask - 1); rest != 0; rest &= rest - 1) {
    acc = combine<op>(acc, __shfl_sync(mask, v, __ffs(rest) - 1));
  }
  return acc;
#endif
}

// Match (sm_70+) and redux, full-warp and divergent.
enum MatchSlot {
  kMatchAny,
  kMatchAll,
  kMatchAllPred,
  kMatchAny64,
  kReduceAdd,
  kReduceMin,
  kReduceMax,
  kReduceMinU,
  kReduceMaxU,
  kReduceAnd,
  kReduceOr,
  kReduceXor,
  kReduceAddDivergent,
  kMatchDivergent,
  kMatchSlots
};
__global__ void match_redux_kernel(const u32* in, u32* out) {
  const int t = global_id();
  const u32 v = in[t];
  auto put = [&](MatchSlot s, u32 value) { out[s * kTotal + t] = value; };
  const u32 key = v % 5u;
  put(kMatchAny, __match_any_sync(kFullMask, key));
  int pred = 0;
  put(kMatchAll,
      __match_all_sync(kFullMask, (v >> 31) | (blockIdx.x == 3 ? 0u : lane() & 1), &pred));
  put(kMatchAllPred, static_cast<u32>(pred));
  put(kMatchAny64,
      __match_any_sync(kFullMask, static_cast<unsigned long long>(key) << 40 | (lane() & 8)));
  put(kReduceAdd, reduce<Redux::kAdd>(kFullMask, v));
  put(kReduceMin, static_cast<u32>(reduce<Redux::kMin>(kFullMask, static_cast<int>(v))));
  put(kReduceMax, static_cast<u32>(reduce<Redux::kMax>(kFullMask, static_cast<int>(v))));
  put(kReduceMinU, reduce<Redux::kMin>(kFullMask, v));
  put(kReduceMaxU, reduce<Redux::kMax>(kFullMask, v));
  put(kReduceAnd, reduce<Redux::kAnd>(kFullMask, v | 0x0f0f0000u));
  put(kReduceOr, reduce<Redux::kOr>(kFullMask, v & 0x00ff00ffu));
  put(kReduceXor, reduce<Redux::kXor>(kFullMask, v));
  const bool take = (v & 3u) != 0;
  const u32 mask = __ballot_sync(kFullMask, take);
  u32 sum = 0, matched = 0;
  if (take) {
    sum = reduce<Redux::kAdd>(mask, v >> 4);
    matched = __match_any_sync(mask, v % 3u);
  }
  put(kReduceAddDivergent, sum);
  put(kMatchDivergent, matched);
}

std::vector<u32> warp_inputs() {
  std::vector<u32> in(kTotal);
  Rng rng(0x3a3a3a3aull);
  for (int i = 0; i < kTotal; ++i) in[i] = rng.next32();
  // The last block gets uniform and edge values so that all/uni/match-all hold.
  for (int i = kThreads * 3; i < kTotal; ++i) in[i] = (i / 64) % 2 ? 0xffffffffu : 0x80000001u;
  return in;
}

template <typename Kernel>
std::vector<u32> run(Kernel kernel, int slots) {
  DeviceBuffer<u32> in(warp_inputs());
  DeviceBuffer<u32> out(static_cast<size_t>(slots) * kTotal);
  kernel<<<kBlocks, kThreads>>>(in.get(), out.get());
  CONF_CHECK_LAUNCH();
  return out.download();
}

int main() {
  begin("warp_vote_shuffle");
  print_slots("vote", run(vote_kernel, kVoteSlots), kTotal,
              {"all", "any", "ballot", "uni", "ballot_odd_lanes", "any_odd_lanes", "all_even_lanes",
               "ballot_nested_divergence"});
  std::vector<const char*> shfl_names;
  static char names[kShflSlots][48];
  const char* modes[] = {"idx", "up", "down", "xor"};
  int n = 0;
  for (int w = 0; w < kWidthCount; ++w) {
    for (const char* mode : modes) {
      std::snprintf(names[n], sizeof(names[n]), "%s_width%d", mode, 1 << w);
      shfl_names.push_back(names[n++]);
    }
  }
  for (const char* extra : {"xor_float", "down_double_width16", "idx_longlong_reverse", "up_half2",
                            "idx_partial_mask_24_lanes", "idx_out_of_range_lane_width8"}) {
    shfl_names.push_back(extra);
  }
  print_slots("shfl", run(shuffle_kernel, kShflSlots), kTotal, shfl_names);
  print_slots("match_redux", run(match_redux_kernel, kMatchSlots), kTotal,
              {"match_any", "match_all", "match_all_pred", "match_any_u64", "reduce_add",
               "reduce_min_s32", "reduce_max_s32", "reduce_min_u32", "reduce_max_u32", "reduce_and",
               "reduce_or", "reduce_xor", "reduce_add_divergent", "match_any_divergent"});
  return 0;
}
