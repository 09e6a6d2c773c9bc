// The measured SFU tables of data/sfu/, read once per test binary; a table
// that cannot be read aborts the binary with the reason (a broken checkout,
// not a test result).
#pragma once

#include <cstdio>
#include <cstdlib>
#include <string>

#include "isa/semantics/mufu_tables.h"
#include "isa/semantics/sfu_tables.h"

namespace smsim::isa::sem::testing {

inline std::string sfu_data_dir() {
  return std::string(SMSIM_SOURCE_DIR) + "/data/sfu";
}

[[noreturn]] inline void abort_unreadable(const std::string& error) {
  std::fprintf(stderr, "%s\n", error.c_str());
  std::abort();
}

inline const SfuTables& sfu_tables() {
  static const SfuTables loaded = [] {
    std::string error;
    auto t = SfuTables::load(sfu_data_dir(), error);
    if (!t) abort_unreadable(error);
    return *t;
  }();
  return loaded;
}

// All five f32 MUFU tables, loaded.
inline const MufuTables& mufu_tables() {
  static const MufuTables& loaded = []() -> const MufuTables& {
    static const MufuTables tables(sfu_data_dir());
    std::string error;
    for (MufuTable t : {MufuTable::ex2, MufuTable::lg2, MufuTable::sincos, MufuTable::sqrt,
                        MufuTable::tanh}) {
      if (!tables.load(t, error)) abort_unreadable(error);
    }
    return tables;
  }();
  return loaded;
}

}  // namespace smsim::isa::sem::testing
