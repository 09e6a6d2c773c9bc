// The `_ptsz` / `_ptds` entry points programs built with
// `--default-stream per-thread` call. Work completes when issued, so the
// per-thread default stream behaves as the legacy one: each forwards to its
// plain form.

#include <cuda_runtime_api.h>

extern "C" {

cudaError_t cudaMemcpy_ptds(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind) {
  return cudaMemcpy(dst, src, bytes, kind);
}
cudaError_t cudaMemcpyAsync_ptsz(void* dst, const void* src, size_t bytes, cudaMemcpyKind kind,
                                 cudaStream_t stream) {
  return cudaMemcpyAsync(dst, src, bytes, kind, stream);
}
cudaError_t cudaMemcpy2D_ptds(void* dst, size_t dpitch, const void* src, size_t spitch,
                              size_t width, size_t height, cudaMemcpyKind kind) {
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}
cudaError_t cudaMemcpy2DAsync_ptsz(void* dst, size_t dpitch, const void* src, size_t spitch,
                                   size_t width, size_t height, cudaMemcpyKind kind,
                                   cudaStream_t stream) {
  return cudaMemcpy2DAsync(dst, dpitch, src, spitch, width, height, kind, stream);
}
cudaError_t cudaMemcpy3D_ptds(const cudaMemcpy3DParms* p) { return cudaMemcpy3D(p); }
cudaError_t cudaMemset_ptds(void* dst, int value, size_t bytes) {
  return cudaMemset(dst, value, bytes);
}
cudaError_t cudaMemsetAsync_ptsz(void* dst, int value, size_t bytes, cudaStream_t stream) {
  return cudaMemsetAsync(dst, value, bytes, stream);
}
cudaError_t cudaMemset2D_ptds(void* dst, size_t pitch, int value, size_t width, size_t height) {
  return cudaMemset2D(dst, pitch, value, width, height);
}
cudaError_t cudaMemset2DAsync_ptsz(void* dst, size_t pitch, int value, size_t width,
                                   size_t height, cudaStream_t stream) {
  return cudaMemset2DAsync(dst, pitch, value, width, height, stream);
}
cudaError_t cudaMemset3D_ptds(cudaPitchedPtr p, int value, cudaExtent extent) {
  return cudaMemset3D(p, value, extent);
}
cudaError_t cudaMemcpyToSymbol_ptds(const void* symbol, const void* src, size_t bytes,
                                    size_t offset, cudaMemcpyKind kind) {
  return cudaMemcpyToSymbol(symbol, src, bytes, offset, kind);
}
cudaError_t cudaMemcpyFromSymbol_ptds(void* dst, const void* symbol, size_t bytes, size_t offset,
                                      cudaMemcpyKind kind) {
  return cudaMemcpyFromSymbol(dst, symbol, bytes, offset, kind);
}
cudaError_t cudaMemcpyToSymbolAsync_ptsz(const void* symbol, const void* src, size_t bytes,
                                         size_t offset, cudaMemcpyKind kind, cudaStream_t stream) {
  return cudaMemcpyToSymbolAsync(symbol, src, bytes, offset, kind, stream);
}
cudaError_t cudaMemcpyFromSymbolAsync_ptsz(void* dst, const void* symbol, size_t bytes,
                                           size_t offset, cudaMemcpyKind kind,
                                           cudaStream_t stream) {
  return cudaMemcpyFromSymbolAsync(dst, symbol, bytes, offset, kind, stream);
}
cudaError_t cudaStreamSynchronize_ptsz(cudaStream_t stream) { return cudaStreamSynchronize(stream); }
cudaError_t cudaStreamQuery_ptsz(cudaStream_t stream) { return cudaStreamQuery(stream); }
cudaError_t cudaStreamGetFlags_ptsz(cudaStream_t stream, unsigned int* flags) {
  return cudaStreamGetFlags(stream, flags);
}
cudaError_t cudaStreamGetPriority_ptsz(cudaStream_t stream, int* priority) {
  return cudaStreamGetPriority(stream, priority);
}
cudaError_t cudaStreamWaitEvent_ptsz(cudaStream_t stream, cudaEvent_t event, unsigned int flags) {
  return cudaStreamWaitEvent(stream, event, flags);
}
cudaError_t cudaStreamAddCallback_ptsz(cudaStream_t stream, cudaStreamCallback_t callback,
                                       void* user_data, unsigned int flags) {
  return cudaStreamAddCallback(stream, callback, user_data, flags);
}
cudaError_t cudaStreamAttachMemAsync_ptsz(cudaStream_t stream, void* p, size_t length,
                                          unsigned int flags) {
  return cudaStreamAttachMemAsync(stream, p, length, flags);
}
cudaError_t cudaEventRecord_ptsz(cudaEvent_t event, cudaStream_t stream) {
  return cudaEventRecord(event, stream);
}
cudaError_t cudaEventRecordWithFlags_ptsz(cudaEvent_t event, cudaStream_t stream,
                                          unsigned int flags) {
  return cudaEventRecordWithFlags(event, stream, flags);
}
cudaError_t cudaLaunchKernel_ptsz(const void* func, dim3 grid, dim3 block, void** args,
                                  size_t shared, cudaStream_t stream) {
  return cudaLaunchKernel(func, grid, block, args, shared, stream);
}
cudaError_t cudaLaunchCooperativeKernel_ptsz(const void* func, dim3 grid, dim3 block, void** args,
                                             size_t shared, cudaStream_t stream) {
  return cudaLaunchCooperativeKernel(func, grid, block, args, shared, stream);
}
cudaError_t cudaLaunchKernelExC_ptsz(const cudaLaunchConfig_t* config, const void* func,
                                     void** args) {
  return cudaLaunchKernelExC(config, func, args);
}
cudaError_t cudaLaunchHostFunc_ptsz(cudaStream_t stream, cudaHostFn_t fn, void* user_data) {
  return cudaLaunchHostFunc(stream, fn, user_data);
}
cudaError_t cudaMallocAsync_ptsz(void** p, size_t bytes, cudaStream_t stream) {
  return cudaMallocAsync(p, bytes, stream);
}
cudaError_t cudaFreeAsync_ptsz(void* p, cudaStream_t stream) { return cudaFreeAsync(p, stream); }
cudaError_t cudaMemPrefetchAsync_ptsz(const void* p, size_t bytes, cudaMemLocation location,
                                      unsigned int flags, cudaStream_t stream) {
  return cudaMemPrefetchAsync(p, bytes, location, flags, stream);
}

}  // extern "C"
