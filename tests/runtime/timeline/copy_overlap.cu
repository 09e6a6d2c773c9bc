// Host<->device copies and streams on the simulated device timeline
// (docs/runtime.md): run under `smsim run --mode timing`, this checks the
// relations the model must show and exits 1 when one does not hold:
// - a pinned copy is faster than a pageable one of the same size;
// - two streams each copying in, computing and copying out take less time
//   than the same work on one stream, where the GPU has a copy engine;
// - on a GPU without copy engines (CC 1.0, e.g. --gpu 8800gtx) the two
//   streams take as long as one: nothing overlaps.
// It prints the simulated times, then PASS or the relation that failed.
#include <cuda_runtime.h>

#include <cstdio>
#include <cstdlib>

#define CHECK(call)                                                                        \
  do {                                                                                     \
    const cudaError_t e_ = (call);                                                         \
    if (e_ != cudaSuccess) {                                                               \
      std::printf("FAIL %s:%d %s: %s\n", __FILE__, __LINE__, #call, cudaGetErrorName(e_)); \
      std::exit(1);                                                                        \
    }                                                                                      \
  } while (0)

constexpr int kN = 1 << 20;  // floats per buffer: 4 MiB
constexpr int kHalf = kN / 2;

__device__ float table[kN / 4];  // 1 MiB, for a timed cudaMemcpyToSymbol

// Integer arithmetic only (mad.lo.u32), so that the kernel runs on the CC 1.x
// models too (f32 fma needs sm_20).
__global__ void scale(float* x, int n, int rounds) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  unsigned* u = reinterpret_cast<unsigned*>(x);
  unsigned v = u[i];
  for (int r = 0; r < rounds; ++r) v = v * 1664525u + 1013904223u;
  u[i] = v;
}

float elapsed(cudaEvent_t a, cudaEvent_t b) {
  float ms = 0.0f;
  CHECK(cudaEventElapsedTime(&ms, a, b));
  return ms;
}

