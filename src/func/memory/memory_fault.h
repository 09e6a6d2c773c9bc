#pragma once
// A memory access the hardware would reject, with enough context to report it
// the way compute-sanitizer does: what went wrong, where, and who did it.

#include <cstdint>
#include <optional>
#include <string>

#include "func/memory/cuda_error.h"
#include "func/memory/memory_space.h"

namespace smsim::func {

enum class FaultKind : std::uint8_t {
  null_pointer,   // inside the never-mapped first pages
  out_of_bounds,  // not entirely inside one live allocation or window
  freed,          // inside an allocation that has been freed (use after free)
  misaligned,     // address not a multiple of the access size
  read_only,      // a kernel store to constant memory
  unaddressable,  // an offset the space's hardware addresses cannot encode
};

// Who made the access; filled in by the executor (the memory layer leaves the
// defaults, which mean "host side").
struct FaultSite {
  static constexpr std::uint32_t kUnknown = UINT32_MAX;
  std::uint32_t block_x = kUnknown, block_y = 0, block_z = 0;
  std::uint32_t thread_x = kUnknown, thread_y = 0, thread_z = 0;
  std::uint32_t instruction = kUnknown;  // index in the decoded kernel
  std::uint32_t ptx_line = 0;            // 0 when unknown
};

struct MemoryFault {
  FaultKind kind = FaultKind::out_of_bounds;
  MemorySpace space = MemorySpace::global;
  AccessKind access = AccessKind::read;
  std::uint64_t address = 0;
  std::uint64_t size = 0;
  FaultSite site;
};

using MaybeFault = std::optional<MemoryFault>;

std::string_view to_string(FaultKind kind);

// Misaligned accesses are cudaErrorMisalignedAddress; every other fault is
// cudaErrorIllegalAddress.
CudaError cuda_error_of(const MemoryFault& fault);

// One line, e.g. "out-of-bounds global read of 4 bytes at 0x7f0000001000 by
// block (1,0,0) thread (3,0,0), instruction 12 (PTX line 40)".
std::string describe(const MemoryFault& fault);

}  // namespace smsim::func
