#include "runtime/fatbin.h"

#include <cstring>

#include <fmt/format.h>
#include <lz4.h>
#include <zstd.h>

#include "runtime/fatbin_layout.h"

namespace smsim::runtime {
namespace {

// Fatbinaries live in the program's read-only data; anything larger than this
// is a corrupt size field, not a real image.
constexpr std::uint64_t kMaxFatbinBytes = std::uint64_t{1} << 32;

template <typename T>
T load(const unsigned char* p) {
  T value;
  std::memcpy(&value, p, sizeof value);
  return value;
}

bool decompress(const layout::EntryHeader& h, const unsigned char* payload, std::string& out,
                std::string& error) {
  const std::uint64_t flags = h.flags;
  if ((flags & (layout::kFlagZstd | layout::kFlagLz4)) == 0) {
    out.assign(reinterpret_cast<const char*>(payload), h.payload_size);
    return true;
  }
  if (h.uncompressed_size == 0 || h.uncompressed_size > kMaxFatbinBytes) {
    error = fmt::format("compressed entry for sm_{} declares an uncompressed size of {}", h.sm,
                        h.uncompressed_size);
    return false;
  }
  out.resize(h.uncompressed_size);
  const std::uint64_t in_size = h.compressed_size != 0 ? h.compressed_size : h.payload_size;
  if (flags & layout::kFlagZstd) {
    const std::size_t n = ZSTD_decompress(out.data(), out.size(), payload, in_size);
    if (ZSTD_isError(n)) {
      error = fmt::format("zstd entry for sm_{}: {}", h.sm, ZSTD_getErrorName(n));
      return false;
    }
    out.resize(n);
    return true;
  }
  const int n = LZ4_decompress_safe(reinterpret_cast<const char*>(payload), out.data(),
                                    static_cast<int>(in_size), static_cast<int>(out.size()));
  if (n < 0) {
    error = fmt::format("LZ4 entry for sm_{} does not decompress", h.sm);
    return false;
  }
  out.resize(static_cast<std::size_t>(n));
  return true;
}

}  // namespace

Fatbin read_fatbin(const void* header, std::string& error) {
  Fatbin fatbin;
  const auto* base = static_cast<const unsigned char*>(header);
  const auto fh = load<layout::FatbinHeader>(base);
  if (fh.magic != kFatbinMagic) {
    error = fmt::format("fatbinary magic is {:#x}, expected {:#x}", fh.magic, kFatbinMagic);
    return fatbin;
  }
  if (fh.entries_size > kMaxFatbinBytes || fh.header_size < sizeof fh) {
    error = fmt::format("fatbinary header is corrupt (size {})", fh.entries_size);
    return fatbin;
  }
  const unsigned char* cursor = base + fh.header_size;
  const unsigned char* end = cursor + fh.entries_size;
  while (cursor + sizeof(layout::EntryHeader) <= end) {
    const auto eh = load<layout::EntryHeader>(cursor);
    if (eh.header_size < sizeof eh || eh.payload_size > static_cast<std::uint64_t>(end - cursor)) {
      error = fmt::format("fatbinary entry at offset {} is corrupt", cursor - base);
      return fatbin;
    }
    const unsigned char* payload = cursor + eh.header_size;
    FatbinEntry entry;
    entry.kind = static_cast<FatbinEntryKind>(eh.kind);
    entry.sm = eh.sm;
    if (entry.kind == FatbinEntryKind::ptx || entry.kind == FatbinEntryKind::elf) {
      if (!decompress(eh, payload, entry.payload, error)) return fatbin;
      if (entry.kind == FatbinEntryKind::ptx) {
        const std::size_t last = entry.payload.find_last_not_of('\0');
        entry.payload.resize(last == std::string::npos ? 0 : last + 1);
      }
      fatbin.entries.push_back(std::move(entry));
    }
    cursor = payload + eh.payload_size;
  }
  return fatbin;
}

FatbinImages read_fatbin_wrapper(const void* wrapper) {
  FatbinImages result;
  if (wrapper == nullptr) {
    result.error = "null fatbinary wrapper";
    return result;
  }
  const auto w = load<layout::Wrapper>(static_cast<const unsigned char*>(wrapper));
  if (w.magic != kFatbinWrapperMagic) {
    result.error = fmt::format("fatbinary wrapper magic is {:#x}, expected {:#x}", w.magic,
                               kFatbinWrapperMagic);
    return result;
  }
  if (w.version != layout::kWrapperPrelinked) {
    result.images.push_back(read_fatbin(reinterpret_cast<const void*>(w.data), result.error));
    return result;
  }
  // Prelinked form: `filename_or_fatbins` is a null-terminated array of the
  // translation units' fatbinaries, each holding the PTX to link.
  const auto* list = reinterpret_cast<const void* const*>(w.filename_or_fatbins);
  for (std::size_t i = 0; list != nullptr && list[i] != nullptr; ++i) {
    result.images.push_back(read_fatbin(list[i], result.error));
    if (!result.error.empty()) return result;
  }
  if (result.images.empty()) {
    result.images.push_back(read_fatbin(reinterpret_cast<const void*>(w.data), result.error));
  }
  return result;
}

}  // namespace smsim::runtime
