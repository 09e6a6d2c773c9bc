// Atomics on shared memory under contention: the same cases as the global
// program, on counters in shared memory, one set per block; the block results
// are copied out after a barrier.
#include "../common/atomic_cases.cuh"

using namespace conf;
using namespace conf::atomics;

struct SharedCounters {
  u32 u[kCounterSlots32 * kAddresses];
  ull ul[kCounterSlots64 * kAddresses];
  float f[kFloatSlots * kAddresses];
  double d[kDoubleSlots * kAddresses];
  u32 h2[kAddresses];
  unsigned short us[kAddresses];
};

__global__ void shared_atomics_kernel(const SharedCounters* init, SharedCounters* out,
                                      const u32* values, u32* olds, int total) {
  __shared__ SharedCounters s;
  // Copy the initial state in, word by word.
  const u32* src = reinterpret_cast<const u32*>(init);
  u32* dst = reinterpret_cast<u32*>(&s);
  for (int i = threadIdx.x; i < static_cast<int>(sizeof(SharedCounters) / sizeof(u32));
       i += blockDim.x)
    dst[i] = src[i];
  __syncthreads();
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  Counters c{s.u, reinterpret_cast<int*>(s.u),      s.ul, reinterpret_cast<long long*>(s.ul), s.f,
             s.d, reinterpret_cast<__half2*>(s.h2), s.us};
  apply(c, values[t], t, total, olds);
  __syncthreads();
  u32* block_out = reinterpret_cast<u32*>(&out[blockIdx.x]);
  for (int i = threadIdx.x; i < static_cast<int>(sizeof(SharedCounters) / sizeof(u32));
       i += blockDim.x)
    block_out[i] = dst[i];
}

void run(const char* prefix, int blocks, int threads) {
  const int total = blocks * threads;
  HostCounters init;
  SharedCounters host{};
  std::memcpy(host.u, init.u.data(), sizeof(host.u));
  std::memcpy(host.ul, init.ul.data(), sizeof(host.ul));
  std::memcpy(host.f, init.f.data(), sizeof(host.f));
  std::memcpy(host.d, init.d.data(), sizeof(host.d));
  DeviceBuffer<SharedCounters> dinit(std::vector<SharedCounters>{host});
  DeviceBuffer<SharedCounters> dout(blocks);
  DeviceBuffer<u32> values(thread_values(total, 0x5a70a70ull + total));
  DeviceBuffer<u32> olds(static_cast<size_t>(kOldSlots) * total);
  shared_atomics_kernel<<<blocks, threads>>>(dinit.get(), dout.get(), values.get(), olds.get(),
                                             total);
  CONF_CHECK_LAUNCH();
  const auto results = dout.download();
  // The exchange finals of every block join the exchanged olds.
  std::vector<u32> exch_finals;
  for (int b = 0; b < blocks; ++b) {
    const auto block_finals = exch_finals_of(results[b].u);
    exch_finals.insert(exch_finals.end(), block_finals.begin(), block_finals.end());
  }
  print_sorted_olds(prefix, olds.download(), total, exch_finals);
  for (int b = 0; b < blocks; ++b) {
    const SharedCounters& r = results[b];
    char name[64];
    std::snprintf(name, sizeof(name), "%s/block%d", prefix, b);
    print_counters(name, std::vector<u32>(r.u, r.u + kCounterSlots32 * kAddresses),
                   std::vector<ull>(r.ul, r.ul + kCounterSlots64 * kAddresses),
                   std::vector<float>(r.f, r.f + kFloatSlots * kAddresses),
                   std::vector<double>(r.d, r.d + kDoubleSlots * kAddresses),
                   std::vector<u32>(r.h2, r.h2 + kAddresses),
                   std::vector<unsigned short>(r.us, r.us + kAddresses));
  }
}

int main() {
  begin("atomics_shared");
  run("shared_1x32", 1, 32);
  run("shared_4x256", 4, 256);
  run("shared_2x1024", 2, 1024);
  return 0;
}
