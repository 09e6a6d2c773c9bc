// ld.param and st.param in every type and vector width PTX has for them:
// kernel parameters read with ld.param / ld.param::entry, and a device
// function that reads its arguments with ld.param::func and writes its return
// value with st.param, called with arguments written by st.param. Expected
// values are computed here from the bytes passed in.

#include <gtest/gtest.h>

#include <cstring>
#include <vector>

#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

constexpr const char* kModule = R"(
.version 8.0
.target sm_90
.address_size 64

// Every load lands in its own 8-byte slot of out, stored at the width of
// the register it was loaded into (sub-word types widen as the type says).
.visible .entry entry_params(.param .u64 out_p, .param .align 16 .b8 blob[160])
{
  .reg .b16 %rs<24>;
  .reg .b32 %r<16>;
  .reg .b64 %rd<12>;
  .reg .f32 %f<8>;
  .reg .f64 %fd<4>;
  .reg .b128 %q<3>;
  ld.param::entry.u64 %rd1, [out_p];
  ld.param.b8 %rs1, [blob+0];
  ld.param::entry.b8 %rs2, [blob+1];
  ld.param.s8 %rs3, [blob+2];
  ld.param::entry.s8 %rs4, [blob+3];
  ld.param.u8 %rs5, [blob+4];
  ld.param::entry.u8 %rs6, [blob+5];
  ld.v4.param.b8 {%rs7, %rs8, %rs9, %rs10}, [blob+8];
  ld.v4.param.u8 {%rs11, %rs12, %rs13, %rs14}, [blob+12];
  ld.param.b16 %rs15, [blob+16];
  ld.param::entry.b16 %rs16, [blob+18];
  ld.param.s16 %rs17, [blob+20];
  ld.param::entry.s16 %rs18, [blob+22];
  ld.param::entry.u16 %rs19, [blob+24];
  ld.v2.param.b16 {%rs20, %rs21}, [blob+28];
  st.global.b16 [%rd1+0], %rs1;
  st.global.b16 [%rd1+8], %rs2;
  st.global.b16 [%rd1+16], %rs3;
  st.global.b16 [%rd1+24], %rs4;
  st.global.b16 [%rd1+32], %rs5;
  st.global.b16 [%rd1+40], %rs6;
  st.global.b16 [%rd1+48], %rs7;
  st.global.b16 [%rd1+56], %rs8;
  st.global.b16 [%rd1+64], %rs9;
  st.global.b16 [%rd1+72], %rs10;
  st.global.b16 [%rd1+80], %rs11;
  st.global.b16 [%rd1+88], %rs12;
  st.global.b16 [%rd1+96], %rs13;
  st.global.b16 [%rd1+104], %rs14;
  st.global.b16 [%rd1+112], %rs15;
  st.global.b16 [%rd1+120], %rs16;
  st.global.b16 [%rd1+128], %rs17;
  st.global.b16 [%rd1+136], %rs18;
  st.global.b16 [%rd1+144], %rs19;
  st.global.b16 [%rd1+152], %rs20;
  st.global.b16 [%rd1+160], %rs21;
  ld.param.b32 %r1, [blob+32];
  ld.param::entry.b32 %r2, [blob+36];
  ld.param.s32 %r3, [blob+40];
  ld.param::entry.s32 %r4, [blob+44];
  ld.param::entry.u32 %r5, [blob+48];
  ld.v4.param.b32 {%r6, %r7, %r8, %r9}, [blob+48];
  ld.param::entry.f32 %f1, [blob+52];
  ld.v2.param.f32 {%f2, %f3}, [blob+56];
  ld.v4.param.f32 {%f4, %f5, %f6, %f7}, [blob+64];
  st.global.b32 [%rd1+168], %r1;
  st.global.b32 [%rd1+176], %r2;
  st.global.b32 [%rd1+184], %r3;
  st.global.b32 [%rd1+192], %r4;
  st.global.b32 [%rd1+200], %r5;
  st.global.b32 [%rd1+208], %r6;
  st.global.b32 [%rd1+216], %r7;
  st.global.b32 [%rd1+224], %r8;
  st.global.b32 [%rd1+232], %r9;
  st.global.f32 [%rd1+240], %f1;
  st.global.f32 [%rd1+248], %f2;
  st.global.f32 [%rd1+256], %f3;
  st.global.f32 [%rd1+264], %f4;
  st.global.f32 [%rd1+272], %f5;
  st.global.f32 [%rd1+280], %f6;
  st.global.f32 [%rd1+288], %f7;
  ld.param.b64 %rd2, [blob+64];
  ld.param::entry.b64 %rd3, [blob+72];
  ld.param.s64 %rd4, [blob+80];
  ld.param::entry.s64 %rd5, [blob+88];
  ld.param::entry.u64 %rd6, [blob+96];
  ld.param::entry.f64 %fd1, [blob+104];
  ld.v2.param.f64 {%fd2, %fd3}, [blob+112];
  st.global.b64 [%rd1+296], %rd2;
  st.global.b64 [%rd1+304], %rd3;
  st.global.b64 [%rd1+312], %rd4;
  st.global.b64 [%rd1+320], %rd5;
  st.global.b64 [%rd1+328], %rd6;
  st.global.f64 [%rd1+336], %fd1;
  st.global.f64 [%rd1+344], %fd2;
  st.global.f64 [%rd1+352], %fd3;
  ld.param.b128 %q1, [blob+128];
  ld.param::entry.b128 %q2, [blob+144];
  st.global.b128 [%rd1+368], %q1;
  st.global.b128 [%rd1+384], %q2;
  ret;
}

