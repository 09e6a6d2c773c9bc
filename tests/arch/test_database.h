#pragma once
// The database every arch test reads: the repository's configs/, loaded once.

#include "arch/gpu_database.h"

namespace smsim::arch::testing {

inline const GpuDatabase& repository_database() {
  static const GpuDatabase database = GpuDatabase::load(config_dir(SMSIM_CONFIG_DIR));
  return database;
}

inline const GpuModel& gpu(std::string_view name) {
  const GpuModel* model = repository_database().find(name);
  if (model == nullptr) throw std::runtime_error("test needs GPU model " + std::string(name));
  return *model;
}

}  // namespace smsim::arch::testing
