// Integer intrinsics (Handbook Tables 8.4-8.6): high halves of products, 24-bit
// multiply, sum of absolute differences, byte permute, funnel shifts, bit
// reversal, leading zeros, find-first-set, population count, averaging adds,
// dot products and the Hopper DPX min/max/add forms.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;
using u64 = uint64_t;
using ll = long long;

#define IB(Name, Out, expr) CONF_BINARY(Name, Out, u32, u32, expr)
#define IT(Name, Out, expr) CONF_TERNARY(Name, Out, u32, u32, u32, expr)
#define S(v) static_cast<int>(v)

IB(Mulhi, int, __mulhi(S(x), S(y)));
IB(Umulhi, u32, __umulhi(x, y));
IB(Mul24, int, __mul24(S(x), S(y)));
IB(Umul24, u32, __umul24(x, y));
IB(BytePerm, u32, __byte_perm(x, y, x ^ (y >> 7)));
IB(FunnelL, u32, __funnelshift_l(x, y, x + y));
IB(FunnelR, u32, __funnelshift_r(x, y, x ^ y));
IB(FunnelLc, u32, __funnelshift_lc(x, y, x + y));
IB(FunnelRc, u32, __funnelshift_rc(x, y, x ^ y));
IB(Hadd, int, __hadd(S(x), S(y)));
IB(Rhadd, int, __rhadd(S(x), S(y)));
IB(Uhadd, u32, __uhadd(x, y));
IB(Urhadd, u32, __urhadd(x, y));
IB(Min, int, min(S(x), S(y)));
IB(Umax, u32, max(x, y));
IB(Dp2aLo, int, __dp2a_lo(S(x), S(y), S(x ^ y)));
IB(Dp2aHiU, u32, __dp2a_hi(x, y, x + y));
IB(Dp4a, int, __dp4a(S(x), S(y), S(y - x)));
IB(Dp4aU, u32, __dp4a(x, y, x * 3u));
IB(Fns, u32, __fns(x, y & 31u, S(y >> 5) % 40 - 20));
IB(Vimax3, int, __vimax3_s32(S(x), S(y), S(x ^ y)));
IB(Vimin3U, u32, __vimin3_u32(x, y, x + y));
IB(Vimax3Relu, int, __vimax3_s32_relu(S(x), S(y), S(x - y)));
IB(ViaddMax, int, __viaddmax_s32(S(x), S(y), S(y << 3)));
IB(ViaddMinU, u32, __viaddmin_u32(x, y, x >> 2));
IB(Vibmax, u32, ([&] {
     bool pred = false;
     const int m = __vibmax_s32(S(x), S(y), &pred);
     return static_cast<u32>(m) ^ static_cast<u32>(pred);
   }()));
IB(Vimax16x2, u32, __vimax3_s16x2(x, y, x ^ y));
IB(Vimin16x2Relu, u32, __vimin_s16x2_relu(x, y));
IT(Sad, u32, __sad(S(x), S(y), z));
IT(Usad, u32, __usad(x, y, z));
CONF_UNARY(Brev, u32, u32, __brev(x));
CONF_UNARY(Clz, int, u32, __clz(S(x)));
CONF_UNARY(Ffs, int, u32, __ffs(S(x)));
CONF_UNARY(Popc, int, u32, __popc(x));
CONF_UNARY(Abs, int, u32, abs(S(x)));
CONF_UNARY(Bswap, u32, u32, __byte_perm(x, 0, 0x0123));
CONF_BINARY(Mul64hi, ll, u64, u64, __mul64hi(static_cast<ll>(x), static_cast<ll>(y)));
CONF_BINARY(Umul64hi, u64, u64, u64, __umul64hi(x, y));
CONF_BINARY(Mul64, u64, u64, u64, x* y);
CONF_BINARY(Min64, ll, u64, u64, min(static_cast<ll>(x), static_cast<ll>(y)));
CONF_BINARY(Umax64, u64, u64, u64, max(x, y));
CONF_UNARY(Brevll, u64, u64, __brevll(x));
CONF_UNARY(Clzll, int, u64, __clzll(static_cast<ll>(x)));
CONF_UNARY(Ffsll, int, u64, __ffsll(static_cast<ll>(x)));
CONF_UNARY(Popcll, int, u64, __popcll(x));
CONF_UNARY(Llabs, ll, u64, llabs(static_cast<ll>(x)));

int main() {
  begin("int_intrinsics");
  const auto [a, b] = uint_pairs();
  const auto c = shuffled(a, a.size(), 83);
  run_binary<Mulhi>("mulhi", a, b);
  run_binary<Umulhi>("umulhi", a, b);
  run_binary<Mul24>("mul24", a, b);
  run_binary<Umul24>("umul24", a, b);
  run_binary<BytePerm>("byte_perm", a, b);
  run_binary<FunnelL>("funnelshift_l", a, b);
  run_binary<FunnelR>("funnelshift_r", a, b);
  run_binary<FunnelLc>("funnelshift_lc", a, b);
  run_binary<FunnelRc>("funnelshift_rc", a, b);
  run_binary<Hadd>("hadd", a, b);
  run_binary<Rhadd>("rhadd", a, b);
  run_binary<Uhadd>("uhadd", a, b);
  run_binary<Urhadd>("urhadd", a, b);
  run_binary<Min>("min_s32", a, b);
  run_binary<Umax>("max_u32", a, b);
  run_binary<Dp2aLo>("dp2a_lo_s32", a, b);
  run_binary<Dp2aHiU>("dp2a_hi_u32", a, b);
  run_binary<Dp4a>("dp4a_s32", a, b);
  run_binary<Dp4aU>("dp4a_u32", a, b);
  run_binary<Fns>("fns", a, b);
  run_binary<Vimax3>("vimax3_s32", a, b);
  run_binary<Vimin3U>("vimin3_u32", a, b);
  run_binary<Vimax3Relu>("vimax3_s32_relu", a, b);
  run_binary<ViaddMax>("viaddmax_s32", a, b);
  run_binary<ViaddMinU>("viaddmin_u32", a, b);
  run_binary<Vibmax>("vibmax_s32", a, b);
  run_binary<Vimax16x2>("vimax3_s16x2", a, b);
  run_binary<Vimin16x2Relu>("vimin_s16x2_relu", a, b);
  run_ternary<Sad>("sad", a, b, c);
  run_ternary<Usad>("usad", a, b, c);
  const auto u = uint_inputs();
  run_unary<Brev>("brev", u);
  run_unary<Clz>("clz", u);
  run_unary<Ffs>("ffs", u);
  run_unary<Popc>("popc", u);
  run_unary<Abs>("abs", u);
  run_unary<Bswap>("byte_swap", u);
  const auto [p, q] = uint64_pairs();
  run_binary<Mul64hi>("mul64hi", p, q);
  run_binary<Umul64hi>("umul64hi", p, q);
  run_binary<Mul64>("mul_u64", p, q);
  run_binary<Min64>("min_s64", p, q);
  run_binary<Umax64>("max_u64", p, q);
  const auto w = uint64_inputs();
  run_unary<Brevll>("brevll", w);
  run_unary<Clzll>("clzll", w);
  run_unary<Ffsll>("ffsll", w);
  run_unary<Popcll>("popcll", w);
  run_unary<Llabs>("llabs", w);
  return 0;
}
