// Shared reporting for the error-matrix programs. Every line a program prints
// is part of its golden, so the format is fixed:
//   CALL <label> -> <cudaGetErrorName(result)>
//   VALUE <label> = <number>
// stdout is flushed after every line so a later crash (exit by signal) still
// leaves everything printed before it in the golden.
#pragma once

#include <cuda_runtime.h>

#include <cstdio>

namespace golden {

inline cudaError_t call(const char* label, cudaError_t result) {
  std::printf("CALL %s -> %s\n", label, cudaGetErrorName(result));
  std::fflush(stdout);
  return result;
}

inline void value(const char* label, long long number) {
  std::printf("VALUE %s = %lld\n", label, number);
  std::fflush(stdout);
}

inline void note(const char* text) {
  std::printf("NOTE %s\n", text);
  std::fflush(stdout);
}

// The runtime's error state right after the call under test: peek leaves a
// non-sticky error in place, get clears it, and the second get tells a sticky
// error (still there) from a cleared one.
inline void report_error_state(const char* when) {
  std::printf("STATE %s\n", when);
  call("cudaPeekAtLastError", cudaPeekAtLastError());
  call("cudaGetLastError", cudaGetLastError());
  call("cudaGetLastError (again)", cudaGetLastError());
}

constexpr int kInnocentThreads = 32;
constexpr long long kInnocentExpectedSum = kInnocentThreads * (kInnocentThreads + 1) / 2;

static __global__ void innocent_kernel(int* out) {
  out[threadIdx.x] = threadIdx.x + 1;
}

// Calls that succeed on a healthy context: whether they still do shows if
// the error under test left the context usable.
inline void report_innocent_calls() {
  std::printf("STATE innocent calls\n");
  int* device_buffer = nullptr;
  int host_buffer[kInnocentThreads] = {};
  call("innocent cudaMalloc", cudaMalloc(&device_buffer, sizeof host_buffer));
  call("innocent cudaMemcpy HostToDevice",
       cudaMemcpy(device_buffer, host_buffer, sizeof host_buffer, cudaMemcpyHostToDevice));
  innocent_kernel<<<1, kInnocentThreads>>>(device_buffer);
  call("innocent launch (cudaGetLastError)", cudaGetLastError());
  call("innocent cudaDeviceSynchronize", cudaDeviceSynchronize());
  call("innocent cudaMemcpy DeviceToHost",
       cudaMemcpy(host_buffer, device_buffer, sizeof host_buffer, cudaMemcpyDeviceToHost));
  long long sum = 0;
  for (int v : host_buffer) sum += v;
  value("innocent kernel result sum (healthy context gives 528)", sum);
  call("innocent cudaFree", cudaFree(device_buffer));
  call("innocent cudaGetLastError", cudaGetLastError());
}

// Creates the context first so that initialisation is not mixed into the call
// under test.
inline void start() {
  call("cudaFree(nullptr) (context creation)", cudaFree(nullptr));
}

inline int finish() {
  report_error_state("after the case");
  report_innocent_calls();
  return 0;
}

}  // namespace golden
