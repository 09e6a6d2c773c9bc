// Warp matrix multiply-accumulate (mma.h): half and int8 fragments on every target,
// bf16, tf32 and double fragments where the target has them (sm_80+).
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

__global__ void wmma_half(const __half* a, const __half* b, const float* c, float* d, __half* dh) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fragment<wmma::accumulator, 16, 16, 16, __half> acch;
  wmma::fragment<wmma::matrix_a, 32, 8, 16, __half, wmma::col_major> fa_tall;
  wmma::fragment<wmma::matrix_b, 32, 8, 16, __half, wmma::row_major> fb_tall;
  wmma::fragment<wmma::accumulator, 32, 8, 16, float> acc_tall;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::load_matrix_sync(acc, c, 16, wmma::mem_row_major);
  wmma::fill_fragment(acch, __float2half(0.5f));
  for (int t = 0; t < acc.num_elements; ++t) acc.x[t] *= 2.0f;
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::mma_sync(acch, fa, fb, acch);
  wmma::store_matrix_sync(d, acc, 16, wmma::mem_col_major);
  wmma::store_matrix_sync(dh, acch, 16, wmma::mem_row_major);
  wmma::load_matrix_sync(fa_tall, a, 32);
  wmma::load_matrix_sync(fb_tall, b, 8);
  wmma::fill_fragment(acc_tall, 0.0f);
  wmma::mma_sync(acc_tall, fa_tall, fb_tall, acc_tall);
  wmma::store_matrix_sync(d + 256, acc_tall, 8, wmma::mem_row_major);
}

__global__ void wmma_int8(const signed char* a, const signed char* b, int* c) {
  wmma::fragment<wmma::matrix_a, 8, 32, 16, signed char, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 8, 32, 16, signed char, wmma::col_major> fb;
  wmma::fragment<wmma::accumulator, 8, 32, 16, int> acc;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::fill_fragment(acc, 1);
  wmma::mma_sync(acc, fa, fb, acc, true);
  wmma::store_matrix_sync(c, acc, 32, wmma::mem_row_major);
}

#if !defined(__CUDA_ARCH__) || __CUDA_ARCH__ >= 800
// bf16, tf32 and fp64 matrix fragments exist from sm_80.
__global__ void wmma_sm80(const __nv_bfloat16* a, const __nv_bfloat16* b, const float* fa_in,
                          const float* fb_in, const double* da, const double* db, float* c,
                          double* dc) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, wmma::row_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __nv_bfloat16, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::fill_fragment(acc, 0.0f);
  wmma::mma_sync(acc, fa, fb, acc);
  wmma::store_matrix_sync(c, acc, 16, wmma::mem_row_major);

  wmma::fragment<wmma::matrix_a, 16, 16, 8, wmma::precision::tf32, wmma::row_major> ta;
  wmma::fragment<wmma::matrix_b, 16, 16, 8, wmma::precision::tf32, wmma::col_major> tb;
  wmma::fragment<wmma::accumulator, 16, 16, 8, float> tacc;
  wmma::load_matrix_sync(ta, fa_in, 8);
  wmma::load_matrix_sync(tb, fb_in, 8);
  for (int t = 0; t < ta.num_elements; ++t) ta.x[t] = wmma::__float_to_tf32(ta.x[t]);
  wmma::fill_fragment(tacc, 0.0f);
  wmma::mma_sync(tacc, ta, tb, tacc);
  wmma::store_matrix_sync(c + 256, tacc, 16, wmma::mem_row_major);

  wmma::fragment<wmma::matrix_a, 8, 8, 4, double, wmma::row_major> fda;
  wmma::fragment<wmma::matrix_b, 8, 8, 4, double, wmma::col_major> fdb;
  wmma::fragment<wmma::accumulator, 8, 8, 4, double> dacc;
  wmma::load_matrix_sync(fda, da, 4);
  wmma::load_matrix_sync(fdb, db, 4);
  wmma::fill_fragment(dacc, 0.0);
  wmma::mma_sync(dacc, fda, fdb, dacc);
  wmma::store_matrix_sync(dc, dacc, 8, wmma::mem_row_major);
}
#endif
