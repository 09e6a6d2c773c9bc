#pragma once
// The PTX state spaces an access can name, and what a kernel does to memory.

#include <cstdint>
#include <string_view>

namespace smsim::func {

enum class MemorySpace : std::uint8_t { global, shared, local, param, constant, generic };

enum class AccessKind : std::uint8_t { read, write, atomic };

std::string_view to_string(MemorySpace space);
std::string_view to_string(AccessKind access);

}  // namespace smsim::func
