// Reads a zstd-compressed little-endian array of `entries` values (the
// measured tables in data/sfu/). On failure returns false and says why.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

namespace smsim::isa::sem {

bool read_zstd_bytes(const std::string& path, void* out, size_t bytes, std::string& error);

template <class Entry>
bool read_zstd_table(const std::string& path, size_t entries, std::vector<Entry>& out,
                     std::string& error) {
  out.resize(entries);
  if (read_zstd_bytes(path, out.data(), entries * sizeof(Entry), error)) return true;
  out.clear();
  return false;
}

}  // namespace smsim::isa::sem
