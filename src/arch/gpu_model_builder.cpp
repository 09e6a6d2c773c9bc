#include "arch/gpu_model_builder.h"

#include <algorithm>
#include <string>

#include "arch/config_error.h"
#include "arch/gpu_model_fields.h"

namespace smsim::arch {

namespace {

const FieldSpec* find_field(std::string_view key) {
  for (const auto& field : gpu_model_fields()) {
    if (field.key == key) return &field;
  }
  return nullptr;
}

bool is_table_prefix(std::string_view path) {
  const std::string prefix = std::string(path) + ".";
  return std::any_of(gpu_model_fields().begin(), gpu_model_fields().end(),
                     [&](const FieldSpec& field) { return field.key.starts_with(prefix); });
}

std::string join(std::string_view prefix, std::string_view key) {
  return prefix.empty() ? std::string(key) : std::string(prefix) + "." + std::string(key);
}

void check_table(const Description& description, const toml::table& table,
                 std::string_view prefix) {
  for (const auto& [key, node] : table) {
    const std::string path = join(prefix, key.str());
    if (prefix.empty() && key.str() == kInheritsKey) continue;
    if (const auto* nested = node.as_table(); nested != nullptr && is_table_prefix(path)) {
      check_table(description, *nested, path);
      continue;
    }
    if (find_field(path) == nullptr) {
      const char* what = node.is_table() ? "unknown table '" : "unknown key '";
      throw ConfigError(description.file.string() + ": " + what + path + "' in '" +
                        description.name + "'");
    }
  }
}

const toml::node* lookup(const toml::table& table, std::string_view dotted) {
  return table.at_path(dotted).node();
}

[[noreturn]] void fail(const Description& description, std::string_view key,
                       const std::string& what) {
  throw ConfigError(description.file.string() + ": '" + description.name + "': key '" +
                    std::string(key) + "': " + what);
}

void require_positive(const Description& description, std::string_view key, std::int64_t value) {
  if (value <= 0) fail(description, key, "must be positive");
}

// The access rules compute with shifts and masks.
void require_power_of_two(const Description& d, std::string_view key, std::int64_t value) {
  if (value <= 0 || (value & (value - 1)) != 0) fail(d, key, "must be a power of two");
}

// A per-size lane list must name every size class with a whole number of
// requests per warp.
void check_lane_list(const Description& d, std::string_view key, const std::vector<int>& lanes,
                     int warp_size) {
  if (lanes.size() != kAccessSizeClasses) {
    fail(d, key, "needs one entry per access size (1, 2, 4, 8, 16 bytes)");
  }
  for (const int n : lanes) {
    if (n <= 0 || warp_size % n != 0) fail(d, key, "each entry must divide the warp size");
  }
}

void check_access_rules(const Description& d, const GpuModel& m) {
  const AccessRules& a = m.access;
  check_lane_list(d, "access.global.request_lanes", a.global.request_lanes, m.limits.warp_size);
  check_lane_list(d, "access.shared.phase_lanes", a.shared.phase_lanes, m.limits.warp_size);
  require_power_of_two(d, "access.global.uncached_unit_bytes", a.global.uncached_unit_bytes);
  require_power_of_two(d, "access.shared.row_bytes", a.shared.row_bytes);
  if (a.global.cached_unit_bytes != 0) {
    require_power_of_two(d, "access.global.cached_unit_bytes", a.global.cached_unit_bytes);
  }
  require_power_of_two(d, "shared_memory.banks", m.shared_memory.banks);
  constexpr int kMostBanks = 64;  // the bank-conflict rules keep one bit per bank
  if (m.shared_memory.banks > kMostBanks) fail(d, "shared_memory.banks", "at most 64 banks");
  for (const int width : m.shared_memory.bank_width_modes) {
    require_power_of_two(d, "shared_memory.bank_width_modes", width);
  }
  require_positive(d, "access.constant.request_lanes", a.constant_request_lanes);
  if (a.global.coalescing == GlobalCoalescing::kSegments &&
      a.global.segment_bytes.size() != kAccessSizeClasses) {
    fail(d, "access.global.segment_bytes", "segment coalescing needs one segment per access size");
  }
  if (a.global.loads_cached_by_default && a.global.cached_unit_bytes <= 0) {
    fail(d, "access.global.cached_unit_bytes", "loads cached by default need an L1 unit");
  }
}

void check_consistency(const Description& d, const GpuModel& m) {
  require_positive(d, "limits.warp_size", m.limits.warp_size);
  require_positive(d, "limits.max_threads_per_block", m.limits.max_threads_per_block);
  require_positive(d, "limits.max_blocks_per_sm", m.limits.max_blocks_per_sm);
  require_positive(d, "registers.per_sm", m.registers.per_sm);
  require_positive(d, "registers.max_per_block", m.registers.max_per_block);
  require_positive(d, "registers.allocation_unit", m.registers.allocation_unit);
  require_positive(d, "shared_memory.per_sm", m.shared_memory.per_sm);
  require_positive(d, "shared_memory.max_per_block", m.shared_memory.max_per_block);
  require_positive(d, "shared_memory.allocation_unit", m.shared_memory.allocation_unit);
  if (m.limits.max_warps_per_sm * m.limits.warp_size != m.limits.max_threads_per_sm) {
    fail(d, "limits.max_threads_per_sm", "must equal max_warps_per_sm x warp_size");
  }
  if (m.shared_memory.max_per_block_optin < m.shared_memory.max_per_block) {
    fail(d, "shared_memory.max_per_block_optin", "must not be below max_per_block");
  }
  if (m.registers.allocation_granularity == RegisterGranularity::kBlock) {
    require_positive(d, "registers.warp_allocation_granularity",
                     m.registers.warp_allocation_granularity);
  } else {
    require_positive(d, "registers.sub_partitions", m.registers.sub_partitions);
  }
  const auto& smem = m.shared_memory;
  if (smem.l1_split == L1Split::kCarveout) {
    if (smem.carveout_configs_kib.empty()) {
      fail(d, "shared_memory.carveout_configs_kib", "a carveout split needs its configurations");
    }
    if (!std::is_sorted(smem.carveout_configs_kib.begin(), smem.carveout_configs_kib.end())) {
      fail(d, "shared_memory.carveout_configs_kib", "must be in ascending order");
    }
    constexpr std::int64_t kBytesPerKib = 1024;
    if (smem.carveout_configs_kib.back() * kBytesPerKib != smem.per_sm) {
      fail(d, "shared_memory.carveout_configs_kib", "the largest must equal per_sm");
    }
  }
  if (smem.l1_split == L1Split::kCacheConfig) {
    require_positive(d, "shared_memory.cache_config.prefer_none", smem.cache_config.prefer_none);
    require_positive(d, "shared_memory.cache_config.prefer_shared",
                     smem.cache_config.prefer_shared);
    require_positive(d, "shared_memory.cache_config.prefer_l1", smem.cache_config.prefer_l1);
    require_positive(d, "shared_memory.cache_config.prefer_equal", smem.cache_config.prefer_equal);
  }
  if (m.is_gpu) require_positive(d, "chip.sm_count", m.sm_count);
  check_access_rules(d, m);
}

}  // namespace

void check_known_keys(const Description& description) {
  check_table(description, description.table, "");
}

GpuModel build_gpu_model(const Description& description, const toml::table& resolved) {
  GpuModel model;
  model.is_gpu = description.kind == DescriptionKind::kGpu;
  model.source_file = description.file.string();
  for (const auto& field : gpu_model_fields()) {
    const toml::node* node = lookup(resolved, field.key);
    if (node == nullptr) {
      const bool required = field.requirement == Requirement::kAlways ||
                            (field.requirement == Requirement::kForGpu && model.is_gpu);
      if (required) fail(description, field.key, "missing (not set here nor inherited)");
      continue;
    }
    if (const auto error = field.assign(*node, model)) fail(description, field.key, *error);
  }
  if (!model.is_gpu) {
    model.name = description.name;
    model.display_name = "SM of compute capability " + model.cc.to_string();
  }
  if (model.shared_memory.bank_width_modes.empty()) {
    model.shared_memory.bank_width_modes = {model.shared_memory.bank_width_bytes};
  }
  check_consistency(description, model);
  return model;
}

}  // namespace smsim::arch