// Reads each argument with ld.param::func (and ld.param) in every type and
// returns what it read through st.param into one return array.
.func (.param .align 16 .b8 ret[128]) mirror(.param .b8 a8, .param .b16 a16, .param .b32 a32,
                                             .param .b64 a64, .param .f32 af, .param .f64 ad,
                                             .param .align 16 .b8 av[16],
                                             .param .align 16 .b8 aq[16])
{
  .reg .b16 %rs<12>;
  .reg .b32 %r<8>;
  .reg .b64 %rd<8>;
  .reg .f32 %f<12>;
  .reg .f64 %fd<4>;
  .reg .b128 %q<2>;
  ld.param::func.b8 %rs1, [a8];
  ld.param::func.s8 %rs2, [a8];
  ld.param::func.u8 %rs3, [a8];
  ld.param.s8 %rs4, [a8];
  ld.param::func.b16 %rs5, [a16];
  ld.param::func.s16 %rs6, [a16];
  ld.param::func.u16 %rs7, [a16];
  ld.param::func.b32 %r1, [a32];
  ld.param::func.s32 %r2, [a32];
  ld.param::func.u32 %r3, [a32];
  ld.param::func.b64 %rd1, [a64];
  ld.param::func.s64 %rd2, [a64];
  ld.param::func.u64 %rd3, [a64];
  ld.param::func.f32 %f1, [af];
  ld.param::func.f64 %fd1, [ad];
  ld.v2.param.f32 {%f2, %f3}, [av+8];
  ld.v4.param.f32 {%f4, %f5, %f6, %f7}, [av];
  ld.param::func.b128 %q1, [aq];
  mov.b128 {%rd4, %rd5}, %q1;
  st.param.b8 [ret+0], %rs1;
  st.param.b16 [ret+2], %rs2;
  st.param.b16 [ret+4], %rs3;
  st.param.b16 [ret+6], %rs5;
  st.v2.param.b16 [ret+8], {%rs6, %rs7};
  st.param.b32 [ret+12], %r1;
  st.param.b32 [ret+16], %r2;
  st.param.b32 [ret+20], %r3;
  st.param.b64 [ret+24], %rd1;
  st.param.b64 [ret+32], %rd2;
  st.param.b64 [ret+40], %rd3;
  st.param.f32 [ret+48], %f1;
  st.v4.param.b8 [ret+52], {%rs1, %rs4, %rs3, %rs5};
  st.param.f64 [ret+56], %fd1;
  st.v2.param.f32 [ret+64], {%f2, %f3};
  st.v4.param.f32 [ret+80], {%f4, %f5, %f6, %f7};
  st.param.b64 [ret+96], %rd4;
  st.param.b64 [ret+104], %rd5;
  st.param.b16 [ret+112], %rs4;
  ret;
}

