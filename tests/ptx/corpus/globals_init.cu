// Module-scope variables with initializers: __constant__ and __device__ scalars, arrays,
// structs, strings, and pointers initialized with addresses of other globals
// (generic(...) initializers in PTX), plus uninitialized and extern-free globals.
struct Params {
  int count;
  float scale;
  double bias;
  short pad[3];
};

__constant__ float c_coeffs[8] = {1.0f, -0.5f, 0.25f, -0.125f, 0.0625f, 3.0e38f, 1.0e-40f, -0.0f};
__constant__ Params c_params = {7, 1.5f, -2.25, {1, 2, 3}};
__constant__ double c_table[4] = {3.141592653589793, 2.718281828459045, 1.0e308, 4.9e-324};
__constant__ char c_message[] = "smsim corpus";
__constant__ unsigned long long c_big = 0xfedcba9876543210ull;
__constant__ int c_uninitialized[16];

__device__ int g_values[5] = {10, 20, 30, 40, 50};
__device__ int* g_value_ptr = &g_values[2];
__device__ const float* g_coeff_ptr = nullptr;
__device__ int* g_ptr_table[3] = {&g_values[0], &g_values[4], nullptr};
__device__ const char* g_string = "string in global memory";
__device__ unsigned char g_bytes[3] = {0xff, 0x00, 0x7f};
__device__ float g_accum;
__device__ long long g_counters[4] = {-1, 0, 1, 0x7fffffffffffffffll};
static __device__ int s_file_local = 99;

__global__ void globals_init(float* out, long long* wide, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r = c_coeffs[i % 8] * c_params.scale + static_cast<float>(c_params.bias);
  r += static_cast<float>(c_table[i % 4]) + static_cast<float>(c_message[i % 12]);
  r += static_cast<float>(*g_value_ptr + *g_ptr_table[i % 2] + g_bytes[i % 3] + s_file_local);
  r += static_cast<float>(c_uninitialized[i % 16] + c_params.pad[i % 3]);
  r += static_cast<float>(g_string[i % 8]);
  if (g_coeff_ptr == nullptr) g_coeff_ptr = c_coeffs;
  atomicAdd(&g_accum, r);
  out[i] = r;
  wide[i] = g_counters[i % 4] ^ static_cast<long long>(c_big);
}
