#pragma once
// The values of device function addresses (`mov.u64 %rd, func`, function
// names in variable initializers): one fixed slot per function of the module,
// in a range of the upper half of the address space that no allocation,
// generic window or host address can occupy, so a function pointer can be
// told from data and a bad one is diagnosed when called.

#include <cstdint>
#include <optional>

namespace smsim::func {

inline constexpr std::uint64_t kFunctionAddressBase = 0xFFFF'FC00'0000'0000;
inline constexpr std::uint64_t kFunctionAddressStride = 16;
inline constexpr std::uint64_t kMaxFunctions = std::uint64_t{1} << 32;

inline constexpr std::uint64_t function_address(std::uint32_t module_function_index) {
  return kFunctionAddressBase + std::uint64_t{module_function_index} * kFunctionAddressStride;
}

// The module function index an address names, if it is one.
inline constexpr std::optional<std::uint32_t> function_index(std::uint64_t address) {
  if (address < kFunctionAddressBase) return std::nullopt;
  const std::uint64_t offset = address - kFunctionAddressBase;
  if (offset % kFunctionAddressStride != 0 || offset / kFunctionAddressStride >= kMaxFunctions) {
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(offset / kFunctionAddressStride);
}

}  // namespace smsim::func
