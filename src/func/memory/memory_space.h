#pragma once
// The PTX state spaces an access can name, and what a kernel does to memory.

#include <cstdint>
#include <string_view>

namespace smsim::func {

enum class MemorySpace : std::uint8_t { global, shared, local, param, constant, generic };

// Shared-space offsets are 24-bit in the SM's load/store instructions: on the
// H100 a shared access at 16 MiB or above fails as an illegal instruction,
// not an illegal address (tools/probes/results/h100-2026-11-22/shared_window.txt).
inline constexpr std::uint64_t kSharedAddressLimit = std::uint64_t{1} << 24;

enum class AccessKind : std::uint8_t { read, write, atomic };

std::string_view to_string(MemorySpace space);
std::string_view to_string(AccessKind access);

}  // namespace smsim::func
