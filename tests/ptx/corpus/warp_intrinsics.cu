// Warp intrinsics: shuffles (idx/up/down/xor, with width, on 32- and 64-bit values),
// votes, ballot, activemask, match, the sm_80 redux reductions and __syncwarp.
__global__ void warp_intrinsics(const int* in, const double* din, int* out, double* dout,
                                unsigned* masks) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % 32;
  int v = in[i];
  double d = din[i];
  unsigned full = 0xffffffffu;
  int s = __shfl_sync(full, v, 0);
  s += __shfl_up_sync(full, v, 1);
  s += __shfl_down_sync(full, v, 2);
  s += __shfl_xor_sync(full, v, 4);
  s += __shfl_sync(full, v, lane ^ 3, 16);
  s += __shfl_down_sync(full, v, 1, 8);
  float fv = __shfl_xor_sync(full, static_cast<float>(v), 1);
  double dv = __shfl_sync(full, d, 5) + __shfl_down_sync(full, d, 1);
  long long lv = __shfl_up_sync(full, static_cast<long long>(v) << 33, 2);
  unsigned ballot = __ballot_sync(full, v > 0);
  int any = __any_sync(full, v == 7);
  int all = __all_sync(full, v != 0);
  int uni = __uni_sync(full, v & 1);
  unsigned active = __activemask();
  unsigned same = __match_any_sync(full, v & 3);
  int pred = 0;
  unsigned all_same = __match_all_sync(full, v >> 4, &pred);
  unsigned same64 = __match_any_sync(full, static_cast<unsigned long long>(v) * 3ull);
  int reduced = 0;
#if __CUDA_ARCH__ >= 800
  // redux.sync exists from sm_80.
  reduced = __reduce_add_sync(full, v) + __reduce_min_sync(full, v) + __reduce_max_sync(full, v) +
            static_cast<int>(__reduce_and_sync(full, v)) +
            static_cast<int>(__reduce_or_sync(full, v)) +
            static_cast<int>(__reduce_xor_sync(full, v)) +
            static_cast<int>(__reduce_add_sync(full, static_cast<unsigned>(v)));
#endif
  if (lane < 16) {
    unsigned half = __activemask();
    s += __shfl_sync(half, v, 15);
    __syncwarp(half);
  }
  __syncwarp();
  out[i] = s + any + all + uni + pred + reduced + static_cast<int>(fv) + static_cast<int>(lv);
  dout[i] = dv;
  masks[4 * i] = ballot;
  masks[4 * i + 1] = active;
  masks[4 * i + 2] = same ^ all_same;
  masks[4 * i + 3] = same64;
}
