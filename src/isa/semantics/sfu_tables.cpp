#include "isa/semantics/sfu_tables.h"

#include <zstd.h>

#include <fstream>
#include <iterator>

namespace smsim::isa::sem {
namespace {

template <class Entry>
bool read_table(const std::string& path, size_t entries, std::vector<Entry>& out,
                std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open SFU table " + path;
    return false;
  }
  const std::string packed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const size_t bytes = entries * sizeof(Entry);
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (size != bytes) {
    error = path + ": expected a zstd frame of " + std::to_string(bytes) + " bytes";
    return false;
  }
  // Little-endian on disk, as on every host smsim builds for.
  out.resize(entries);
  const size_t got = ZSTD_decompress(out.data(), bytes, packed.data(), packed.size());
  if (ZSTD_isError(got) || got != bytes) {
    error = path + ": corrupt zstd data";
    return false;
  }
  return true;
}

}  // namespace

std::optional<SfuTables> SfuTables::load(const std::string& dir, std::string& error) {
  SfuTables tables;
  if (!read_table(dir + "/rcp_approx_f32.i8.zst", kRcpEntries, tables.rcp_, error))
    return std::nullopt;
  if (!read_table(dir + "/rsqrt_approx_f32.i8.zst", kRsqrtEntries, tables.rsqrt_, error)) {
    return std::nullopt;
  }
  const char* half_files[kHalfSfuCount] = {"ex2_approx_f16", "tanh_approx_f16",
                                           "ex2_approx_ftz_bf16", "tanh_approx_bf16"};
  for (int i = 0; i < kHalfSfuCount; ++i) {
    if (!read_table(dir + "/" + half_files[i] + ".u16.zst", kHalfEntries, tables.half_[i], error)) {
      return std::nullopt;
    }
  }
  return tables;
}

}  // namespace smsim::isa::sem
