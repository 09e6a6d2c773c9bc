#pragma once
// The one list of keys a GPU description may hold: each maps a dotted TOML key to a
// GpuModel member. The loader rejects every key that is not listed here, so a new fact
// (a latency, a bandwidth) is added by declaring its member and one row in the .cpp.

#include <toml++/toml.h>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "arch/gpu_model.h"

namespace smsim::arch {

enum class Requirement {
  kAlways,    // every compute capability must end up with it
  kForGpu,    // GPU files must end up with it; SM-only descriptions may lack it
  kOptional,  // has a default
};

struct FieldSpec {
  std::string_view key;  // dotted path, e.g. "shared_memory.per_sm"
  Requirement requirement;
  // Stores the node's value in the model; returns an error text on a wrong type or value.
  std::function<std::optional<std::string>(const toml::node&, GpuModel&)> assign;
};

const std::vector<FieldSpec>& gpu_model_fields();

// The key that names a description's parent; not a model field.
inline constexpr std::string_view kInheritsKey = "inherits";

}  // namespace smsim::arch
