#pragma once
// The device-side heap behind malloc/free (and new/delete) in kernels: blocks
// are ordinary device allocations, so every access to them is bounds-checked,
// and the bytes handed out are capped by cudaLimitMallocHeapSize. Blocks
// outlive the launch that allocated them, as on the GPU.

#include <cstdint>
#include <map>
#include <mutex>

#include "func/memory/device_memory.h"

namespace smsim::func {

class DeviceHeap {
 public:
  static constexpr std::uint64_t kDefaultCapacity = std::uint64_t{8} << 20;

  explicit DeviceHeap(DeviceMemory& memory) : memory_(memory) {}

  void set_capacity(std::uint64_t bytes);
  std::uint64_t capacity() const;
  // A fresh block, or 0 (as malloc returns NULL) for zero bytes or when the
  // heap's capacity would be exceeded.
  std::uint64_t allocate(std::uint64_t bytes);
  // Frees a block allocate() returned; false for any other address.
  bool release(std::uint64_t address);

 private:
  DeviceMemory& memory_;
  mutable std::mutex mutex_;
  std::map<std::uint64_t, std::uint64_t> blocks_;  // address -> bytes
  std::uint64_t used_ = 0;
  std::uint64_t capacity_ = kDefaultCapacity;
};

}  // namespace smsim::func
