// thrust::sort and thrust::sort_by_key on device_vector: pulls in CUB's onesweep radix
// sort and merge sort kernels.
#include <thrust/device_vector.h>
#include <thrust/functional.h>
#include <thrust/sort.h>

struct by_magnitude {
  __host__ __device__ bool operator()(float a, float b) const { return fabsf(a) < fabsf(b); }
};

int sort_everything(int n) {
  thrust::device_vector<int> keys(n);
  thrust::device_vector<float> values(n);
  thrust::device_vector<double> wide(n);
  thrust::sort(keys.begin(), keys.end());
  thrust::sort(wide.begin(), wide.end(), thrust::greater<double>());
  thrust::sort_by_key(keys.begin(), keys.end(), values.begin());
  thrust::sort(values.begin(), values.end(), by_magnitude());
  return keys.empty() ? 0 : keys[0];
}
