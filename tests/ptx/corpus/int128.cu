// 128-bit integer arithmetic (__int128): multiply, divide, shifts and comparisons,
// which lower to multi-word PTX sequences and __udivti3-style calls.
__global__ void int128_math(const unsigned long long* lo, const unsigned long long* hi,
                            unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned __int128 a = (static_cast<unsigned __int128>(hi[i]) << 64) | lo[i];
  unsigned __int128 b = (static_cast<unsigned __int128>(hi[(i + 1) % n]) << 64) | lo[(i + 1) % n];
  __int128 s = static_cast<__int128>(a) - static_cast<__int128>(b);
  unsigned __int128 prod = a * b;
  unsigned __int128 quot = b != 0 ? a / b : 0;
  unsigned __int128 rem = b != 0 ? a % b : 0;
  __int128 sdiv = s / (static_cast<__int128>(i) + 1);
  unsigned __int128 shifted = (a << (i % 128)) | (b >> (127 - i % 128));
  unsigned long long* o = out + 12 * i;
  o[0] = static_cast<unsigned long long>(prod);
  o[1] = static_cast<unsigned long long>(prod >> 64);
  o[2] = static_cast<unsigned long long>(quot);
  o[3] = static_cast<unsigned long long>(rem >> 64);
  o[4] = static_cast<unsigned long long>(sdiv);
  o[5] = static_cast<unsigned long long>(s >> 100);
  o[6] = static_cast<unsigned long long>(shifted >> 32);
  o[7] = a < b ? 1 : (s < 0 ? 2 : 3);
  o[8] = static_cast<unsigned long long>(static_cast<double>(a) * 0.5);
  o[9] = static_cast<unsigned long long>(static_cast<unsigned __int128>(static_cast<float>(lo[i])));
}
