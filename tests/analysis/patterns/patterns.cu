// Memory access-pattern microbenchmarks for Nsight Compute: one launch per
// pattern, in table order, so ncu's kernel ID is the pattern's index.
//   patterns --list   prints the table (index, name, threads, byte offset,
//                     description) without touching the GPU
//   patterns          launches every pattern once
// Build: nvcc -arch=sm_90 -cudart shared -o patterns patterns.cu
#include <cuda_runtime.h>

#include <cstdio>
#include <cstring>
#include <vector>

#include "pattern_kernels.h"

namespace patterns {
namespace {

constexpr size_t kBufferBytes = size_t{8} << 20;  // covers RandomLines (4 MiB) plus offsets
constexpr size_t kSinkBytes = 64 * 1024;
constexpr unsigned kSharedBytes = 16 * 1024;  // largest shared pattern touches 4 KiB
// Never present in the zero-filled global buffers; see pattern_kernels.h.
constexpr uint32_t kSentinel = 0xA5A5A5A5u;
constexpr float kFloatSentinel = 12345.0f;

struct Buffers {
  const char* in;
  char* out;
  uint32_t* sink;
};

struct Shape {
  unsigned threads;
  unsigned byte_offset;
};

using Launcher = void (*)(const Buffers&, Shape);

struct Pattern {
  const char* name;
  Shape shape;
  Launcher launch;
  const char* description;
};

template <typename T, typename Index, typename Active = AllLanes>
void gld(const Buffers& b, Shape s) {
  global_load<T, Index, Active>
      <<<1, s.threads>>>(reinterpret_cast<const T*>(b.in + s.byte_offset), b.sink, kSentinel);
}

template <typename T, typename Index, typename Active = AllLanes>
void gld_nc(const Buffers& b, Shape s) {
  global_load_nc<T, Index, Active>
      <<<1, s.threads>>>(reinterpret_cast<const T*>(b.in + s.byte_offset), b.sink, kSentinel);
}

template <typename T, typename Index, typename Active = AllLanes>
void gst(const Buffers& b, Shape s) {
  global_store<T, Index, Active><<<1, s.threads>>>(reinterpret_cast<T*>(b.out + s.byte_offset));
}

template <typename T, typename Index, typename Active = AllLanes>
void sld(const Buffers& b, Shape s) {
  shared_load<T, Index, Active><<<1, s.threads, kSharedBytes>>>(b.sink, kSentinel);
}

template <typename T, typename Index, typename Active = AllLanes>
void sst(const Buffers&, Shape s) {
  shared_store<T, Index, Active><<<1, s.threads, kSharedBytes>>>();
}

void gld_aos_vec3(const Buffers& b, Shape s) {
  global_load_aos_vec3<<<1, s.threads>>>(reinterpret_cast<const Vec3*>(b.in + s.byte_offset),
                                         reinterpret_cast<float*>(b.sink), kFloatSentinel);
}

constexpr Shape kWarp{32, 0};
constexpr Shape warp_at(unsigned byte_offset) {
  return Shape{32, byte_offset};
}

const Pattern kPatterns[] = {
    // ---- global loads, 4 bytes ----
    {"gld_u32_stride1", kWarp, gld<uint32_t, Stride<1>>, "ld.global.u32, lane*4 B: one 128 B line"},
    {"gld_u32_stride2", kWarp, gld<uint32_t, Stride<2>>, "ld.global.u32, lane*8 B"},
    {"gld_u32_stride3", kWarp, gld<uint32_t, Stride<3>>, "ld.global.u32, lane*12 B"},
    {"gld_u32_stride4", kWarp, gld<uint32_t, Stride<4>>, "ld.global.u32, lane*16 B"},
    {"gld_u32_stride5", kWarp, gld<uint32_t, Stride<5>>, "ld.global.u32, lane*20 B"},
    {"gld_u32_stride8", kWarp, gld<uint32_t, Stride<8>>,
     "ld.global.u32, lane*32 B: one sector per lane"},
    {"gld_u32_stride16", kWarp, gld<uint32_t, Stride<16>>, "ld.global.u32, lane*64 B"},
    {"gld_u32_stride17", kWarp, gld<uint32_t, Stride<17>>, "ld.global.u32, lane*68 B"},
    {"gld_u32_stride32", kWarp, gld<uint32_t, Stride<32>>,
     "ld.global.u32, lane*128 B: one line per lane"},
    {"gld_u32_stride33", kWarp, gld<uint32_t, Stride<33>>, "ld.global.u32, lane*132 B"},
    {"gld_u32_offset4", warp_at(4), gld<uint32_t, Stride<1>>,
     "ld.global.u32, 4 + lane*4 B: misaligned to the line by 4 B"},
    {"gld_u32_offset8", warp_at(8), gld<uint32_t, Stride<1>>, "ld.global.u32, 8 + lane*4 B"},
    {"gld_u32_offset16", warp_at(16), gld<uint32_t, Stride<1>>, "ld.global.u32, 16 + lane*4 B"},
    {"gld_u32_offset28", warp_at(28), gld<uint32_t, Stride<1>>, "ld.global.u32, 28 + lane*4 B"},
    {"gld_u32_offset32", warp_at(32), gld<uint32_t, Stride<1>>,
     "ld.global.u32, 32 + lane*4 B: sector-aligned, line-misaligned"},
    {"gld_u32_broadcast", kWarp, gld<uint32_t, Broadcast>,
     "ld.global.u32, all lanes the same address"},
    {"gld_u32_groups_of_4", kWarp, gld<uint32_t, SharedByGroups<4>>,
     "ld.global.u32, lanes 4k..4k+3 share word k"},
    {"gld_u32_permutation_in_line", kWarp, gld<uint32_t, PermutationOf32>,
     "ld.global.u32, random permutation of the 32 words of one line"},
    {"gld_u32_random_in_4_lines", kWarp, gld<uint32_t, RandomWordsOf128>,
     "ld.global.u32, 32 random distinct words of 4 consecutive lines"},
    {"gld_u32_random_lines", kWarp, gld<uint32_t, RandomLines>,
     "ld.global.u32, each lane a different random line of 4 MiB"},
    {"gld_u32_lower_half_warp", kWarp, gld<uint32_t, Stride<1>, LowerHalfWarp>,
     "ld.global.u32, lane*4 B, lanes 16..31 exited"},
    {"gld_u32_even_lanes", kWarp, gld<uint32_t, Stride<1>, EvenLanes>,
     "ld.global.u32, lane*4 B, odd lanes exited"},
    {"gld_u32_lane0_only", kWarp, gld<uint32_t, Stride<1>, LaneZero>, "ld.global.u32, only lane 0"},
    {"gld_u32_two_warps_stride1", Shape{64, 0}, gld<uint32_t, Stride<1>>,
     "ld.global.u32, thread*4 B, 64 threads (two warps, two lines)"},
    {"gld_aos12_field_y", warp_at(4), gld<uint32_t, Stride<3>>,
     "ld.global.u32 of field y of a 12 B struct {x,y,z}: 4 + lane*12 B"},
    {"gld_aos12_whole_struct", kWarp, gld_aos_vec3,
     "plain C++ read of a 12 B struct {float x,y,z} per lane (compiler's choice of loads)"},
    // ---- global loads, other widths ----
    {"gld_u8_stride1", kWarp, gld<uint8_t, Stride<1>>, "ld.global.u8, lane*1 B: 32 B"},
    {"gld_u8_stride4", kWarp, gld<uint8_t, Stride<4>>, "ld.global.u8, lane*4 B"},
    {"gld_u8_stride32", kWarp, gld<uint8_t, Stride<32>>, "ld.global.u8, lane*32 B"},
    {"gld_u16_stride1", kWarp, gld<uint16_t, Stride<1>>, "ld.global.u16, lane*2 B: 64 B"},
    {"gld_u16_stride2", kWarp, gld<uint16_t, Stride<2>>, "ld.global.u16, lane*4 B"},
    {"gld_u64_stride1", kWarp, gld<uint64_t, Stride<1>>, "ld.global.u64, lane*8 B: 256 B"},
    {"gld_u64_stride2", kWarp, gld<uint64_t, Stride<2>>, "ld.global.u64, lane*16 B"},
    {"gld_u64_offset8", warp_at(8), gld<uint64_t, Stride<1>>, "ld.global.u64, 8 + lane*8 B"},
    {"gld_u64_stride16", kWarp, gld<uint64_t, Stride<16>>, "ld.global.u64, lane*128 B"},
    {"gld_v4_stride1", kWarp, gld<Vec16, Stride<1>>, "ld.global.v4.u32, lane*16 B: 512 B"},
    {"gld_v4_stride2", kWarp, gld<Vec16, Stride<2>>, "ld.global.v4.u32, lane*32 B"},
    {"gld_v4_offset16", warp_at(16), gld<Vec16, Stride<1>>, "ld.global.v4.u32, 16 + lane*16 B"},
    {"gld_v4_broadcast", kWarp, gld<Vec16, Broadcast>, "ld.global.v4.u32, all lanes the same 16 B"},
    {"gld_v4_stride8", kWarp, gld<Vec16, Stride<8>>, "ld.global.v4.u32, lane*128 B"},
    // ---- global loads through the non-coherent (read-only) path ----
    {"gld_nc_u32_stride1", kWarp, gld_nc<uint32_t, Stride<1>>, "ld.global.nc.u32, lane*4 B"},
    {"gld_nc_u32_stride32", kWarp, gld_nc<uint32_t, Stride<32>>, "ld.global.nc.u32, lane*128 B"},
    {"gld_nc_u32_permutation_in_line", kWarp, gld_nc<uint32_t, PermutationOf32>,
     "ld.global.nc.u32, random permutation within one line"},
    {"gld_nc_v4_stride1", kWarp, gld_nc<Vec16, Stride<1>>, "ld.global.nc.v4.u32, lane*16 B"},
    // ---- global stores ----
    {"gst_u32_stride1", kWarp, gst<uint32_t, Stride<1>>, "st.global.u32, lane*4 B: one line"},
    {"gst_u32_stride2", kWarp, gst<uint32_t, Stride<2>>, "st.global.u32, lane*8 B"},
    {"gst_u32_stride4", kWarp, gst<uint32_t, Stride<4>>, "st.global.u32, lane*16 B"},
    {"gst_u32_stride8", kWarp, gst<uint32_t, Stride<8>>, "st.global.u32, lane*32 B"},
    {"gst_u32_stride32", kWarp, gst<uint32_t, Stride<32>>, "st.global.u32, lane*128 B"},
    {"gst_u32_stride33", kWarp, gst<uint32_t, Stride<33>>, "st.global.u32, lane*132 B"},
    {"gst_u32_offset4", warp_at(4), gst<uint32_t, Stride<1>>, "st.global.u32, 4 + lane*4 B"},
    {"gst_u32_offset32", warp_at(32), gst<uint32_t, Stride<1>>, "st.global.u32, 32 + lane*4 B"},
    {"gst_u32_broadcast", kWarp, gst<uint32_t, Broadcast>,
     "st.global.u32, all lanes the same address"},
    {"gst_u32_permutation_in_line", kWarp, gst<uint32_t, PermutationOf32>,
     "st.global.u32, random permutation within one line"},
    {"gst_u32_random_lines", kWarp, gst<uint32_t, RandomLines>,
     "st.global.u32, each lane a different random line"},
    {"gst_u32_lower_half_warp", kWarp, gst<uint32_t, Stride<1>, LowerHalfWarp>,
     "st.global.u32, lane*4 B, lanes 16..31 exited"},
    {"gst_u8_stride1", kWarp, gst<uint8_t, Stride<1>>, "st.global.u8, lane*1 B"},
    {"gst_u16_stride1", kWarp, gst<uint16_t, Stride<1>>, "st.global.u16, lane*2 B"},
    {"gst_u64_stride1", kWarp, gst<uint64_t, Stride<1>>, "st.global.u64, lane*8 B"},
    {"gst_u64_stride2", kWarp, gst<uint64_t, Stride<2>>, "st.global.u64, lane*16 B"},
    {"gst_v4_stride1", kWarp, gst<Vec16, Stride<1>>, "st.global.v4.u32, lane*16 B"},
    {"gst_v4_stride2", kWarp, gst<Vec16, Stride<2>>, "st.global.v4.u32, lane*32 B"},
    // ---- shared loads, 4 bytes (strides in 4-byte words) ----
    {"sld_u32_stride1", kWarp, sld<uint32_t, Stride<1>>, "ld.shared.u32, word lane: conflict-free"},
    {"sld_u32_stride2", kWarp, sld<uint32_t, Stride<2>>, "ld.shared.u32, word 2*lane"},
    {"sld_u32_stride3", kWarp, sld<uint32_t, Stride<3>>, "ld.shared.u32, word 3*lane (odd stride)"},
    {"sld_u32_stride4", kWarp, sld<uint32_t, Stride<4>>, "ld.shared.u32, word 4*lane"},
    {"sld_u32_stride8", kWarp, sld<uint32_t, Stride<8>>, "ld.shared.u32, word 8*lane"},
    {"sld_u32_stride16", kWarp, sld<uint32_t, Stride<16>>, "ld.shared.u32, word 16*lane"},
    {"sld_u32_stride17", kWarp, sld<uint32_t, Stride<17>>, "ld.shared.u32, word 17*lane"},
    {"sld_u32_stride31", kWarp, sld<uint32_t, Stride<31>>, "ld.shared.u32, word 31*lane"},
    {"sld_u32_stride32", kWarp, sld<uint32_t, Stride<32>>,
     "ld.shared.u32, word 32*lane: all lanes bank 0"},
    {"sld_u32_stride33", kWarp, sld<uint32_t, Stride<33>>, "ld.shared.u32, word 33*lane"},
    {"sld_u32_broadcast", kWarp, sld<uint32_t, Broadcast>, "ld.shared.u32, all lanes word 0"},
    {"sld_u32_multicast_groups_of_4", kWarp, sld<uint32_t, SharedByGroups<4>>,
     "ld.shared.u32, lanes 4k..4k+3 read word k"},
    {"sld_u32_two_words_same_bank", kWarp, sld<uint32_t, TwoElements<32>>,
     "ld.shared.u32, even lanes word 0, odd lanes word 32 (both bank 0)"},
    {"sld_u32_permutation_of_32", kWarp, sld<uint32_t, PermutationOf32>,
     "ld.shared.u32, random permutation of words 0..31"},
    {"sld_u32_random_words_of_1024", kWarp, sld<uint32_t, RandomWordsOf1024>,
     "ld.shared.u32, 32 random words of 1024 (one repeated)"},
    {"sld_u32_lower_half_warp_stride2", kWarp, sld<uint32_t, Stride<2>, LowerHalfWarp>,
     "ld.shared.u32, word 2*lane, lanes 16..31 exited"},
    {"sld_u32_two_warps_stride32", Shape{64, 0}, sld<uint32_t, Stride<32>>,
     "ld.shared.u32, word 32*thread, 64 threads"},
    // ---- shared loads, other widths ----
    {"sld_u8_stride1", kWarp, sld<uint8_t, Stride<1>>, "ld.shared.u8, byte lane: 8 words"},
    {"sld_u8_stride4", kWarp, sld<uint8_t, Stride<4>>, "ld.shared.u8, byte 4*lane: one per bank"},
    {"sld_u8_stride128", kWarp, sld<uint8_t, Stride<128>>,
     "ld.shared.u8, byte 128*lane: all lanes bank 0"},
    {"sld_u16_stride1", kWarp, sld<uint16_t, Stride<1>>, "ld.shared.u16, halfword lane"},
    {"sld_u16_stride64", kWarp, sld<uint16_t, Stride<64>>,
     "ld.shared.u16, halfword 64*lane: all lanes bank 0"},
    {"sld_u64_stride1", kWarp, sld<uint64_t, Stride<1>>, "ld.shared.u64, dword lane: 256 B"},
    {"sld_u64_stride2", kWarp, sld<uint64_t, Stride<2>>, "ld.shared.u64, dword 2*lane"},
    {"sld_u64_stride16", kWarp, sld<uint64_t, Stride<16>>,
     "ld.shared.u64, dword 16*lane: all lanes banks 0-1"},
    {"sld_u64_broadcast", kWarp, sld<uint64_t, Broadcast>, "ld.shared.u64, all lanes dword 0"},
    {"sld_v4_stride1", kWarp, sld<Vec16, Stride<1>>, "ld.shared.v4.u32, 16 B lane: 512 B"},
    {"sld_v4_stride2", kWarp, sld<Vec16, Stride<2>>, "ld.shared.v4.u32, 16 B 2*lane"},
    {"sld_v4_stride8", kWarp, sld<Vec16, Stride<8>>,
     "ld.shared.v4.u32, 16 B 8*lane: all lanes banks 0-3"},
    {"sld_v4_broadcast", kWarp, sld<Vec16, Broadcast>, "ld.shared.v4.u32, all lanes the same 16 B"},
    {"sld_v4_groups_of_4", kWarp, sld<Vec16, SharedByGroups<4>>,
     "ld.shared.v4.u32, lanes 4k..4k+3 read the same 16 B"},
    // ---- transpose tiles: read a column ----
    {"sld_tile16_column_unpadded", Shape{256, 0}, sld<uint32_t, TileColumn<16, 16>>,
     "ld.shared.u32, float tile[16][16] read by column, 256 threads"},
    {"sld_tile16_column_padded", Shape{256, 0}, sld<uint32_t, TileColumn<16, 17>>,
     "ld.shared.u32, float tile[16][17] read by column, 256 threads"},
    {"sld_tile32_column_unpadded", Shape{1024, 0}, sld<uint32_t, TileColumn<32, 32>>,
     "ld.shared.u32, float tile[32][32] read by column, 1024 threads"},
    {"sld_tile32_column_padded", Shape{1024, 0}, sld<uint32_t, TileColumn<32, 33>>,
     "ld.shared.u32, float tile[32][33] read by column, 1024 threads"},
    // ---- shared stores ----
    {"sst_u32_stride1", kWarp, sst<uint32_t, Stride<1>>, "st.shared.u32, word lane"},
    {"sst_u32_stride2", kWarp, sst<uint32_t, Stride<2>>, "st.shared.u32, word 2*lane"},
    {"sst_u32_stride4", kWarp, sst<uint32_t, Stride<4>>, "st.shared.u32, word 4*lane"},
    {"sst_u32_stride32", kWarp, sst<uint32_t, Stride<32>>,
     "st.shared.u32, word 32*lane: all lanes bank 0"},
    {"sst_u32_stride33", kWarp, sst<uint32_t, Stride<33>>, "st.shared.u32, word 33*lane"},
    {"sst_u32_broadcast", kWarp, sst<uint32_t, Broadcast>, "st.shared.u32, all lanes word 0"},
    {"sst_u32_permutation_of_32", kWarp, sst<uint32_t, PermutationOf32>,
     "st.shared.u32, random permutation of words 0..31"},
    {"sst_u8_stride1", kWarp, sst<uint8_t, Stride<1>>, "st.shared.u8, byte lane"},
    {"sst_u16_stride1", kWarp, sst<uint16_t, Stride<1>>, "st.shared.u16, halfword lane"},
    {"sst_u64_stride1", kWarp, sst<uint64_t, Stride<1>>, "st.shared.u64, dword lane"},
    {"sst_u64_stride16", kWarp, sst<uint64_t, Stride<16>>, "st.shared.u64, dword 16*lane"},
    {"sst_v4_stride1", kWarp, sst<Vec16, Stride<1>>, "st.shared.v4.u32, 16 B lane"},
    {"sst_v4_stride8", kWarp, sst<Vec16, Stride<8>>, "st.shared.v4.u32, 16 B 8*lane"},
    {"sst_tile32_column_unpadded", Shape{1024, 0}, sst<uint32_t, TileColumn<32, 32>>,
     "st.shared.u32, float tile[32][32] written by column, 1024 threads"},
    {"sst_tile32_column_padded", Shape{1024, 0}, sst<uint32_t, TileColumn<32, 33>>,
     "st.shared.u32, float tile[32][33] written by column, 1024 threads"},
};

void list_patterns() {
  std::printf("index\tname\tthreads\tbyte_offset\tdescription\n");
  int index = 0;
  for (const Pattern& p : kPatterns) {
    std::printf("%d\t%s\t%u\t%u\t%s\n", index++, p.name, p.shape.threads, p.shape.byte_offset,
                p.description);
  }
}

bool check(const char* what, cudaError_t result) {
  if (result == cudaSuccess) return true;
  std::fprintf(stderr, "patterns: %s failed: %s\n", what, cudaGetErrorString(result));
  return false;
}

int run_patterns() {
  char* in = nullptr;
  char* out = nullptr;
  uint32_t* sink = nullptr;
  if (!check("cudaMalloc in", cudaMalloc(&in, kBufferBytes))) return 1;
  if (!check("cudaMalloc out", cudaMalloc(&out, kBufferBytes))) return 1;
  if (!check("cudaMalloc sink", cudaMalloc(&sink, kSinkBytes))) return 1;
  // Host copies rather than cudaMemset, so the only kernels ncu sees are the
  // patterns themselves.
  const std::vector<char> zeros(kBufferBytes, 0);
  if (!check("cudaMemcpy in", cudaMemcpy(in, zeros.data(), kBufferBytes, cudaMemcpyHostToDevice)))
    return 1;
  if (!check("cudaMemcpy out", cudaMemcpy(out, zeros.data(), kBufferBytes, cudaMemcpyHostToDevice)))
    return 1;
  if (!check("cudaMemcpy sink", cudaMemcpy(sink, zeros.data(), kSinkBytes, cudaMemcpyHostToDevice)))
    return 1;
  const Buffers buffers{in, out, sink};
  int index = 0;
  for (const Pattern& p : kPatterns) {
    p.launch(buffers, p.shape);
    if (!check(p.name, cudaGetLastError()) || !check(p.name, cudaDeviceSynchronize())) return 1;
    ++index;
  }
  std::vector<uint32_t> sink_after(kSinkBytes / sizeof(uint32_t));
  if (!check("cudaMemcpy sink back",
             cudaMemcpy(sink_after.data(), sink, kSinkBytes, cudaMemcpyDeviceToHost)))
    return 1;
  for (uint32_t v : sink_after) {
    if (v != 0) {
      std::fprintf(stderr, "patterns: a guarded sink store fired; counts are blurred\n");
      return 1;
    }
  }
  std::printf("launched %d patterns\n", index);
  return 0;
}

}  // namespace
}  // namespace patterns

int main(int argc, char** argv) {
  if (argc == 2 && std::strcmp(argv[1], "--list") == 0) {
    patterns::list_patterns();
    return 0;
  }
  if (argc != 1) {
    std::fprintf(stderr, "usage: %s [--list]\n", argv[0]);
    return 2;
  }
  return patterns::run_patterns();
}
