#pragma once
// How a host program uses the CUDA runtime, read from its ELF file: linked
// against libcudart.so.13 (smsim can stand in for it), cudart linked
// statically (nvcc's default; smsim cannot intercept it), or no CUDA at all.

#include <string>

namespace smsim::runtime {

enum class CudartLinkage {
  shared,         // DT_NEEDED names libcudart.so.13
  static_linked,  // CUDA device code present, but no libcudart.so.13 import
  none,           // neither: not a CUDA program
  unreadable,     // not a 64-bit ELF file we can read (`error` says why)
};

CudartLinkage detect_cudart_linkage(const std::string& path, std::string& error);

inline constexpr const char* kStaticCudartFix =
    "the program links the CUDA runtime statically (nvcc's default), which smsim cannot "
    "replace; rebuild it with `nvcc -cudart shared ...`";

}  // namespace smsim::runtime
