// conformance: requires sm_90
// WMMA beyond the m16n16k16 f16 product of tensor_core_mma: the fragment
// layouts as lanes see them (each lane's fragment elements of an index
// matrix, whose entry (r, c) holds r * cols + c), loads and stores in both
// layouts from global and shared memory through generic pointers, and the
// products bf16 (row.row), tf32 m16n16k8, f64 m8n8k4 and s8 with and without
// satfinite, over random and edge inputs.
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <mma.h>

#include "../common/conformance.cuh"

using namespace conf;
namespace wmma = nvcuda::wmma;

// The compiler cannot tell which space a pointer laundered through inline PTX
// names, so the WMMA loads and stores on it use generic addressing.
template <typename T>
__device__ T* generic(T* p) {
  T* q;
  asm volatile("mov.b64 %0, %1;" : "=l"(q) : "l"(p));
  return q;
}

// Each lane's fragment elements, as raw bytes, lane after lane.
template <typename Frag>
__device__ void dump(const Frag& f, unsigned char* out) {
  const unsigned char* bytes = reinterpret_cast<const unsigned char*>(f.x);
  for (unsigned i = 0; i < sizeof(f.x); ++i) out[threadIdx.x * sizeof(f.x) + i] = bytes[i];
}

template <typename Frag>
constexpr unsigned dump_bytes() {
  return 32 * sizeof(Frag{}.x);
}

// One product: A (M x K) and B (K x N) and C (M x N) in their memory layouts,
// loaded from global memory or from a shared copy (use_shared), then
// D = A B + C stored row-major and column-major, plus the fragments.
template <int M, int N, int K, typename AType, typename ALayout, typename BType, typename BLayout,
          typename CType, typename AStore, typename BStore, bool Satf>
__global__ void product(const AStore* a, const BStore* b, const CType* c, wmma::layout_t c_layout,
                        int use_shared, CType* d_row, CType* d_col, unsigned char* frag_a,
                        unsigned char* frag_b, unsigned char* frag_c) {
  __shared__ AStore sa[M * K];
  __shared__ BStore sb[K * N];
  __shared__ CType sc[M * N];
  __shared__ CType sd[M * N];
  for (int i = threadIdx.x; i < M * K; i += 32) sa[i] = a[i];
  for (int i = threadIdx.x; i < K * N; i += 32) sb[i] = b[i];
  for (int i = threadIdx.x; i < M * N; i += 32) sc[i] = c[i];
  __syncwarp();
  const AStore* pa = generic(use_shared ? static_cast<const AStore*>(sa) : a);
  const BStore* pb = generic(use_shared ? static_cast<const BStore*>(sb) : b);
  const CType* pc = generic(use_shared ? static_cast<const CType*>(sc) : c);
  constexpr bool a_row = std::is_same_v<ALayout, wmma::row_major>;
  constexpr bool b_row = std::is_same_v<BLayout, wmma::row_major>;
  wmma::fragment<wmma::matrix_a, M, N, K, AType, ALayout> fa;
  wmma::fragment<wmma::matrix_b, M, N, K, BType, BLayout> fb;
  wmma::fragment<wmma::accumulator, M, N, K, CType> fc;
  wmma::load_matrix_sync(fa, pa, a_row ? K : M);
  wmma::load_matrix_sync(fb, pb, b_row ? N : K);
  wmma::load_matrix_sync(fc, pc, c_layout == wmma::mem_row_major ? N : M, c_layout);
  dump(fa, frag_a);
  dump(fb, frag_b);
  dump(fc, frag_c);
  if constexpr (Satf)
    wmma::mma_sync(fc, fa, fb, fc, true);
  else
    wmma::mma_sync(fc, fa, fb, fc);
  CType* row_out = generic(use_shared ? static_cast<CType*>(sd) : d_row);
  wmma::store_matrix_sync(row_out, fc, N, wmma::mem_row_major);
  __syncwarp();
  if (use_shared)
    for (int i = threadIdx.x; i < M * N; i += 32) d_row[i] = sd[i];
  __syncwarp();
  CType* col_out = generic(use_shared ? static_cast<CType*>(sd) : d_col);
  wmma::store_matrix_sync(col_out, fc, M, wmma::mem_col_major);
  __syncwarp();
  if (use_shared)
    for (int i = threadIdx.x; i < M * N; i += 32) d_col[i] = sd[i];
}

