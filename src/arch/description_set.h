#pragma once
// The raw descriptions read from configs/: each is a TOML table with a name, the file it
// came from and an optional parent (`inherits`). Resolving one merges it over its
// ancestors, so each file states only what differs from its parent.

#include <toml++/toml.h>

#include <filesystem>
#include <map>
#include <string>
#include <vector>

namespace smsim::arch {

enum class DescriptionKind {
  kComputeCapability,  // a top-level table of configs/arch/*.toml
  kGpu,                // a whole configs/gpus/*.toml file
};

struct Description {
  std::string name;
  DescriptionKind kind = DescriptionKind::kGpu;
  std::filesystem::path file;
  toml::table table;
};

class DescriptionSet {
 public:
  // Reads configs/arch/*.toml and configs/gpus/*.toml; throws ConfigError.
  static DescriptionSet read(const std::filesystem::path& config_dir);

  void add(Description description);
  const std::map<std::string, Description>& all() const { return descriptions_; }

  // The description merged over all its ancestors (without `inherits`); throws
  // ConfigError on an unknown parent or a cycle.
  toml::table resolve(const std::string& name) const;

 private:
  std::map<std::string, Description> descriptions_;
};

}  // namespace smsim::arch
