#include "isa/semantics/sfu_tables.h"

#include "isa/semantics/zstd_table.h"

namespace smsim::isa::sem {

std::optional<SfuTables> SfuTables::load(const std::string& dir, std::string& error) {
  SfuTables tables;
  if (!read_zstd_table(dir + "/rcp_approx_f32.i8.zst", kRcpEntries, tables.rcp_, error))
    return std::nullopt;
  if (!read_zstd_table(dir + "/rsqrt_approx_f32.i8.zst", kRsqrtEntries, tables.rsqrt_, error)) {
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
