#pragma once
// One large range of the simulator's virtual address space, reserved with no
// access rights so that nothing else in the process can ever be placed there.
// Device allocations are carved out of it, which makes a device address also
// the host address of its bytes while keeping simulated memory disjoint from
// the simulator's own.

#include <cstdint>

namespace smsim::func {

class AddressReservation {
 public:
  // Tries `preferred_bytes`, halving down to `minimum_bytes` if the kernel
  // refuses; size() is 0 when even the minimum was refused.
  AddressReservation(std::uint64_t preferred_bytes, std::uint64_t minimum_bytes);
  ~AddressReservation();
  AddressReservation(const AddressReservation&) = delete;
  AddressReservation& operator=(const AddressReservation&) = delete;

  std::uint64_t base() const { return base_; }
  std::uint64_t size() const { return size_; }
  bool contains(std::uint64_t address) const { return address - base_ < size_; }

  // Make [address, address + bytes) readable and writable (zero-filled pages),
  // or return it to no-access with its pages released. Both take page-aligned
  // ranges inside the reservation and return false if the OS refuses.
  bool commit(std::uint64_t address, std::uint64_t bytes);
  bool release(std::uint64_t address, std::uint64_t bytes);

 private:
  std::uint64_t base_ = 0;
  std::uint64_t size_ = 0;
};

}  // namespace smsim::func
