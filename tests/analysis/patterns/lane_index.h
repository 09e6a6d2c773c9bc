// Which element each thread touches, and which threads take part. Indices are
// in elements of the accessed type T unless a name says otherwise. The random
// tables were drawn once with Python's random.Random(20261122) and are fixed
// so the goldens stay reproducible.
#pragma once

#include <cstdint>

namespace patterns {

constexpr unsigned kWarpSize = 32;
constexpr unsigned kLineBytes = 128;

// A permutation of 0..31: every lane a different word of one 128-byte line.
__constant__ uint32_t c_permutation_of_32[kWarpSize] = {22, 14, 18, 2,  10, 3,  25, 28, 23, 17, 24,
                                                        16, 4,  8,  6,  9,  11, 7,  27, 31, 13, 5,
                                                        0,  29, 30, 26, 1,  19, 21, 12, 20, 15};

// 32 distinct 128-byte lines out of 32768 (a 4 MiB buffer).
__constant__ uint32_t c_random_lines[kWarpSize] = {
    26201, 13915, 28418, 10608, 9110,  18269, 27594, 6243,  18433, 7966,  24909,
    12000, 32007, 18578, 13697, 30586, 15587, 11203, 26377, 10232, 11993, 9002,
    31384, 21019, 5195,  7647,  28107, 18403, 5075,  14614, 18929, 5646};

// 32 words out of 1024 with repeats allowed (498 appears twice).
__constant__ uint32_t c_random_words_of_1024[kWarpSize] = {
    242, 796, 498, 441, 946, 444, 713, 338, 834, 113, 470, 988, 642, 141, 869, 874,
    564, 35,  962, 501, 675, 498, 928, 37,  426, 854, 484, 831, 77,  787, 284, 58};

// 32 distinct words out of the 128 words of four consecutive 128-byte lines.
__constant__ uint32_t c_random_words_of_128[kWarpSize] = {
    6,  89, 38, 127, 124, 121, 53, 12, 7,  25, 99, 108, 37,  0,   41, 112,
    34, 60, 61, 26,  114, 96,  24, 66, 58, 73, 44, 81,  107, 106, 59, 49};

template <unsigned kStride>
struct Stride {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return t * kStride;
  }
};

struct Broadcast {
  template <typename T>
  __device__ static unsigned of(unsigned) {
    return 0;
  }
};

// Groups of kGroup consecutive lanes share one element (multicast).
template <unsigned kGroup>
struct SharedByGroups {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return t / kGroup;
  }
};

// Even lanes read element 0, odd lanes element kApart.
template <unsigned kApart>
struct TwoElements {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return (t % 2) * kApart;
  }
};

struct PermutationOf32 {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return c_permutation_of_32[t % kWarpSize];
  }
};

// Element 0 of a different random 128-byte line per lane.
struct RandomLines {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return c_random_lines[t % kWarpSize] * (kLineBytes / sizeof(T));
  }
};

struct RandomWordsOf1024 {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return c_random_words_of_1024[t % kWarpSize];
  }
};

struct RandomWordsOf128 {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return c_random_words_of_128[t % kWarpSize];
  }
};

// Thread t reads row (t % kWidth), column (t / kWidth) of a kWidth-wide tile
// stored with kPitch elements per row: a column read of a transpose tile.
template <unsigned kWidth, unsigned kPitch>
struct TileColumn {
  template <typename T>
  __device__ static unsigned of(unsigned t) {
    return (t % kWidth) * kPitch + t / kWidth;
  }
};

struct AllLanes {
  __device__ static bool on(unsigned) { return true; }
};
struct LowerHalfWarp {
  __device__ static bool on(unsigned t) { return t % kWarpSize < kWarpSize / 2; }
};
struct EvenLanes {
  __device__ static bool on(unsigned t) { return t % 2 == 0; }
};
struct LaneZero {
  __device__ static bool on(unsigned t) { return t % kWarpSize == 0; }
};

}  // namespace patterns
