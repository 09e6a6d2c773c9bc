// Faults and non-faults of special accesses. First, prefetches of addresses
// that map nothing (prefetch, prefetchu; generic, global and local): the
// launch succeeds. Then a surface load outside the surface in .trap mode (the
// CUDA default, cudaBoundaryModeTrap): the error the launch reports and that
// the context stays unusable, like a wild pointer (illegal_address).
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

__global__ void prefetch_wild(const int* base, long long offset, int* out) {
  const int* p = base + offset;
  asm volatile("prefetch.global.L1 [%0];" ::"l"(p));
  asm volatile("prefetch.global.L2 [%0];" ::"l"(p));
  asm volatile("prefetch.global.L2::evict_last [%0];" ::"l"(p));
  asm volatile("prefetch.L1 [%0];" ::"l"(p));
  asm volatile("prefetch.L2::evict_normal [%0];" ::"l"(p));
  asm volatile("prefetchu.L1 [%0];" ::"l"(p));
  asm volatile("prefetch.L2 [%0];" ::"l"(static_cast<const int*>(nullptr)));
  asm volatile("prefetch.local.L1 [%0];" ::"l"(0xfffff000ull));
  asm volatile("prefetch.local.L2 [%0];" ::"l"(0xfffff000ull));
  out[threadIdx.x] = static_cast<int>(threadIdx.x) + 1;
}

// Lane 5 reads one element past the end (x is in bytes); the others read inside.
__global__ void load_past_end(cudaSurfaceObject_t s, int w, u32* out) {
  const int x = threadIdx.x == 5 ? w : static_cast<int>(threadIdx.x) % w;
  u32 v;
#ifdef SURFACE_TRAP_STORE
  v = threadIdx.x;
  asm volatile("sust.b.1d.b32.trap [%0, {%1}], {%2};" ::"l"(s), "r"(x * 4), "r"(v));
#else
  asm volatile("suld.b.1d.b32.trap {%0}, [%1, {%2}];" : "=r"(v) : "l"(s), "r"(x * 4));
#endif
  out[threadIdx.x] = v;
}

int main() {
  begin("surface_trap");
  {
    DeviceBuffer<int> data(64), out(32);
    prefetch_wild<<<1, 32>>>(data.get(), 1ll << 40, out.get());
    std::printf("RESULT prefetch_launch %s\n", cudaGetErrorName(cudaGetLastError()));
    std::printf("RESULT prefetch_synchronize %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    print_case("prefetch/after", out.download());
  }
  constexpr int kW = 16;
  cudaArray_t array = nullptr;
  const cudaChannelFormatDesc channel = cudaCreateChannelDesc<u32>();
  CONF_CHECK(cudaMallocArray(&array, &channel, kW, 0, cudaArraySurfaceLoadStore));
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = array;
  cudaSurfaceObject_t surf = 0;
  CONF_CHECK(cudaCreateSurfaceObject(&surf, &r));
  DeviceBuffer<u32> out(32);
  load_past_end<<<1, 32>>>(surf, kW, out.get());
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::printf("RESULT launch %s\n", cudaGetErrorName(launch));
  std::printf("RESULT synchronize %s: %s\n", cudaGetErrorName(sync), cudaGetErrorString(sync));
  std::printf("RESULT last_error_after %s\n", cudaGetErrorName(cudaGetLastError()));
  int* more = nullptr;
  std::printf("RESULT malloc_after %s\n", cudaGetErrorName(cudaMalloc(&more, 16)));
  return 0;
}
