// CUB BlockRadixSort on keys and key-value pairs, ascending and descending.
#include <cub/block/block_radix_sort.cuh>

constexpr int kThreads = 128;
constexpr int kItems = 4;

__global__ void cub_block_radix_sort(unsigned* keys, float* fkeys, int* values) {
  using SortPairs = cub::BlockRadixSort<unsigned, kThreads, kItems, int>;
  using SortFloat = cub::BlockRadixSort<float, kThreads, kItems>;
  __shared__ union {
    typename SortPairs::TempStorage pairs;
    typename SortFloat::TempStorage floats;
  } temp;
  int base = (blockIdx.x * kThreads + threadIdx.x) * kItems;
  unsigned k[kItems];
  int v[kItems];
  float f[kItems];
  for (int j = 0; j < kItems; ++j) {
    k[j] = keys[base + j];
    v[j] = values[base + j];
    f[j] = fkeys[base + j];
  }
  SortPairs(temp.pairs).Sort(k, v);
  __syncthreads();
  SortFloat(temp.floats).SortDescending(f);
  for (int j = 0; j < kItems; ++j) {
    keys[base + j] = k[j];
    values[base + j] = v[j];
    fkeys[base + j] = f[j];
  }
}
