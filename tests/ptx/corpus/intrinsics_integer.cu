// Integer intrinsics: high multiplies, 24-bit multiply, byte permute, funnel shifts,
// bit reversal and counting, sum of absolute differences, halving adds, dot products.
__global__ void intrinsics_integer(const unsigned* in, const unsigned long long* in64,
                                   unsigned* out, unsigned long long* out64, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned a = in[i];
  unsigned b = in[(i + 1) % n];
  int sa = static_cast<int>(a);
  int sb = static_cast<int>(b);
  unsigned long long wa = in64[i];
  unsigned long long wb = in64[(i + 1) % n];
  unsigned* o = out + 40 * i;
  o[0] = __umulhi(a, b);
  o[1] = static_cast<unsigned>(__mulhi(sa, sb));
  o[2] = static_cast<unsigned>(__mul24(sa, sb));
  o[3] = __umul24(a, b);
  o[4] = __byte_perm(a, b, 0x5140);
  o[5] = __byte_perm(a, b, i & 0xffff);
  o[6] = __funnelshift_l(a, b, i);
  o[7] = __funnelshift_lc(a, b, i);
  o[8] = __funnelshift_r(a, b, i);
  o[9] = __funnelshift_rc(a, b, i);
  o[10] = __brev(a);
  o[11] = static_cast<unsigned>(__clz(sa));
  o[12] = static_cast<unsigned>(__ffs(sa));
  o[13] = static_cast<unsigned>(__popc(a));
  o[14] = static_cast<unsigned>(__clzll(static_cast<long long>(wa)));
  o[15] = static_cast<unsigned>(__ffsll(static_cast<long long>(wa)));
  o[16] = static_cast<unsigned>(__popcll(wa));
  o[17] = __sad(sa, sb, 7u);
  o[18] = __usad(a, b, 7u);
  o[19] = static_cast<unsigned>(__hadd(sa, sb));
  o[20] = static_cast<unsigned>(__rhadd(sa, sb));
  o[21] = __uhadd(a, b);
  o[22] = __urhadd(a, b);
  o[23] = __fns(a, 0, i % 8 + 1);
  o[24] = static_cast<unsigned>(__dp4a(sa, sb, 3));
  o[25] = __dp4a(a, b, 3u);
  o[26] = static_cast<unsigned>(__dp2a_lo(sa, sb, 5));
  o[27] = static_cast<unsigned>(__dp2a_hi(sa, sb, 5));
  o[28] = __dp2a_lo(a, b, 5u) + __dp2a_hi(a, b, 5u);
  o[29] = a / (b | 1u);
  o[30] = static_cast<unsigned>(sa % (sb | 1));
  o[31] = (a << (b & 31)) | (a >> (32 - (b & 31)));
  unsigned long long* w = out64 + 4 * i;
  w[0] = __umul64hi(wa, wb);
  w[1] = static_cast<unsigned long long>(
      __mul64hi(static_cast<long long>(wa), static_cast<long long>(wb)));
  w[2] = __brevll(wa);
  w[3] = wa / (wb | 1u) + wa % (wb | 3u);
}
