// Special registers and clocks (Handbook 8.6.3): thread/block indices and
// dimensions read through PTX, lane id and lane masks, warp size, the SM and
// warp identifiers only as range checks, dynamic shared-memory size, and the
// monotonicity of clock, clock64 and the global timer as booleans.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

#define SREG(name, reg)                             \
  __device__ u32 name() {                           \
    u32 v;                                          \
    asm volatile("mov.u32 %0, " reg ";" : "=r"(v)); \
    return v;                                       \
  }
SREG(tid_x, "%tid.x")
SREG(tid_y, "%tid.y") SREG(tid_z, "%tid.z") SREG(ntid_x, "%ntid.x") SREG(ntid_y, "%ntid.y")
    SREG(ntid_z, "%ntid.z") SREG(ctaid_x, "%ctaid.x") SREG(ctaid_y, "%ctaid.y")
        SREG(ctaid_z, "%ctaid.z") SREG(nctaid_x, "%nctaid.x") SREG(nctaid_y, "%nctaid.y")
            SREG(nctaid_z, "%nctaid.z") SREG(laneid, "%laneid") SREG(warpid, "%warpid")
                SREG(nwarpid, "%nwarpid") SREG(smid, "%smid") SREG(nsmid, "%nsmid")
                    SREG(lanemask_eq, "%lanemask_eq") SREG(lanemask_lt, "%lanemask_lt")
                        SREG(lanemask_le, "%lanemask_le") SREG(lanemask_gt, "%lanemask_gt")
                            SREG(lanemask_ge, "%lanemask_ge")
                                SREG(dynamic_smem, "%dynamic_smem_size")
                                    SREG(total_smem, "%total_smem_size")
#undef SREG

                                        enum Slot {
                                          kIndices,
                                          kDims,
                                          kBlock,
                                          kGrid,
                                          kLane,
                                          kMasks,
                                          kRanges,
                                          kClocks,
                                          kSmem,
                                          kSlots
                                        };

__global__ void sreg_kernel(u32* out, int total, int sm_count) {
  extern __shared__ u32 dyn[];
  const u32 linear_block = (ctaid_z() * nctaid_y() + ctaid_y()) * nctaid_x() + ctaid_x();
  const u32 linear_thread = (tid_z() * ntid_y() + tid_y()) * ntid_x() + tid_x();
  const u32 threads = ntid_x() * ntid_y() * ntid_z();
  const int g = static_cast<int>(linear_block * threads + linear_thread);
  auto put = [&](Slot s, u32 value) { out[s * total + g] = value; };
  put(kIndices, tid_x() | tid_y() << 10 | tid_z() << 20);
  put(kDims, ntid_x() | ntid_y() << 10 | ntid_z() << 20);
  put(kBlock, ctaid_x() | ctaid_y() << 10 | ctaid_z() << 20);
  put(kGrid, nctaid_x() | nctaid_y() << 10 | nctaid_z() << 20 | (warpSize == 32) << 30);
  put(kLane, laneid() | (laneid() == (linear_thread & 31)) << 8);
  put(kMasks, lanemask_eq() ^ lanemask_lt() * 3u ^ lanemask_le() * 5u ^ lanemask_gt() * 7u ^
                  lanemask_ge() * 11u);
  // Values that vary by scheduling are checked against their ranges only.
  put(kRanges, static_cast<u32>(warpid() < nwarpid()) | static_cast<u32>(smid() < nsmid()) << 1 |
                   static_cast<u32>(nsmid() >= static_cast<u32>(sm_count)) << 2);
  const u32 c0 = static_cast<u32>(clock());
  const long long c64a = clock64();
  dyn[linear_thread] = c0;
  __syncthreads();
  const long long c64b = clock64();
  const u32 c1 = static_cast<u32>(clock());
  unsigned long long t0, t1;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t0));
  for (int i = 0; i < 1000 && dyn[(linear_thread + 1) % threads] != 0xffffffffu; ++i) {
  }
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t1));
  put(kClocks, static_cast<u32>(c64b > c64a) | static_cast<u32>(c1 - c0 < 0x80000000u) << 1 |
                   static_cast<u32>(t1 >= t0) << 2);
  put(kSmem, static_cast<u32>(dynamic_smem() == 1024u * 4u) |
                 static_cast<u32>(total_smem() >= dynamic_smem()) << 1);
}

int main() {
  begin("special_registers");
  int device = 0, sm_count = 0;
  CONF_CHECK(cudaGetDevice(&device));
  CONF_CHECK(cudaDeviceGetAttribute(&sm_count, cudaDevAttrMultiProcessorCount, device));
  const struct {
    const char* name;
    dim3 grid, block;
  } shapes[] = {{"grid_4x1x1_block_128", dim3(4), dim3(128)},
                {"grid_3x2x2_block_8x4x3", dim3(3, 2, 2), dim3(8, 4, 3)},
                {"grid_2x3x1_block_33x2", dim3(2, 3), dim3(33, 2)},
                {"grid_1_block_1024", dim3(1), dim3(1024)}};
  for (const auto& s : shapes) {
    const int total =
        static_cast<int>(s.grid.x * s.grid.y * s.grid.z * s.block.x * s.block.y * s.block.z);
    DeviceBuffer<u32> out(static_cast<size_t>(kSlots) * total);
    sreg_kernel<<<s.grid, s.block, 1024 * sizeof(u32)>>>(out.get(), total, sm_count);
    CONF_CHECK_LAUNCH();
    print_slots(
        s.name, out.download(), total,
        {"tid", "ntid", "ctaid", "nctaid_warpsize", "laneid", "lanemasks",
         "warpid_smid_nsmid_ranges", "clock_clock64_globaltimer_monotonic", "dynamic_total_smem"});
  }
  cudaDeviceProp prop{};
  CONF_CHECK(cudaGetDeviceProperties(&prop, device));
  std::printf("RESULT compute_capability %d.%d warp_size %d max_threads_per_block %d\n", prop.major,
              prop.minor, prop.warpSize, prop.maxThreadsPerBlock);
  std::printf("RESULT max_block_dims %d %d %d regs_per_block %d shared_per_block %zu\n",
              prop.maxThreadsDim[0], prop.maxThreadsDim[1], prop.maxThreadsDim[2],
              prop.regsPerBlock, prop.sharedMemPerBlock);
  return 0;
}
