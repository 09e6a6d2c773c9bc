// Memory spaces and cache operators: __ldg/__ldcg/__ldca/__ldcs/__ldlu/__ldcv loads,
// __stwb/__stcg/__stcs/__stwt stores, vector loads (float2/float4/double2/int4),
// generic-address predicates and conversions, restrict, volatile, alignment attributes.
#include <cuda_runtime.h>

struct __align__(16) Packed {
  float a, b, c, d;
};

__global__ void memory_spaces(const float* __restrict__ in, const float4* __restrict__ in4,
                              const double2* __restrict__ ind2, const int4* __restrict__ ini4,
                              float* __restrict__ out, float4* out4, Packed* packed, int n) {
  __shared__ float tile[128];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float r = __ldg(in + i) + __ldcg(in + i) + __ldca(in + i) + __ldcs(in + i) + __ldlu(in + i) +
            __ldcv(in + i);
  float4 v = __ldg(in4 + i);
  double2 d = __ldcs(ind2 + i);
  int4 w = __ldcg(ini4 + i);
  float2 pair = reinterpret_cast<const float2*>(in)[i / 2];
  tile[threadIdx.x % 128] = r;
  float* generic_tile = tile;
  float* generic_out = out;
  int local_value[2] = {i, n};
  int* generic_local = local_value + (i & 1);
  unsigned spaces = __isShared(generic_tile) | (__isGlobal(generic_out) << 1) |
                    (__isLocal(generic_local) << 2) | (__isConstant(in) << 3);
  size_t shared_addr = __cvta_generic_to_shared(generic_tile);
  void* back = __cvta_shared_to_generic(shared_addr);
  __syncthreads();
  r += static_cast<float>(d.x + d.y) + static_cast<float>(w.x ^ w.w) + pair.x;
  r += *static_cast<float*>(back) + static_cast<float>(spaces) + static_cast<float>(*generic_local);
  __stwb(out + i, r);
  __stcg(out + n + i, r * 2.0f);
  __stcs(out + 2 * n + i, r * 3.0f);
  __stwt(out + 3 * n + i, r * 4.0f);
  out4[i] = make_float4(v.w, v.z, v.y, v.x);
  Packed p = packed[i];
  packed[i] = Packed{p.d, p.c, p.b, p.a};
  volatile float* vout = out + 4 * n;
  vout[i] = vout[i] + 1.0f;
}
