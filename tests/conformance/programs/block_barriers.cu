// Block barriers with predicates (Handbook 8.6.2): __syncthreads_count/_and/_or
// over several predicate patterns and block shapes, plus barrier-separated
// shared-memory exchanges, __syncwarp with masks and named barriers.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

enum Slot {
  kCount,
  kAnd,
  kOr,
  kCountLane0,
  kAndAllTrue,
  kOrAllFalse,
  kExchange,
  kNamedBarrier,
  kSyncwarp,
  kSlots
};

__global__ void barrier_kernel(const u32* in, u32* out, int total) {
  const int threads = blockDim.x * blockDim.y;
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int g = blockIdx.x * threads + tid;
  const u32 v = in[g];
  auto put = [&](Slot s, u32 value) { out[s * total + g] = value; };
  put(kCount, static_cast<u32>(__syncthreads_count(v % 3u == 0)));
  put(kAnd,
      static_cast<u32>(__syncthreads_and(v != 0x12345678u && (blockIdx.x != 1 || tid != 77))));
  put(kOr, static_cast<u32>(__syncthreads_or(blockIdx.x == 2 && tid == threads - 1)));
  put(kCountLane0, static_cast<u32>(__syncthreads_count((tid & 31) == 0)));
  put(kAndAllTrue, static_cast<u32>(__syncthreads_and(1)));
  put(kOrAllFalse, static_cast<u32>(__syncthreads_or(0)));
  // Each thread reads a neighbour's value written before the barrier.
  extern __shared__ u32 exchange[];
  exchange[tid] = v ^ static_cast<u32>(tid);
  __syncthreads();
  put(kExchange, exchange[(tid * 7 + 3) % threads]);
  __syncthreads();
  // Named barrier 1 with all threads of the block; values written before it.
  exchange[threads - 1 - tid] = v + 1u;
  asm volatile("bar.sync 1, %0;" ::"r"(threads));
  put(kNamedBarrier, exchange[tid]);
  // __syncwarp with a mask of the even lanes, exchanging within them.
  __syncthreads();
  const int lane = tid & 31;
  u32 swapped = 0;
  if ((lane & 1) == 0) {
    exchange[tid] = v >> 1;
    __syncwarp(0x55555555u);
    swapped = exchange[(tid & ~31) | ((lane + 2) & 31)];
  }
  put(kSyncwarp, swapped);
}

void run_shape(const char* name, dim3 block, int blocks) {
  const int threads = static_cast<int>(block.x * block.y);
  const int total = threads * blocks;
  std::vector<u32> in(total);
  Rng rng(0xba551e5ull + total);
  for (auto& v : in) v = rng.next32();
  DeviceBuffer<u32> din(in);
  DeviceBuffer<u32> out(static_cast<size_t>(kSlots) * total);
  barrier_kernel<<<blocks, block, threads * sizeof(u32)>>>(din.get(), out.get(), total);
  CONF_CHECK_LAUNCH();
  print_slots(
      name, out.download(), total,
      {"syncthreads_count", "syncthreads_and", "syncthreads_or", "count_lane0", "and_all_true",
       "or_all_false", "shared_exchange", "named_barrier", "syncwarp_even_lanes"});
}

int main() {
  begin("block_barriers");
  run_shape("block_256", dim3(256), 4);
  run_shape("block_1024", dim3(1024), 3);
  run_shape("block_96_partial_warps", dim3(96), 5);
  run_shape("block_32x8", dim3(32, 8), 3);
  return 0;
}
