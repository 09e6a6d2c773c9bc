#include "isa/semantics/sfu_tables.h"

#include <zstd.h>

#include <fstream>
#include <iterator>

namespace smsim::isa::sem {
namespace {

bool read_table(const std::string& path, size_t entries, std::vector<int8_t>& out,
                std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open SFU table " + path;
    return false;
  }
  const std::string packed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (size != entries) {
    error = path + ": expected a zstd frame of " + std::to_string(entries) + " bytes";
    return false;
  }
  out.resize(entries);
  const size_t got = ZSTD_decompress(out.data(), out.size(), packed.data(), packed.size());
  if (ZSTD_isError(got) || got != entries) {
    error = path + ": corrupt zstd data";
    return false;
  }
  return true;
}

}  // namespace

std::optional<SfuTables> SfuTables::load(const std::string& dir, std::string& error) {
  SfuTables tables;
  if (!read_table(dir + "/rcp_approx_f32.i8.zst", kRcpEntries, tables.rcp_, error)) return std::nullopt;
  if (!read_table(dir + "/rsqrt_approx_f32.i8.zst", kRsqrtEntries, tables.rsqrt_, error)) {
    return std::nullopt;
  }
  return tables;
}

}  // namespace smsim::isa::sem