int main() {
  cudaDeviceProp prop{};
  CHECK(cudaGetDeviceProperties(&prop, 0));
  float* pinned = nullptr;
  CHECK(cudaMallocHost(&pinned, kN * sizeof(float)));
  float* pageable = static_cast<float*>(std::malloc(kN * sizeof(float)));
  for (int i = 0; i < kN; ++i) pinned[i] = pageable[i] = static_cast<float>(i % 97);
  float* dev = nullptr;
  CHECK(cudaMalloc(&dev, kN * sizeof(float)));
  cudaEvent_t start, stop;
  CHECK(cudaEventCreate(&start));
  CHECK(cudaEventCreate(&stop));

  // Pinned vs pageable host-to-device copies.
  CHECK(cudaEventRecord(start));
  CHECK(cudaMemcpy(dev, pinned, kN * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  const float pinned_ms = elapsed(start, stop);
  CHECK(cudaEventRecord(start));
  CHECK(cudaMemcpy(dev, pageable, kN * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  const float pageable_ms = elapsed(start, stop);

  // The same work on one stream, then split over two streams.
  cudaStream_t s[2];
  CHECK(cudaStreamCreate(&s[0]));
  CHECK(cudaStreamCreate(&s[1]));
  // A short kernel (128 blocks of 64 threads, which fit a 1.0 SM) keeps the simulation quick; the
  // copies of 2 MiB dominate either way.
  const int threads = 64, blocks = 128, rounds = 256;
  CHECK(cudaEventRecord(start, s[0]));
  for (int part = 0; part < 2; ++part) {
    float* d = dev + part * kHalf;
    float* h = pinned + part * kHalf;
    CHECK(cudaMemcpyAsync(d, h, kHalf * sizeof(float), cudaMemcpyHostToDevice, s[0]));
    scale<<<blocks, threads, 0, s[0]>>>(d, blocks * threads, rounds);
    CHECK(cudaGetLastError());
    CHECK(cudaMemcpyAsync(h, d, kHalf * sizeof(float), cudaMemcpyDeviceToHost, s[0]));
  }
  CHECK(cudaEventRecord(stop, s[0]));
  CHECK(cudaEventSynchronize(stop));
  const float one_stream_ms = elapsed(start, stop);

  cudaEvent_t done[2];
  CHECK(cudaEventCreate(&done[0]));
  CHECK(cudaEventCreate(&done[1]));
  CHECK(cudaDeviceSynchronize());
  CHECK(cudaEventRecord(start, s[0]));
  CHECK(cudaStreamWaitEvent(s[1], start, 0));
  // Breadth first (all copies in, all kernels, all copies out): with one
  // copy engine, copies run in issue order, so depth-first issue would put
  // the second copy in behind the first copy out.
  for (int part = 0; part < 2; ++part) {
    CHECK(cudaMemcpyAsync(dev + part * kHalf, pinned + part * kHalf, kHalf * sizeof(float),
                          cudaMemcpyHostToDevice, s[part]));
  }
  for (int part = 0; part < 2; ++part) {
    scale<<<blocks, threads, 0, s[part]>>>(dev + part * kHalf, blocks * threads, rounds);
    CHECK(cudaGetLastError());
  }
  for (int part = 0; part < 2; ++part) {
    CHECK(cudaMemcpyAsync(pinned + part * kHalf, dev + part * kHalf, kHalf * sizeof(float),
                          cudaMemcpyDeviceToHost, s[part]));
    CHECK(cudaEventRecord(done[part], s[part]));
  }
  CHECK(cudaStreamWaitEvent(s[0], done[1], 0));
  CHECK(cudaEventRecord(stop, s[0]));
  CHECK(cudaEventSynchronize(stop));
  const float two_streams_ms = elapsed(start, stop);

  // A kernel's own time, to see that it ran and took simulated time.
  CHECK(cudaEventRecord(start));
  scale<<<blocks, threads>>>(dev, blocks * threads, rounds);
  CHECK(cudaGetLastError());
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  const float kernel_ms = elapsed(start, stop);

  // A symbol copy takes time too (about a quarter of the 4 MiB copy).
  CHECK(cudaEventRecord(start));
  CHECK(cudaMemcpyToSymbol(table, pinned, sizeof(table)));
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  const float symbol_ms = elapsed(start, stop);

  // And a 3D copy of 1 MiB (256 rows of 4 KiB).
  cudaMemcpy3DParms copy3d{};
  copy3d.srcPtr = make_cudaPitchedPtr(pinned, 4096, 4096, 256);
  copy3d.dstPtr = make_cudaPitchedPtr(dev, 4096, 4096, 256);
  copy3d.extent = make_cudaExtent(4096, 256, 1);
  copy3d.kind = cudaMemcpyHostToDevice;
  CHECK(cudaEventRecord(start));
  CHECK(cudaMemcpy3D(&copy3d));
  CHECK(cudaEventRecord(stop));
  CHECK(cudaEventSynchronize(stop));
  const float copy3d_ms = elapsed(start, stop);

  std::printf("%s: %d copy engine(s)\n", prop.name, prop.asyncEngineCount);
  std::printf("1 MiB cudaMemcpy3D: %.4f ms\n", copy3d_ms);
  std::printf("1 MiB to a __device__ array: %.4f ms\n", symbol_ms);
  std::printf("kernel %.4f ms\n", kernel_ms);
  std::printf("4 MiB host to device: pinned %.4f ms, pageable %.4f ms\n", pinned_ms, pageable_ms);
  std::printf("copy in, kernel, copy out twice: one stream %.4f ms, two streams %.4f ms\n",
              one_stream_ms, two_streams_ms);
  bool ok = true;
  if (!(kernel_ms > 0.0f && kernel_ms < one_stream_ms)) {
    std::printf("FAIL the kernel's time is not positive and finite\n");
    ok = false;
  }
  if (!(symbol_ms > 0.0f && symbol_ms < pinned_ms)) {
    std::printf("FAIL a 1 MiB symbol copy does not take less time than 4 MiB\n");
    ok = false;
  }
  if (!(copy3d_ms > 0.0f && copy3d_ms < pinned_ms)) {
    std::printf("FAIL a 1 MiB 3D copy does not take less time than 4 MiB\n");
    ok = false;
  }
  if (!(pinned_ms > 0.0f && pinned_ms < pageable_ms)) {
    std::printf("FAIL pinned copy not faster than pageable\n");
    ok = false;
  }
  if (prop.asyncEngineCount > 0 && !(two_streams_ms < one_stream_ms)) {
    std::printf("FAIL two streams do not overlap copies with the kernels\n");
    ok = false;
  }
  if (prop.asyncEngineCount == 0 && two_streams_ms < one_stream_ms) {
    std::printf("FAIL two streams overlap on a GPU without copy engines\n");
    ok = false;
  }
  if (ok) std::printf("PASS\n");
  return ok ? 0 : 1;
}
