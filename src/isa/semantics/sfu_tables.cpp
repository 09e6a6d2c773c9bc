#include "isa/semantics/sfu_tables.h"

#include "isa/semantics/zstd_table.h"

namespace smsim::isa::sem {

std::optional<SfuTables> SfuTables::load(const std::string& dir, std::string& error) {
  SfuTables tables;
  // The deviations are -2..1: four bits each in memory (12 MB instead of 24).
  const auto read_deviations = [&](const char* file, uint32_t entries, NibbleArray& out) {
    out.reserve(entries);
    return stream_zstd(
        dir + "/" + file, entries, 1,
        [&out](const unsigned char* bytes, size_t n) {
          for (size_t k = 0; k < n; ++k) out.push_back(static_cast<int8_t>(bytes[k]));
        },
        error);
  };
  if (!read_deviations("rcp_approx_f32.i8.zst", kRcpEntries, tables.rcp_) ||
      !read_deviations("rsqrt_approx_f32.i8.zst", kRsqrtEntries, tables.rsqrt_)) {
    return std::nullopt;
  }
  const char* half_files[kHalfSfuCount] = {"ex2_approx_f16", "tanh_approx_f16",
                                           "ex2_approx_ftz_bf16", "tanh_approx_bf16"};
  for (int i = 0; i < kHalfSfuCount; ++i) {
    if (!read_zstd_table(dir + "/" + half_files[i] + ".u16.zst", kHalfEntries, tables.half_[i], error)) {
      return std::nullopt;
    }
  }
  return tables;
}

}  // namespace smsim::isa::sem
