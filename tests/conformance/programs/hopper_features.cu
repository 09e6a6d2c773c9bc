// conformance: requires sm_90
// Features of sm_80 and sm_90 that have no fallback on older targets (so this
// program is built for sm_90 only): asynchronous global-to-shared copies with
// cp.async, mbarrier arrive/wait, thread-block clusters with distributed
// shared memory, elect.sync, and warp-level mma.sync for tf32, bf16 and f64.
#include <cooperative_groups.h>
#include <cuda_bf16.h>

#include "../common/conformance.cuh"

namespace cg = cooperative_groups;
using namespace conf;

using u32 = uint32_t;

constexpr int kThreads = 128;

// cp.async: each thread copies 16 bytes into shared memory, in two groups.
__global__ void cp_async_kernel(const uint4* in, uint4* out) {
  __shared__ uint4 stage[2 * kThreads];
  const int t = threadIdx.x;
  const u32 first = static_cast<u32>(__cvta_generic_to_shared(&stage[t]));
  const u32 second = static_cast<u32>(__cvta_generic_to_shared(&stage[kThreads + t]));
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(first),
               "l"(&in[blockIdx.x * 2 * kThreads + t]));
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16, 8;" ::"r"(second),
               "l"(&in[blockIdx.x * 2 * kThreads + kThreads + t]));
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.wait_group 1;");
  asm volatile("cp.async.wait_all;");
  __syncthreads();
  // The second copy read only 8 of its 16 bytes: the rest is zero-filled.
  const uint4 a = stage[(t + 1) % kThreads];
  const uint4 b = stage[kThreads + t];
  out[blockIdx.x * kThreads + t] = make_uint4(a.x ^ b.x, a.y ^ b.y, a.z + b.z, a.w + b.w);
}

// An mbarrier that every thread arrives on; the phase parity flips once.
__global__ void mbarrier_kernel(u32* out) {
  __shared__ unsigned long long barrier;
  __shared__ u32 values[kThreads];
  const u32 bar = static_cast<u32>(__cvta_generic_to_shared(&barrier));
  if (threadIdx.x == 0)
    asm volatile("mbarrier.init.shared.b64 [%0], %1;" ::"r"(bar), "r"(kThreads));
  __syncthreads();
  values[threadIdx.x] = threadIdx.x * 7u + 1u;
  unsigned long long state;
  asm volatile("mbarrier.arrive.shared.b64 %0, [%1];" : "=l"(state) : "r"(bar));
  u32 done = 0;
  while (!done) {
    asm volatile(
        "{\n\t.reg .pred p;\n\tmbarrier.test_wait.shared.b64 p, [%1], %2;\n\tselp.u32 %0, 1, 0, "
        "p;\n\t}"
        : "=r"(done)
        : "r"(bar), "l"(state));
  }
  u32 parity_done = 0;
  asm volatile(
      "{\n\t.reg .pred p;\n\tmbarrier.test_wait.parity.shared.b64 p, [%1], %2;\n\tselp.u32 %0, 1, "
      "0, p;\n\t}"
      : "=r"(parity_done)
      : "r"(bar), "r"(0));
  out[threadIdx.x] = values[(threadIdx.x + 5) % kThreads] | parity_done << 31;
}

// Clusters of 4 blocks: each block reads its neighbour's shared memory.
__global__ void __cluster_dims__(4, 1, 1) cluster_kernel(u32* out) {
  __shared__ u32 words[kThreads];
  cg::cluster_group cluster = cg::this_cluster();
  const u32 rank = cluster.block_rank();
  words[threadIdx.x] = rank * 1000u + threadIdx.x;
  cluster.sync();
  const u32* neighbour = cluster.map_shared_rank(words, (rank + 1) % cluster.num_blocks());
  const u32 value = neighbour[(threadIdx.x + 3) % kThreads];
  cluster.sync();
  u32 cluster_id, cluster_ctarank, nclusterid;
  asm("mov.u32 %0, %%clusterid.x;" : "=r"(cluster_id));
  asm("mov.u32 %0, %%cluster_ctarank;" : "=r"(cluster_ctarank));
  asm("mov.u32 %0, %%nclusterid.x;" : "=r"(nclusterid));
  out[blockIdx.x * kThreads + threadIdx.x] = value ^ cluster_id << 20 ^ cluster_ctarank << 24 ^
                                             nclusterid << 28 ^ cluster.num_blocks() << 16;
}

__global__ void elect_kernel(const u32* in, u32* out) {
  const u32 v = in[threadIdx.x];
  u32 elected = 0, leader = 0;
  if (v & 1u) {
    const u32 mask = __activemask();
    asm volatile("{\n\t.reg .pred p;\n\telect.sync %1|p, %2;\n\tselp.u32 %0, 1, 0, p;\n\t}"
                 : "=r"(elected), "=r"(leader)
                 : "r"(mask));
  }
  out[threadIdx.x] = elected | leader << 8;
}

