#include "func/memory/device_memory.h"

#include <unistd.h>

#include <cstring>
#include <mutex>

namespace smsim::func {
namespace {

std::uint64_t round_up(std::uint64_t value, std::uint64_t granule) {
  return (value + granule - 1) / granule * granule;
}

const Allocation* containing(const std::map<std::uint64_t, Allocation>& map,
                             std::uint64_t address) {
  auto it = map.upper_bound(address);
  if (it == map.begin()) return nullptr;
  --it;
  const Allocation& a = it->second;
  const std::uint64_t extent = a.size == 0 ? 1 : a.size;
  return address - a.begin < extent ? &a : nullptr;
}

}  // namespace

DeviceMemory::DeviceMemory(std::uint64_t reservation_bytes)
    : reservation_(reservation_bytes, kMinimumReservation),
      page_bytes_(static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE))),
      next_free_(reservation_.base() + kGuardBytes),
      next_host_offset_(reservation_.size() + kGuardBytes) {}

std::uint64_t DeviceMemory::take_range(std::uint64_t span) {
  const std::uint64_t end = reservation_.base() + reservation_.size();
  if (next_free_ + span + kGuardBytes <= end && next_free_ + span > next_free_) {
    const std::uint64_t begin = next_free_;
    next_free_ += span + kGuardBytes;
    return begin;
  }
  // The fresh range is spent: reuse the oldest freed range that fits. Its
  // use-after-free record goes away with it.
  for (auto it = freed_.begin(); it != freed_.end(); ++it) {
    if (it->second.kind == AllocationKind::host_mapped || it->second.span < span) continue;
    const std::uint64_t begin = it->first;
    freed_.erase(it);
    return begin;
  }
  return 0;
}

std::uint64_t DeviceMemory::allocate(std::uint64_t bytes, AllocationKind kind) {
  if (bytes == 0 || !usable() || kind == AllocationKind::host_mapped) return 0;
  const std::uint64_t span = round_up(bytes, page_bytes_);
  if (span < bytes) return 0;
  std::unique_lock lock(mutex_);
  const std::uint64_t begin = take_range(span);
  if (begin == 0 || !reservation_.commit(begin, span)) return 0;
  live_[begin] = Allocation{.begin = begin,
                            .size = bytes,
                            .span = span,
                            .kind = kind,
                            .offset = begin - reservation_.base()};
  return begin;
}

bool DeviceMemory::free(std::uint64_t address) {
  std::unique_lock lock(mutex_);
  auto it = live_.find(address);
  if (it == live_.end() || it->second.kind == AllocationKind::host_mapped) return false;
  const Allocation a = it->second;
  live_.erase(it);
  reservation_.release(a.begin, a.span);
  freed_[a.begin] = a;
  generation_.fetch_add(1, std::memory_order_acq_rel);
  return true;
}

bool DeviceMemory::register_host_range(const void* host, std::uint64_t bytes) {
  const auto begin = reinterpret_cast<std::uint64_t>(host);
  if (bytes == 0 || begin + bytes < begin) return false;
  if (reservation_.contains(begin) || reservation_.contains(begin + bytes - 1)) return false;
  std::unique_lock lock(mutex_);
  auto next = live_.lower_bound(begin);
  if (next != live_.end() && next->first < begin + bytes) return false;
  if (containing(live_, begin) != nullptr) return false;
  // The range's pages, one after the other past the reservation with a
  // guard between them: the offset keeps only what the program decides
  // (registration order, sizes, the offset inside a page).
  const std::uint64_t page_offset = begin % page_bytes_;
  live_[begin] = Allocation{.begin = begin,
                            .size = bytes,
                            .kind = AllocationKind::host_mapped,
                            .offset = next_host_offset_ + page_offset};
  next_host_offset_ += round_up(page_offset + bytes, page_bytes_) + kGuardBytes;
  freed_.erase(begin);
  return true;
}

bool DeviceMemory::unregister_host_range(const void* host) {
  const auto begin = reinterpret_cast<std::uint64_t>(host);
  std::unique_lock lock(mutex_);
  auto it = live_.find(begin);
  if (it == live_.end() || it->second.kind != AllocationKind::host_mapped) return false;
  freed_[begin] = it->second;
  live_.erase(it);
  generation_.fetch_add(1, std::memory_order_acq_rel);
  return true;
}

