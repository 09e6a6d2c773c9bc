// CUB block-wide collectives: BlockReduce (both algorithms), BlockScan, BlockLoad/BlockStore.
#include <cub/block/block_load.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cuda/functional>

constexpr int kThreads = 128;
constexpr int kItems = 4;

__global__ void cub_block_reduce_scan(const int* in, int* sums, int* scanned, float* maxima) {
  using Load = cub::BlockLoad<int, kThreads, kItems, cub::BLOCK_LOAD_TRANSPOSE>;
  using Store = cub::BlockStore<int, kThreads, kItems, cub::BLOCK_STORE_TRANSPOSE>;
  using Reduce = cub::BlockReduce<int, kThreads>;
  using ReduceRaking = cub::BlockReduce<float, kThreads, cub::BLOCK_REDUCE_RAKING>;
  using Scan = cub::BlockScan<int, kThreads>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Reduce::TempStorage reduce;
    typename ReduceRaking::TempStorage raking;
    typename Scan::TempStorage scan;
  } temp;
  int items[kItems];
  int offset = blockIdx.x * kThreads * kItems;
  Load(temp.load).Load(in + offset, items);
  __syncthreads();
  int sum = Reduce(temp.reduce).Sum(items);
  __syncthreads();
  float mx = ReduceRaking(temp.raking).Reduce(static_cast<float>(items[0]), cuda::maximum<>());
  __syncthreads();
  int aggregate = 0;
  Scan(temp.scan).ExclusiveSum(items, items, aggregate);
  __syncthreads();
  Store(temp.store).Store(scanned + offset, items);
  if (threadIdx.x == 0) {
    sums[blockIdx.x] = sum + aggregate;
    maxima[blockIdx.x] = mx;
  }
}
