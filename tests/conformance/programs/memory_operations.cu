// Memory instructions and address spaces: loads and stores with every cache
// operator, non-coherent loads, sign- and zero-extending narrow loads,
// generic addressing of global/shared/local memory with cvta and isspacep,
// prefetches and fences (which must not change results), and volatile access.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;
using u64 = uint64_t;

constexpr int kThreads = 256;
constexpr int kBlocks = 4;
constexpr int kTotal = kThreads * kBlocks;

enum Slot { kCacheOps, kStoreOps, kNarrow, kGeneric, kSpaces, kFences, kVolatile, kVector, kSlots };

__device__ u32 load_all_cache_ops(const u32* p) {
  u32 a, b, c, d, e, f;
  asm volatile("ld.global.ca.u32 %0, [%1];" : "=r"(a) : "l"(p));
  asm volatile("ld.global.cg.u32 %0, [%1+4];" : "=r"(b) : "l"(p));
  asm volatile("ld.global.cs.u32 %0, [%1+8];" : "=r"(c) : "l"(p));
  asm volatile("ld.global.lu.u32 %0, [%1+12];" : "=r"(d) : "l"(p));
  asm volatile("ld.global.cv.u32 %0, [%1+16];" : "=r"(e) : "l"(p));
  asm volatile("ld.global.nc.u32 %0, [%1+20];" : "=r"(f) : "l"(p));
  return a + b * 3u + c * 5u + d * 7u + e * 11u + f * 13u;
}

__device__ void store_all_cache_ops(u32* p, u32 v) {
  asm volatile("st.global.wb.u32 [%0], %1;" ::"l"(p), "r"(v));
  asm volatile("st.global.cg.u32 [%0+4], %1;" ::"l"(p), "r"(v + 1));
  asm volatile("st.global.cs.u32 [%0+8], %1;" ::"l"(p), "r"(v + 2));
  asm volatile("st.global.wt.u32 [%0+12], %1;" ::"l"(p), "r"(v + 3));
}

__device__ u32 narrow_loads(const u32* p) {
  int s8, s16;
  u32 u8, u16;
  asm volatile("ld.global.s8 %0, [%1+1];" : "=r"(s8) : "l"(p));
  asm volatile("ld.global.s16 %0, [%1+2];" : "=r"(s16) : "l"(p));
  asm volatile("ld.global.u8 %0, [%1+3];" : "=r"(u8) : "l"(p));
  asm volatile("ld.global.u16 %0, [%1+6];" : "=r"(u16) : "l"(p));
  return static_cast<u32>(s8) ^ static_cast<u32>(s16) << 3 ^ u8 << 11 ^ u16 << 13;
}

__device__ u32 space_bits(const void* p) {
  u32 g, s, l, c;
  asm("{\n\t.reg .pred q;\n\t"
      "isspacep.global q, %4;\n\t selp.u32 %0, 1, 0, q;\n\t"
      "isspacep.shared q, %4;\n\t selp.u32 %1, 1, 0, q;\n\t"
      "isspacep.local q, %4;\n\t selp.u32 %2, 1, 0, q;\n\t"
      "isspacep.const q, %4;\n\t selp.u32 %3, 1, 0, q;\n\t}"
      : "=r"(g), "=r"(s), "=r"(l), "=r"(c)
      : "l"(p));
  return g | s << 1 | l << 2 | c << 3;
}

__constant__ u32 c_words[8] = {1, 2, 3, 4, 5, 6, 7, 8};

// Reads through a generic pointer that may point to any space.
__device__ __noinline__ u32 read_generic(const u32* p, int i) {
  return p[i];
}

