#include "isa/semantics/zstd_table.h"

#include <zstd.h>

#include <fstream>
#include <iterator>

namespace smsim::isa::sem {

bool read_zstd_bytes(const std::string& path, void* out, size_t bytes, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open SFU table " + path;
    return false;
  }
  const std::string packed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (size != bytes) {
    error = path + ": expected a zstd frame of " + std::to_string(bytes) + " bytes";
    return false;
  }
  // Little-endian on disk, as on every host smsim builds for.
  const size_t got = ZSTD_decompress(out, bytes, packed.data(), packed.size());
  if (ZSTD_isError(got) || got != bytes) {
    error = path + ": corrupt zstd data";
    return false;
  }
  return true;
}

}  // namespace smsim::isa::sem
