// st.async into the block's own shared memory: it runs in a launch with a
// cluster attribute of 1x1x1 and fails with cudaErrorIllegalInstruction
// (sticky) in a plain launch, whose blocks belong to no explicit cluster.
// nvcc-flags: -arch=sm_90
#include "report.h"

__global__ void async_store(int* out) {
  __shared__ alignas(8) unsigned long long barrier;
  __shared__ int word;
  if (threadIdx.x != 0) return;
  const unsigned b = static_cast<unsigned>(__cvta_generic_to_shared(&barrier));
  const unsigned w = static_cast<unsigned>(__cvta_generic_to_shared(&word));
  asm volatile(
      "{\n"
      ".reg .b64 state;\n"
      ".reg .pred done;\n"
      "mbarrier.init.shared::cta.b64 [%0], 1;\n"
      "fence.mbarrier_init.release.cluster;\n"
      "mbarrier.arrive.expect_tx.shared::cta.b64 state, [%0], 4;\n"
      "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%1], %2, [%0];\n"
      "WAIT:\n"
      "mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
      "@!done bra WAIT;\n"
      "}\n" ::"r"(b), "r"(w), "r"(7)
      : "memory");
  *out = word;
}

int main() {
  golden::start();
  int* out = nullptr;
  golden::call("cudaMalloc", cudaMalloc(&out, sizeof(int)));
  cudaLaunchAttribute attribute{};
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = attribute.val.clusterDim.y = attribute.val.clusterDim.z = 1;
  cudaLaunchConfig_t config{};
  config.gridDim = dim3(1);
  config.blockDim = dim3(32);
  config.attrs = &attribute;
  config.numAttrs = 1;
  golden::call("cudaLaunchKernelEx cluster 1x1x1", cudaLaunchKernelEx(&config, async_store, out));
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  int value = 0;
  golden::call("cudaMemcpy", cudaMemcpy(&value, out, sizeof value, cudaMemcpyDeviceToHost));
  golden::value("stored", value);
  async_store<<<1, 32>>>(out);
  golden::call("launch without cluster", cudaGetLastError());
  golden::call("cudaDeviceSynchronize", cudaDeviceSynchronize());
  return golden::finish();
}
