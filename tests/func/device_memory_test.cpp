#include "func/memory/device_memory.h"

#include <gtest/gtest.h>

#include <array>
#include <cstring>
#include <vector>

namespace smsim::func {
namespace {

constexpr std::uint64_t kSmallReservation = std::uint64_t{1} << 30;

MaybeFault kernel_check(const DeviceMemory& m, std::uint64_t address, std::uint64_t size,
                        AccessKind access = AccessKind::read) {
  GlobalAccessCache cache;
  return m.check(address, size, size, access, cache);
}

TEST(DeviceMemory, AllocationsAreAlignedZeroedAndHostAddressable) {
  DeviceMemory m(kSmallReservation);
  ASSERT_TRUE(m.usable());
  const std::uint64_t a = m.allocate(1000);
  ASSERT_NE(a, 0u);
  EXPECT_EQ(a % 256, 0u);
  const auto* bytes = static_cast<const unsigned char*>(DeviceMemory::host_pointer(a));
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(bytes[i], 0) << i;
  const std::array<std::uint32_t, 2> in{0xdeadbeef, 42};
  ASSERT_FALSE(m.write(a + 8, in.data(), sizeof in));
  std::array<std::uint32_t, 2> out{};
  ASSERT_FALSE(m.read(out.data(), a + 8, sizeof out));
  EXPECT_EQ(out, in);
  EXPECT_EQ(m.live_bytes(), 1000u);
}

TEST(DeviceMemory, ZeroByteAllocationIsNull) {
  DeviceMemory m(kSmallReservation);
  EXPECT_EQ(m.allocate(0), 0u);
}

TEST(DeviceMemory, BoundsUseTheRequestedSizeNotThePage) {
  DeviceMemory m(kSmallReservation);
  const std::uint64_t a = m.allocate(100);
  EXPECT_FALSE(kernel_check(m, a + 96, 4));
  auto fault = kernel_check(m, a + 100, 4);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::out_of_bounds);
  EXPECT_EQ(fault->address, a + 100);
  EXPECT_EQ(cuda_error_of(*fault), CudaError::illegal_address);
  // Straddling the end is out of bounds too.
  fault = kernel_check(m, a + 96, 8);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::out_of_bounds);
}

TEST(DeviceMemory, GuardGapSeparatesNeighbours) {
  DeviceMemory m(kSmallReservation);
  const std::uint64_t a = m.allocate(4096);
  const std::uint64_t b = m.allocate(4096);
  ASSERT_GT(b, a);
  EXPECT_GE(b - (a + 4096), DeviceMemory::kGuardBytes);
  EXPECT_TRUE(kernel_check(m, a + 4096, 4));
  EXPECT_TRUE(kernel_check(m, b - 4, 4));
}

TEST(DeviceMemory, UseAfterFreeIsNamedAndPagesAreGone) {
  DeviceMemory m(kSmallReservation);
  const std::uint64_t a = m.allocate(64);
  GlobalAccessCache cache;
  ASSERT_FALSE(m.check(a, 4, 4, AccessKind::write, cache));
  ASSERT_TRUE(m.free(a));
  EXPECT_FALSE(m.free(a));
  // The warp's cached allocation must not survive the free.
  auto fault = m.check(a, 4, 4, AccessKind::write, cache);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::freed);
  EXPECT_EQ(m.live_bytes(), 0u);
  std::uint32_t v = 0;
  EXPECT_TRUE(m.read(&v, a, 4));
}

TEST(DeviceMemory, FreeOnlyAcceptsAllocationStarts) {
  DeviceMemory m(kSmallReservation);
  const std::uint64_t a = m.allocate(64);
  EXPECT_FALSE(m.free(a + 4));
  EXPECT_FALSE(m.free(0));
  EXPECT_TRUE(m.free(a));
}

TEST(DeviceMemory, MisalignedAccessesReportMisalignedAddress) {
  DeviceMemory m(kSmallReservation);
  const std::uint64_t a = m.allocate(256);
  EXPECT_FALSE(kernel_check(m, a + 4, 4));
  auto fault = kernel_check(m, a + 2, 4);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::misaligned);
  EXPECT_EQ(cuda_error_of(*fault), CudaError::misaligned_address);
  // A .v4.b32 access needs 16-byte alignment.
  GlobalAccessCache cache;
  EXPECT_TRUE(m.check(a + 8, 16, 16, AccessKind::read, cache));
  EXPECT_FALSE(m.check(a + 16, 16, 16, AccessKind::read, cache));
}

TEST(DeviceMemory, NullAndWildPointers) {
  DeviceMemory m(kSmallReservation);
  auto fault = kernel_check(m, 0, 4);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::null_pointer);
  int on_the_stack = 0;
  fault = kernel_check(m, reinterpret_cast<std::uint64_t>(&on_the_stack), 4);
  ASSERT_TRUE(fault) << "simulated memory must never reach the simulator's own";
  EXPECT_EQ(fault->kind, FaultKind::out_of_bounds);
  fault = kernel_check(m, UINT64_MAX - 3, 4);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::out_of_bounds);
}

TEST(DeviceMemory, HostCopiesAreBoundsChecked) {
  DeviceMemory m(kSmallReservation);
  const std::uint64_t a = m.allocate(16);
  std::vector<char> big(32, 'x');
  EXPECT_TRUE(m.write(a, big.data(), big.size()));
  EXPECT_FALSE(m.fill(a, 0xab, 16));
  unsigned char b = 0;
  ASSERT_FALSE(m.read(&b, a + 15, 1));
  EXPECT_EQ(b, 0xab);
}

