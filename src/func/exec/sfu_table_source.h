#pragma once
// The measured SFU tables (data/sfu/), read once on first use and shared by
// every launch of a device. Kernels that use no table-driven instruction never
// pay for reading them (about 12 MB, and up to 49 MB more for the f32 MUFU
// tables, each read when an instruction first needs it).

#include <memory>
#include <mutex>
#include <optional>
#include <string>

#include "isa/semantics/mufu_tables.h"
#include "isa/semantics/sfu_tables.h"

namespace smsim::func {

class SfuTableSource {
 public:
  explicit SfuTableSource(std::string dir) : dir_(dir), mufu_(std::move(dir)) {}

  // The tables, or nullptr when they cannot be read (error() says why).
  const isa::sem::SfuTables* get() const {
    std::call_once(once_, [this] { tables_ = isa::sem::SfuTables::load(dir_, error_); });
    return tables_ ? &*tables_ : nullptr;
  }
  const std::string& error() const {
    get();
    return error_;
  }
  const std::string& dir() const { return dir_; }

  // The f32 MUFU tables (ex2, lg2, sin/cos, sqrt, tanh), each read on first use.
  const isa::sem::MufuTables& mufu() const { return mufu_; }

  // One source per process for $SMSIM_DATA_DIR/sfu when that is set and not
  // empty, else the source tree's data/sfu: the default of LaunchOptions.
  static std::shared_ptr<const SfuTableSource> shared_default();

 private:
  std::string dir_;
  mutable std::once_flag once_;
  mutable std::optional<isa::sem::SfuTables> tables_;
  mutable std::string error_;
  isa::sem::MufuTables mufu_;
};

}  // namespace smsim::func
