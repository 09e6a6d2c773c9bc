// Runs under `smsim run --mode timing` with 1 and 4 host threads stepping
// the SMs (tests/timing/run_threads.cmake): everything it prints, and every
// cycle and statistic of the run's report, must be the same. Its results
// depend on the order in which the blocks' global atomics arrive: tickets
// taken with atomicAdd, a float sum of values far apart in magnitude, and the
// block that finishes last (the threadfence-reduction pattern).
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "../cuda_check.cuh"

constexpr int kBlocks = 400;
constexpr int kThreads = 128;
constexpr int kCount = kBlocks * kThreads;

__device__ unsigned int g_done = 0;

__global__ void order_kernel(const float* in, unsigned int* counter, unsigned int* tickets,
                             float* sum, unsigned int* last_block, float* neighbours) {
  __shared__ float tile[kThreads];
  __shared__ unsigned int block_hist[4];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x < 4) block_hist[threadIdx.x] = 0;
  const float v = in[i];
  tile[threadIdx.x] = v;
  __syncthreads();
  neighbours[i] = v + tile[threadIdx.x ^ 1];
  atomicAdd(&block_hist[threadIdx.x & 3], 1u);
  tickets[i] = atomicAdd(counter, 1u);
  atomicAdd(sum, v);
  __syncthreads();
  if (threadIdx.x == 0) {
    __threadfence();
    const unsigned int done = atomicAdd(&g_done, 1u);
    if (done == gridDim.x - 1) *last_block = blockIdx.x + 1000u * block_hist[0];
  }
}

int main() {
  std::vector<float> host_in(kCount);
  for (int i = 0; i < kCount; ++i) {
    const unsigned int h = static_cast<unsigned int>(i) * 2654435761u % 1000003u;
    host_in[i] = static_cast<float>(h) * (i % 3 == 0 ? 1e-3f : 1e3f);
  }
  float* in = nullptr;
  unsigned int* counter = nullptr;
  unsigned int* tickets = nullptr;
  float* sum = nullptr;
  unsigned int* last_block = nullptr;
  float* neighbours = nullptr;
  TIMING_CHECK(cudaMalloc(&in, kCount * sizeof(float)));
  TIMING_CHECK(cudaMalloc(&counter, sizeof(unsigned int)));
  TIMING_CHECK(cudaMalloc(&tickets, kCount * sizeof(unsigned int)));
  TIMING_CHECK(cudaMalloc(&sum, sizeof(float)));
  TIMING_CHECK(cudaMalloc(&last_block, sizeof(unsigned int)));
  TIMING_CHECK(cudaMalloc(&neighbours, kCount * sizeof(float)));
  TIMING_CHECK(cudaMemcpy(in, host_in.data(), kCount * sizeof(float), cudaMemcpyHostToDevice));
  TIMING_CHECK(cudaMemset(counter, 0, sizeof(unsigned int)));
  TIMING_CHECK(cudaMemset(sum, 0, sizeof(float)));
  order_kernel<<<kBlocks, kThreads>>>(in, counter, tickets, sum, last_block, neighbours);
  TIMING_CHECK(cudaGetLastError());
  TIMING_CHECK(cudaDeviceSynchronize());

  std::vector<unsigned int> host_tickets(kCount);
  std::vector<float> host_neighbours(kCount);
  float host_sum = 0.0f;
  unsigned int host_last = 0;
  TIMING_CHECK(cudaMemcpy(host_tickets.data(), tickets, kCount * sizeof(unsigned int),
                          cudaMemcpyDeviceToHost));
  TIMING_CHECK(cudaMemcpy(host_neighbours.data(), neighbours, kCount * sizeof(float),
                          cudaMemcpyDeviceToHost));
  TIMING_CHECK(cudaMemcpy(&host_sum, sum, sizeof(float), cudaMemcpyDeviceToHost));
  TIMING_CHECK(cudaMemcpy(&host_last, last_block, sizeof(unsigned int), cudaMemcpyDeviceToHost));

  // The tickets are a permutation; their order is summarized by a hash.
  std::vector<bool> seen(kCount);
  bool permutation = true;
  std::uint64_t order_hash = 1469598103934665603ull;
  for (int i = 0; i < kCount; ++i) {
    const unsigned int t = host_tickets[i];
    if (t >= static_cast<unsigned int>(kCount) || seen[t]) permutation = false;
    if (t < static_cast<unsigned int>(kCount)) seen[t] = true;
    order_hash = (order_hash ^ t) * 1099511628211ull;
  }
  bool neighbours_ok = true;
  for (int i = 0; i < kCount; ++i) {
    if (host_neighbours[i] != host_in[i] + host_in[i ^ 1]) neighbours_ok = false;
  }
  std::uint32_t sum_bits = 0;
  std::memcpy(&sum_bits, &host_sum, sizeof sum_bits);
  std::printf("tickets are a permutation: %s\n", permutation ? "yes" : "no");
  std::printf("ticket order hash: %016llx\n", static_cast<unsigned long long>(order_hash));
  std::printf("float sum: %a (bits %08x)\n", static_cast<double>(host_sum), sum_bits);
  std::printf("last block: %u\n", host_last);
  std::printf("neighbour sums: %s\n", neighbours_ok ? "ok" : "wrong");
  return permutation && neighbours_ok ? 0 : 1;
}