// Plain global pointers (the .global forms): A column-major, B row-major,
// D stored column-major.
__global__ void f16_global(const __half* a, const __half* b, float* d) {
  wmma::fragment<wmma::matrix_a, 16, 16, 16, __half, wmma::col_major> fa;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, __half, wmma::row_major> fb;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> fc;
  wmma::fill_fragment(fc, 0.5f);
  wmma::load_matrix_sync(fa, a, 16);
  wmma::load_matrix_sync(fb, b, 16);
  wmma::mma_sync(fc, fa, fb, fc);
  wmma::store_matrix_sync(d, fc, 16, wmma::mem_col_major);
}

// An accumulator whose elements each lane sets to (lane, element) marks,
// stored in both layouts: where the store puts each element of a lane.
template <int M, int N, int K, typename CType>
__global__ void accumulator_marks(CType* d_row, CType* d_col) {
  wmma::fragment<wmma::accumulator, M, N, K, CType> fc;
  for (int i = 0; i < fc.num_elements; ++i) fc.x[i] = static_cast<CType>(threadIdx.x * 8 + i);
  wmma::store_matrix_sync(generic(d_row), fc, N, wmma::mem_row_major);
  wmma::store_matrix_sync(generic(d_col), fc, M, wmma::mem_col_major);
}

template <typename T>
std::vector<T> index_matrix(int rows, int cols, bool column_major) {
  std::vector<T> out(static_cast<size_t>(rows) * cols);
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      out[column_major ? c * rows + r : r * cols + c] = static_cast<T>(r * cols + c);
  return out;
}

template <typename T>
std::vector<T> convert(const std::vector<float>& in) {
  std::vector<T> out(in.size());
  for (size_t i = 0; i < in.size(); ++i) out[i] = static_cast<T>(in[i]);
  return out;
}

template <int M, int N, int K, typename AType, typename ALayout, typename BType, typename BLayout,
          typename CType, typename AStore, typename BStore, bool Satf = false>
void run_product(const char* name, const std::vector<AStore>& a, const std::vector<BStore>& b,
                 const std::vector<CType>& c, wmma::layout_t c_layout, bool show_fragments) {
  using Frags = wmma::fragment<wmma::matrix_a, M, N, K, AType, ALayout>;
  using Fragb = wmma::fragment<wmma::matrix_b, M, N, K, BType, BLayout>;
  using Fragc = wmma::fragment<wmma::accumulator, M, N, K, CType>;
  DeviceBuffer<AStore> da(a);
  DeviceBuffer<BStore> db(b);
  DeviceBuffer<CType> dc(c);
  for (int use_shared : {0, 1}) {
    DeviceBuffer<CType> row(M * N), col(M * N);
    DeviceBuffer<unsigned char> fa(dump_bytes<Frags>()), fb(dump_bytes<Fragb>()),
        fc(dump_bytes<Fragc>());
    product<M, N, K, AType, ALayout, BType, BLayout, CType, AStore, BStore, Satf><<<1, 32>>>(
        da.get(), db.get(), dc.get(), c_layout, use_shared, row.get(), col.get(), fa.get(),
        fb.get(), fc.get());
    CONF_CHECK_LAUNCH();
    const char* space = use_shared ? "shared" : "global";
    char prefix[128];
    std::snprintf(prefix, sizeof(prefix), "%s/%s", name, space);
    print_case(CaseName(prefix, "d_row"), row.download());
    print_case(CaseName(prefix, "d_col"), col.download());
    if (show_fragments) {
      print_case(CaseName(prefix, "fragment_a"), fa.download());
      print_case(CaseName(prefix, "fragment_b"), fb.download());
      print_case(CaseName(prefix, "fragment_c"), fc.download());
    }
  }
}

template <int M, int N, int K, typename CType>
void run_marks(const char* name) {
  DeviceBuffer<CType> row(M * N), col(M * N);
  accumulator_marks<M, N, K, CType><<<1, 32>>>(row.get(), col.get());
  CONF_CHECK_LAUNCH();
  print_case(CaseName(name, "d_row"), row.download());
  print_case(CaseName(name, "d_col"), col.download());
}