// Passes in[0..63] to mirror through st.param and copies its 128-byte
// return value to out.
.visible .entry call_params(.param .u64 in_p, .param .u64 out_p)
{
  .reg .b16 %rs<4>;
  .reg .b32 %r<4>;
  .reg .b64 %rd<24>;
  .reg .f32 %f<8>;
  .reg .f64 %fd<2>;
  .reg .b128 %q<2>;
  ld.param.u64 %rd1, [in_p];
  ld.param.u64 %rd2, [out_p];
  ld.global.b8 %rs1, [%rd1+0];
  ld.global.b16 %rs2, [%rd1+2];
  ld.global.b32 %r1, [%rd1+4];
  ld.global.b64 %rd3, [%rd1+8];
  ld.global.f32 %f1, [%rd1+16];
  ld.global.f64 %fd1, [%rd1+24];
  ld.global.v4.f32 {%f2, %f3, %f4, %f5}, [%rd1+32];
  ld.global.b128 %q1, [%rd1+48];
  mov.b128 {%rd4, %rd5}, %q1;
  {
    .param .b8 p8;
    .param .b16 p16;
    .param .b32 p32;
    .param .b64 p64;
    .param .f32 pf;
    .param .f64 pd;
    .param .align 16 .b8 pv[16];
    .param .align 16 .b8 pq[16];
    .param .align 16 .b8 r[128];
    st.param.b8 [p8], %rs1;
    st.param.b16 [p16], %rs2;
    st.param.b32 [p32], %r1;
    st.param.b64 [p64], %rd3;
    st.param.f32 [pf], %f1;
    st.param.f64 [pd], %fd1;
    st.v4.param.f32 [pv], {%f2, %f3, %f4, %f5};
    st.v2.param.b64 [pq], {%rd4, %rd5};
    call.uni (r), mirror, (p8, p16, p32, p64, pf, pd, pv, pq);
    ld.param.v2.b64 {%rd6, %rd7}, [r+0];
    ld.param.v2.b64 {%rd8, %rd9}, [r+16];
    ld.param.v2.b64 {%rd10, %rd11}, [r+32];
    ld.param.v2.b64 {%rd12, %rd13}, [r+48];
    ld.param.v2.b64 {%rd14, %rd15}, [r+64];
    ld.param.v2.b64 {%rd16, %rd17}, [r+80];
    ld.param.v2.b64 {%rd18, %rd19}, [r+96];
    ld.param.v2.b64 {%rd20, %rd21}, [r+112];
  }
  st.global.v2.b64 [%rd2+0], {%rd6, %rd7};
  st.global.v2.b64 [%rd2+16], {%rd8, %rd9};
  st.global.v2.b64 [%rd2+32], {%rd10, %rd11};
  st.global.v2.b64 [%rd2+48], {%rd12, %rd13};
  st.global.v2.b64 [%rd2+64], {%rd14, %rd15};
  st.global.v2.b64 [%rd2+80], {%rd16, %rd17};
  st.global.v2.b64 [%rd2+96], {%rd18, %rd19};
  st.global.v2.b64 [%rd2+112], {%rd20, %rd21};
  ret;
}
)";

class ParamAccess : public testing::ModuleTest {
 protected:
  ParamAccess() : ModuleTest("param_access", kModule) {}
};

// Bytes with the top bit set often, so sign and zero extension differ.
std::vector<std::uint8_t> pattern(std::size_t n) {
  std::vector<std::uint8_t> b(n);
  for (std::size_t i = 0; i < n; ++i) b[i] = static_cast<std::uint8_t>(0x81 + 13 * i);
  return b;
}

template <typename T>
T at(const std::vector<std::uint8_t>& bytes, std::size_t offset) {
  T v;
  std::memcpy(&v, bytes.data() + offset, sizeof v);
  return v;
}

