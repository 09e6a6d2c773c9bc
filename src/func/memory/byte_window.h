#pragma once
// A bounds-checked block of simulated bytes addressed by offset: the storage
// behind shared memory (per block), local memory (per thread) and the param
// buffer (per launch).

#include <cstdint>
#include <cstring>
#include <memory>

#include "func/memory/memory_fault.h"

namespace smsim::func {

class ByteWindow {
 public:
  ByteWindow() = default;
  ByteWindow(MemorySpace space, std::uint64_t bytes)
      : space_(space), size_(bytes), bytes_(new std::byte[bytes == 0 ? 1 : bytes]()) {}

  MemorySpace space() const { return space_; }
  std::uint64_t size() const { return size_; }
  std::byte* data() { return bytes_.get(); }
  const std::byte* data() const { return bytes_.get(); }

  MaybeFault check(std::uint64_t offset, std::uint64_t size, std::uint64_t alignment,
                   AccessKind access) const {
    if ((offset & (alignment - 1)) != 0) return fault(FaultKind::misaligned, offset, size, access);
    if (offset > size_ || size > size_ - offset) {
      const bool unaddressable = space_ == MemorySpace::shared && offset >= kSharedAddressLimit;
      return fault(unaddressable ? FaultKind::unaddressable : FaultKind::out_of_bounds, offset,
                   size, access);
    }
    return std::nullopt;
  }

  // Unchecked: callers check first.
  std::byte* at(std::uint64_t offset) { return bytes_.get() + offset; }
  const std::byte* at(std::uint64_t offset) const { return bytes_.get() + offset; }

 private:
  MaybeFault fault(FaultKind kind, std::uint64_t offset, std::uint64_t size,
                   AccessKind access) const {
    return MemoryFault{
        .kind = kind, .space = space_, .access = access, .address = offset, .size = size};
  }

  MemorySpace space_ = MemorySpace::shared;
  std::uint64_t size_ = 0;
  std::unique_ptr<std::byte[]> bytes_;
};

}  // namespace smsim::func
