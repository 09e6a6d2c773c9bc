// Texture objects: 1D/2D/3D fetches with float coordinates, integer fetches from linear
// memory, layered and cubemap lookups, gathers, level-of-detail and gradient forms.
#include <cuda_runtime.h>

__global__ void texture_reads(cudaTextureObject_t t1, cudaTextureObject_t t2,
                              cudaTextureObject_t t3, cudaTextureObject_t linear,
                              cudaTextureObject_t layered, cudaTextureObject_t cube,
                              cudaTextureObject_t bytes, float* out, int4* iout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float u = (static_cast<float>(i) + 0.5f) / static_cast<float>(n);
  float* o = out + 12 * i;
  o[0] = tex1D<float>(t1, u);
  o[1] = tex2D<float>(t2, u, 1.0f - u);
  o[2] = tex3D<float>(t3, u, u * 0.5f, 0.25f);
  o[3] = tex1Dfetch<float>(linear, i);
  o[4] = tex1DLayered<float>(layered, u, i % 4);
  o[5] = tex2DLayered<float>(layered, u, u, i % 4);
  o[6] = texCubemap<float>(cube, u, 1.0f, -u);
  float4 g = tex2Dgather<float4>(t2, u, u, 1);
  o[7] = g.x + g.w;
  o[8] = tex2DLod<float>(t2, u, u, 1.5f);
  o[9] = tex2DGrad<float>(t2, u, u, make_float2(0.01f, 0.0f), make_float2(0.0f, 0.01f));
  o[10] = tex1DLod<float>(t1, u, 0.0f);
  float4 rgba = tex2D<float4>(t2, u, u);
  o[11] = rgba.y;
  iout[i] = tex1Dfetch<int4>(bytes, i);
}