std::vector<float> random_floats(size_t n, uint64_t seed, double lo, double hi) {
  std::vector<float> out(n);
  Rng rng(seed);
  for (auto& v : out) v = static_cast<float>(rng.uniform(lo, hi));
  return out;
}

// tf32 operands are f32 values whose low 13 mantissa bits are cleared,
// rounded to nearest with ties away from zero, as wmma::__float_to_tf32
// (cvt.rna.tf32.f32) does; computed on the host, for finite inputs. (The
// golden was recorded with the conversion on the GPU; the outputs are the
// same.)
std::vector<float> tf32_values(std::vector<float> v) {
  for (float& x : v) {
    uint32_t bits;
    std::memcpy(&bits, &x, 4);
    bits = (bits + 0x1000u) & ~0x1fffu;
    std::memcpy(&x, &bits, 4);
  }
  return v;
}

using wmma::col_major;
using wmma::row_major;
using bf16 = __nv_bfloat16;

void f16_layouts() {
  // Index matrices: every element names its own position (exact in f16).
  const auto a_row = convert<__half>(index_matrix<float>(16, 16, false));
  const auto a_col = convert<__half>(index_matrix<float>(16, 16, true));
  const auto c_row = index_matrix<float>(16, 16, false);
  const auto c_col = index_matrix<float>(16, 16, true);
  run_product<16, 16, 16, __half, row_major, __half, row_major, float>(
      "f16_index/a_row_b_row_c_row", a_row, a_row, c_row, wmma::mem_row_major, true);
  run_product<16, 16, 16, __half, col_major, __half, col_major, float>(
      "f16_index/a_col_b_col_c_col", a_col, a_col, c_col, wmma::mem_col_major, true);
  run_product<16, 16, 16, __half, row_major, __half, col_major, __half>(
      "f16_index/f16_accumulator", a_row, a_col, convert<__half>(index_matrix<float>(16, 16, false)),
      wmma::mem_row_major, true);
  // Random products through every layout pair.
  const auto ra = convert<__half>(random_floats(256, 21, -4.0, 4.0));
  const auto rb = convert<__half>(random_floats(256, 22, -4.0, 4.0));
  const auto rc = random_floats(256, 23, -100.0, 100.0);
  const auto rc16 = convert<__half>(random_floats(256, 24, -100.0, 100.0));
  run_product<16, 16, 16, __half, row_major, __half, row_major, float>(
      "f16_f32/row_row", ra, rb, rc, wmma::mem_row_major, false);
  run_product<16, 16, 16, __half, col_major, __half, row_major, float>(
      "f16_f32/col_row", ra, rb, rc, wmma::mem_col_major, false);
  run_product<16, 16, 16, __half, col_major, __half, col_major, float>(
      "f16_f32/col_col", ra, rb, rc, wmma::mem_row_major, false);
  run_product<16, 16, 16, __half, row_major, __half, col_major, __half>(
      "f16_f16/row_col", ra, rb, rc16, wmma::mem_col_major, true);
  DeviceBuffer<__half> ga(ra), gb(rb);
  DeviceBuffer<float> gd(256);
  f16_global<<<1, 32>>>(ga.get(), gb.get(), gd.get());
  CONF_CHECK_LAUNCH();
  print_case("f16_f32/global_col_row", gd.download());
  run_marks<16, 16, 16, float>("f32_accumulator_marks");
  run_marks<16, 16, 16, __half>("f16_accumulator_marks");
}

void bf16_products() {
  const auto ia = convert<bf16>(index_matrix<float>(16, 16, false));
  run_product<16, 16, 16, bf16, row_major, bf16, row_major, float>(
      "bf16_index/row_row", ia, ia, index_matrix<float>(16, 16, false), wmma::mem_row_major, true);
  const auto ra = convert<bf16>(random_floats(256, 31, -8.0, 8.0));
  auto rb = convert<bf16>(random_floats(256, 32, -8.0, 8.0));
  // Edge values: huge products that overflow f32 and tiny ones.
  rb[3] = static_cast<bf16>(3.0e38f);
  rb[40] = static_cast<bf16>(-1.0e-38f);
  run_product<16, 16, 16, bf16, row_major, bf16, row_major, float>(
      "bf16_f32/row_row", ra, rb, random_floats(256, 33, -50.0, 50.0), wmma::mem_col_major, false);
  run_product<16, 16, 16, bf16, col_major, bf16, col_major, float>(
      "bf16_f32/col_col", ra, rb, random_floats(256, 34, -50.0, 50.0), wmma::mem_row_major, false);
}

