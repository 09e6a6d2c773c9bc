// Cooperative groups across the grid: grid.sync() between phases of a two-pass sum.
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

__global__ void grid_two_phase_sum(const float* in, float* partial, float* total, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  extern __shared__ float scratch[];
  float acc = 0.0f;
  for (unsigned long long i = grid.thread_rank(); i < static_cast<unsigned long long>(n);
       i += grid.size())
    acc += in[i];
  scratch[block.thread_rank()] = acc;
  block.sync();
  for (unsigned stride = block.size() / 2; stride > 0; stride /= 2) {
    if (block.thread_rank() < stride)
      scratch[block.thread_rank()] += scratch[block.thread_rank() + stride];
    block.sync();
  }
  if (block.thread_rank() == 0) partial[block.group_index().x] = scratch[0];
  grid.sync();
  if (grid.thread_rank() == 0) {
    float sum = 0.0f;
    for (unsigned b = 0; b < grid.group_dim().x; ++b) sum += partial[b];
    *total = sum;
  }
}
