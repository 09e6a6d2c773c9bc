#include "isa/semantics/mufu_tables.h"

#include "isa/semantics/zstd_table.h"

namespace smsim::isa::sem {

void undo_delta2(std::vector<uint32_t>& words) {
  if (words.size() < 2) return;
  uint32_t step = words[1];
  words[1] = words[0] + step;
  for (size_t i = 2; i < words.size(); ++i) {
    step += words[i];
    words[i] = words[i - 1] + step;
  }
}

bool MufuTables::load(MufuTable table, std::string& error) const {
  const int i = static_cast<int>(table);
  std::call_once(once_[i], [&] {
    static constexpr const char* kFiles[kMufuTableCount] = {
        "ex2_approx_ftz_f32.d2.zst", "lg2_approx_ftz_f32.d2.zst", "sincos_approx_ftz_f32.d2.zst",
        "sqrt_approx_f32.i8.zst"};
    const std::string path = dir_ + "/" + kFiles[i];
    if (table == MufuTable::sqrt) {
      loaded_[i] = read_zstd_table(path, kEntries, sqrt_, error_[i]);
    } else {
      loaded_[i] = read_zstd_table(path, kEntries, words_[i], error_[i]);
      if (loaded_[i]) undo_delta2(words_[i]);
    }
  });
  if (!loaded_[i]) error = error_[i];
  return loaded_[i];
}

}  // namespace smsim::isa::sem
