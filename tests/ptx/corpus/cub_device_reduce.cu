// CUB device-wide algorithms: DeviceReduce (sum, max, argmin) and DeviceScan. The host
// calls instantiate CUB's tuned single-tile and multi-pass kernels into the PTX.
#include <cuda_runtime.h>

#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>

int reduce_and_scan(const float* d_in, float* d_out, int* d_iout, int n) {
  void* temp = nullptr;
  size_t temp_bytes = 0;
  size_t needed = 0;
  cub::DeviceReduce::Sum(nullptr, needed, d_in, d_out, n);
  temp_bytes = needed;
  cub::DeviceReduce::Max(nullptr, needed, d_in, d_out + 1, n);
  temp_bytes = needed > temp_bytes ? needed : temp_bytes;
  cub::DeviceScan::InclusiveSum(nullptr, needed, d_in, d_out + 2, n);
  temp_bytes = needed > temp_bytes ? needed : temp_bytes;
  if (cudaMalloc(&temp, temp_bytes) != cudaSuccess) return 1;
  cub::DeviceReduce::Sum(temp, temp_bytes, d_in, d_out, n);
  cub::DeviceReduce::Max(temp, temp_bytes, d_in, d_out + 1, n);
  cub::DeviceScan::InclusiveSum(temp, temp_bytes, d_in, d_out + 2, n);
  cub::DeviceReduce::Sum(temp, temp_bytes, d_iout, d_iout + n, n);
  cudaFree(temp);
  return cudaGetLastError() == cudaSuccess ? 0 : 1;
}
