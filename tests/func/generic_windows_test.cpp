#include "func/memory/generic_windows.h"

#include <gtest/gtest.h>

#include <vector>

#include "func/memory/byte_window.h"
#include "func/memory/local_memory.h"
#include "func/memory/param_layout.h"

namespace smsim::func {
namespace {

TEST(GenericWindows, CvtaRoundTripsAndIsspacep) {
  const std::uint64_t s = to_generic(MemorySpace::shared, 0x40);
  EXPECT_TRUE(is_in_space(MemorySpace::shared, s));
  EXPECT_FALSE(is_in_space(MemorySpace::global, s));
  EXPECT_FALSE(is_in_space(MemorySpace::local, s));
  EXPECT_EQ(from_generic(MemorySpace::shared, s), 0x40u);
  const std::uint64_t l = to_generic(MemorySpace::local, 8);
  EXPECT_TRUE(is_in_space(MemorySpace::local, l));
  EXPECT_EQ(resolve_generic(l).space, MemorySpace::local);
  EXPECT_EQ(resolve_generic(l).address, 8u);
}

// cvta.param: a kernel parameter's generic address (a __grid_constant__
// CUtensorMap's, for cp.async.bulk.tensor) resolves back to its offset in the
// param buffer, and no other window claims it.
TEST(GenericWindows, ParamWindowRoundTrips) {
  const std::uint64_t p = to_generic(MemorySpace::param, 0x80);
  EXPECT_TRUE(is_in_space(MemorySpace::param, p));
  EXPECT_FALSE(is_in_space(MemorySpace::global, p));
  EXPECT_FALSE(is_in_space(MemorySpace::shared, p));
  EXPECT_EQ(resolve_generic(p).space, MemorySpace::param);
  EXPECT_EQ(resolve_generic(p).address, 0x80u);
  EXPECT_EQ(from_generic(MemorySpace::param, p), 0x80u);
  EXPECT_FALSE(in_param_window(kSharedWindowBase));
  EXPECT_FALSE(in_param_window(kLocalWindowBase));
}

TEST(GenericWindows, HostAddressesAreGlobal) {
  int x = 0;
  std::vector<int> heap(4);
  for (const void* p : {static_cast<const void*>(&x), static_cast<const void*>(heap.data())}) {
    const auto a = reinterpret_cast<std::uint64_t>(p);
    EXPECT_EQ(resolve_generic(a).space, MemorySpace::global);
    EXPECT_TRUE(is_in_space(MemorySpace::global, a));
    EXPECT_EQ(to_generic(MemorySpace::global, a), a);
  }
}

TEST(GenericWindows, WindowsDoNotOverlap) {
  EXPECT_FALSE(in_local_window(kSharedWindowBase + kWindowBytes - 1));
  EXPECT_FALSE(in_shared_window(kLocalWindowBase));
  EXPECT_FALSE(in_shared_window(kSharedWindowBase - 1));
}

TEST(ByteWindow, SharedMemoryBounds) {
  ByteWindow smem(MemorySpace::shared, 48);
  EXPECT_FALSE(smem.check(44, 4, 4, AccessKind::read));
  auto f = smem.check(48, 4, 4, AccessKind::write);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FaultKind::out_of_bounds);
  EXPECT_EQ(f->space, MemorySpace::shared);
  f = smem.check(6, 4, 4, AccessKind::read);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FaultKind::misaligned);
  EXPECT_EQ(std::to_integer<int>(*smem.at(47)), 0) << "shared memory starts zeroed";
}

// Measured on the H100 (tools/probes/results/h100-2026-11-22/shared_window.txt):
// a shared store below 16 MiB outside the block's allocation is an illegal
// address, one at 16 MiB or above an illegal instruction.
TEST(ByteWindow, SharedOffsetsTheHardwareCannotEncodeAreIllegalInstructions) {
  ByteWindow smem(MemorySpace::shared, 256);
  auto f = smem.check(kSharedAddressLimit - 4, 4, 4, AccessKind::write);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FaultKind::out_of_bounds);
  EXPECT_EQ(cuda_error_of(*f), CudaError::illegal_address);
  f = smem.check(kSharedAddressLimit, 4, 4, AccessKind::write);
  ASSERT_TRUE(f);
  EXPECT_EQ(f->kind, FaultKind::unaddressable);
  EXPECT_EQ(cuda_error_of(*f), CudaError::illegal_instruction);
  EXPECT_EQ(cuda_error_of(*smem.check(std::uint64_t{1} << 26, 4, 4, AccessKind::read)),
            CudaError::illegal_instruction);
  LocalMemory local(4, 16);
  EXPECT_EQ(local.check(kSharedAddressLimit, 4, 4, AccessKind::read)->kind,
            FaultKind::out_of_bounds)
      << "only the shared space has the 24-bit limit";
}

TEST(LocalMemory, ThreadsAreIsolated) {
  LocalMemory local(4, 16);
  *local.at(1, 0) = std::byte{9};
  EXPECT_EQ(std::to_integer<int>(*local.at(0, 0)), 0);
  EXPECT_EQ(std::to_integer<int>(*local.at(2, 0)), 0);
  EXPECT_TRUE(local.check(16, 1, 1, AccessKind::read));
  EXPECT_FALSE(local.check(15, 1, 1, AccessKind::read));
}

TEST(ParamLayout, FollowsDeclarationOrderAndAlignment) {
  const std::vector<ParamDecl> decls{{.size = 4, .alignment = 4},
                                     {.size = 8, .alignment = 8},
                                     {.size = 1, .alignment = 1},
                                     {.size = 16, .alignment = 16}};
  ParamLayout layout(decls);
  ASSERT_EQ(layout.slots().size(), 4u);
  EXPECT_EQ(layout.slots()[0].offset, 0u);
  EXPECT_EQ(layout.slots()[1].offset, 8u);
  EXPECT_EQ(layout.slots()[2].offset, 16u);
  EXPECT_EQ(layout.slots()[3].offset, 32u);
  EXPECT_EQ(layout.total_bytes(), 48u);
}

TEST(ParamLayout, PackChecksSizes) {
  const std::vector<ParamDecl> decls{{.size = 4, .alignment = 4}, {.size = 8, .alignment = 8}};
  ParamLayout layout(decls);
  std::vector<std::vector<std::byte>> values{std::vector<std::byte>(4, std::byte{1}),
                                             std::vector<std::byte>(4, std::byte{2})};
  auto packed = layout.pack(values);
  EXPECT_EQ(packed.error, "parameter 1 is 8 bytes, 4 given");
  values[1].resize(8, std::byte{2});
  packed = layout.pack(values);
  ASSERT_TRUE(packed.error.empty());
  ASSERT_EQ(packed.bytes.size(), 16u);
  EXPECT_EQ(std::to_integer<int>(packed.bytes[0]), 1);
  EXPECT_EQ(std::to_integer<int>(packed.bytes[4]), 0) << "padding";
  EXPECT_EQ(std::to_integer<int>(packed.bytes[8]), 2);
}

}  // namespace
}  // namespace smsim::func
