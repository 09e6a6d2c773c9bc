#pragma once
// Stops a timing program at the first failing CUDA call, naming it.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TIMING_CHECK(call)                                                         \
  do {                                                                             \
    cudaError_t timing_err_ = (call);                                              \
    if (timing_err_ != cudaSuccess) {                                              \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, #call,           \
                   cudaGetErrorString(timing_err_));                               \
      std::exit(1);                                                                \
    }                                                                              \
  } while (0)
