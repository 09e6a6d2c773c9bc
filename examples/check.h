// Shared by the examples: stop with the CUDA error's name and string when a
// runtime call fails.
#pragma once

#include <cstdio>
#include <cstdlib>

#include <cuda_runtime.h>

#define CHECK(call)                                                                    \
  do {                                                                                 \
    cudaError_t err_ = (call);                                                         \
    if (err_ != cudaSuccess) {                                                         \
      std::fprintf(stderr, "%s:%d: %s: %s\n", __FILE__, __LINE__, cudaGetErrorName(err_), \
                   cudaGetErrorString(err_));                                          \
      std::exit(EXIT_FAILURE);                                                         \
    }                                                                                  \
  } while (0)
