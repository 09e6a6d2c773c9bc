// Reads a zstd-compressed little-endian array of `entries` values (the
// measured tables in data/sfu/). On failure returns false and says why.
#pragma once

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace smsim::isa::sem {

bool read_zstd_bytes(const std::string& path, void* out, size_t bytes, std::string& error);

// Reads a whole zstd-compressed file (one frame whose header records its
// size, as the zstd command line writes it) into `out`: the large text and
// golden files that the repository keeps compressed.
bool read_zstd_file(const std::string& path, std::string& out, std::string& error);

template <class Entry>
bool read_zstd_table(const std::string& path, size_t entries, std::vector<Entry>& out,
                     std::string& error) {
  out.resize(entries);
  if (read_zstd_bytes(path, out.data(), entries * sizeof(Entry), error)) return true;
  out.clear();
  return false;
}

}  // namespace smsim::isa::sem

namespace smsim::isa::sem {

// Decompresses `path` (one zstd frame of exactly `bytes` bytes) piece by
// piece, handing each piece to `consume` in order, so that a large table
// can be transformed without holding it whole. Pieces are whole multiples
// of `unit` bytes.
bool stream_zstd(const std::string& path, size_t bytes, size_t unit,
                 const std::function<void(const unsigned char*, size_t)>& consume,
                 std::string& error);

}  // namespace smsim::isa::sem
