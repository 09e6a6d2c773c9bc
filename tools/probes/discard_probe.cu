// Probe: what an H100 does with the L2 line instructions and the bulk
// prefetches the PTX ISA leaves open (results/h100-2026-11-22-discard/).
//
//   discard_probe values   what a read returns after discard.global.L2 in
//                          each cache state (per 32-byte sector: H = the
//                          host's bytes, K = the kernel's, Z = zero, X =
//                          other), and that applypriority and the bulk
//                          prefetches change nothing
//   discard_probe MODE     one fault case per process (errors are sticky):
//                          prints the launch's and the synchronize's error
//   discard_probe list     the fault modes, one a line
//   discard_probe initcheck  write, discard, read 8 lines (for compute-sanitizer)
//
// Build with -gencode arch=compute_90a,code=sm_90a (setmaxnreg needs sm_90a;
// the other instructions assemble the same for sm_90).
#include <cuda.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <string>
#include <vector>

using u32 = std::uint32_t;
using u64 = std::uint64_t;

constexpr u32 kLineWords = 32;  // 128 bytes
constexpr u32 kLines = 4096;
constexpr u32 kWords = kLines * kLineWords;
constexpr u32 kHost = 0x11000000u;
constexpr u32 kKernel = 0x22000000u;
constexpr u32 kSecond = 0x33000000u;
constexpr size_t kSweepBytes = size_t{256} << 20;  // five times the H100's 50 MB L2

