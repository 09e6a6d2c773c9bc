// txq.level sizes (isa/semantics/texture_query.h) against the H100's answers
// for mipmapped textures (tools/probes/texture_queries_probe.cu, mipmaps
// section, 2026-11-22): thread i asked level i - 1.
#include "isa/semantics/texture_query.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <vector>

namespace smsim::isa::sem {
namespace {

// width, height, depth of levels -1 .. 8, as the H100 answered them.
std::vector<std::uint32_t> levels_of(std::uint32_t w, std::uint32_t h, std::uint32_t d,
                                     std::int32_t levels) {
  std::vector<std::uint32_t> out;
  for (std::int32_t lod = -1; lod <= 8; ++lod) {
    out.push_back(txq_level_extent(w, lod, levels));
    out.push_back(txq_level_extent(h, lod, levels));
    out.push_back(txq_level_extent(d, lod, levels));
  }
  return out;
}

// Every shape of the probe's objects section: (width, height, depth) as the
// H100 answered txq or suq.
TEST(TxqSize, EveryShapeAsTheH100Answers) {
  auto size = [](const TexObjectShape& o) {
    const TexObjectSize s = queried_size(o);
    return std::vector<std::uint32_t>{s.width, s.height, s.depth};
  };
  using V = std::vector<std::uint32_t>;
  // Textures: 1D array, 2D array, 3D array, 2D layered, 1D layered, linear
  // memory, pitch-linear 2D.
  EXPECT_EQ(size({.dimensions = 1, .width = 37, .height = 1, .depth = 1}), (V{37, 1, 0}));
  EXPECT_EQ(size({.dimensions = 2, .width = 19, .height = 7, .depth = 1}), (V{19, 7, 0}));
  EXPECT_EQ(size({.dimensions = 3, .width = 5, .height = 6, .depth = 7}), (V{5, 6, 7}));
  EXPECT_EQ(size({.dimensions = 2, .layered = true, .width = 9, .height = 4, .depth = 1,
                  .layers = 3}),
            (V{9, 4, 3}));
  EXPECT_EQ(size({.dimensions = 1, .layered = true, .width = 11, .height = 1, .depth = 1,
                  .layers = 5}),
            (V{11, 5, 0}));
  EXPECT_EQ(size({.dimensions = 1, .linear = true, .width = 100, .height = 1, .depth = 1}),
            (V{100, 0, 0}));
  EXPECT_EQ(size({.dimensions = 2, .width = 13, .height = 9, .depth = 1}), (V{13, 9, 0}));
  // Surfaces: 1D, 2D, 3D, 2D layered, 1D layered.
  EXPECT_EQ(size({.dimensions = 1, .surface = true, .width = 37, .height = 1, .depth = 1}),
            (V{37, 0, 0}));
  EXPECT_EQ(size({.dimensions = 2, .surface = true, .width = 19, .height = 7, .depth = 1}),
            (V{19, 7, 0}));
  EXPECT_EQ(size({.dimensions = 3, .surface = true, .width = 5, .height = 6, .depth = 7}),
            (V{5, 6, 7}));
  EXPECT_EQ(size({.dimensions = 2, .layered = true, .surface = true, .width = 9, .height = 4,
                  .depth = 1, .layers = 3}),
            (V{9, 4, 3}));
  EXPECT_EQ(size({.dimensions = 1, .layered = true, .surface = true, .width = 11, .height = 1,
                  .depth = 1, .layers = 5}),
            (V{11, 5, 0}));
}

TEST(TxqLevel, Mipmapped2dHalvesEachLevelDownToOne) {
  // cudaMallocMipmappedArray 32 x 16, 6 levels (txq.height of 2D: 16, depth 0).
  EXPECT_EQ(levels_of(32, 16, 0, 6),
            (std::vector<std::uint32_t>{0, 0, 0, 32, 16, 0, 16, 8, 0, 8, 4, 0, 4, 2, 0,
                                        2, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(TxqLevel, Mipmapped1dKeepsHeightOne) {
  // 64 wide, 7 levels; txq.height of a 1D texture is 1.
  EXPECT_EQ(levels_of(64, 1, 0, 7),
            (std::vector<std::uint32_t>{0, 0, 0, 64, 1, 0, 32, 1, 0, 16, 1, 0, 8, 1, 0,
                                        4, 1, 0, 2, 1, 0, 1, 1, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(TxqLevel, WithoutMipmapsOnlyLevelZeroAnswers) {
  // A 3D array 5 x 6 x 7 and a 2D layered one 9 x 4 with 3 layers (txq.depth
  // answers the layer count).
  EXPECT_EQ(levels_of(5, 6, 7, 1),
            (std::vector<std::uint32_t>{0, 0, 0, 5, 6, 7, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                                        0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}));
  EXPECT_EQ(txq_level_extent(9, 0, 1), 9u);
  EXPECT_EQ(txq_level_extent(3, 0, 1), 3u);
  EXPECT_EQ(txq_level_extent(9, 1, 1), 0u);
}

TEST(TxqLevel, FarLevelsAnswerZero) {
  EXPECT_EQ(txq_level_extent(1u << 31, 40, 64), 1u);
  EXPECT_EQ(txq_level_extent(32, -2147483647 - 1, 6), 0u);
  EXPECT_EQ(txq_level_extent(32, 2147483647, 6), 0u);
}

}  // namespace
}  // namespace smsim::isa::sem