std::optional<Allocation> DeviceMemory::find_locked(std::uint64_t address) const {
  const Allocation* a = containing(live_, address);
  if (a == nullptr) return std::nullopt;
  return *a;
}

std::uint64_t DeviceMemory::host_offset_of(std::uint64_t address) const {
  std::shared_lock lock(mutex_);
  const Allocation* a = containing(live_, address);
  if (a == nullptr) return address - reservation_.base();
  return a->offset + (address - a->begin);
}

std::optional<Allocation> DeviceMemory::find(std::uint64_t address) const {
  std::shared_lock lock(mutex_);
  return find_locked(address);
}

std::uint64_t DeviceMemory::live_bytes() const {
  std::shared_lock lock(mutex_);
  std::uint64_t total = 0;
  for (const auto& [begin, a] : live_) {
    if (a.kind != AllocationKind::host_mapped) total += a.size;
  }
  return total;
}

MaybeFault DeviceMemory::check_slow(std::uint64_t address, std::uint64_t size,
                                    std::uint64_t alignment, AccessKind access,
                                    GlobalAccessCache& cache) const {
  MemoryFault fault{
      .space = MemorySpace::global, .access = access, .address = address, .size = size};
  if ((address & (alignment - 1)) != 0) {
    fault.kind = FaultKind::misaligned;
    return fault;
  }
  if (address < kNullPageLimit) {
    fault.kind = FaultKind::null_pointer;
    return fault;
  }
  std::shared_lock lock(mutex_);
  const std::uint64_t generation = generation_.load(std::memory_order_acquire);
  const Allocation* a = containing(live_, address);
  if (a != nullptr && a->contains(address, size)) {
    const bool writable = a->kind != AllocationKind::constant_bank;
    if (!writable && access != AccessKind::read) {
      fault.kind = FaultKind::read_only;
      return fault;
    }
    cache.remember(generation,
                   GlobalAccessCache::Entry{
                       .begin = a->begin, .end = a->begin + a->size, .writable = writable});
    return std::nullopt;
  }
  fault.kind = a == nullptr && containing(freed_, address) != nullptr ? FaultKind::freed
                                                                      : FaultKind::out_of_bounds;
  return fault;
}

MaybeFault DeviceMemory::host_check(std::uint64_t address, std::uint64_t size,
                                    AccessKind access) const {
  MemoryFault fault{
      .space = MemorySpace::global, .access = access, .address = address, .size = size};
  std::shared_lock lock(mutex_);
  const Allocation* a = containing(live_, address);
  if (a != nullptr && a->contains(address, size)) return std::nullopt;
  if (address < kNullPageLimit) {
    fault.kind = FaultKind::null_pointer;
  } else {
    fault.kind = a == nullptr && containing(freed_, address) != nullptr ? FaultKind::freed
                                                                        : FaultKind::out_of_bounds;
  }
  return fault;
}

MaybeFault DeviceMemory::write(std::uint64_t device_dst, const void* src, std::uint64_t bytes) {
  if (bytes == 0) return std::nullopt;
  if (auto fault = host_check(device_dst, bytes, AccessKind::write)) return fault;
  std::memcpy(host_pointer(device_dst), src, bytes);
  return std::nullopt;
}

MaybeFault DeviceMemory::read(void* dst, std::uint64_t device_src, std::uint64_t bytes) const {
  if (bytes == 0) return std::nullopt;
  if (auto fault = host_check(device_src, bytes, AccessKind::read)) return fault;
  std::memcpy(dst, host_pointer(device_src), bytes);
  return std::nullopt;
}

MaybeFault DeviceMemory::fill(std::uint64_t device_dst, std::uint8_t value, std::uint64_t bytes) {
  if (bytes == 0) return std::nullopt;
  if (auto fault = host_check(device_dst, bytes, AccessKind::write)) return fault;
  std::memset(host_pointer(device_dst), value, bytes);
  return std::nullopt;
}

}  // namespace smsim::func
