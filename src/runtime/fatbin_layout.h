#pragma once
// Byte layout of the fatbinary structures (see fatbin.h), one struct per
// header as nvcc 13 writes them, little-endian.

#include <cstdint>

namespace smsim::runtime::layout {

struct Wrapper {
  std::uint32_t magic;
  std::uint32_t version;  // 1, or 2 for the prelinked -rdc=true form
  std::uint64_t data;
  std::uint64_t filename_or_fatbins;
};

struct FatbinHeader {
  std::uint32_t magic;
  std::uint16_t version;
  std::uint16_t header_size;
  std::uint64_t entries_size;
};

struct EntryHeader {
  std::uint16_t kind;
  std::uint16_t unknown_0101;
  std::uint32_t header_size;
  std::uint64_t payload_size;  // padded to 8
  std::uint32_t compressed_size;
  std::uint32_t options_offset;
  std::uint16_t minor;
  std::uint16_t major;
  std::uint32_t sm;
  std::uint32_t name_offset;
  std::uint32_t name_length;
  std::uint64_t flags;
  std::uint64_t reserved;
  std::uint64_t uncompressed_size;
};
static_assert(sizeof(EntryHeader) == 0x40);

inline constexpr std::uint64_t kFlagLz4 = 0x2000;
inline constexpr std::uint64_t kFlagZstd = 0x8000;
inline constexpr std::uint32_t kWrapperPrelinked = 2;

}  // namespace smsim::runtime::layout