__global__ void memory_kernel(const u32* in, u32* scratch, u32* out) {
  __shared__ u32 shared_words[kThreads];
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 v = in[t];
  auto put = [&](Slot s, u32 value) { out[s * kTotal + t] = value; };
  put(kCacheOps, load_all_cache_ops(&in[(t * 6) % (kTotal - 8)]));
  store_all_cache_ops(&scratch[t * 4], v);
  __syncthreads();
  // The neighbour is in the same block: __syncthreads orders nothing between
  // blocks, and the next block's stores may not have happened yet.
  const int neighbour = blockIdx.x * blockDim.x + (threadIdx.x + 1) % blockDim.x;
  put(kStoreOps, scratch[neighbour * 4 + 2] ^ scratch[t * 4 + 3]);
  put(kNarrow, narrow_loads(&in[t % (kTotal - 2)]));
  u32 local_words[4] = {v, v >> 1, v >> 2, v >> 3};
  shared_words[threadIdx.x] = v * 5u;
  __syncthreads();
  // Generic pointers into each space, read by the same non-inlined function.
  const u32 g = read_generic(in, (t + 3) % kTotal);
  const u32 s = read_generic(shared_words, (threadIdx.x + 7) % kThreads);
  const u32 l = read_generic(local_words, static_cast<int>(v & 3u));
  const u32 c = read_generic(c_words, static_cast<int>(v & 7u));
  put(kGeneric, g ^ s * 3u ^ l * 7u ^ c * 11u);
  // cvta between generic and shared addresses round-trips.
  u64 shared_address, back;
  asm("cvta.to.shared.u64 %0, %1;" : "=l"(shared_address) : "l"(&shared_words[threadIdx.x]));
  asm("cvta.shared.u64 %0, %1;" : "=l"(back) : "l"(shared_address));
  const bool round_trip = back == reinterpret_cast<u64>(&shared_words[threadIdx.x]);
  put(kSpaces, space_bits(in) | space_bits(shared_words) << 4 | space_bits(local_words) << 8 |
                   space_bits(c_words) << 12 | static_cast<u32>(round_trip) << 16 |
                   static_cast<u32>(shared_address < 0x100000000ull) << 17);
  // Fences and prefetches order nothing here; the values must be unchanged.
  asm volatile("prefetch.global.L1 [%0];" ::"l"(&in[t]));
  asm volatile("prefetch.global.L2 [%0];" ::"l"(&in[(t + 64) % kTotal]));
  __threadfence_block();
  __threadfence();
  __threadfence_system();
  asm volatile("fence.acq_rel.gpu;");
  asm volatile("fence.sc.cta;");
  asm volatile("membar.gl;");
  put(kFences, v ^ shared_words[(threadIdx.x + 1) % kThreads]);
  // Every neighbour read above must finish before the words are overwritten.
  __syncthreads();
  volatile u32* vs = shared_words;
  vs[threadIdx.x] = v + 9u;
  __syncthreads();
  put(kVolatile, vs[(threadIdx.x * 3) % kThreads]);
  uint4 q;
  asm volatile("ld.global.nc.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(q.x), "=r"(q.y), "=r"(q.z), "=r"(q.w)
               : "l"(&in[(t / 4) * 4]));
  put(kVector, q.x ^ q.y << 1 ^ q.z << 2 ^ q.w << 3);
}

int main() {
  begin("memory_operations");
  std::vector<u32> in(kTotal);
  Rng rng(0x3e3e3eull);
  for (auto& v : in) v = rng.next32();
  DeviceBuffer<u32> din(in);
  DeviceBuffer<u32> scratch(static_cast<size_t>(kTotal) * 4);
  DeviceBuffer<u32> out(static_cast<size_t>(kSlots) * kTotal);
  memory_kernel<<<kBlocks, kThreads>>>(din.get(), scratch.get(), out.get());
  CONF_CHECK_LAUNCH();
  print_slots("memory", out.download(), kTotal,
              {"load_cache_operators", "store_cache_operators", "narrow_loads_extension",
               "generic_addressing", "isspacep_cvta", "fences_prefetch_unchanged",
               "volatile_shared", "ld_nc_v4"});
  print_case("memory/scratch_after_stores", scratch.download());
  return 0;
}
