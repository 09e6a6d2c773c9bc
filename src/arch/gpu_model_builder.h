#pragma once
// Turns descriptions into GpuModels: rejects keys the schema does not know (naming the
// file that wrote them), fills every field, and checks that required facts are present
// and consistent.

#include <toml++/toml.h>

#include "arch/description_set.h"
#include "arch/gpu_model.h"

namespace smsim::arch {

// Throws ConfigError naming the file and the dotted key of the first unknown key.
void check_known_keys(const Description& description);

// Builds the model of `description` from its resolved (merged) table; throws ConfigError.
GpuModel build_gpu_model(const Description& description, const toml::table& resolved);

}  // namespace smsim::arch
