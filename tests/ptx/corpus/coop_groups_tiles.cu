// Cooperative groups inside a block: static and dynamic tiles, coalesced groups,
// tile shuffles and votes, and the cg::reduce / cg::inclusive_scan collectives.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cooperative_groups/scan.h>

namespace cg = cooperative_groups;

__global__ void coop_tiles(const int* in, int* out, float* fout, int n) {
  cg::thread_block block = cg::this_thread_block();
  int i = static_cast<int>(block.group_index().x * block.size() + block.thread_rank());
  int v = i < n ? in[i] : 0;
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  cg::thread_block_tile<8> eighth = cg::tiled_partition<8>(warp);
  cg::thread_group quarter = cg::tiled_partition(block, 4);

  int sum = cg::reduce(warp, v, cg::plus<int>());
  int mx = cg::reduce(eighth, v, cg::greater<int>());
  int band = cg::reduce(warp, v, cg::bit_and<int>());
  int prefix = cg::inclusive_scan(warp, v);
  int excl = cg::exclusive_scan(eighth, v, cg::bit_xor<int>());
  float fsum = cg::reduce(warp, static_cast<float>(v) * 0.5f, cg::plus<float>());
  int shuffled = warp.shfl_down(v, 1) + eighth.shfl_xor(v, 2) + warp.shfl(v, 0);
  unsigned ballot = warp.ballot(v > 0);
  int any = warp.any(v & 1);
  int all = eighth.all(v >= 0);
  block.sync();
  quarter.sync();
  if (v & 1) {
    cg::coalesced_group active = cg::coalesced_threads();
    int rank = static_cast<int>(active.thread_rank());
    int total = cg::reduce(active, v, cg::plus<int>());
    if (i < n) out[4 * n + i] = rank + total + static_cast<int>(active.num_threads());
  }
  if (i >= n) return;
  out[i] = sum + mx;
  out[n + i] = band ^ prefix ^ excl;
  out[2 * n + i] = shuffled + static_cast<int>(ballot);
  out[3 * n + i] = any + 2 * all + static_cast<int>(quarter.thread_rank());
  fout[i] = fsum;
}
