#include "func/memory/address_reservation.h"

#include <sys/mman.h>

namespace smsim::func {

AddressReservation::AddressReservation(std::uint64_t preferred_bytes, std::uint64_t minimum_bytes) {
  for (std::uint64_t bytes = preferred_bytes; bytes >= minimum_bytes && bytes > 0; bytes /= 2) {
    void* p = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) continue;
    base_ = reinterpret_cast<std::uint64_t>(p);
    size_ = bytes;
    return;
  }
}

AddressReservation::~AddressReservation() {
  if (size_ != 0) munmap(reinterpret_cast<void*>(base_), size_);
}

bool AddressReservation::commit(std::uint64_t address, std::uint64_t bytes) {
  return mprotect(reinterpret_cast<void*>(address), bytes, PROT_READ | PROT_WRITE) == 0;
}

bool AddressReservation::release(std::uint64_t address, std::uint64_t bytes) {
  void* p = reinterpret_cast<void*>(address);
  // DONTNEED gives the pages back and makes a later commit read zeros again.
  if (madvise(p, bytes, MADV_DONTNEED) != 0) return false;
  return mprotect(p, bytes, PROT_NONE) == 0;
}

}  // namespace smsim::func
