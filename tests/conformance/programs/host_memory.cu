// Host-side memory: pinned (cudaMallocHost), mapped zero-copy (cudaHostAlloc
// with cudaHostAllocMapped), managed memory, registered host memory, async
// copies on streams ordered by events, memsets, and stream/event queries.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr int kCount = 4096;

__global__ void scale_kernel(const u32* in, u32* out, u32 factor, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = in[i] * factor + static_cast<u32>(i);
}

// Writes straight into host memory through a mapped pointer.
__global__ void mapped_kernel(u32* host_visible, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) host_visible[i] = host_visible[i] ^ (static_cast<u32>(i) * 0x9e3779b9u);
}

__global__ void managed_kernel(double* data, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) data[i] = data[i] * 1.5 - static_cast<double>(i);
}

int main() {
  begin("host_memory");
  Rng rng(0x4057ull);
  // Pinned host buffers and async copies on two streams, ordered by an event.
  u32* pinned_in = nullptr;
  u32* pinned_out = nullptr;
  CONF_CHECK(cudaMallocHost(reinterpret_cast<void**>(&pinned_in), kCount * sizeof(u32)));
  CONF_CHECK(cudaMallocHost(reinterpret_cast<void**>(&pinned_out), kCount * sizeof(u32)));
  for (int i = 0; i < kCount; ++i) pinned_in[i] = rng.next32();
  DeviceBuffer<u32> a(kCount), b(kCount);
  cudaStream_t s1, s2;
  CONF_CHECK(cudaStreamCreate(&s1));
  CONF_CHECK(cudaStreamCreateWithFlags(&s2, cudaStreamNonBlocking));
  cudaEvent_t copied;
  CONF_CHECK(cudaEventCreateWithFlags(&copied, cudaEventDisableTiming));
  CONF_CHECK(cudaMemcpyAsync(a.get(), pinned_in, kCount * sizeof(u32), cudaMemcpyHostToDevice, s1));
  CONF_CHECK(cudaEventRecord(copied, s1));
  CONF_CHECK(cudaStreamWaitEvent(s2, copied, 0));
  scale_kernel<<<kCount / 256, 256, 0, s2>>>(a.get(), b.get(), 7u, kCount);
  CONF_CHECK(cudaMemsetAsync(a.get(), 0x11, 64 * sizeof(u32), s2));
  CONF_CHECK(
      cudaMemcpyAsync(pinned_out, b.get(), kCount * sizeof(u32), cudaMemcpyDeviceToHost, s2));
  CONF_CHECK(cudaStreamSynchronize(s2));
  print_case("pinned/async_streams_event_order", pinned_out, kCount);
  print_value("stream/query_after_sync_is_success",
              static_cast<int>(cudaStreamQuery(s2) == cudaSuccess));
  print_value("event/query_after_sync_is_success",
              static_cast<int>(cudaEventQuery(copied) == cudaSuccess));
  print_case("memset_async/first_words", a.download());
  unsigned int flags = 0;
  CONF_CHECK(cudaStreamGetFlags(s2, &flags));
  print_value("stream/non_blocking_flag", flags);

  // Timing events: only that the elapsed time is non-negative.
  cudaEvent_t start, stop;
  CONF_CHECK(cudaEventCreate(&start));
  CONF_CHECK(cudaEventCreate(&stop));
  CONF_CHECK(cudaEventRecord(start, s1));
  scale_kernel<<<kCount / 256, 256, 0, s1>>>(b.get(), a.get(), 3u, kCount);
  CONF_CHECK(cudaEventRecord(stop, s1));
  CONF_CHECK(cudaEventSynchronize(stop));
  float ms = -1.0f;
  CONF_CHECK(cudaEventElapsedTime(&ms, start, stop));
  print_value("event/elapsed_non_negative", static_cast<int>(ms >= 0.0f));
  print_case("stream/kernel_chain", a.download());

  // Mapped (zero-copy) memory: the kernel writes host memory directly.
  u32* mapped = nullptr;
  CONF_CHECK(
      cudaHostAlloc(reinterpret_cast<void**>(&mapped), kCount * sizeof(u32), cudaHostAllocMapped));
  for (int i = 0; i < kCount; ++i) mapped[i] = static_cast<u32>(i) * 3u;
  u32* mapped_device = nullptr;
  CONF_CHECK(cudaHostGetDevicePointer(reinterpret_cast<void**>(&mapped_device), mapped, 0));
  mapped_kernel<<<kCount / 256, 256>>>(mapped_device, kCount);
  CONF_CHECK_LAUNCH();
  print_case("mapped/kernel_wrote_host", mapped, kCount);
  unsigned int host_flags = 0;
  CONF_CHECK(cudaHostGetFlags(&host_flags, mapped));
  print_value("mapped/has_mapped_flag", static_cast<int>((host_flags & cudaHostAllocMapped) != 0));

  // Registered pageable memory used as a copy source.
  std::vector<u32> registered(kCount);
  for (auto& v : registered) v = rng.next32();
  CONF_CHECK(cudaHostRegister(registered.data(), kCount * sizeof(u32), cudaHostRegisterDefault));
  CONF_CHECK(cudaMemcpy(b.get(), registered.data(), kCount * sizeof(u32), cudaMemcpyDefault));
  CONF_CHECK(cudaHostUnregister(registered.data()));
  print_case("registered/copy_default_kind", b.download());

  // Managed memory, small: written on the host, changed by a kernel, read back.
  double* managed = nullptr;
  CONF_CHECK(cudaMallocManaged(reinterpret_cast<void**>(&managed), kCount * sizeof(double)));
  for (int i = 0; i < kCount; ++i) managed[i] = static_cast<double>(i) * 0.75;
  managed_kernel<<<kCount / 256, 256>>>(managed, kCount);
  CONF_CHECK_LAUNCH();
  managed_kernel<<<kCount / 256, 256>>>(managed, kCount);
  CONF_CHECK_LAUNCH();
  print_case("managed/two_kernels", managed, kCount);
  cudaPointerAttributes attributes{};
  CONF_CHECK(cudaPointerGetAttributes(&attributes, managed));
  print_value("pointer/managed_type", static_cast<int>(attributes.type));
  CONF_CHECK(cudaPointerGetAttributes(&attributes, a.get()));
  print_value("pointer/device_type", static_cast<int>(attributes.type));
  CONF_CHECK(cudaPointerGetAttributes(&attributes, pinned_in));
  print_value("pointer/pinned_host_type", static_cast<int>(attributes.type));

  // Synchronous memset and device-to-device copy.
  CONF_CHECK(cudaMemset(b.get(), 0xfe, 100 * sizeof(u32) + 3));
  CONF_CHECK(cudaMemcpy(a.get(), b.get(), kCount * sizeof(u32), cudaMemcpyDeviceToDevice));
  print_case("memset/odd_length_then_d2d", a.download());

  CONF_CHECK(cudaFree(managed));
  CONF_CHECK(cudaFreeHost(mapped));
  CONF_CHECK(cudaFreeHost(pinned_in));
  CONF_CHECK(cudaFreeHost(pinned_out));
  CONF_CHECK(cudaEventDestroy(copied));
  CONF_CHECK(cudaEventDestroy(start));
  CONF_CHECK(cudaEventDestroy(stop));
  CONF_CHECK(cudaStreamDestroy(s1));
  CONF_CHECK(cudaStreamDestroy(s2));
  return 0;
}