#define CHECK(x)                                                                        \
  do {                                                                                  \
    cudaError_t e_ = (x);                                                               \
    if (e_ != cudaSuccess) {                                                            \
      std::printf("  %s failed: %s\n", #x, cudaGetErrorName(e_));                       \
      std::exit(1);                                                                     \
    }                                                                                   \
  } while (0)

__device__ void discard_line(const void* p) {
  asm volatile("discard.global.L2 [%0], 128;" ::"l"(p) : "memory");
}
__device__ void discard_line_generic(const void* p) {
  asm volatile("discard.L2 [%0], 128;" ::"l"(p) : "memory");
}
__device__ void apply_normal(const void* p) {
  asm volatile("applypriority.global.L2::evict_normal [%0], 128;" ::"l"(p) : "memory");
}
__device__ void bulk_prefetch(const void* p, u32 size) {
  asm volatile("cp.async.bulk.prefetch.L2.global [%0], %1;" ::"l"(p), "r"(size) : "memory");
}
__device__ u32 load_cg(const u32* p) {
  u32 v;
  asm volatile("ld.global.cg.u32 %0, [%1];" : "=r"(v) : "l"(p) : "memory");
  return v;
}

__global__ void fill(u32* buf, u32 base, u32 words, u32 sector_only) {
  for (u32 i = blockIdx.x * blockDim.x + threadIdx.x; i < words; i += gridDim.x * blockDim.x) {
    if (sector_only != 0 && i % kLineWords / 8 != sector_only - 1) continue;
    buf[i] = base + i;
  }
}
__global__ void sweep(u32* big, size_t words) {
  for (size_t i = blockIdx.x * blockDim.x + threadIdx.x; i < words;
       i += size_t{gridDim.x} * blockDim.x) {
    big[i] += 1;
  }
}
// op 0 discard, 1 generic discard, 2 applypriority, 3 bulk prefetch of the
// line; `every` 2: even lines only.
__global__ void line_op(u32* buf, u32 lines, u32 op, u32 every) {
  const u32 line = blockIdx.x * blockDim.x + threadIdx.x;
  if (line >= lines || line % every != 0) return;
  const u32* p = buf + size_t{line} * kLineWords;
  if (op == 0) discard_line(p);
  if (op == 1) discard_line_generic(p);
  if (op == 2) apply_normal(p);
  if (op == 3) bulk_prefetch(p, 128);
}
__global__ void read_cg(const u32* buf, u32* out, u32 words) {
  for (u32 i = blockIdx.x * blockDim.x + threadIdx.x; i < words; i += gridDim.x * blockDim.x) {
    out[i] = load_cg(buf + i);
  }
}
// One warp per line: write K, discard, read back, all in one kernel.
__global__ void write_discard_read(u32* buf, u32* out, u32 lines) {
  const u32 line = blockIdx.x * (blockDim.x / 32) + threadIdx.x / 32;
  const u32 lane = threadIdx.x % 32;
  if (line >= lines) return;
  u32* p = buf + size_t{line} * kLineWords;
  p[lane] = kKernel + line * kLineWords + lane;
  __threadfence();
  __syncwarp();
  if (lane == 0) discard_line(p);
  __syncwarp();
  __threadfence();
  out[size_t{line} * kLineWords + lane] = load_cg(p + lane);
}

struct Buffers {
  u32* buf = nullptr;
  u32* out = nullptr;
  u32* big = nullptr;
};

void host_fill(const Buffers& b) {
  std::vector<u32> h(kWords);
  for (u32 i = 0; i < kWords; ++i) h[i] = kHost + i;
  CHECK(cudaMemcpy(b.buf, h.data(), kWords * 4, cudaMemcpyHostToDevice));
}
void do_sweep(const Buffers& b) { sweep<<<1024, 256>>>(b.big, kSweepBytes / 4); }
void do_fill(const Buffers& b, u32 base, u32 sector_only = 0) {
  fill<<<256, 256>>>(b.buf, base, kWords, sector_only);
}
void do_op(const Buffers& b, u32 op, u32 every = 1) {
  line_op<<<(kLines + 255) / 256, 256>>>(b.buf, kLines, op, every);
}
void do_read(const Buffers& b) { read_cg<<<256, 256>>>(b.buf, b.out, kWords); }

char classify(u32 v, u32 i) {
  if (v == kHost + i) return 'H';
  if (v == kKernel + i) return 'K';
  if (v == kSecond + i) return 'S';
  if (v == 0) return 'Z';
  return 'X';
}

// Histogram of per-line sector patterns (4 letters, one per 32-byte sector;
// a sector whose words disagree is 'm'), split by even and odd lines.
void report(const char* name, const std::vector<u32>& h) {
  std::map<std::string, u32> even, odd;
  u32 first_x = UINT32_MAX;
  for (u32 line = 0; line < kLines; ++line) {
    std::string pattern;
    for (u32 s = 0; s < 4; ++s) {
      char c = 0;
      for (u32 w = 0; w < 8; ++w) {
        const u32 i = line * kLineWords + s * 8 + w;
        const char k = classify(h[i], i);
        if (k == 'X' && first_x == UINT32_MAX) first_x = i;
        c = c == 0 || c == k ? k : 'm';
      }
      pattern += c;
    }
    ++(line % 2 == 0 ? even : odd)[pattern];
  }
  std::printf("%-28s even:", name);
  for (auto& [p, n] : even) std::printf(" %s=%u", p.c_str(), n);
  std::printf("  odd:");
  for (auto& [p, n] : odd) std::printf(" %s=%u", p.c_str(), n);
  if (first_x != UINT32_MAX) std::printf("  first X word %u = %#x", first_x, h[first_x]);
  std::printf("\n");
}

std::vector<u32> fetch(const u32* p) {
  std::vector<u32> h(kWords);
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaMemcpy(h.data(), p, kWords * 4, cudaMemcpyDeviceToHost));
  return h;
}

