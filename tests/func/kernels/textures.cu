// Texture and surface kernels for tests/func/texture_ops_test.cpp:
//   nvcc -arch=sm_90 -ptx textures.cu -o textures.ptx
#include <cuda_runtime.h>

__global__ void sample_2d(cudaTextureObject_t tex, const float2* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2D<float>(tex, at[i].x, at[i].y);
}

__global__ void sample_1d(cudaTextureObject_t tex, const float* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1D<float>(tex, at[i]);
}

__global__ void sample_2d_layered(cudaTextureObject_t tex, const float2* at, int layer,
                                  float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLayered<float>(tex, at[i].x, at[i].y, layer);
}

__global__ void fetch_int(cudaTextureObject_t tex, const int* at, int* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1Dfetch<int>(tex, at[i]);
}

__global__ void gather_green(cudaTextureObject_t tex, const float2* at, float4* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2Dgather<float4>(tex, at[i].x, at[i].y, 1);
}

__global__ void surface_read(cudaSurfaceObject_t surf, const int2* at, unsigned* zero,
                             unsigned* clamp, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  zero[i] = surf2Dread<unsigned>(surf, at[i].x * 4, at[i].y, cudaBoundaryModeZero);
  clamp[i] = surf2Dread<unsigned>(surf, at[i].x * 4, at[i].y, cudaBoundaryModeClamp);
}

__global__ void surface_write(cudaSurfaceObject_t surf, int x, int y, unsigned value) {
  surf2Dwrite(value, surf, x * 4, y);
}

// An early return before __syncthreads in a partially filled warp.
__global__ void early_return_then_barrier(unsigned* out, int n) {
  __shared__ unsigned shared[64];
  const int x = threadIdx.x;
  if (x >= n) return;
  shared[x] = x * 3;
  __syncthreads();
  out[x] = shared[(x + 1) % n];
}

// Mipmapped textures and cube maps.
__global__ void sample_2d_lod(cudaTextureObject_t tex, const float4* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex2DLod<float>(tex, at[i].x, at[i].y, at[i].z);
}

__global__ void sample_1d_lod(cudaTextureObject_t tex, const float2* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = tex1DLod<float>(tex, at[i].x, at[i].y);
}

// at[3i] = (x, y), at[3i + 1] = d(x,y)/dx, at[3i + 2] = d(x,y)/dy.
__global__ void sample_2d_grad(cudaTextureObject_t tex, const float2* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    const float2 p = at[3 * i], dx = at[3 * i + 1], dy = at[3 * i + 2];
    out[i] = tex2DGrad<float>(tex, p.x, p.y, dx, dy);
  }
}

__global__ void sample_cube(cudaTextureObject_t tex, const float4* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = texCubemap<float>(tex, at[i].x, at[i].y, at[i].z);
}

__global__ void sample_cube_layered(cudaTextureObject_t tex, const float4* at, float* out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = texCubemapLayered<float>(tex, at[i].x, at[i].y, at[i].z, static_cast<int>(at[i].w));
}