TEST_F(ParamAccess, KernelParametersLoadInEveryTypeAndVectorWidth) {
  const std::vector<std::uint8_t> blob = pattern(160);
  std::vector<std::byte> params(16 + blob.size());
  const std::uint64_t out = device_.allocate(400);
  device_.memset(out, 0, 400);
  std::memcpy(params.data(), &out, 8);
  std::memcpy(params.data() + 16, blob.data(), blob.size());
  const LaunchResult r =
      device_.launch(kernel("entry_params"), LaunchConfig{.grid = {1}, .block = {32}}, params);
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto slot = download<std::uint64_t>(out, 50);
  auto u8 = [&](std::size_t o) { return std::uint64_t{blob[o]}; };
  auto s8 = [&](std::size_t o) {
    return static_cast<std::uint64_t>(static_cast<std::uint16_t>(static_cast<std::int8_t>(blob[o])));
  };
  // 8-bit loads into 16-bit registers: .b8/.u8 zero-extend, .s8 sign-extends.
  EXPECT_EQ(slot[0], u8(0));
  EXPECT_EQ(slot[1], u8(1));
  EXPECT_EQ(slot[2], s8(2));
  EXPECT_EQ(slot[3], s8(3));
  ASSERT_NE(s8(2), u8(2));  // the pattern does tell the two apart
  EXPECT_EQ(slot[4], u8(4));
  EXPECT_EQ(slot[5], u8(5));
  for (unsigned e = 0; e < 4; ++e) EXPECT_EQ(slot[6 + e], u8(8 + e)) << e;
  for (unsigned e = 0; e < 4; ++e) EXPECT_EQ(slot[10 + e], u8(12 + e)) << e;
  EXPECT_EQ(slot[14], at<std::uint16_t>(blob, 16));
  EXPECT_EQ(slot[15], at<std::uint16_t>(blob, 18));
  EXPECT_EQ(slot[16], at<std::uint16_t>(blob, 20));
  EXPECT_EQ(slot[17], at<std::uint16_t>(blob, 22));
  EXPECT_EQ(slot[18], at<std::uint16_t>(blob, 24));
  EXPECT_EQ(slot[19], at<std::uint16_t>(blob, 28));
  EXPECT_EQ(slot[20], at<std::uint16_t>(blob, 30));
  const std::size_t words[] = {32, 36, 40, 44, 48, 48, 52, 56, 60, 52, 56, 60, 64, 68, 72, 76};
  for (unsigned i = 0; i < 16; ++i) {
    EXPECT_EQ(slot[21 + i], at<std::uint32_t>(blob, words[i])) << "32-bit load " << i;
  }
  const std::size_t doubles[] = {64, 72, 80, 88, 96, 104, 112, 120};
  for (unsigned i = 0; i < 8; ++i) {
    EXPECT_EQ(slot[37 + i], at<std::uint64_t>(blob, doubles[i])) << "64-bit load " << i;
  }
  EXPECT_EQ(slot[45], 0u);  // nothing stored at 360
  for (unsigned i = 0; i < 4; ++i) {
    EXPECT_EQ(slot[46 + i], at<std::uint64_t>(blob, 128 + 8 * i)) << "128-bit half " << i;
  }
}

TEST_F(ParamAccess, DeviceFunctionArgumentsAndReturnValuesPassThroughParam) {
  const std::vector<std::uint8_t> in = pattern(64);
  const std::uint64_t in_p = upload(in);
  const std::uint64_t out = device_.allocate(128);
  device_.memset(out, 0, 128);
  const LaunchResult r = device_.launch(kernel("call_params"),
                                        LaunchConfig{.grid = {1}, .block = {32}},
                                        ParamBytes().add(in_p).add(out).span());
  ASSERT_TRUE(r.ok()) << r.error.message;
  const auto ret = download<std::uint8_t>(out, 128);
  const std::uint8_t a8 = in[0];
  const auto s8 = static_cast<std::uint16_t>(static_cast<std::int8_t>(a8));
  EXPECT_EQ(ret[0], a8);
  EXPECT_EQ(at<std::uint16_t>(ret, 2), s8);
  ASSERT_NE(s8, a8);
  EXPECT_EQ(at<std::uint16_t>(ret, 4), a8);
  EXPECT_EQ(at<std::uint16_t>(ret, 6), at<std::uint16_t>(in, 2));
  EXPECT_EQ(at<std::uint16_t>(ret, 8), at<std::uint16_t>(in, 2));
  EXPECT_EQ(at<std::uint16_t>(ret, 10), at<std::uint16_t>(in, 2));
  for (std::size_t o : {12, 16, 20}) EXPECT_EQ(at<std::uint32_t>(ret, o), at<std::uint32_t>(in, 4));
  for (std::size_t o : {24, 32, 40}) EXPECT_EQ(at<std::uint64_t>(ret, o), at<std::uint64_t>(in, 8));
  EXPECT_EQ(at<std::uint32_t>(ret, 48), at<std::uint32_t>(in, 16));
  // st.v4.param.b8 of {b8, s8, u8, b16}: the low byte of each.
  EXPECT_EQ(ret[52], a8);
  EXPECT_EQ(ret[53], a8);
  EXPECT_EQ(ret[54], a8);
  EXPECT_EQ(ret[55], in[2]);
  EXPECT_EQ(at<std::uint64_t>(ret, 56), at<std::uint64_t>(in, 24));
  EXPECT_EQ(at<std::uint64_t>(ret, 64), at<std::uint64_t>(in, 40));
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(ret[80 + i], in[32 + i]) << i;
  for (std::size_t i = 0; i < 16; ++i) EXPECT_EQ(ret[96 + i], in[48 + i]) << i;
  EXPECT_EQ(at<std::uint16_t>(ret, 112), s8);
}

}  // namespace
}  // namespace smsim::func