void values() {
  Buffers b;
  CHECK(cudaMalloc(&b.buf, kWords * 4));
  CHECK(cudaMalloc(&b.out, kWords * 4));
  CHECK(cudaMalloc(&b.big, kSweepBytes));
  CHECK(cudaMemset(b.big, 0, kSweepBytes));
  const auto start = [&] {  // H in DRAM, nothing of the buffer in L2
    host_fill(b);
    CHECK(cudaDeviceSynchronize());
    do_sweep(b);
  };
  const auto finish = [&](const char* name) {
    do_read(b);
    report(name, fetch(b.out));
  };

  host_fill(b);
  CHECK(cudaDeviceSynchronize());
  do_op(b, 0);
  finish("host_copy_then_discard");

  start();
  do_op(b, 0);
  finish("host_swept_then_discard");

  for (int rep = 0; rep < 3; ++rep) {
    start();
    do_fill(b, kKernel);
    do_op(b, 0);
    finish("dirty_discard_next_kernel");
  }

  start();
  do_fill(b, kKernel);
  do_op(b, 1);
  finish("dirty_generic_discard");

  start();
  do_fill(b, kKernel);
  do_op(b, 0, 2);
  finish("dirty_discard_even_lines");

  start();
  do_fill(b, kKernel);
  do_op(b, 0);
  report("dirty_discard_memcpy_read", fetch(b.buf));

  start();
  write_discard_read<<<kLines / 8, 256>>>(b.buf, b.out, kLines);
  report("same_kernel_read_after", fetch(b.out));
  do_read(b);
  report("same_kernel_next_read", fetch(b.out));

  for (int rep = 0; rep < 3; ++rep) {
    start();
    do_fill(b, kKernel);
    do_sweep(b);
    do_op(b, 0);
    finish("written_back_then_discard");
  }

  start();
  do_fill(b, kKernel);
  do_sweep(b);
  do_read(b);
  do_op(b, 0);
  finish("clean_in_l2_then_discard");

  start();
  do_fill(b, kKernel, 1);
  do_op(b, 0);
  finish("sector0_dirty_then_discard");

  start();
  do_fill(b, kKernel);
  do_op(b, 0);
  do_fill(b, kSecond, 2);
  finish("discard_then_write_sector1");

  start();
  do_fill(b, kKernel);
  do_op(b, 0);
  do_sweep(b);
  finish("discard_then_sweep");

  start();
  do_fill(b, kKernel);
  do_op(b, 2);
  finish("dirty_applypriority");

  start();
  do_fill(b, kKernel);
  do_op(b, 3);
  finish("dirty_bulk_prefetch");

  start();
  do_fill(b, kKernel);
  do_sweep(b);
  do_op(b, 3);
  CHECK(cudaDeviceSynchronize());
  do_op(b, 0);
  finish("prefetched_clean_discard");

  std::printf("values: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
}

// ---- fault modes -------------------------------------------------------

__global__ void k_discard(const char* p, int generic) {
  if (generic) discard_line_generic(p);
  else discard_line(p);
}
__global__ void k_discard_space(int space) {
  __shared__ u32 s[64];
  u32 local[64];
  s[threadIdx.x] = threadIdx.x;
  local[threadIdx.x % 64] = threadIdx.x;
  const void* p = space == 0 ? static_cast<const void*>(s) : static_cast<const void*>(local);
  discard_line_generic(p);
  if (local[threadIdx.x % 64] == 12345) s[0] = 1;  // keeps `local` in local memory
}
__global__ void k_apply(const char* p) { apply_normal(p); }
__global__ void k_apply_shared() {
  __shared__ u32 s[64];
  s[threadIdx.x] = threadIdx.x;
  asm volatile("applypriority.L2::evict_normal [%0], 128;" ::"l"(s) : "memory");
}
__global__ void k_bulk_prefetch(const char* p, u32 size) { bulk_prefetch(p, size); }
__global__ void k_tensor_prefetch_2d(const CUtensorMap* map, int x, int y) {
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(map),
               "r"(x), "r"(y)
               : "memory");
}
__global__ void k_tensor_prefetch_2d_param(const __grid_constant__ CUtensorMap map, int x, int y) {
  asm volatile("cp.async.bulk.prefetch.tensor.2d.L2.global.tile [%0, {%1, %2}];" ::"l"(&map),
               "r"(x), "r"(y)
               : "memory");
}
__global__ void k_tensor_prefetch_3d(const CUtensorMap* map, int x, int y, int z) {
  asm volatile("cp.async.bulk.prefetch.tensor.3d.L2.global.tile [%0, {%1, %2, %3}];" ::"l"(map),
               "r"(x), "r"(y), "r"(z)
               : "memory");
}
__global__ void k_tensor_prefetch_3d_im2col(const CUtensorMap* map, int x, int y, int z) {
  const unsigned short off = 0;
  asm volatile(
      "cp.async.bulk.prefetch.tensor.3d.L2.global.im2col [%0, {%1, %2, %3}], {%4};" ::"l"(map),
      "r"(x), "r"(y), "r"(z), "h"(off)
      : "memory");
}

