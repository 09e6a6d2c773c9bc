#include "arch/gpu_model_fields.h"

#include <cstdint>
#include <limits>

namespace smsim::arch {

namespace {

using Error = std::optional<std::string>;

template <typename Member>
using Accessor = std::function<Member&(GpuModel&)>;

std::string type_error(std::string_view expected) {
  return "expected " + std::string(expected);
}

FieldSpec int64_field(std::string_view key, Requirement req, Accessor<std::int64_t> member) {
  return {key, req, [member](const toml::node& node, GpuModel& model) -> Error {
            const auto value = node.value<std::int64_t>();
            if (!node.is_integer() || !value) return type_error("an integer");
            if (*value < 0) return "must not be negative";
            member(model) = *value;
            return std::nullopt;
          }};
}

FieldSpec int_field(std::string_view key, Requirement req, Accessor<int> member) {
  return {key, req, [member](const toml::node& node, GpuModel& model) -> Error {
            const auto value = node.value<std::int64_t>();
            if (!node.is_integer() || !value) return type_error("an integer");
            if (*value < 0 || *value > std::numeric_limits<int>::max()) {
              return "must be between 0 and " + std::to_string(std::numeric_limits<int>::max());
            }
            member(model) = static_cast<int>(*value);
            return std::nullopt;
          }};
}

FieldSpec double_field(std::string_view key, Requirement req, Accessor<double> member) {
  return {key, req, [member](const toml::node& node, GpuModel& model) -> Error {
            if (!node.is_floating_point() && !node.is_integer()) return type_error("a number");
            const double value = node.value<double>().value_or(-1.0);
            if (value < 0.0) return "must not be negative";
            member(model) = value;
            return std::nullopt;
          }};
}

FieldSpec string_field(std::string_view key, Requirement req, Accessor<std::string> member) {
  return {key, req, [member](const toml::node& node, GpuModel& model) -> Error {
            if (!node.is_string()) return type_error("a string");
            member(model) = *node.value<std::string>();
            return std::nullopt;
          }};
}

FieldSpec bool_field(std::string_view key, Requirement req, Accessor<bool> member) {
  return {key, req, [member](const toml::node& node, GpuModel& model) -> Error {
            if (!node.is_boolean()) return type_error("true or false");
            member(model) = *node.value<bool>();
            return std::nullopt;
          }};
}

FieldSpec int_list_field(std::string_view key, Requirement req, Accessor<std::vector<int>> member) {
  return {key, req, [member](const toml::node& node, GpuModel& model) -> Error {
            const auto* array = node.as_array();
            if (array == nullptr) return type_error("an array of integers");
            std::vector<int> values;
            for (const auto& element : *array) {
              const auto value = element.value<std::int64_t>();
              if (!element.is_integer() || !value || *value < 0 ||
                  *value > std::numeric_limits<int>::max()) {
                return type_error("an array of non-negative integers");
              }
              values.push_back(static_cast<int>(*value));
            }
            member(model) = std::move(values);
            return std::nullopt;
          }};
}

FieldSpec string_list_field(std::string_view key, Requirement req,
                            Accessor<std::vector<std::string>> member) {
  return {key, req, [member](const toml::node& node, GpuModel& model) -> Error {
            const auto* array = node.as_array();
            if (array == nullptr) return type_error("an array of strings");
            std::vector<std::string> values;
            for (const auto& element : *array) {
              if (!element.is_string()) return type_error("an array of strings");
              values.push_back(*element.value<std::string>());
            }
            member(model) = std::move(values);
            return std::nullopt;
          }};
}

FieldSpec cc_field() {
  return {"cc", Requirement::kAlways, [](const toml::node& node, GpuModel& model) -> Error {
            const auto text = node.value<std::string>();
            if (!node.is_string() || !text) return type_error("a string like \"9.0\"");
            const auto cc = ComputeCapability::parse(*text);
            if (!cc) return "\"" + *text + "\" is not a compute capability like \"9.0\"";
            model.cc = *cc;
            return std::nullopt;
          }};
}

FieldSpec register_granularity_field() {
  return {"registers.allocation_granularity", Requirement::kAlways,
          [](const toml::node& node, GpuModel& model) -> Error {
            const auto text = node.value<std::string>().value_or("");
            if (text == "block") {
              model.registers.allocation_granularity = RegisterGranularity::kBlock;
            } else if (text == "warp") {
              model.registers.allocation_granularity = RegisterGranularity::kWarp;
            } else {
              return type_error("\"block\" or \"warp\"");
            }
            return std::nullopt;
          }};
}

FieldSpec l1_split_field() {
  return {"shared_memory.l1_split", Requirement::kAlways,
          [](const toml::node& node, GpuModel& model) -> Error {
            const auto text = node.value<std::string>().value_or("");
            if (text == "none") {
              model.shared_memory.l1_split = L1Split::kNone;
            } else if (text == "cache_config") {
              model.shared_memory.l1_split = L1Split::kCacheConfig;
            } else if (text == "carveout") {
              model.shared_memory.l1_split = L1Split::kCarveout;
            } else {
              return type_error("\"none\", \"cache_config\" or \"carveout\"");
            }
            return std::nullopt;
          }};
}

// A string naming one value of an enum; `choices` pairs names and values.
template <typename E>
FieldSpec enum_field(std::string_view key, Accessor<E> member,
                     std::vector<std::pair<std::string, E>> choices) {
  return {key, Requirement::kAlways,
          [member, choices](const toml::node& node, GpuModel& model) -> Error {
            const auto text = node.value<std::string>().value_or("");
            std::string names;
            for (const auto& [name, value] : choices) {
              if (text == name) {
                member(model) = value;
                return std::nullopt;
              }
              names += (names.empty() ? "\"" : ", \"") + name + "\"";
            }
            return type_error("one of " + names);
          }};
}

std::vector<FieldSpec> build_fields() {
  constexpr auto kAlways = Requirement::kAlways;
  constexpr auto kGpu = Requirement::kForGpu;
  constexpr auto kOptional = Requirement::kOptional;
  return {
      cc_field(),
      string_field("architecture", kAlways,
                   [](GpuModel& m) -> std::string& { return m.architecture; }),
      string_field("name", kGpu, [](GpuModel& m) -> std::string& { return m.name; }),
      string_field("display_name", kGpu,
                   [](GpuModel& m) -> std::string& { return m.display_name; }),
      string_field("chip.name", kGpu, [](GpuModel& m) -> std::string& { return m.chip; }),
      string_list_field("aliases", kOptional,
                        [](GpuModel& m) -> std::vector<std::string>& { return m.aliases; }),
      bool_field("representative", kGpu, [](GpuModel& m) -> bool& { return m.representative; }),

      int_field("limits.warp_size", kAlways,
                [](GpuModel& m) -> int& { return m.limits.warp_size; }),
      int_field("limits.max_threads_per_block", kAlways,
                [](GpuModel& m) -> int& { return m.limits.max_threads_per_block; }),
      int_field("limits.max_threads_per_sm", kAlways,
                [](GpuModel& m) -> int& { return m.limits.max_threads_per_sm; }),
      int_field("limits.max_warps_per_sm", kAlways,
                [](GpuModel& m) -> int& { return m.limits.max_warps_per_sm; }),
      int_field("limits.max_blocks_per_sm", kAlways,
                [](GpuModel& m) -> int& { return m.limits.max_blocks_per_sm; }),
      int_field("limits.block_barriers_per_sm", kOptional,
                [](GpuModel& m) -> int& { return m.limits.block_barriers_per_sm; }),
      bool_field("limits.barriers_limit_occupancy", kOptional,
                 [](GpuModel& m) -> bool& { return m.limits.barriers_limit_occupancy; }),
      int_field("limits.virtual_resources_per_sm", kOptional,
                [](GpuModel& m) -> int& { return m.limits.virtual_resources_per_sm; }),

      int_field("registers.per_sm", kAlways,
                [](GpuModel& m) -> int& { return m.registers.per_sm; }),
      int_field("registers.max_per_block", kAlways,
                [](GpuModel& m) -> int& { return m.registers.max_per_block; }),
      int_field("registers.max_per_thread", kAlways,
                [](GpuModel& m) -> int& { return m.registers.max_per_thread; }),
      int_field("registers.allocation_unit", kAlways,
                [](GpuModel& m) -> int& { return m.registers.allocation_unit; }),
      register_granularity_field(),
      int_field("registers.warp_allocation_granularity", kOptional,
                [](GpuModel& m) -> int& { return m.registers.warp_allocation_granularity; }),
      int_field("registers.sub_partitions", kOptional,
                [](GpuModel& m) -> int& { return m.registers.sub_partitions; }),
      int_field("registers.compat_check_sub_partitions", kOptional,
                [](GpuModel& m) -> int& { return m.registers.compat_check_sub_partitions; }),

      int64_field("shared_memory.per_sm", kAlways,
                  [](GpuModel& m) -> std::int64_t& { return m.shared_memory.per_sm; }),
      int64_field("shared_memory.max_per_block", kAlways,
                  [](GpuModel& m) -> std::int64_t& { return m.shared_memory.max_per_block; }),
      int64_field("shared_memory.max_per_block_optin", kAlways,
                  [](GpuModel& m) -> std::int64_t& { return m.shared_memory.max_per_block_optin; }),
      int_field("shared_memory.allocation_unit", kAlways,
                [](GpuModel& m) -> int& { return m.shared_memory.allocation_unit; }),
      int64_field("shared_memory.reserved_per_block", kAlways,
                  [](GpuModel& m) -> std::int64_t& { return m.shared_memory.reserved_per_block; }),
      int_field("shared_memory.banks", kAlways,
                [](GpuModel& m) -> int& { return m.shared_memory.banks; }),
      int_field("shared_memory.bank_width_bytes", kAlways,
                [](GpuModel& m) -> int& { return m.shared_memory.bank_width_bytes; }),
      int_list_field(
          "shared_memory.bank_width_modes", kOptional,
          [](GpuModel& m) -> std::vector<int>& { return m.shared_memory.bank_width_modes; }),
      l1_split_field(),
      int_list_field(
          "shared_memory.carveout_configs_kib", kOptional,
          [](GpuModel& m) -> std::vector<int>& { return m.shared_memory.carveout_configs_kib; }),
      int64_field(
          "shared_memory.cache_config.prefer_none", kOptional,
          [](GpuModel& m) -> std::int64_t& { return m.shared_memory.cache_config.prefer_none; }),
      int64_field(
          "shared_memory.cache_config.prefer_shared", kOptional,
          [](GpuModel& m) -> std::int64_t& { return m.shared_memory.cache_config.prefer_shared; }),
      int64_field(
          "shared_memory.cache_config.prefer_l1", kOptional,
          [](GpuModel& m) -> std::int64_t& { return m.shared_memory.cache_config.prefer_l1; }),
      int64_field(
          "shared_memory.cache_config.prefer_equal", kOptional,
          [](GpuModel& m) -> std::int64_t& { return m.shared_memory.cache_config.prefer_equal; }),

      int_field("sm.schedulers", kAlways, [](GpuModel& m) -> int& { return m.sm.schedulers; }),
      int_field("sm.issue_width", kAlways, [](GpuModel& m) -> int& { return m.sm.issue_width; }),
      bool_field("sm.partitioned_global_caching", kOptional,
                 [](GpuModel& m) -> bool& { return m.sm.partitioned_global_caching; }),
      bool_field("sm.independent_thread_scheduling", kOptional,
                 [](GpuModel& m) -> bool& { return m.sm.independent_thread_scheduling; }),
      bool_field("sm.f32_subnormals", kOptional,
                 [](GpuModel& m) -> bool& { return m.sm.f32_subnormals; }),
      bool_field("sm.fmad_truncated_product", kOptional,
                 [](GpuModel& m) -> bool& { return m.sm.fmad_truncated_product; }),
      bool_field("sm.concurrent_kernels", kOptional,
                 [](GpuModel& m) -> bool& { return m.sm.concurrent_kernels; }),
      int_field("sm.units.fp32", kAlways, [](GpuModel& m) -> int& { return m.sm.units.fp32; }),
      int_field("sm.units.int32", kAlways, [](GpuModel& m) -> int& { return m.sm.units.int32; }),
      int_field("sm.units.fp64", kAlways, [](GpuModel& m) -> int& { return m.sm.units.fp64; }),
      int_field("sm.units.sfu", kAlways, [](GpuModel& m) -> int& { return m.sm.units.sfu; }),
      int_field("sm.units.ld_st", kAlways, [](GpuModel& m) -> int& { return m.sm.units.ld_st; }),
      int_field("sm.units.tensor", kOptional,
                [](GpuModel& m) -> int& { return m.sm.units.tensor; }),

      int_field("cache.l1.size_kib", kAlways,
                [](GpuModel& m) -> int& { return m.cache.l1.size_kib; }),
      int_field("cache.l1.line_bytes", kAlways,
                [](GpuModel& m) -> int& { return m.cache.l1.line_bytes; }),
      int_field("cache.l1.sector_bytes", kAlways,
                [](GpuModel& m) -> int& { return m.cache.l1.sector_bytes; }),
      int_field("cache.l2.size_kib", kGpu, [](GpuModel& m) -> int& { return m.cache.l2.size_kib; }),
      int_field("cache.l2.line_bytes", kGpu,
                [](GpuModel& m) -> int& { return m.cache.l2.line_bytes; }),
      int_field("cache.l2.sector_bytes", kGpu,
                [](GpuModel& m) -> int& { return m.cache.l2.sector_bytes; }),
      int_field("cache.constant.size_kib", kAlways,
                [](GpuModel& m) -> int& { return m.cache.constant_kib; }),
      int_field("cache.texture.size_kib", kAlways,
                [](GpuModel& m) -> int& { return m.cache.texture_kib; }),

      enum_field<GlobalCoalescing>(
          "access.global.coalescing",
          [](GpuModel& m) -> GlobalCoalescing& { return m.access.global.coalescing; },
          {{"strict_half_warp", GlobalCoalescing::kStrictHalfWarp},
           {"segments", GlobalCoalescing::kSegments},
           {"units", GlobalCoalescing::kUnits}}),
      int_list_field(
          "access.global.request_lanes", kAlways,
          [](GpuModel& m) -> std::vector<int>& { return m.access.global.request_lanes; }),
      int_list_field(
          "access.global.segment_bytes", kOptional,
          [](GpuModel& m) -> std::vector<int>& { return m.access.global.segment_bytes; }),
      int_field("access.global.cached_unit_bytes", kAlways,
                [](GpuModel& m) -> int& { return m.access.global.cached_unit_bytes; }),
      int_field("access.global.uncached_unit_bytes", kAlways,
                [](GpuModel& m) -> int& { return m.access.global.uncached_unit_bytes; }),
      bool_field("access.global.loads_cached_by_default", kAlways,
                 [](GpuModel& m) -> bool& { return m.access.global.loads_cached_by_default; }),
      enum_field<SharedConflictRule>(
          "access.shared.rule",
          [](GpuModel& m) -> SharedConflictRule& { return m.access.shared.rule; },
          {{"broadcast_word", SharedConflictRule::kBroadcastWord},
           {"distinct_rows", SharedConflictRule::kDistinctRows}}),
      int_list_field("access.shared.phase_lanes", kAlways,
                     [](GpuModel& m) -> std::vector<int>& { return m.access.shared.phase_lanes; }),
      int_field("access.shared.row_bytes", kAlways,
                [](GpuModel& m) -> int& { return m.access.shared.row_bytes; }),
      bool_field("access.shared.split_wide_accesses", kOptional,
                 [](GpuModel& m) -> bool& { return m.access.shared.split_wide_accesses; }),
      int_field("access.shared.wide_extra_pass", kOptional,
                [](GpuModel& m) -> int& { return m.access.shared.wide_extra_pass; }),
      int_field("access.constant.request_lanes", kAlways,
                [](GpuModel& m) -> int& { return m.access.constant_request_lanes; }),

      int_field("chip.sm_count", kGpu, [](GpuModel& m) -> int& { return m.sm_count; }),
      int_field("chip.gpc_count", kOptional, [](GpuModel& m) -> int& { return m.gpc_count; }),
      int_field("chip.copy_engines", kOptional, [](GpuModel& m) -> int& { return m.copy_engines; }),
      double_field("host_link.pinned_gb_per_s", kOptional,
                   [](GpuModel& m) -> double& { return m.host_link.pinned_gb_per_s; }),
      double_field("host_link.pageable_gb_per_s", kOptional,
                   [](GpuModel& m) -> double& { return m.host_link.pageable_gb_per_s; }),
      double_field("host_link.copy_latency_us", kOptional,
                   [](GpuModel& m) -> double& { return m.host_link.copy_latency_us; }),
      int_field("cache.l2.max_persisting_bytes", kOptional,
                [](GpuModel& m) -> int& { return m.cache.l2.max_persisting_bytes; }),
      bool_field("limits.cluster_launch", kOptional,
                 [](GpuModel& m) -> bool& { return m.limits.cluster_launch; }),
      int_field("texture.max_1d_width", kOptional,
                [](GpuModel& m) -> int& { return m.texture.max_1d_width; }),
      int_field("texture.max_2d_width", kOptional,
                [](GpuModel& m) -> int& { return m.texture.max_2d_width; }),
      int_field("texture.max_3d_depth", kOptional,
                [](GpuModel& m) -> int& { return m.texture.max_3d_depth; }),
      int_field("texture.max_surface_2d_width", kOptional,
                [](GpuModel& m) -> int& { return m.texture.max_surface_2d_width; }),
      int_field("clocks.sm_base_mhz", kGpu,
                [](GpuModel& m) -> int& { return m.clocks.sm_base_mhz; }),
      int_field("clocks.sm_boost_mhz", kGpu,
                [](GpuModel& m) -> int& { return m.clocks.sm_boost_mhz; }),
      int_field("clocks.memory_mtps", kGpu,
                [](GpuModel& m) -> int& { return m.clocks.memory_mtps; }),
      string_field("memory.type", kGpu, [](GpuModel& m) -> std::string& { return m.memory.type; }),
      int64_field("memory.size_mib", kGpu,
                  [](GpuModel& m) -> std::int64_t& { return m.memory.size_mib; }),
      int_field("memory.bus_width_bits", kGpu,
                [](GpuModel& m) -> int& { return m.memory.bus_width_bits; }),
      double_field("memory.bandwidth_gb_per_s", kGpu,
                   [](GpuModel& m) -> double& { return m.memory.bandwidth_gb_per_s; }),

      int_field("timing.latency.alu", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.alu; }),
      int_field("timing.latency.int_mul", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.int_mul; }),
      int_field("timing.latency.fma", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.fma; }),
      int_field("timing.latency.fp64", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.fp64; }),
      int_field("timing.latency.half", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.half; }),
      int_field("timing.latency.sfu", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.sfu; }),
      int_field("timing.latency.sfu_rcp", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.sfu_rcp; }),
      int_field("timing.latency.sfu_trig", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.sfu_trig; }),
      int_field("timing.latency.convert", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.convert; }),
      int_field("timing.latency.shuffle", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.shuffle; }),
      int_field("timing.latency.shared", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.shared; }),
      int_field("timing.latency.l1_hit", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.l1_hit; }),
      int_field("timing.latency.l2_hit", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.l2_hit; }),
      int_field("timing.latency.dram", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.dram; }),
      int_field("timing.latency.barrier", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.barrier; }),
      int_field("timing.latency.cluster_barrier", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.cluster_barrier; }),
      int_field("timing.latency.dsmem", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.dsmem; }),
      int_field("timing.latency.swinhi", kOptional,
                [](GpuModel& m) -> int& { return m.timing.latency.swinhi; }),
      int_field("timing.branch.predicate_cycles", kOptional,
                [](GpuModel& m) -> int& { return m.timing.branch.predicate_cycles; }),
      int_field("timing.branch.taken_backward_cycles", kOptional,
                [](GpuModel& m) -> int& { return m.timing.branch.taken_backward_cycles; }),
      int_field("timing.branch.unconditional_cycles", kOptional,
                [](GpuModel& m) -> int& { return m.timing.branch.unconditional_cycles; }),
      int_list_field("timing.branch.forward_instructions", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.branch.forward_instructions; }),
      int_list_field("timing.branch.forward_cycles", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.branch.forward_cycles; }),
      int_list_field("timing.cluster_release.blocks", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.cluster_release.blocks; }),
      int_list_field(
          "timing.cluster_release.blocks_cycles", kOptional,
          [](GpuModel& m) -> std::vector<int>& { return m.timing.cluster_release.blocks_cycles; }),
      int_list_field("timing.cluster_release.warps", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.cluster_release.warps; }),
      int_list_field(
          "timing.cluster_release.warps_cycles", kOptional,
          [](GpuModel& m) -> std::vector<int>& { return m.timing.cluster_release.warps_cycles; }),
      int_list_field("timing.fence.warps", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.fence.warps; }),
      int_list_field("timing.fence.cta_cycles", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.fence.cta_cycles; }),
      int_list_field("timing.fence.gpu_cycles", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.fence.gpu_cycles; }),
      int_list_field("timing.fence.sys_cycles", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.fence.sys_cycles; }),
      int_field("timing.shared_conflict_cycles", kOptional,
                [](GpuModel& m) -> int& { return m.timing.shared_conflict_cycles; }),
      int_field("timing.barrier_arrival_cycles", kOptional,
                [](GpuModel& m) -> int& { return m.timing.barrier_arrival_cycles; }),
      int_field("timing.l1_data_kib", kOptional,
                [](GpuModel& m) -> int& { return m.timing.l1_data_kib; }),
      int_field("timing.dram_fetch_bytes", kOptional,
                [](GpuModel& m) -> int& { return m.timing.dram_fetch_bytes; }),
      int_field("timing.dram.channels", kOptional,
                [](GpuModel& m) -> int& { return m.timing.dram.channels; }),
      int_field("timing.dram.banks", kOptional,
                [](GpuModel& m) -> int& { return m.timing.dram.banks; }),
      int_field("timing.dram.row_bytes", kOptional,
                [](GpuModel& m) -> int& { return m.timing.dram.row_bytes; }),
      double_field("timing.dram.activate_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.dram.activate_cycles; }),
      double_field("timing.dram.row_open_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.dram.row_open_cycles; }),
      int_field("timing.dram.queued_rows", kOptional,
                [](GpuModel& m) -> int& { return m.timing.dram.queued_rows; }),
      int_list_field("timing.dram.latency_quantiles", kOptional,
                     [](GpuModel& m) -> std::vector<int>& { return m.timing.dram.latency_quantiles; }),
      int_field("timing.translation.region_kib", kOptional,
                [](GpuModel& m) -> int& { return m.timing.translation.region_kib; }),
      double_field("timing.translation.miss_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.translation.miss_cycles; }),
      int_field("timing.translation.plain_region_kib", kOptional,
                [](GpuModel& m) -> int& { return m.timing.translation.plain_region_kib; }),
      double_field("timing.translation.plain_miss_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.translation.plain_miss_cycles; }),
      int_field("timing.atomic_shared_lock_bits", kOptional,
                [](GpuModel& m) -> int& { return m.timing.atomic_shared_lock_bits; }),
      int_field("timing.launch_cycles", kOptional,
                [](GpuModel& m) -> int& { return m.timing.launch_cycles; }),
      double_field("timing.atomic_shared_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.atomic_shared_cycles; }),
      double_field("timing.atomic_shared_conflict_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.atomic_shared_conflict_cycles; }),
      double_field("timing.atomic_global_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.atomic_global_cycles; }),
      double_field(
          "timing.atomic_global_same_address_cycles", kOptional,
          [](GpuModel& m) -> double& { return m.timing.atomic_global_same_address_cycles; }),
      double_field("timing.l2_sectors_per_cycle", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.l2_sectors_per_cycle; }),
      double_field("timing.l2_partial_writes_per_cycle", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.l2_partial_writes_per_cycle; }),
      double_field("timing.dram_efficiency", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.dram_efficiency; }),
      double_field("timing.block_dispatch_cycles", kOptional,
                   [](GpuModel& m) -> double& { return m.timing.block_dispatch_cycles; }),
      bool_field("timing.barrier_waits_for_shared_writes", kOptional,
                 [](GpuModel& m) -> bool& { return m.timing.barrier_waits_for_shared_writes; }),
      bool_field("timing.issue.dual_issue", kOptional,
                 [](GpuModel& m) -> bool& { return m.timing.issue.dual_issue; }),
      bool_field("timing.issue.fp64_blocks_other_schedulers", kOptional,
                 [](GpuModel& m) -> bool& { return m.timing.issue.fp64_blocks_other_schedulers; }),
      bool_field("timing.issue.cores_execute_integer", kOptional,
                 [](GpuModel& m) -> bool& { return m.timing.issue.cores_execute_integer; }),
      int_field("timing.issue.sqrt_sfu_passes", kOptional,
                [](GpuModel& m) -> int& { return m.timing.issue.sqrt_sfu_passes; }),
      int_field("timing.issue.issue_cycles", kOptional,
                [](GpuModel& m) -> int& { return m.timing.issue.issue_cycles; }),
      int_field("timing.if_conversion.max_weight", kOptional,
                [](GpuModel& m) -> int& { return m.timing.if_conversion.max_weight; }),
      int_field("timing.if_conversion.arithmetic_weight", kOptional,
                [](GpuModel& m) -> int& { return m.timing.if_conversion.arithmetic_weight; }),
      int_field("timing.if_conversion.load_weight", kOptional,
                [](GpuModel& m) -> int& { return m.timing.if_conversion.load_weight; }),
      int_field("timing.if_conversion.store_weight", kOptional,
                [](GpuModel& m) -> int& { return m.timing.if_conversion.store_weight; }),
      int_field("timing.if_conversion.shared_base_weight", kOptional,
                [](GpuModel& m) -> int& { return m.timing.if_conversion.shared_base_weight; }),
      int_field("timing.issue.int_division_instructions", kOptional,
                [](GpuModel& m) -> int& { return m.timing.issue.int_division_instructions; }),
      int_field("timing.issue.load_scoreboards", kOptional,
                [](GpuModel& m) -> int& { return m.timing.issue.load_scoreboards; }),
      int_field("timing.issue.loads_in_flight", kOptional,
                [](GpuModel& m) -> int& { return m.timing.issue.loads_in_flight; }),
      string_field("timing.warp_policy", kOptional,
                   [](GpuModel& m) -> std::string& { return m.timing.warp_policy; }),
  };
}

}  // namespace

const std::vector<FieldSpec>& gpu_model_fields() {
  static const std::vector<FieldSpec> fields = build_fields();
  return fields;
}

}  // namespace smsim::arch
