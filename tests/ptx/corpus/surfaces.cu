// Surface objects: 1D/2D/3D and layered surface loads and stores with the trap, clamp
// and zero boundary modes.
#include <cuda_runtime.h>

__global__ void surface_copy(cudaSurfaceObject_t src2d, cudaSurfaceObject_t dst2d,
                             cudaSurfaceObject_t s1d, cudaSurfaceObject_t s3d,
                             cudaSurfaceObject_t layered, int width, int height) {
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int y = blockIdx.y * blockDim.y + threadIdx.y;
  if (x >= width || y >= height) return;
  float4 v = surf2Dread<float4>(src2d, x * static_cast<int>(sizeof(float4)), y);
  v.x = 1.0f - v.x;
  surf2Dwrite(v, dst2d, x * static_cast<int>(sizeof(float4)), y);
  float s = surf1Dread<float>(s1d, x * 4, cudaBoundaryModeClamp);
  surf1Dwrite(s * 2.0f, s1d, x * 4, cudaBoundaryModeZero);
  uchar4 voxel = surf3Dread<uchar4>(s3d, x * 4, y, 1);
  surf3Dwrite(make_uchar4(voxel.w, voxel.z, voxel.y, voxel.x), s3d, x * 4, y, 2);
  int layer_value = surf2DLayeredread<int>(layered, x * 4, y, 3);
  surf2DLayeredwrite(layer_value + 1, layered, x * 4, y, 0, cudaBoundaryModeTrap);
  short2 pair;
  surf2Dread(&pair, src2d, x * 4, y, cudaBoundaryModeClamp);
  surf2Dwrite(pair, dst2d, x * 4, height - 1 - y);
}