// mma.sync m16n8k8 with tf32 inputs, m16n8k16 with bf16 inputs, m8n8k4 f64.
__global__ void mma_kernel(const u32* a, const u32* b, const float* c, float* d_tf32, float* d_bf16,
                           const double* da, const double* db, double* dd) {
  const int lane = threadIdx.x;
  float d0, d1, d2, d3;
  asm volatile(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%11,%12,%13};"
      : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
      : "r"(a[lane * 4]), "r"(a[lane * 4 + 1]), "r"(a[lane * 4 + 2]), "r"(a[lane * 4 + 3]),
        "r"(b[lane * 2]), "r"(b[lane * 2 + 1]), "f"(c[lane * 4]), "f"(c[lane * 4 + 1]),
        "f"(c[lane * 4 + 2]), "f"(c[lane * 4 + 3]));
  d_tf32[lane * 4] = d0;
  d_tf32[lane * 4 + 1] = d1;
  d_tf32[lane * 4 + 2] = d2;
  d_tf32[lane * 4 + 3] = d3;
  asm volatile(
      "mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0,%1,%2,%3}, {%4,%5,%6,%7}, {%8,%9}, "
      "{%10,%11,%12,%13};"
      : "=f"(d0), "=f"(d1), "=f"(d2), "=f"(d3)
      : "r"(a[lane * 4]), "r"(a[lane * 4 + 1]), "r"(a[lane * 4 + 2]), "r"(a[lane * 4 + 3]),
        "r"(b[lane * 2]), "r"(b[lane * 2 + 1]), "f"(c[lane * 4]), "f"(c[lane * 4 + 1]),
        "f"(c[lane * 4 + 2]), "f"(c[lane * 4 + 3]));
  d_bf16[lane * 4] = d0;
  d_bf16[lane * 4 + 1] = d1;
  d_bf16[lane * 4 + 2] = d2;
  d_bf16[lane * 4 + 3] = d3;
  double e0, e1;
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0,%1}, {%2}, {%3}, {%4,%5};"
               : "=d"(e0), "=d"(e1)
               : "d"(da[lane]), "d"(db[lane]), "d"(da[lane] * 0.5), "d"(db[lane] - 1.0));
  dd[lane * 2] = e0;
  dd[lane * 2 + 1] = e1;
}

int main() {
  begin("hopper_features");
  Rng rng(0x90909090ull);
  {
    const int blocks = 3;
    std::vector<uint4> in(static_cast<size_t>(blocks) * 2 * kThreads);
    for (auto& v : in) v = make_uint4(rng.next32(), rng.next32(), rng.next32(), rng.next32());
    DeviceBuffer<uint4> din(in), out(static_cast<size_t>(blocks) * kThreads);
    cp_async_kernel<<<blocks, kThreads>>>(din.get(), out.get());
    CONF_CHECK_LAUNCH();
    print_case("cp_async/two_groups_with_zero_fill", out.download());
  }
  {
    DeviceBuffer<u32> out(kThreads);
    mbarrier_kernel<<<1, kThreads>>>(out.get());
    CONF_CHECK_LAUNCH();
    print_case("mbarrier/arrive_wait_parity", out.download());
  }
  {
    const int blocks = 8;
    DeviceBuffer<u32> out(static_cast<size_t>(blocks) * kThreads);
    cluster_kernel<<<blocks, kThreads>>>(out.get());
    CONF_CHECK_LAUNCH();
    print_case("cluster/distributed_shared_memory", out.download());
  }
  {
    std::vector<u32> in(32);
    for (auto& v : in) v = rng.next32();
    DeviceBuffer<u32> din(in), out(32);
    elect_kernel<<<1, 32>>>(din.get(), out.get());
    CONF_CHECK_LAUNCH();
    print_case("elect_sync/divergent", out.download());
  }
  {
    std::vector<u32> a(128), b(64);
    std::vector<float> c(128);
    // Operand words mix tf32/bf16 patterns: random mantissas, moderate exponents.
    for (auto& v : a) v = (rng.next32() & 0x807fffffu) | ((120u + rng.below(16)) << 23);
    for (auto& v : b) v = (rng.next32() & 0x807fffffu) | ((120u + rng.below(16)) << 23);
    for (auto& v : c) v = static_cast<float>(rng.uniform(-10.0, 10.0));
    std::vector<double> da(32), db(32);
    for (auto& v : da) v = rng.uniform(-3.0, 3.0);
    for (auto& v : db) v = rng.uniform(-3.0, 3.0);
    DeviceBuffer<u32> dA(a), dB(b);
    DeviceBuffer<float> dC(c), dT(128), dH(128);
    DeviceBuffer<double> dDa(da), dDb(db), dDd(64);
    mma_kernel<<<1, 32>>>(dA.get(), dB.get(), dC.get(), dT.get(), dH.get(), dDa.get(), dDb.get(),
                          dDd.get());
    CONF_CHECK_LAUNCH();
    print_case("mma_sync/m16n8k8_tf32", dT.download());
    print_case("mma_sync/m16n8k16_bf16", dH.download());
    print_case("mma_sync/m8n8k4_f64", dDd.download());
  }
  return 0;
}