// setmaxnreg: every kernel is launched with 256 threads (two warpgroups)
// unless the mode says otherwise, at 128 registers a thread (__maxnreg__:
// ptxas then starts the kernel at 128), so the block's pool is 128 x 256;
// out[tid] = tid * 3 + 1 checks the kernel ran to its end. (ptxas itself
// refuses a .dec above the kernel's register count, C7406.)
__device__ void finish_setmaxnreg(u32* out) { out[threadIdx.x] = threadIdx.x * 3 + 1; }
__global__ void __maxnreg__(128) k_setmaxnreg_ok(u32* out) {
  if (threadIdx.x < 128) asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
  else asm volatile("setmaxnreg.inc.sync.aligned.u32 208;");
  finish_setmaxnreg(out);
}
__global__ void __maxnreg__(128) k_setmaxnreg_one_warp(u32* out) {
  if (threadIdx.x < 32) asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
  finish_setmaxnreg(out);
}
__global__ void __maxnreg__(128) k_setmaxnreg_half_warp(u32* out) {
  if (threadIdx.x % 32 < 16) asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
  finish_setmaxnreg(out);
}
__global__ void __maxnreg__(128) k_setmaxnreg_all_dec(u32* out) {
  asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
  finish_setmaxnreg(out);
}
__global__ void __maxnreg__(128) k_setmaxnreg_two_values(u32* out) {
  if (threadIdx.x < 64) asm volatile("setmaxnreg.dec.sync.aligned.u32 40;");
  else asm volatile("setmaxnreg.dec.sync.aligned.u32 48;");
  finish_setmaxnreg(out);
}
// Needs 256 x 256 registers from a pool of 128 x 256.
__global__ void __maxnreg__(128) k_setmaxnreg_inc_all_256(u32* out) {
  asm volatile("setmaxnreg.inc.sync.aligned.u32 256;");
  finish_setmaxnreg(out);
}
// Warpgroup 1 asks for 256 while warpgroup 0 keeps its 128: 3/2 of the pool.
__global__ void __maxnreg__(128) k_setmaxnreg_inc_no_release(u32* out) {
  if (threadIdx.x >= 128) asm volatile("setmaxnreg.inc.sync.aligned.u32 256;");
  finish_setmaxnreg(out);
}

using EncodeTiled = CUresult (*)(CUtensorMap*, CUtensorMapDataType, cuuint32_t, void*,
                                 const cuuint64_t*, const cuuint64_t*, const cuuint32_t*,
                                 const cuuint32_t*, CUtensorMapInterleave, CUtensorMapSwizzle,
                                 CUtensorMapL2promotion, CUtensorMapFloatOOBfill);

EncodeTiled encoder() {
  void* fn = nullptr;
  cudaDriverEntryPointQueryResult q;
  CHECK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", &fn, 12000, cudaEnableDefault,
                                         &q));
  return reinterpret_cast<EncodeTiled>(fn);
}

// A rank-`rank` f32 map over `base` of 64 elements per dimension, box 16
// (innermost) by 8.
CUtensorMap tile_map(void* base, unsigned rank) {
  CUtensorMap m;
  cuuint64_t dims[3] = {64, 64, 4};
  cuuint64_t strides[2] = {64 * 4, 64 * 64 * 4};
  cuuint32_t box[3] = {16, 8, 1};
  cuuint32_t elem[3] = {1, 1, 1};
  const CUresult r = encoder()(&m, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, rank, base, dims, strides, box,
                               elem, CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_NONE,
                               CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) std::printf("  encode: CUresult %d\n", static_cast<int>(r));
  return m;
}

