#include "isa/semantics/mufu_tables.h"

#include <cstring>

#include "isa/semantics/zstd_table.h"

namespace smsim::isa::sem {

bool MufuTables::load(MufuTable table, std::string& error) const {
  const int i = static_cast<int>(table);
  std::call_once(once_[i], [&] {
    static constexpr const char* kFiles[kMufuTableCount] = {
        "ex2_approx_ftz_f32.d2.zst", "lg2_approx_ftz_f32.d2.zst", "sincos_approx_ftz_f32.d2.zst",
        "sqrt_approx_f32.i8.zst"};
    const std::string path = dir_ + "/" + kFiles[i];
    if (table == MufuTable::sqrt) {
      sqrt_.reserve(kEntries);
      loaded_[i] = stream_zstd(
          path, kEntries, 1,
          [this](const unsigned char* bytes, size_t n) {
            for (size_t k = 0; k < n; ++k) sqrt_.push_back(static_cast<int8_t>(bytes[k]));
          },
          error_[i]);
      return;
    }
    // On disk: word 0, then the first difference, then second differences.
    DeltaWords& words = words_[i];
    words.reserve(kEntries);
    uint32_t index = 0, value = 0, step = 0;
    loaded_[i] = stream_zstd(
        path, size_t{kEntries} * 4, 4,
        [&](const unsigned char* bytes, size_t n) {
          for (size_t k = 0; k < n; k += 4, ++index) {
            uint32_t word;
            std::memcpy(&word, bytes + k, 4);  // little-endian on every host smsim builds for
            if (index == 0) {
              value = word;
            } else {
              step = index == 1 ? word : step + word;
              value += step;
            }
            words.push_back(value);
          }
        },
        error_[i]);
  });
  if (!loaded_[i]) error = error_[i];
  return loaded_[i];
}

size_t MufuTables::bytes() const {
  size_t total = sqrt_.bytes();
  for (const DeltaWords& w : words_) total += w.bytes();
  return total;
}

}  // namespace smsim::isa::sem
