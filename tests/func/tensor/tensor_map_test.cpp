// Tensor-map requests against the driver's documented requirements (one
// broken rule per case), and the 128-byte image round trip.

#include "func/tensor/tensor_map.h"

#include <gtest/gtest.h>

namespace smsim::func {
namespace {

// A valid 2D f32 request over 64 x 32 elements, box 32 x 8.
struct Request {
  std::uint64_t dims[5] = {64, 32, 1, 1, 1};
  std::uint64_t strides[4] = {256, 8192, 8192, 8192};
  std::uint32_t box[5] = {32, 8, 1, 1, 1};
  std::uint32_t estrides[5] = {1, 1, 1, 1, 1};
  int lower[3] = {-1, -1, 0};
  int upper[3] = {-1, -1, 0};
  TensorMapRequest r;
  Request() {
    r.data_type = 7;  // FLOAT32
    r.rank = 2;
    r.address = 0x10000;
    r.dims = dims;
    r.strides = strides;
    r.box = box;
    r.element_strides = estrides;
    r.lower = lower;
    r.upper = upper;
    r.channels = 8;
    r.pixels = 16;
  }
};

bool tiled_ok(const Request& q) { return make_tiled_map(q.r).map.has_value(); }

TEST(TensorMap, AValidTiledRequestKeepsEveryField) {
  Request q;
  q.r.swizzle = 3;
  q.r.oob_fill = 1;
  const TensorMapResult result = make_tiled_map(q.r);
  ASSERT_TRUE(result.map) << result.error;
  const TensorMap& m = *result.map;
  EXPECT_EQ(m.rank, 2u);
  EXPECT_EQ(m.type, TensorDataType::f32);
  EXPECT_EQ(m.strides[0], 4u);
  EXPECT_EQ(m.strides[1], 256u);
  EXPECT_EQ(m.box[1], 8u);
  EXPECT_EQ(m.swizzle, TensorSwizzle::b128);
  EXPECT_TRUE(m.nan_fill);
}

TEST(TensorMap, EachBrokenRuleIsRefused) {
  const auto refused = [](auto change) {
    Request q;
    change(q);
    return !tiled_ok(q);
  };
  EXPECT_TRUE(refused([](Request& q) { q.r.rank = 0; }));
  EXPECT_TRUE(refused([](Request& q) { q.r.rank = 6; }));
  EXPECT_TRUE(refused([](Request& q) { q.r.address += 8; }));
  EXPECT_FALSE(refused([](Request& q) { q.r.address += 16; }));
  EXPECT_TRUE(refused([](Request& q) { q.dims[1] = 0; }));
  EXPECT_TRUE(refused([](Request& q) { q.dims[1] = (std::uint64_t{1} << 32) + 1; }));
  EXPECT_FALSE(refused([](Request& q) { q.dims[1] = std::uint64_t{1} << 32; }));
  EXPECT_TRUE(refused([](Request& q) { q.strides[0] = 264; }));
  EXPECT_TRUE(refused([](Request& q) { q.strides[0] = std::uint64_t{1} << 40; }));
  EXPECT_TRUE(refused([](Request& q) { q.box[1] = 0; }));
  EXPECT_TRUE(refused([](Request& q) { q.box[1] = 257; }));
  EXPECT_FALSE(refused([](Request& q) { q.box[1] = 256; }));
  EXPECT_TRUE(refused([](Request& q) { q.box[0] = 3; }));  // 12 bytes
  EXPECT_TRUE(refused([](Request& q) { q.estrides[1] = 0; }));
  EXPECT_TRUE(refused([](Request& q) { q.estrides[1] = 9; }));
  EXPECT_TRUE(refused([](Request& q) { q.r.interleave = 1; }));  // rank 2
  EXPECT_TRUE(refused([](Request& q) { q.r.swizzle = 1; }));     // 128-byte box, 32B span
  EXPECT_TRUE(refused([](Request& q) { q.r.swizzle = 2; }));
  EXPECT_FALSE(refused([](Request& q) { q.r.swizzle = 3; }));
  EXPECT_TRUE(refused([](Request& q) { q.r.swizzle = 4; }));  // 128B_ATOM_32B: not 9.0
  EXPECT_TRUE(refused([](Request& q) { q.r.data_type = 13; }));
  EXPECT_TRUE(refused([](Request& q) { q.r.l2_promotion = 4; }));
  EXPECT_TRUE(refused([](Request& q) { q.r.oob_fill = 2; }));
  EXPECT_TRUE(refused([](Request& q) {
    q.r.oob_fill = 1;
    q.r.data_type = 2;  // UINT32
  }));
  EXPECT_TRUE(refused([](Request& q) { q.r.dims = nullptr; }));
}

// cuda.h asks for the 32-byte swizzle with the 32-byte interleave, but the
// H100's driver accepts the map without it (tma_bulk_tensor's golden).
TEST(TensorMap, ThirtyTwoByteInterleaveNeedsThirtyTwoByteAlignment) {
  Request q;
  q.r.rank = 3;
  q.dims[0] = 8;
  q.dims[1] = 4;
  q.dims[2] = 4;
  q.strides[0] = 32;
  q.strides[1] = 128;
  q.box[0] = 8;
  q.box[1] = 2;
  q.box[2] = 2;
  q.r.interleave = 2;
  EXPECT_TRUE(tiled_ok(q));
  q.r.swizzle = 1;
  EXPECT_TRUE(tiled_ok(q));
  q.r.address += 16;
  EXPECT_FALSE(tiled_ok(q));
}

TEST(TensorMap, Im2colCornersChannelsAndPixels) {
  Request q;
  q.r.rank = 4;
  q.dims[0] = 8;
  q.dims[1] = 6;
  q.dims[2] = 5;
  q.dims[3] = 2;
  q.strides[0] = 32;
  q.strides[1] = 192;
  q.strides[2] = 960;
  const auto ok = [&] { return make_im2col_map(q.r).map.has_value(); };
  EXPECT_TRUE(ok());
  q.lower[0] = -129;  // rank 4: 8-bit corners
  EXPECT_FALSE(ok());
  q.lower[0] = -128;
  EXPECT_TRUE(ok());
  q.r.channels = 257;
  EXPECT_FALSE(ok());
  q.r.channels = 2;  // 8-byte pixels
  EXPECT_FALSE(ok());
  q.r.channels = 8;
  q.r.pixels = 1025;
  EXPECT_FALSE(ok());
  q.r.pixels = 1024;
  EXPECT_TRUE(ok());
  q.r.rank = 2;
  EXPECT_FALSE(ok());
}

TEST(TensorMap, ImageRoundTripsAndRejectsOtherBytes) {
  Request q;
  q.r.rank = 5;
  q.r.data_type = 8;  // FLOAT64
  const std::uint64_t dims[5] = {4, 3, 3, 2, (std::uint64_t{1} << 32)};
  const std::uint64_t strides[4] = {32, 96, 288, 576};
  q.r.dims = dims;
  q.r.strides = strides;
  q.box[0] = 2;
  q.box[4] = 256;
  q.estrides[3] = 8;
  const TensorMapResult result = make_tiled_map(q.r);
  ASSERT_TRUE(result.map) << result.error;
  const auto bytes = encode_tensor_map(*result.map);
  const std::optional<TensorMap> back = decode_tensor_map(bytes.data());
  ASSERT_TRUE(back);
  EXPECT_EQ(back->dims, result.map->dims);
  EXPECT_EQ(back->strides, result.map->strides);
  EXPECT_EQ(back->box, result.map->box);
  EXPECT_EQ(back->element_strides, result.map->element_strides);
  EXPECT_EQ(back->address, result.map->address);
  std::array<std::byte, kTensorMapBytes> zeros{};
  EXPECT_FALSE(decode_tensor_map(zeros.data()));
}

}  // namespace
}  // namespace smsim::func
