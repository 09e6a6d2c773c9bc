#pragma once
// Reads the device code nvcc embeds in a host program: the fatbinary wrapper
// (`.nvFatBinSegment`), the fatbinary it points to and its PTX and ELF
// entries, decompressing zstd and LZ4 payloads. Layout as measured with
// CUDA 13.0 (docs/runtime.md).

#include <cstdint>
#include <string>
#include <vector>

namespace smsim::runtime {

enum class FatbinEntryKind : std::uint16_t { ptx = 1, elf = 2 };

struct FatbinEntry {
  FatbinEntryKind kind = FatbinEntryKind::ptx;
  std::uint32_t sm = 0;      // 75, 90, ...: the target (compute_XX for PTX)
  std::string payload;       // decompressed; PTX text without its NUL padding
};

struct Fatbin {
  std::vector<FatbinEntry> entries;
};

// What one registration hands the runtime: one fatbinary, or (wrapper
// version 2, `-rdc=true`) one per translation unit, to be linked together.
struct FatbinImages {
  std::vector<Fatbin> images;
  std::string error;  // empty on success
};

inline constexpr std::uint32_t kFatbinWrapperMagic = 0x466243B1;
inline constexpr std::uint32_t kFatbinMagic = 0xBA55ED50;

// `wrapper` is the pointer a program passes to __cudaRegisterFatBinary.
FatbinImages read_fatbin_wrapper(const void* wrapper);

// One fatbinary starting at its 16-byte header; `error` says what is wrong.
Fatbin read_fatbin(const void* header, std::string& error);

}  // namespace smsim::runtime
