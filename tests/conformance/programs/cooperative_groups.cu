// Cooperative groups: static tiles of 1..32 threads (sync, shuffles, votes,
// reductions, scans), coalesced groups under divergence, labeled partitions,
// and a multi-phase grid reduction with grid.sync() launched cooperatively.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

#include "../common/conformance.cuh"

namespace cg = cooperative_groups;
using namespace conf;

using u32 = uint32_t;

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr int kTotal = kThreads * kBlocks;
constexpr int kTileSlots = 8;

template <unsigned Size, typename Parent>
__device__ void tile_cases(cg::thread_block_tile<Size, Parent> tile, u32 v, u32* out, int g,
                           int base) {
  auto put = [&](int s, u32 value) { out[(base + s) * kTotal + g] = value; };
  put(0, tile.thread_rank() | tile.meta_group_rank() << 8 | tile.meta_group_size() << 16);
  put(1, tile.shfl(v, static_cast<int>(v % Size)));
  put(2, tile.shfl_down(v, 1) ^ tile.shfl_xor(v, Size / 2 > 0 ? Size / 2 : 0));
  put(3, static_cast<u32>(tile.any(v % 11u == 0)) | static_cast<u32>(tile.all(v != 0)) << 1 |
             tile.ballot(v & 1u) << 2);
  put(4, cg::reduce(tile, v, cg::plus<u32>()));
  put(5, cg::reduce(tile, v, cg::greater<u32>()) ^ cg::reduce(tile, v, cg::bit_xor<u32>()));
  put(6, cg::inclusive_scan(tile, v >> 8, cg::plus<u32>()));
  tile.sync();
  put(7, cg::exclusive_scan(tile, v & 0xffu, cg::bit_or<u32>()));
}

__global__ void tiles_kernel(const u32* in, u32* out) {
  cg::thread_block block = cg::this_thread_block();
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 v = in[g];
  tile_cases(cg::tiled_partition<1>(block), v, out, g, 0 * kTileSlots);
  tile_cases(cg::tiled_partition<2>(block), v, out, g, 1 * kTileSlots);
  tile_cases(cg::tiled_partition<4>(block), v, out, g, 2 * kTileSlots);
  tile_cases(cg::tiled_partition<8>(block), v, out, g, 3 * kTileSlots);
  tile_cases(cg::tiled_partition<16>(block), v, out, g, 4 * kTileSlots);
  tile_cases(cg::tiled_partition<32>(block), v, out, g, 5 * kTileSlots);
}

enum DivergentSlot {
  kCoalescedRank,
  kCoalescedSize,
  kCoalescedSum,
  kLabeledRank,
  kLabeledSum,
  kBlockRank,
  kDivergentSlots
};
__global__ void divergent_kernel(const u32* in, u32* out) {
  cg::thread_block block = cg::this_thread_block();
  const int g = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 v = in[g];
  auto put = [&](DivergentSlot s, u32 value) { out[s * kTotal + g] = value; };
  put(kCoalescedRank, 0xffffffffu);
  put(kCoalescedSize, 0xffffffffu);
  put(kCoalescedSum, 0xffffffffu);
  if (v % 3u != 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    put(kCoalescedRank, active.thread_rank());
    put(kCoalescedSize, active.size());
    put(kCoalescedSum, cg::reduce(active, v >> 4, cg::plus<u32>()));
  }
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::coalesced_group labeled = cg::labeled_partition(warp, static_cast<int>(v % 4u));
  put(kLabeledRank, labeled.thread_rank() | labeled.size() << 8);
  put(kLabeledSum, cg::reduce(labeled, v, cg::plus<u32>()));
  put(kBlockRank, block.thread_rank() | block.size() << 12 | block.group_index().x << 24);
}

// Grid-wide phases: each block sums its slice, then after grid.sync() every
// thread reads all block sums, then a second phase scales by the grand total.
__global__ void grid_sync_kernel(const u32* in, u32* block_sums, u32* out) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ u32 partial[kThreads];
  const u32 g = grid.thread_rank();
  partial[threadIdx.x] = in[g];
  block.sync();
  for (int stride = kThreads / 2; stride > 0; stride /= 2) {
    if (threadIdx.x < stride) partial[threadIdx.x] += partial[threadIdx.x + stride];
    block.sync();
  }
  if (threadIdx.x == 0) block_sums[blockIdx.x] = partial[0];
  grid.sync();
  u32 total = 0;
  for (u32 b = 0; b < gridDim.x; ++b) total += block_sums[b] * (b + 1);
  out[g] = total ^ in[(g * 13 + 7) % grid.size()];
  grid.sync();
  if (g == 0) block_sums[0] = total;
  grid.sync();
  out[grid.size() + g] = block_sums[0] + static_cast<u32>(grid.is_valid()) + grid.num_blocks();
}

std::vector<u32> inputs() {
  std::vector<u32> in(kTotal);
  Rng rng(0xc0c0c0ull);
  for (auto& v : in) v = rng.next32();
  return in;
}

int main() {
  begin("cooperative_groups");
  DeviceBuffer<u32> in(inputs());
  {
    DeviceBuffer<u32> out(static_cast<size_t>(6 * kTileSlots) * kTotal);
    tiles_kernel<<<kBlocks, kThreads>>>(in.get(), out.get());
    CONF_CHECK_LAUNCH();
    const auto results = out.download();
    const char* slots[kTileSlots] = {"ranks",
                                     "shfl",
                                     "shfl_down_xor",
                                     "any_all_ballot",
                                     "reduce_plus",
                                     "reduce_greater_xor",
                                     "inclusive_scan_plus",
                                     "exclusive_scan_or"};
    for (int t = 0; t < 6; ++t) {
      for (int s = 0; s < kTileSlots; ++s) {
        char name[64];
        std::snprintf(name, sizeof(name), "tile%d/%s", 1 << t, slots[s]);
        print_case(name, results.data() + static_cast<size_t>(t * kTileSlots + s) * kTotal, kTotal);
      }
    }
  }
  {
    DeviceBuffer<u32> out(static_cast<size_t>(kDivergentSlots) * kTotal);
    divergent_kernel<<<kBlocks, kThreads>>>(in.get(), out.get());
    CONF_CHECK_LAUNCH();
    print_slots("divergent", out.download(), kTotal,
                {"coalesced_rank", "coalesced_size", "coalesced_reduce", "labeled_rank_size",
                 "labeled_reduce", "block_rank_size_index"});
  }
  {
    int device = 0, cooperative = 0;
    CONF_CHECK(cudaGetDevice(&device));
    CONF_CHECK(cudaDeviceGetAttribute(&cooperative, cudaDevAttrCooperativeLaunch, device));
    print_value("grid/cooperative_launch_supported", static_cast<u32>(cooperative != 0));
    DeviceBuffer<u32> sums(kBlocks);
    DeviceBuffer<u32> out(2 * kTotal);
    const u32* in_ptr = in.get();
    u32* sums_ptr = sums.get();
    u32* out_ptr = out.get();
    void* args[] = {&in_ptr, &sums_ptr, &out_ptr};
    CONF_CHECK(cudaLaunchCooperativeKernel(reinterpret_cast<void*>(grid_sync_kernel), dim3(kBlocks),
                                           dim3(kThreads), args, 0, nullptr));
    CONF_CHECK_LAUNCH();
    const auto results = out.download();
    print_case("grid/phase1_block_sums", results.data(), kTotal);
    print_case("grid/phase2_broadcast", results.data() + kTotal, kTotal);
    print_case("grid/block_sums", sums.download());
  }
  return 0;
}
