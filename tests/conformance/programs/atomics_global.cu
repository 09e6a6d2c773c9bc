// Atomics on global memory under contention (Handbook Table 8.2): every
// operation in 32 and 64 bits, float/double/half2 adds, CAS loops, inc/dec
// wrap-around, scoped forms; only order-independent facts are printed.
#include "../common/atomic_cases.cuh"

using namespace conf;
using namespace conf::atomics;

__global__ void global_atomics_kernel(Counters c, const u32* values, u32* olds, int total) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t < total) apply(c, values[t], t, total, olds);
}

void run(const char* prefix, int blocks, int threads) {
  const int total = blocks * threads;
  HostCounters init;
  DeviceBuffer<u32> u(init.u);
  DeviceBuffer<ull> ul(init.ul);
  DeviceBuffer<float> f(init.f);
  DeviceBuffer<double> d(init.d);
  DeviceBuffer<u32> h2(init.h2);
  DeviceBuffer<unsigned short> us(init.us);
  DeviceBuffer<u32> values(thread_values(total, 0xa70a70ull + total));
  DeviceBuffer<u32> olds(static_cast<size_t>(kOldSlots) * total);
  Counters c{u.get(),
             reinterpret_cast<int*>(u.get()),
             ul.get(),
             reinterpret_cast<long long*>(ul.get()),
             f.get(),
             d.get(),
             reinterpret_cast<__half2*>(h2.get()),
             us.get()};
  global_atomics_kernel<<<blocks, threads>>>(c, values.get(), olds.get(), total);
  CONF_CHECK_LAUNCH();
  print_sorted_olds(prefix, olds.download(), total, exch_finals_of(u.download().data()));
  print_counters(prefix, u.download(), ul.download(), f.download(), d.download(), h2.download(),
                 us.download());
}

int main() {
  begin("atomics_global");
  run("global_1x32", 1, 32);
  run("global_8x256", 8, 256);
  run("global_64x128", 64, 128);
  return 0;
}
