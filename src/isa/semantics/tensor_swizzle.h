// The shared-memory swizzle of Hopper's tensor copies (CUtensorMapSwizzle):
// inside each 16-byte chunk bytes stay in place, and the chunk index within a
// span of 32, 64 or 128 bytes is XORed with the address bits just above 128
// bytes (bits 7.. of the shared address), so the pattern repeats every 256,
// 512 or 1024 bytes. It is a function of the absolute shared address, which
// is why CUDA asks for 128-byte aligned destinations (1024-byte aligned for
// the full 128-byte pattern to start at its first row).
#pragma once

#include <cstdint>

namespace smsim::isa::sem {

// `span_bytes` is 0 (no swizzle), 32, 64 or 128.
constexpr uint64_t tensor_swizzle(uint64_t shared_address, unsigned span_bytes) {
  if (span_bytes == 0) return shared_address;
  constexpr unsigned kChunkShift = 4;  // 16-byte chunks
  constexpr unsigned kRowShift = 7;    // rows of 128 bytes select the XOR pattern
  const uint64_t chunk_mask = span_bytes / 16 - 1;
  return shared_address ^ (((shared_address >> kRowShift) & chunk_mask) << kChunkShift);
}

}  // namespace smsim::isa::sem
