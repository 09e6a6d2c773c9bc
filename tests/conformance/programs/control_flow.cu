// Control flow under SIMT (Handbook 8.4.2): nested data-dependent divergence,
// loops with break and continue, dense switch tables, early exit of part of a
// warp before a barrier-free reduction, goto-free irreducible-looking loops,
// and an intra-warp spin lock that needs independent thread scheduling (sm_70+).
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr int kTotal = kThreads * kBlocks;

enum Slot { kNested, kLoops, kSwitch, kSwitchSparse, kWhileDivergent, kPredicated, kSlots };

__device__ u32 dense_switch(u32 v) {
  switch (v % 12u) {
    case 0:
      return v + 1;
    case 1:
      return v * 3;
    case 2:
      return v ^ 0xdeadbeefu;
    case 3:
      return v >> 3;
    case 4:
      return ~v;
    case 5:
      return v << 2;
    case 6:
      return v - 77;
    case 7:
      return v | 0x10001u;
    case 8:
      return v & 0xff00ff00u;
    case 9:
      return __brev(v);
    case 10:
      return __popc(v);
    default:
      return 42;
  }
}

__device__ u32 sparse_switch(u32 v) {
  switch (v & 0xfffu) {
    case 1:
      return 10;
    case 100:
      return 20;
    case 1000:
      return 30;
    case 4000:
      return 40;
    case 17:
      return 50;
    default:
      return v % 7u;
  }
}

__global__ void flow_kernel(const u32* in, u32* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 v = in[t];
  auto put = [&](Slot s, u32 value) { out[s * kTotal + t] = value; };
  // Three levels of data-dependent branches with work on every path.
  u32 r = 0;
  if (v & 1u) {
    r += v >> 1;
    if (v & 2u) {
      r ^= 0x1234u;
      if (v & 4u)
        r *= 3u;
      else
        r += 17u;
    } else {
      r -= 5u;
      if ((v >> 8) % 3u == 0) r = __brev(r);
    }
  } else {
    r = v * 7u;
    if (v & 8u) {
      for (u32 k = 0; k < (v & 7u); ++k) r += k * v;
    } else {
      r = ~r;
    }
  }
  put(kNested, r);
  // Loops whose trip count differs per lane, with continue and break.
  u32 acc = 0;
  for (u32 i = 0; i < 64; ++i) {
    if ((i + v) % 5u == 0) continue;
    acc = acc * 31u + i;
    if (acc % 97u == (v % 97u)) break;
    if (i > (v & 63u)) break;
  }
  put(kLoops, acc);
  put(kSwitch, dense_switch(v) + dense_switch(v >> 4));
  put(kSwitchSparse, sparse_switch(v) + sparse_switch(static_cast<u32>(t)));
  // A Collatz-style loop: lanes finish at very different times.
  u32 x = (v & 0xffffu) | 1u, steps = 0;
  while (x != 1u && steps < 500) {
    x = (x & 1u) ? 3u * x + 1u : x >> 1;
    ++steps;
  }
  put(kWhileDivergent, steps);
  // Selects the compiler turns into predication.
  const u32 p = (v > 0x80000000u) ? v - 1 : v + 1;
  put(kPredicated, (static_cast<int>(v) < 0 ? p : p * 2u) + (v == 0 ? 99u : 0u));
}

// Early exit: lanes whose value is odd return at once; the rest keep working
// and still use a warp primitive over the remaining lanes.
__global__ void early_exit_kernel(const u32* in, u32* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 v = in[t];
  out[t] = 0xeeeeeeeeu;
  if (v & 1u) return;
  const u32 remaining = __activemask();
  u32 sum = v >> 8;
  for (int offset = 16; offset > 0; offset /= 2) {
    const u32 other = __shfl_down_sync(remaining, sum, offset);
    const int source = (threadIdx.x & 31) + offset;
    if (source < 32 && (remaining >> source) & 1u) sum += other;
  }
  out[t] = sum ^ __popc(remaining);
}

// Every lane of a warp takes the same lock in turn: without independent
// thread scheduling this deadlocks; with it, each lane gets in exactly once.
__global__ void spin_lock_kernel(int* lock, u32* counter, u32* order_free_sum, const u32* in) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  bool done = false;
  while (!done) {
    if (atomicCAS(lock, 0, 1) == 0) {
      __threadfence();
      const u32 c = *counter;  // a plain read-modify-write protected by the lock
      *counter = c + 1u;
      *order_free_sum += in[t] & 0xffffu;
      __threadfence();
      atomicExch(lock, 0);
      done = true;
    }
  }
}

int main() {
  begin("control_flow");
  std::vector<u32> in(kTotal);
  Rng rng(0xf10ull);
  for (auto& v : in) v = rng.next32();
  in[0] = 0;
  in[1] = 1;
  in[2] = 0xffffffffu;
  in[3] = 0x80000000u;
  DeviceBuffer<u32> din(in);
  DeviceBuffer<u32> out(static_cast<size_t>(kSlots) * kTotal);
  flow_kernel<<<kBlocks, kThreads>>>(din.get(), out.get());
  CONF_CHECK_LAUNCH();
  print_slots("flow", out.download(), kTotal,
              {"nested_divergence", "loop_break_continue", "dense_switch", "sparse_switch",
               "while_divergent_trip_counts", "predicated_selects"});
  DeviceBuffer<u32> early(kTotal);
  early_exit_kernel<<<kBlocks, kThreads>>>(din.get(), early.get());
  CONF_CHECK_LAUNCH();
  print_case("early_exit/partial_warp_reduction", early.download());
  DeviceBuffer<int> lock(1);
  DeviceBuffer<u32> counter(1), sum(1);
  spin_lock_kernel<<<2, 64>>>(lock.get(), counter.get(), sum.get(), din.get());
  CONF_CHECK_LAUNCH();
  print_case("spin_lock/counter", counter.download());
  print_case("spin_lock/sum", sum.download());
  print_case("spin_lock/released", lock.download());
  return 0;
}
