// Pitched and 3D memory: cudaMallocPitch, cudaMemcpy2D in every direction with
// sub-rectangles, cudaMemset2D, cudaMalloc3D, cudaMemcpy3D with offsets,
// cudaMemset3D, and a kernel reading through the pitch.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

__global__ void pitched_kernel(cudaPitchedPtr p, int width, int height, int depth, u32* out) {
  const int x = blockIdx.x * blockDim.x + threadIdx.x;
  const int y = blockIdx.y;
  const int z = blockIdx.z;
  if (x >= width) return;
  const char* slice = static_cast<const char*>(p.ptr) + static_cast<size_t>(z) * p.pitch * height;
  const u32* row = reinterpret_cast<const u32*>(slice + static_cast<size_t>(y) * p.pitch);
  out[(z * height + y) * width + x] = row[x] * 3u + static_cast<u32>(x ^ y ^ z);
}

int main() {
  begin("memcpy_2d_3d");
  Rng rng(0x2d3dull);
  // 2D: a 100 x 37 matrix of words.
  const int width = 100, height = 37;
  std::vector<u32> host(width * height);
  for (auto& v : host) v = rng.next32();
  u32* dev = nullptr;
  size_t pitch = 0;
  CONF_CHECK(cudaMallocPitch(reinterpret_cast<void**>(&dev), &pitch, width * sizeof(u32), height));
  print_value("2d/pitch_is_multiple_of_512",
              static_cast<int>(pitch % 512 == 0 && pitch >= width * sizeof(u32)));
  CONF_CHECK(cudaMemset2D(dev, pitch, 0xab, width * sizeof(u32), height));
  CONF_CHECK(cudaMemcpy2D(dev, pitch, host.data(), width * sizeof(u32), 60 * sizeof(u32), 30,
                          cudaMemcpyHostToDevice));
  std::vector<u32> back(width * height);
  CONF_CHECK(cudaMemcpy2D(back.data(), width * sizeof(u32), dev, pitch, width * sizeof(u32), height,
                          cudaMemcpyDeviceToHost));
  print_case("2d/partial_copy_over_memset", back);
  // Device-to-device into a second pitched buffer, shifted by 3 rows and 5 columns.
  u32* dev2 = nullptr;
  size_t pitch2 = 0;
  CONF_CHECK(
      cudaMallocPitch(reinterpret_cast<void**>(&dev2), &pitch2, width * sizeof(u32), height));
  CONF_CHECK(cudaMemset2D(dev2, pitch2, 0, width * sizeof(u32), height));
  CONF_CHECK(cudaMemcpy2D(reinterpret_cast<char*>(dev2) + 3 * pitch2 + 5 * sizeof(u32), pitch2, dev,
                          pitch, 50 * sizeof(u32), 20, cudaMemcpyDeviceToDevice));
  CONF_CHECK(cudaMemcpy2D(back.data(), width * sizeof(u32), dev2, pitch2, width * sizeof(u32),
                          height, cudaMemcpyDeviceToHost));
  print_case("2d/device_to_device_shifted", back);
  // A kernel reads through the pitch.
  DeviceBuffer<u32> out(width * height);
  pitched_kernel<<<dim3(1, height, 1), 128>>>(make_cudaPitchedPtr(dev, pitch, width, height), width,
                                              height, 1, out.get());
  CONF_CHECK_LAUNCH();
  print_case("2d/kernel_read", out.download());
  CONF_CHECK(cudaFree(dev));
  CONF_CHECK(cudaFree(dev2));

  // 3D: 33 x 17 x 9 words.
  const int w = 33, h = 17, d = 9;
  cudaExtent extent = make_cudaExtent(w * sizeof(u32), h, d);
  cudaPitchedPtr volume{};
  CONF_CHECK(cudaMalloc3D(&volume, extent));
  print_value("3d/pitch_covers_row", static_cast<int>(volume.pitch >= w * sizeof(u32)));
  CONF_CHECK(cudaMemset3D(volume, 0x5c, extent));
  std::vector<u32> host3(w * h * d);
  for (auto& v : host3) v = rng.next32();
  cudaMemcpy3DParms up{};
  up.srcPtr = make_cudaPitchedPtr(host3.data(), w * sizeof(u32), w, h);
  up.dstPtr = volume;
  up.srcPos = make_cudaPos(2 * sizeof(u32), 1, 1);
  up.dstPos = make_cudaPos(4 * sizeof(u32), 3, 2);
  up.extent = make_cudaExtent(20 * sizeof(u32), 10, 5);
  up.kind = cudaMemcpyHostToDevice;
  CONF_CHECK(cudaMemcpy3D(&up));
  std::vector<u32> back3(w * h * d);
  cudaMemcpy3DParms down{};
  down.srcPtr = volume;
  down.dstPtr = make_cudaPitchedPtr(back3.data(), w * sizeof(u32), w, h);
  down.extent = extent;
  down.kind = cudaMemcpyDeviceToHost;
  CONF_CHECK(cudaMemcpy3D(&down));
  print_case("3d/sub_box_over_memset", back3);
  DeviceBuffer<u32> out3(w * h * d);
  pitched_kernel<<<dim3(1, h, d), 64>>>(volume, w, h, d, out3.get());
  CONF_CHECK_LAUNCH();
  print_case("3d/kernel_read", out3.download());
  // Host-to-host through cudaMemcpy2D (the runtime does this too).
  std::vector<u32> src(64 * 8), dst(64 * 8, 0);
  for (auto& v : src) v = rng.next32();
  CONF_CHECK(cudaMemcpy2D(dst.data(), 64 * sizeof(u32), src.data(), 32 * sizeof(u32),
                          16 * sizeof(u32), 8, cudaMemcpyHostToHost));
  print_case("2d/host_to_host", dst);
  CONF_CHECK(cudaFree(volume.ptr));
  return 0;
}