void tf32_products() {
  using wmma::precision::tf32;
  run_product<16, 16, 8, tf32, row_major, tf32, col_major, float>(
      "tf32_index/row_col", index_matrix<float>(16, 8, false), index_matrix<float>(8, 16, true),
      index_matrix<float>(16, 16, false), wmma::mem_row_major, true);
  // Operands already rounded to tf32 and raw f32 values (whose low mantissa
  // bits the tensor core ignores or rounds: the result shows which).
  const auto ra = random_floats(128, 41, -3.0, 3.0);
  const auto rb = random_floats(128, 42, -3.0, 3.0);
  const auto rc = random_floats(256, 43, -10.0, 10.0);
  run_product<16, 16, 8, tf32, row_major, tf32, col_major, float>(
      "tf32_f32/rounded_operands", tf32_values(ra), tf32_values(rb), rc, wmma::mem_row_major,
      false);
  run_product<16, 16, 8, tf32, row_major, tf32, col_major, float>(
      "tf32_f32/raw_f32_operands", ra, rb, rc, wmma::mem_col_major, true);
  run_product<16, 16, 8, tf32, col_major, tf32, row_major, float>(
      "tf32_f32/col_row", tf32_values(ra), tf32_values(rb), rc, wmma::mem_row_major, false);
}

void f64_products() {
  run_product<8, 8, 4, double, row_major, double, col_major, double>(
      "f64_index/row_col", index_matrix<double>(8, 4, false), index_matrix<double>(4, 8, true),
      index_matrix<double>(8, 8, false), wmma::mem_row_major, true);
  run_product<8, 8, 4, double, col_major, double, row_major, double>(
      "f64_index/col_row", index_matrix<double>(8, 4, true), index_matrix<double>(4, 8, false),
      index_matrix<double>(8, 8, true), wmma::mem_col_major, true);
  std::vector<double> a(32), b(32), c(64);
  Rng rng(51);
  for (auto& v : a) v = rng.uniform(-1.0, 1.0) * 1e10;
  for (auto& v : b) v = rng.uniform(-1.0, 1.0) * 1e-10;
  for (auto& v : c) v = rng.uniform(-1.0, 1.0);
  c[5] = 1e300;
  a[7] = 1e300;
  b[9] = 1e300;  // an overflow to infinity in one product
  run_product<8, 8, 4, double, row_major, double, col_major, double>(
      "f64_f64/random", a, b, c, wmma::mem_row_major, false);
  run_marks<8, 8, 4, double>("f64_accumulator_marks");
}

void s8_products() {
  std::vector<signed char> ia(256);
  for (int i = 0; i < 256; ++i) ia[i] = static_cast<signed char>(i);
  std::vector<int> ic(256);
  for (int i = 0; i < 256; ++i) ic[i] = i;
  run_product<16, 16, 16, signed char, row_major, signed char, col_major, int>(
      "s8_index/row_col", ia, ia, ic, wmma::mem_row_major, true);
  std::vector<signed char> a(256), b(256);
  std::vector<int> c(256);
  Rng rng(61);
  for (auto& v : a) v = static_cast<signed char>(rng.next32());
  for (auto& v : b) v = static_cast<signed char>(rng.next32());
  for (auto& v : c) v = static_cast<int>(rng.next32());
  // Rows that overflow: C near the limits plus the largest products.
  for (int i = 0; i < 16; ++i) {
    a[i] = -128;
    b[i] = -128;
    a[16 + i] = 127;
    b[16 + i] = -128;
  }
  c[0] = 0x7fffff00;
  c[17] = static_cast<int>(0x80000100u);
  run_product<16, 16, 16, signed char, row_major, signed char, col_major, int>(
      "s8_s32/wrapping", a, b, c, wmma::mem_row_major, false);
  run_product<16, 16, 16, signed char, row_major, signed char, col_major, int, signed char,
              signed char, true>("s8_s32/satfinite", a, b, c, wmma::mem_col_major, false);
  run_marks<16, 16, 16, int>("s32_accumulator_marks");
}

int main() {
  begin("wmma_forms");
  f16_layouts();
  bf16_products();
  tf32_products();
  f64_products();
  s8_products();
  return 0;
}