TEST(DeviceMemory, RegisteredHostRangesAreDeviceMemory) {
  DeviceMemory m(kSmallReservation);
  std::vector<std::uint32_t> host(64, 7);
  const auto address = reinterpret_cast<std::uint64_t>(host.data());
  EXPECT_TRUE(kernel_check(m, address, 4));
  ASSERT_TRUE(m.register_host_range(host.data(), host.size() * 4));
  EXPECT_FALSE(m.register_host_range(host.data() + 1, 4)) << "overlap must be refused";
  EXPECT_TRUE(m.is_device_pointer(address + 8));
  EXPECT_FALSE(kernel_check(m, address + 252, 4, AccessKind::write));
  EXPECT_TRUE(kernel_check(m, address + 256, 4));
  EXPECT_EQ(m.live_bytes(), 0u) << "host ranges are not device allocations";
  ASSERT_TRUE(m.unregister_host_range(host.data()));
  auto fault = kernel_check(m, address, 4);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::freed);
}

// offset_of, what the cycle model's caches and DRAM see: the same program
// gives the same offsets wherever the OS placed the reservation and the host
// ranges (ASLR moves the heap, where small pinned buffers live, apart from
// the mmap area: smsim --mode timing timed a chase through a 16 KiB mapped
// buffer at 41960-44366 cycles in four runs before).
TEST(DeviceMemory, OffsetsDoNotDependOnWhereTheOsPlacedTheMemory) {
  // Two devices at once: two reservations, so two bases.
  DeviceMemory first(kSmallReservation);
  DeviceMemory second(kSmallReservation);
  ASSERT_NE(first.base(), second.base());
  // One program's host buffers, placed elsewhere in each run, with the same
  // offsets inside their pages.
  std::vector<std::byte> heap(std::size_t{1} << 20);
  const std::uint64_t page = 4096;
  const auto heap_at = reinterpret_cast<std::uint64_t>(heap.data());
  const std::uint64_t aligned = (heap_at + page - 1) / page * page;
  const std::uint64_t in_page = 0x140;
  const std::uint64_t hosts[2][2] = {{aligned + in_page, aligned + 8 * page},
                                     {aligned + 40 * page + in_page, aligned + 32 * page}};
  std::uint64_t offsets[2][6];
  DeviceMemory* devices[2] = {&first, &second};
  for (int run = 0; run < 2; ++run) {
    DeviceMemory& m = *devices[run];
    const std::uint64_t a = m.allocate(5000);
    const std::uint64_t b = m.allocate(64);
    ASSERT_TRUE(m.register_host_range(DeviceMemory::host_pointer(hosts[run][0]), 3000));
    ASSERT_TRUE(m.register_host_range(DeviceMemory::host_pointer(hosts[run][1]), 100));
    EXPECT_EQ(m.offset_of(a + 12), a + 12 - m.base());
    const std::uint64_t got[6] = {m.offset_of(a),         m.offset_of(a + 4999),
                                  m.offset_of(b),         m.offset_of(hosts[run][0]),
                                  m.offset_of(hosts[run][0] + 2999), m.offset_of(hosts[run][1] + 96)};
    std::copy(got, got + 6, offsets[run]);
  }
  for (int i = 0; i < 6; ++i) EXPECT_EQ(offsets[0][i], offsets[1][i]) << "offset " << i;
  // Host ranges lie past the reservation, one after the other, apart, and
  // keep their place inside a page (sectors and lines stay as the program's).
  EXPECT_GE(offsets[0][3], first.reserved_bytes());
  EXPECT_EQ(offsets[0][3] % page, in_page);
  EXPECT_GT(offsets[0][5], offsets[0][4] + 1);
}

TEST(DeviceMemory, ConstantBanksAreReadOnlyToKernels) {
  DeviceMemory m(kSmallReservation);
  const std::uint64_t c = m.allocate(64, AllocationKind::constant_bank);
  const std::uint32_t v = 5;
  ASSERT_FALSE(m.write(c, &v, 4)) << "the host fills constant banks";
  EXPECT_FALSE(kernel_check(m, c, 4, AccessKind::read));
  auto fault = kernel_check(m, c, 4, AccessKind::write);
  ASSERT_TRUE(fault);
  EXPECT_EQ(fault->kind, FaultKind::read_only);
}

TEST(DeviceMemory, ExhaustedRangeReusesFreedSpace) {
  DeviceMemory m(DeviceMemory::kMinimumReservation);
  const std::uint64_t chunk = DeviceMemory::kMinimumReservation / 4;
  std::vector<std::uint64_t> got;
  for (std::uint64_t p = m.allocate(chunk); p != 0; p = m.allocate(chunk)) got.push_back(p);
  ASSERT_FALSE(got.empty());
  EXPECT_LT(got.size(), 4u) << "guard gaps take room";
  ASSERT_TRUE(m.free(got.front()));
  EXPECT_EQ(m.allocate(chunk), got.front());
}

TEST(MemoryFault, DescriptionNamesEverything) {
  MemoryFault f{.kind = FaultKind::out_of_bounds,
                .space = MemorySpace::global,
                .access = AccessKind::write,
                .address = 0x1000,
                .size = 4,
                .site = {.block_x = 1, .thread_x = 3, .instruction = 12, .ptx_line = 40}};
  EXPECT_EQ(describe(f),
            "out-of-bounds global write of 4 bytes at 0x1000 by block (1,0,0) thread (3,0,0), "
            "instruction 12 (PTX line 40)");
}

}  // namespace
}  // namespace smsim::func
