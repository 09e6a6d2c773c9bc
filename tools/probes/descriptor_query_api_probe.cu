// Probe: at which runtime API call a module holding a txq/suq query that
// reads the descriptor fails (descriptor_query_probe.cu: its launches fail),
// whether the error is sticky and whether the module's other kernels fail
// too. -DTXQ, -DSUQ or -DBOTH picks the query (txq.channel_order,
// suq.channel_order, or both in two kernels of the one module).
//   nvcc -arch=sm_90 -cudart shared -DTXQ descriptor_query_api_probe.cu -o dq_txq
//   CUDA_MODULE_LOADING=EAGER ./dq_txq; CUDA_MODULE_LOADING=LAZY ./dq_txq
#include <cstdio>
#include <cstring>

#define STR2(x) #x
#define STR(x) STR2(x)

__global__ void plain(unsigned* out) { *out = 42; }

#if defined(SUQ)
#define FIRST "suq"
#else
#define FIRST "txq"
#endif

// Never reached on the H100 when the module fails; a null handle otherwise.
__global__ void query(unsigned long long handle, unsigned* out) {
  unsigned r;
  asm volatile(FIRST ".channel_order.b32 %0, [%1];" : "=r"(r) : "l"(handle));
  *out = r;
}

#if defined(BOTH)
__global__ void query_suq(unsigned long long handle, unsigned* out) {
  unsigned r;
  asm volatile("suq.channel_order.b32 %0, [%1];" : "=r"(r) : "l"(handle));
  *out = r;
}
#endif

static void say(const char* what, cudaError_t e) {
  std::printf("%-28s %s peek=%s\n", what, cudaGetErrorName(e), cudaGetErrorName(cudaPeekAtLastError()));
}

int main() {
  unsigned* out = nullptr;
  say("cudaMalloc", cudaMalloc(&out, sizeof(unsigned)));
  cudaFuncAttributes a{};
  say("cudaFuncGetAttributes plain", cudaFuncGetAttributes(&a, plain));
  say("cudaFuncGetAttributes query", cudaFuncGetAttributes(&a, query));
  plain<<<1, 1>>>(out);
  say("launch plain", cudaGetLastError());
  say("sync", cudaDeviceSynchronize());
#if defined(BOTH)
  query_suq<<<1, 1>>>(0, out);
  say("launch suq", cudaGetLastError());
  say("sync", cudaDeviceSynchronize());
#endif
  query<<<1, 1>>>(0, out);
  say("launch query " FIRST, cudaGetLastError());
  say("sync", cudaDeviceSynchronize());
  query<<<1, 1>>>(0, out);
  say("launch query again", cudaGetLastError());
  plain<<<1, 1>>>(out);
  say("launch plain again", cudaGetLastError());
  say("sync", cudaDeviceSynchronize());
  unsigned v = 0;
  say("cudaMemcpy", cudaMemcpy(&v, out, sizeof v, cudaMemcpyDeviceToHost));
  std::printf("value %u\n", v);
  return 0;
}