const char* unmapped() { return reinterpret_cast<const char*>(u64{1} << 46); }

// A device pointer to a freed 64 MiB allocation: its pages are unmapped.
char* freed() {
  char* p = nullptr;
  CHECK(cudaMalloc(&p, 64 << 20));
  CHECK(cudaFree(p));
  return p + (32 << 20);
}

CUtensorMap* map_on_device(const CUtensorMap& m) {
  CUtensorMap* d = nullptr;
  CHECK(cudaMalloc(&d, sizeof m));
  CHECK(cudaMemcpy(d, &m, sizeof m, cudaMemcpyHostToDevice));
  return d;
}

bool fault_mode(const std::string& mode) {
  char* buf = nullptr;
  CHECK(cudaMalloc(&buf, 1 << 20));
  CHECK(cudaMemset(buf, 0x5a, 1 << 20));
  char* small = nullptr;
  CHECK(cudaMalloc(&small, 64));
  u32* out = nullptr;
  CHECK(cudaMalloc(&out, 1024 * 4));
  CHECK(cudaMemset(out, 0, 1024 * 4));
  std::vector<float> tensor_host(64 * 64 * 4);
  for (size_t i = 0; i < tensor_host.size(); ++i) tensor_host[i] = static_cast<float>(i);
  float* tensor = nullptr;
  CHECK(cudaMalloc(&tensor, tensor_host.size() * 4));
  CHECK(cudaMemcpy(tensor, tensor_host.data(), tensor_host.size() * 4, cudaMemcpyHostToDevice));
  u32 threads = 256;
  const char* setmaxnreg_kernel = nullptr;

  if (mode == "d_ok") k_discard<<<1, 1>>>(buf + 128, 0);
  else if (mode == "d_mis64") k_discard<<<1, 1>>>(buf + 64, 0);
  else if (mode == "d_mis4") k_discard<<<1, 1>>>(buf + 4, 0);
  else if (mode == "d_mis1") k_discard<<<1, 1>>>(buf + 1, 0);
  else if (mode == "d_null") k_discard<<<1, 1>>>(nullptr, 0);
  else if (mode == "d_unmapped") k_discard<<<1, 1>>>(unmapped(), 0);
  else if (mode == "d_freed") k_discard<<<1, 1>>>(freed(), 0);
  else if (mode == "d_small_alloc") k_discard<<<1, 1>>>(small, 0);
  else if (mode == "d_past_small_alloc") k_discard<<<1, 1>>>(small + 128, 0);
  else if (mode == "d_generic_ok") k_discard<<<1, 1>>>(buf, 1);
  else if (mode == "d_generic_mis4") k_discard<<<1, 1>>>(buf + 4, 1);
  else if (mode == "d_generic_unmapped") k_discard<<<1, 1>>>(unmapped(), 1);
  else if (mode == "d_generic_shared") k_discard_space<<<1, 32>>>(0);
  else if (mode == "d_generic_local") k_discard_space<<<1, 32>>>(1);
  else if (mode == "ap_ok") k_apply<<<1, 1>>>(buf);
  else if (mode == "ap_mis4") k_apply<<<1, 1>>>(buf + 4);
  else if (mode == "ap_mis64") k_apply<<<1, 1>>>(buf + 64);
  else if (mode == "ap_null") k_apply<<<1, 1>>>(nullptr);
  else if (mode == "ap_unmapped") k_apply<<<1, 1>>>(unmapped());
  else if (mode == "ap_freed") k_apply<<<1, 1>>>(freed());
  else if (mode == "ap_generic_shared") k_apply_shared<<<1, 32>>>();
  else if (mode == "bp_ok") k_bulk_prefetch<<<1, 1>>>(buf, 4096);
  else if (mode == "bp_mis8") k_bulk_prefetch<<<1, 1>>>(buf + 8, 16);
  else if (mode == "bp_mis1") k_bulk_prefetch<<<1, 1>>>(buf + 1, 16);
  else if (mode == "bp_size20") k_bulk_prefetch<<<1, 1>>>(buf, 20);
  else if (mode == "bp_size0") k_bulk_prefetch<<<1, 1>>>(buf, 0);
  else if (mode == "bp_size_max") k_bulk_prefetch<<<1, 1>>>(buf, 1048560);
  else if (mode == "bp_size_1m") k_bulk_prefetch<<<1, 1>>>(buf, 1048576);
  else if (mode == "bp_size_huge") k_bulk_prefetch<<<1, 1>>>(buf, 0xfffffff0u);
  else if (mode == "bp_null") k_bulk_prefetch<<<1, 1>>>(nullptr, 256);
  else if (mode == "bp_unmapped") k_bulk_prefetch<<<1, 1>>>(unmapped(), 256);
  else if (mode == "bp_freed") k_bulk_prefetch<<<1, 1>>>(freed(), 256);
  else if (mode == "bp_past_small_alloc") k_bulk_prefetch<<<1, 1>>>(small, 4096);
  else if (mode == "tp_ok") k_tensor_prefetch_2d<<<1, 1>>>(map_on_device(tile_map(tensor, 2)), 16, 8);
  else if (mode == "tp_param_ok") k_tensor_prefetch_2d_param<<<1, 1>>>(tile_map(tensor, 2), 16, 8);
  else if (mode == "tp_oob_coords")
    k_tensor_prefetch_2d<<<1, 1>>>(map_on_device(tile_map(tensor, 2)), -1000, 1 << 30);
  else if (mode == "tp_x_unaligned")
    k_tensor_prefetch_2d<<<1, 1>>>(map_on_device(tile_map(tensor, 2)), 1, 0);
  else if (mode == "tp_zero_map") {
    CUtensorMap z;
    std::memset(&z, 0, sizeof z);
    k_tensor_prefetch_2d<<<1, 1>>>(map_on_device(z), 0, 0);
  } else if (mode == "tp_garbage_map") {
    CUtensorMap g;
    std::memset(&g, 0xa5, sizeof g);
    k_tensor_prefetch_2d<<<1, 1>>>(map_on_device(g), 0, 0);
  } else if (mode == "tp_map_unmapped")
    k_tensor_prefetch_2d<<<1, 1>>>(reinterpret_cast<const CUtensorMap*>(unmapped()), 0, 0);
  else if (mode == "tp_map_misaligned") {
    CUtensorMap m = tile_map(tensor, 2);
    char* d = nullptr;
    CHECK(cudaMalloc(&d, 256));
    CHECK(cudaMemcpy(d + 16, &m, sizeof m, cudaMemcpyHostToDevice));
    k_tensor_prefetch_2d<<<1, 1>>>(reinterpret_cast<const CUtensorMap*>(d + 16), 0, 0);
  } else if (mode == "tp_base_freed")
    k_tensor_prefetch_2d<<<1, 1>>>(map_on_device(tile_map(freed(), 2)), 0, 0);
  else if (mode == "tp_rank_mismatch")
    k_tensor_prefetch_3d<<<1, 1>>>(map_on_device(tile_map(tensor, 2)), 0, 0, 0);
  else if (mode == "tp_im2col_on_tile_map")
    k_tensor_prefetch_3d_im2col<<<1, 1>>>(map_on_device(tile_map(tensor, 3)), 0, 0, 0);
  else if (mode == "sr_ok") setmaxnreg_kernel = "ok";
  else if (mode == "sr_one_warp") setmaxnreg_kernel = "one_warp";
  else if (mode == "sr_half_warp") setmaxnreg_kernel = "half_warp";
  else if (mode == "sr_partial_warpgroup") setmaxnreg_kernel = "all_dec", threads = 96;
  else if (mode == "sr_one_warp_block") setmaxnreg_kernel = "all_dec", threads = 32;
  else if (mode == "sr_two_values") setmaxnreg_kernel = "two_values";
  else if (mode == "sr_inc_all_256") setmaxnreg_kernel = "inc_all_256";
  else if (mode == "sr_inc_no_release") setmaxnreg_kernel = "inc_no_release";
  else return false;

  if (setmaxnreg_kernel != nullptr) {
    const std::map<std::string, void (*)(u32*)> kernels = {
        {"ok", k_setmaxnreg_ok},
        {"one_warp", k_setmaxnreg_one_warp},
        {"half_warp", k_setmaxnreg_half_warp},
        {"all_dec", k_setmaxnreg_all_dec},
        {"two_values", k_setmaxnreg_two_values},
        {"inc_all_256", k_setmaxnreg_inc_all_256},
        {"inc_no_release", k_setmaxnreg_inc_no_release}};
    auto* k = kernels.at(setmaxnreg_kernel);
    cudaFuncAttributes a;
    CHECK(cudaFuncGetAttributes(&a, k));
    std::printf("  kernel regs %d, %u threads\n", a.numRegs, threads);
    k<<<1, threads>>>(out);
  }
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  std::printf("mode %s: launch %s, sync %s", mode.c_str(), cudaGetErrorName(launch),
              cudaGetErrorName(sync));
  if (setmaxnreg_kernel != nullptr && sync == cudaSuccess) {
    std::vector<u32> h(threads);
    CHECK(cudaMemcpy(h.data(), out, threads * 4, cudaMemcpyDeviceToHost));
    u32 done = 0;
    for (u32 t = 0; t < threads; ++t) done += h[t] == t * 3 + 1;
    std::printf(", %u of %u threads finished", done, threads);
  }
  if (sync == cudaSuccess) {
    std::vector<unsigned char> h(1 << 20);
    CHECK(cudaMemcpy(h.data(), buf, h.size(), cudaMemcpyDeviceToHost));
    size_t changed = 0;
    for (unsigned char c : h) changed += c != 0x5a;
    std::printf(", buffer bytes changed %zu", changed);
  }
  std::printf("\n");
  return true;
}

