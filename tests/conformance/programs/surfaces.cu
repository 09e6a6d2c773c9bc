// Surface objects: 1D, 2D, 3D and 2D-layered surfaces written and read by
// kernels, with byte-addressed x coordinates, several element widths, and the
// zero and clamp boundary modes for out-of-range reads.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr int kW = 37, kH = 13, kD = 5, kLayers = 3;

__global__ void write_2d(cudaSurfaceObject_t surf, int w, int h) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  if (x < w && y < h)
    surf2Dwrite(static_cast<u32>(x * 1000 + y) ^ 0xa5a5a5a5u, surf,
                x * static_cast<int>(sizeof(u32)), y);
}

// Reads a window wider than the surface in each boundary mode.
__global__ void read_2d(cudaSurfaceObject_t surf, int w, int h, u32* zero_mode, u32* clamp_mode) {
  const int x = static_cast<int>(blockIdx.x * blockDim.x + threadIdx.x) - 4;
  const int y = static_cast<int>(blockIdx.y) - 2;
  const int i = (blockIdx.y * gridDim.x * blockDim.x) + blockIdx.x * blockDim.x + threadIdx.x;
  zero_mode[i] = surf2Dread<u32>(surf, x * static_cast<int>(sizeof(u32)), y, cudaBoundaryModeZero);
  clamp_mode[i] =
      surf2Dread<u32>(surf, x * static_cast<int>(sizeof(u32)), y, cudaBoundaryModeClamp);
}

__global__ void rw_1d_float4(cudaSurfaceObject_t surf, int w, float4* out) {
  const int x = threadIdx.x;
  if (x < w)
    surf1Dwrite(make_float4(x * 0.5f, -x * 1.0f, x * x * 0.25f, 1.0f / (x + 1)), surf,
                x * static_cast<int>(sizeof(float4)));
  __syncthreads();
  if (x < w) {
    const float4 v = surf1Dread<float4>(surf, ((x * 7) % w) * static_cast<int>(sizeof(float4)));
    out[x] = make_float4(v.w, v.z, v.y, v.x);
  }
}

__global__ void rw_3d_short2(cudaSurfaceObject_t surf, int w, int h, int d, short2* out) {
  const int x = threadIdx.x, y = blockIdx.x, z = blockIdx.y;
  if (x >= w) return;
  surf3Dwrite(make_short2(static_cast<short>(x - y * z), static_cast<short>(x * y + z * 100)), surf,
              x * static_cast<int>(sizeof(short2)), y, z);
  __syncthreads();
  const short2 v = surf3Dread<short2>(surf, ((x + 1) % w) * static_cast<int>(sizeof(short2)), y, z);
  out[(z * h + y) * w + x] = v;
}

__global__ void rw_layered_uchar(cudaSurfaceObject_t surf, int w, int h, unsigned char* out) {
  const int x = threadIdx.x, y = blockIdx.x, layer = blockIdx.y;
  if (x >= w) return;
  surf2DLayeredwrite(static_cast<unsigned char>(x * 3 + y * 5 + layer * 7), surf, x, y, layer);
  __syncthreads();
  out[(layer * h + y) * w + x] = surf2DLayeredread<unsigned char>(surf, w - 1 - x, y, layer);
}

cudaSurfaceObject_t make_surface(cudaArray_t array) {
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = array;
  cudaSurfaceObject_t surf = 0;
  CONF_CHECK(cudaCreateSurfaceObject(&surf, &r));
  return surf;
}

int main() {
  begin("surfaces");
  {
    cudaArray_t array = nullptr;
    const cudaChannelFormatDesc channel = cudaCreateChannelDesc<u32>();
    CONF_CHECK(cudaMallocArray(&array, &channel, kW, kH, cudaArraySurfaceLoadStore));
    const cudaSurfaceObject_t surf = make_surface(array);
    write_2d<<<dim3(2, kH), 32>>>(surf, kW, kH);
    CONF_CHECK_LAUNCH();
    const dim3 window(2, kH + 4);
    const int n = 2 * 32 * (kH + 4);
    DeviceBuffer<u32> zero(n), clamp(n);
    read_2d<<<window, 32>>>(surf, kW, kH, zero.get(), clamp.get());
    CONF_CHECK_LAUNCH();
    print_case("surf2d/read_boundary_zero", zero.download());
    print_case("surf2d/read_boundary_clamp", clamp.download());
    std::vector<u32> back(kW * kH);
    CONF_CHECK(cudaMemcpy2DFromArray(back.data(), kW * sizeof(u32), array, 0, 0, kW * sizeof(u32),
                                     kH, cudaMemcpyDeviceToHost));
    print_case("surf2d/array_contents", back);
    CONF_CHECK(cudaDestroySurfaceObject(surf));
    CONF_CHECK(cudaFreeArray(array));
  }
  {
    cudaArray_t array = nullptr;
    const cudaChannelFormatDesc channel = cudaCreateChannelDesc<float4>();
    CONF_CHECK(cudaMallocArray(&array, &channel, kW, 0, cudaArraySurfaceLoadStore));
    const cudaSurfaceObject_t surf = make_surface(array);
    DeviceBuffer<float4> out(kW);
    rw_1d_float4<<<1, 64>>>(surf, kW, out.get());
    CONF_CHECK_LAUNCH();
    print_case("surf1d/float4", out.download());
    CONF_CHECK(cudaDestroySurfaceObject(surf));
    CONF_CHECK(cudaFreeArray(array));
  }
  {
    cudaArray_t array = nullptr;
    const cudaChannelFormatDesc channel = cudaCreateChannelDesc<short2>();
    CONF_CHECK(cudaMalloc3DArray(&array, &channel, make_cudaExtent(kW, kH, kD),
                                 cudaArraySurfaceLoadStore));
    const cudaSurfaceObject_t surf = make_surface(array);
    DeviceBuffer<short2> out(kW * kH * kD);
    rw_3d_short2<<<dim3(kH, kD), 64>>>(surf, kW, kH, kD, out.get());
    CONF_CHECK_LAUNCH();
    print_case("surf3d/short2", out.download());
    CONF_CHECK(cudaDestroySurfaceObject(surf));
    CONF_CHECK(cudaFreeArray(array));
  }
  {
    cudaArray_t array = nullptr;
    const cudaChannelFormatDesc channel = cudaCreateChannelDesc<unsigned char>();
    CONF_CHECK(cudaMalloc3DArray(&array, &channel, make_cudaExtent(kW, kH, kLayers),
                                 cudaArraySurfaceLoadStore | cudaArrayLayered));
    const cudaSurfaceObject_t surf = make_surface(array);
    DeviceBuffer<unsigned char> out(kW * kH * kLayers);
    rw_layered_uchar<<<dim3(kH, kLayers), 64>>>(surf, kW, kH, out.get());
    CONF_CHECK_LAUNCH();
    print_case("surf2d_layered/uchar", out.download());
    CONF_CHECK(cudaDestroySurfaceObject(surf));
    CONF_CHECK(cudaFreeArray(array));
  }
  return 0;
}
