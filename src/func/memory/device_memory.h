#pragma once
// The simulated device's global address space: 64-bit device pointers that are
// also host addresses (see AddressReservation), an allocator in the style of
// cudaMalloc, host ranges registered as mapped/managed memory, and the bounds
// check every global access goes through.

#include <atomic>
#include <cstdint>
#include <map>
#include <optional>
#include <shared_mutex>

#include "func/memory/address_reservation.h"
#include "func/memory/memory_fault.h"

namespace smsim::func {

enum class AllocationKind : std::uint8_t {
  device,         // cudaMalloc
  constant_bank,  // a module's __constant__ variables: read-only to kernels
  host_mapped,    // host memory registered for zero-copy or managed use
};

struct Allocation {
  std::uint64_t begin = 0;
  std::uint64_t size = 0;  // as requested: bytes past it are out of bounds
  std::uint64_t span = 0;  // committed bytes (page-rounded); 0 for host ranges
  AllocationKind kind = AllocationKind::device;
  // Where `begin` lies as models of the hardware see it (DeviceMemory::offset_of).
  std::uint64_t offset = 0;
  bool contains(std::uint64_t address, std::uint64_t bytes) const {
    return address >= begin && bytes <= size && address - begin <= size - bytes;
  }
};

// The last few allocations a warp touched (a copy kernel alternates between
// two); valid while no allocation has been freed since (allocating never
// invalidates them).
struct GlobalAccessCache {
  static constexpr unsigned kEntries = 4;
  struct Entry {
    std::uint64_t begin = 0;
    std::uint64_t end = 0;  // empty entries have begin == end
    bool writable = false;
  };
  Entry entries[kEntries];
  std::uint64_t generation = UINT64_MAX;
  unsigned next = 0;  // round-robin replacement

  bool hit(std::uint64_t address, std::uint64_t size, bool write) const {
    for (const Entry& e : entries) {
      if (address >= e.begin && address + size <= e.end && address + size >= address &&
          (e.writable || !write)) {
        return true;
      }
    }
    return false;
  }
  void remember(std::uint64_t current_generation, const Entry& entry) {
    if (generation != current_generation) {
      *this = GlobalAccessCache{};
      generation = current_generation;
    }
    entries[next] = entry;
    next = (next + 1) % kEntries;
  }
};

class DeviceMemory {
 public:
  static constexpr std::uint64_t kDefaultReservation = std::uint64_t{1} << 40;
  static constexpr std::uint64_t kMinimumReservation = std::uint64_t{1} << 28;
  // Unmapped bytes left between allocations so that running off the end of
  // one never lands in the next.
  static constexpr std::uint64_t kGuardBytes = std::uint64_t{64} << 10;
  // Addresses below this are reported as null-pointer accesses.
  static constexpr std::uint64_t kNullPageLimit = std::uint64_t{64} << 10;

  explicit DeviceMemory(std::uint64_t reservation_bytes = kDefaultReservation);
  DeviceMemory(const DeviceMemory&) = delete;
  DeviceMemory& operator=(const DeviceMemory&) = delete;

  // False when the address range could not be reserved at all.
  bool usable() const { return reservation_.size() != 0; }
  std::uint64_t reserved_bytes() const { return reservation_.size(); }
  // The first address of the reservation: where device addresses are counted
  // from (the OS places it anywhere, so models that hash addresses use the
  // offset from it to give the same results in every run).
  std::uint64_t base() const { return reservation_.base(); }

  // Where `address` lies in the device's address space as the models of
  // the hardware (caches, DRAM, translation) see it, the same in every run:
  // inside the reservation its offset from base(); in a registered host
  // range (mapped or managed host memory, which the OS places independently
  // of the reservation and of each other, e.g. on the randomized heap) an
  // offset past the reservation fixed at registration, ranges in
  // registration order with their addresses' offsets inside a page kept.
  // An address in neither: its offset from base() (no access reaches it).
  std::uint64_t offset_of(std::uint64_t address) const {
    if (reservation_.contains(address)) return address - reservation_.base();
    return host_offset_of(address);
  }

  // A page-aligned (so 256-byte aligned, as cudaMalloc) zero-filled block;
  // 0 for a zero-byte request or when the address space is exhausted.
  std::uint64_t allocate(std::uint64_t bytes, AllocationKind kind = AllocationKind::device);
  // Frees the allocation starting exactly at `address`; false otherwise.
  bool free(std::uint64_t address);

  // Host memory the runtime maps into the device address space unchanged
  // (UVA: the device pointer is the host pointer). False if it overlaps a
  // live allocation or the reserved range.
  bool register_host_range(const void* host, std::uint64_t bytes);
  bool unregister_host_range(const void* host);

  std::optional<Allocation> find(std::uint64_t address) const;
  bool is_device_pointer(std::uint64_t address) const { return find(address).has_value(); }
  std::uint64_t live_bytes() const;

  // The kernel-side check: the whole access must lie in one live allocation,
  // aligned to `alignment` (the access size; a vector's total size).
  MaybeFault check(std::uint64_t address, std::uint64_t size, std::uint64_t alignment,
                   AccessKind access, GlobalAccessCache& cache) const {
    const bool aligned = (address & (alignment - 1)) == 0;
    const bool write = access != AccessKind::read;
    if (aligned && cache.generation == generation_.load(std::memory_order_acquire) &&
        cache.hit(address, size, write)) {
      return std::nullopt;
    }
    return check_slow(address, size, alignment, access, cache);
  }

  // Host-side copies (cudaMemcpy/cudaMemset): the device range must lie in
  // one live allocation.
  MaybeFault write(std::uint64_t device_dst, const void* src, std::uint64_t bytes);
  MaybeFault read(void* dst, std::uint64_t device_src, std::uint64_t bytes) const;
  MaybeFault fill(std::uint64_t device_dst, std::uint8_t value, std::uint64_t bytes);

  static void* host_pointer(std::uint64_t address) { return reinterpret_cast<void*>(address); }

  // Bumped whenever an allocation goes away; a GlobalAccessCache taken at
  // another generation must be re-validated.
  std::uint64_t generation() const { return generation_.load(std::memory_order_acquire); }

 private:
  MaybeFault check_slow(std::uint64_t address, std::uint64_t size, std::uint64_t alignment,
                        AccessKind access, GlobalAccessCache& cache) const;
  MaybeFault host_check(std::uint64_t address, std::uint64_t size, AccessKind access) const;
  std::optional<Allocation> find_locked(std::uint64_t address) const;
  std::uint64_t host_offset_of(std::uint64_t address) const;
  std::uint64_t take_range(std::uint64_t span);

  AddressReservation reservation_;
  std::uint64_t page_bytes_;
  mutable std::shared_mutex mutex_;
  std::map<std::uint64_t, Allocation> live_;   // keyed by begin
  std::map<std::uint64_t, Allocation> freed_;  // kept to name use-after-free
  std::uint64_t next_free_;                    // bump pointer inside the reservation
  std::uint64_t next_host_offset_;             // offset_of the next registered host range's page
  std::atomic<std::uint64_t> generation_{0};   // bumped whenever an allocation goes away
};

}  // namespace smsim::func