const char* const kModes[] = {
    "d_ok", "d_mis64", "d_mis4", "d_mis1", "d_null", "d_unmapped", "d_freed", "d_small_alloc",
    "d_past_small_alloc", "d_generic_ok", "d_generic_mis4", "d_generic_unmapped",
    "d_generic_shared", "d_generic_local", "ap_ok", "ap_mis4", "ap_mis64", "ap_null",
    "ap_unmapped", "ap_freed", "ap_generic_shared", "bp_ok", "bp_mis8", "bp_mis1", "bp_size20",
    "bp_size0", "bp_size_max", "bp_size_1m", "bp_size_huge", "bp_null", "bp_unmapped", "bp_freed",
    "bp_past_small_alloc", "tp_ok", "tp_param_ok", "tp_oob_coords", "tp_x_unaligned",
    "tp_zero_map", "tp_garbage_map", "tp_map_unmapped", "tp_map_misaligned", "tp_base_freed",
    "tp_rank_mismatch", "tp_im2col_on_tile_map", "sr_ok", "sr_one_warp", "sr_half_warp",
    "sr_partial_warpgroup", "sr_one_warp_block", "sr_two_values", "sr_inc_all_256",
    "sr_inc_no_release"};

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "values";
  if (mode == "list") {
    for (const char* m : kModes) std::printf("%s\n", m);
    return 0;
  }
  if (mode == "values") {
    values();
    return 0;
  }
  if (mode == "initcheck") {  // small enough for compute-sanitizer: write, discard, read
    u32* buf = nullptr;
    u32* out = nullptr;
    CHECK(cudaMalloc(&buf, 4096));
    CHECK(cudaMalloc(&out, 4096));
    fill<<<1, 256>>>(buf, kKernel, 1024, 0);
    line_op<<<1, 32>>>(buf, 32, 0, 1);
    read_cg<<<1, 256>>>(buf, out, 1024);
    std::printf("initcheck: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    return 0;
  }
  if (!fault_mode(mode)) {
    std::printf("unknown mode %s\n", mode.c_str());
    return 2;
  }
  return 0;
}
