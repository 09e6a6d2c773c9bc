#include "func/memory/device_heap.h"

namespace smsim::func {

void DeviceHeap::set_capacity(std::uint64_t bytes) {
  const std::scoped_lock lock(mutex_);
  capacity_ = bytes;
}

std::uint64_t DeviceHeap::capacity() const {
  const std::scoped_lock lock(mutex_);
  return capacity_;
}

std::uint64_t DeviceHeap::allocate(std::uint64_t bytes) {
  const std::scoped_lock lock(mutex_);
  if (bytes == 0 || bytes > capacity_ || used_ > capacity_ - bytes) return 0;
  const std::uint64_t address = memory_.allocate(bytes);
  if (address == 0) return 0;
  blocks_.emplace(address, bytes);
  used_ += bytes;
  return address;
}

bool DeviceHeap::release(std::uint64_t address) {
  const std::scoped_lock lock(mutex_);
  const auto it = blocks_.find(address);
  if (it == blocks_.end()) return false;
  used_ -= it->second;
  blocks_.erase(it);
  memory_.free(address);
  return true;
}

}  // namespace smsim::func
