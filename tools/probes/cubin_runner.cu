// Runs one kernel of a cubin (built offline by ptxas, so the driver's JIT is
// not involved) through the CUDA driver API, on one block, and prints the
// launch's and the synchronization's results and the output buffer.
//   nvcc -O2 cubin_runner.cu -o cubin_runner -lcuda
//   ./cubin_runner CUBIN KERNEL plain|cluster1 THREADS IN_BYTES OUT_BYTES
// The kernel takes (in, out): `in` holds byte i = (i * 151 + 7) & 0xff, `out`
// starts as 0xee bytes. `cluster1` launches with the cluster-dimension
// attribute 1,1,1 (cuLaunchKernelEx); `plain` with cuLaunchKernel. One
// kernel per process: an error such as cudaErrorIllegalInstruction is sticky.
#include <cuda.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

namespace {

const char* name(CUresult r) {
  const char* s = nullptr;
  cuGetErrorName(r, &s);
  return s ? s : "?";
}

void check(CUresult r, const char* what) {
  if (r == CUDA_SUCCESS) return;
  std::printf("setup %s: %s\n", what, name(r));
  std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 7) {
    std::fprintf(stderr, "usage: cubin_runner CUBIN KERNEL plain|cluster1 THREADS IN_BYTES OUT_BYTES\n");
    return 2;
  }
  const char* kernel = argv[2];
  const bool cluster = std::strcmp(argv[3], "cluster1") == 0;
  const unsigned threads = static_cast<unsigned>(std::atoi(argv[4]));
  const size_t in_bytes = std::strtoul(argv[5], nullptr, 0);
  const size_t out_bytes = std::strtoul(argv[6], nullptr, 0);
  check(cuInit(0), "cuInit");
  CUdevice dev;
  check(cuDeviceGet(&dev, 0), "cuDeviceGet");
  CUcontext ctx;
  check(cuDevicePrimaryCtxRetain(&ctx, dev), "retain");
  check(cuCtxSetCurrent(ctx), "set");
  CUmodule mod;
  const CUresult load = cuModuleLoad(&mod, argv[1]);
  if (load != CUDA_SUCCESS) {
    std::printf("%s %s load=%s\n", kernel, argv[3], name(load));
    return 0;
  }
  CUfunction f;
  check(cuModuleGetFunction(&f, mod, kernel), "function");
  std::vector<unsigned char> in(in_bytes), out(out_bytes, 0xee);
  for (size_t i = 0; i < in_bytes; ++i) in[i] = static_cast<unsigned char>((i * 151 + 7) & 0xff);
  CUdeviceptr din, dout;
  check(cuMemAlloc(&din, in_bytes), "alloc in");
  check(cuMemAlloc(&dout, out_bytes), "alloc out");
  check(cuMemcpyHtoD(din, in.data(), in_bytes), "copy in");
  check(cuMemcpyHtoD(dout, out.data(), out_bytes), "copy out");
  void* params[] = {&din, &dout};
  CUresult launch;
  if (cluster) {
    CUlaunchConfig config{};
    config.gridDimX = config.gridDimY = config.gridDimZ = 1;
    config.blockDimX = threads;
    config.blockDimY = config.blockDimZ = 1;
    CUlaunchAttribute attr{};
    attr.id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attr.value.clusterDim.x = attr.value.clusterDim.y = attr.value.clusterDim.z = 1;
    config.attrs = &attr;
    config.numAttrs = 1;
    launch = cuLaunchKernelEx(&config, f, params, nullptr);
  } else {
    launch = cuLaunchKernel(f, 1, 1, 1, threads, 1, 1, 0, nullptr, params, nullptr);
  }
  const CUresult sync = cuCtxSynchronize();
  const CUresult copy = cuMemcpyDtoH(out.data(), dout, out_bytes);
  std::printf("%s %s launch=%s sync=%s copy=%s out=", kernel, argv[3], name(launch), name(sync),
              name(copy));
  for (unsigned char b : out) std::printf("%02x", b);
  std::printf("\n");
  return 0;
}
