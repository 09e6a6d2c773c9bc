#include "isa/semantics/mufu_tables.h"

#include <cstring>

#include "isa/semantics/zstd_table.h"

namespace smsim::isa::sem {

bool MufuTables::load(MufuTable table, std::string& error) const {
  const int i = static_cast<int>(table);
  std::call_once(once_[i], [&] {
    static constexpr const char* kFiles[kMufuTableCount] = {
        "ex2_approx_ftz_f32.d2.zst", "lg2_approx_ftz_f32.d2.zst", "sincos_approx_ftz_f32.d2.zst",
        "sqrt_approx_f32.i8.zst", "tanh_approx_f32.d2.zst"};
    const std::string path = dir_ + "/" + kFiles[i];
    if (table == MufuTable::tanh) {
      loaded_[i] = load_tanh(path, error_[i]);
      return;
    }
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

// The file is a run of blocks, one per binade of consecutive exponent
// fields: the field, M, then the 2^M results, each block delta coded on its
// own. Anything else is rejected, so the lookups never leave the table.
bool MufuTables::load_tanh(const std::string& path, std::string& error) const {
  std::vector<uint32_t> words;
  if (!read_zstd_table(path, kTanhWords, words, error)) return false;
  tanh_.reserve(words.size());
  uint32_t count = 0;
  for (size_t at = 0; at < words.size();) {
    const uint32_t field = words[at];
    const uint32_t m = at + 1 < words.size() ? words[at + 1] : 24;
    const bool next_field = tanh_binades_.empty() ? field >= 1 && field < 255
                                                  : field == tanh_last_field() + 1 && field < 255;
    if (!next_field || m > 23 || at + 2 + (size_t{1} << m) > words.size()) {
      error = path + ": malformed tanh table block at word " + std::to_string(at);
      tanh_binades_.clear();
      return false;
    }
    if (tanh_binades_.empty()) tanh_first_field_ = field;
    tanh_binades_.push_back({count, 23 - m});
    // On disk: word 0, then the first difference, then second differences.
    uint32_t value = 0, step = 0;
    for (uint32_t k = 0; k < (1u << m); ++k, ++count) {
      const uint32_t word = words[at + 2 + k];
      if (k == 0) {
        value = word;
      } else {
        step = k == 1 ? word : step + word;
        value += step;
      }
      tanh_.push_back(value);
    }
    at += 2 + (size_t{1} << m);
  }
  return true;
}

size_t MufuTables::bytes() const {
  size_t total = sqrt_.bytes() + tanh_.bytes() + tanh_binades_.capacity() * sizeof(TanhBinade);
  for (const DeltaWords& w : words_) total += w.bytes();
  return total;
}

}  // namespace smsim::isa::sem
