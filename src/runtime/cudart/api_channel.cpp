// Channel descriptors: plain values, no device state.

#include <cuda_runtime_api.h>

extern "C" cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                       cudaChannelFormatKind kind) {
  return cudaChannelFormatDesc{.x = x, .y = y, .z = z, .w = w, .f = kind};
}
