#pragma once
// Per-thread local memory for one block: every thread owns the same number of
// bytes (its frame, local arrays and call stack), all in one allocation.

#include <cstdint>
#include <memory>

#include "func/memory/memory_fault.h"

namespace smsim::func {

class LocalMemory {
 public:
  LocalMemory() = default;
  LocalMemory(std::uint32_t threads, std::uint64_t bytes_per_thread)
      : per_thread_(bytes_per_thread),
        bytes_(new std::byte[threads * bytes_per_thread == 0 ? 1 : threads * bytes_per_thread]()) {}

  std::uint64_t bytes_per_thread() const { return per_thread_; }

  MaybeFault check(std::uint64_t offset, std::uint64_t size, std::uint64_t alignment,
                   AccessKind access) const {
    MemoryFault f{.space = MemorySpace::local, .access = access, .address = offset, .size = size};
    if ((offset & (alignment - 1)) != 0) {
      f.kind = FaultKind::misaligned;
      return f;
    }
    if (offset > per_thread_ || size > per_thread_ - offset) {
      f.kind = FaultKind::out_of_bounds;
      return f;
    }
    return std::nullopt;
  }

  // Unchecked: callers check first.
  std::byte* at(std::uint32_t thread, std::uint64_t offset) {
    return bytes_.get() + thread * per_thread_ + offset;
  }

 private:
  std::uint64_t per_thread_ = 0;
  std::unique_ptr<std::byte[]> bytes_;
};

}  // namespace smsim::func
