#pragma once
// GpuModel: every fact smsim knows about one GPU (or, for a compute capability without
// a GPU file, about its SM). Filled from configs/ by GpuDatabase; see docs/arch.md for
// the file schema and where each fact comes from.

#include <cstdint>
#include <string>
#include <vector>

#include "arch/compute_capability.h"

namespace smsim::arch {

// How the register file is handed out: per block (1.x, whole block rounded up) or per
// warp (2.x and later).
enum class RegisterGranularity { kBlock, kWarp };

// How shared memory and L1 share the SM's on-chip memory.
enum class L1Split {
  kNone,         // shared memory is dedicated (1.x, 5.x, 6.x)
  kCacheConfig,  // a per-kernel cache preference picks one of a few splits (2.x, 3.x)
  kCarveout,     // a percentage picks one of the listed carveouts (7.0 and later)
};

struct ThreadLimits {
  int warp_size = 0;
  int max_threads_per_block = 0;
  int max_threads_per_sm = 0;
  int max_warps_per_sm = 0;
  int max_blocks_per_sm = 0;
  int block_barriers_per_sm = 0;          // named barriers (bar.sync ids) per SM
  bool barriers_limit_occupancy = false;  // whether the calculator counts them
  int virtual_resources_per_sm = 0;       // 0: no virtual resources on this CC
  bool cluster_launch = false;            // thread block clusters (9.0+)
};

// Largest texture and surface extents (cudaDeviceProp::maxTexture*); 0 where
// not recorded for the CC.
struct TextureLimits {
  int max_1d_width = 0;
  int max_2d_width = 0;
  int max_3d_depth = 0;
  int max_surface_2d_width = 0;
};

struct RegisterFile {
  int per_sm = 0;
  int max_per_block = 0;
  int max_per_thread = 0;
  int allocation_unit = 0;
  RegisterGranularity allocation_granularity = RegisterGranularity::kWarp;
  int warp_allocation_granularity = 1;  // kBlock: warps are rounded up to this first
  int sub_partitions = 1;               // kWarp: the register file is split this many ways
  int compat_check_sub_partitions = 0;  // kWarp: a block must also fit this split (0: none)
};

// Shared memory per SM under each legacy cache preference (kCacheConfig only).
struct CacheConfigSizes {
  std::int64_t prefer_none = 0;
  std::int64_t prefer_shared = 0;
  std::int64_t prefer_l1 = 0;
  std::int64_t prefer_equal = 0;
};

struct SharedMemory {
  std::int64_t per_sm = 0;               // the largest configuration
  std::int64_t max_per_block = 0;        // without opt-in
  std::int64_t max_per_block_optin = 0;  // with cudaFuncAttributeMaxDynamicSharedMemorySize
  int allocation_unit = 0;
  std::int64_t reserved_per_block = 0;  // taken by the driver from each block's allocation
  int banks = 0;
  int bank_width_bytes = 0;
  std::vector<int> bank_width_modes;  // selectable bank widths in bytes
  L1Split l1_split = L1Split::kNone;
  std::vector<int> carveout_configs_kib;  // kCarveout: ascending
  CacheConfigSizes cache_config;          // kCacheConfig
};

struct ExecutionUnits {
  int fp32 = 0;
  int int32 = 0;
  int fp64 = 0;
  int sfu = 0;
  int ld_st = 0;
  int tensor = 0;
};

struct SmPipeline {
  int schedulers = 0;
  int issue_width = 0;  // instructions per scheduler per cycle
  bool partitioned_global_caching = false;
  // Each thread schedules on its own (7.0+): a warp's divergent paths
  // interleave and .sync warp instructions wait for their member lanes.
  bool independent_thread_scheduling = false;
  // Single-precision subnormals; 1.x has none (every f32 operation flushes).
  bool f32_subnormals = true;
  // 1.x's FMAD truncates the intermediate product of mad.f32 (and of the
  // mul+add pairs ptxas merges into it).
  bool fmad_truncated_product = false;
  // Kernels of different streams may run at once (handbook Table 8.1: SM 2.0).
  bool concurrent_kernels = false;
  ExecutionUnits units;
};

struct CacheLevel {
  int size_kib = 0;  // 0: this level does not exist
  int line_bytes = 0;
  int sector_bytes = 0;
  int max_persisting_bytes = 0;  // L2: largest persisting-access carve-out, 0 if none
};

struct Caches {
  CacheLevel l1;
  CacheLevel l2;
  int constant_kib = 0;
  int texture_kib = 0;
};

struct Clocks {
  int sm_base_mhz = 0;
  int sm_boost_mhz = 0;  // 0: no boost clock
  int memory_mtps = 0;   // DRAM transfers per second per pin, in millions
};

// The host link the copy engines use (PCIe): sustained copy bandwidth from
// pinned and from pageable host memory (staged through a pinned buffer), and
// the fixed cost of one copy.
struct HostLink {
  double pinned_gb_per_s = 0.0;
  double pageable_gb_per_s = 0.0;
  double copy_latency_us = 0.0;
};

struct Dram {
  std::string type;
  std::int64_t size_mib = 0;
  int bus_width_bits = 0;
  double bandwidth_gb_per_s = 0.0;
};

// Cycles from issue until a dependent instruction may issue, per latency
// class of the PTX opcode table (and the memory levels). 0: not measured.
struct TimingLatencies {
  int alu = 0;
  int int_mul = 0;
  int fma = 0;
  int fp64 = 0;
  int half = 0;
  int sfu = 0;
  int sfu_rcp = 0;   // rcp.approx
  int sfu_trig = 0;  // sin/cos.approx: range reduction plus the SFU
  int convert = 0;
  int shuffle = 0;
  int shared = 0;  // a conflict-free shared-memory load
  int l1_hit = 0;
  int l2_hit = 0;
  int dram = 0;
  int barrier = 0;  // from the last warp's arrival until the block runs on
  // sm_90 clusters: from the last arrival at barrier.cluster until the
  // cluster's warps run on, and a shared-memory access to another block of
  // the cluster (through the SM-to-SM network). 0: the CC has no clusters.
  int cluster_barrier = 0;
  int dsmem = 0;
  // sm_90: ptxas makes a .shared::cluster access of a 32-bit address a
  // generic one, whose upper half an S2R SR_SWINHI reads at the start of
  // the access's region (src/timing/branch_regions.h); the access cannot
  // issue before that read and the MOV that pairs it are done. 0: none.
  int swinhi = 0;
};

// How each CC's warp schedulers issue (src/timing/issue_rules.*); the
// defaults are the sm_90 model's behaviour.
struct IssueFacts {
  bool dual_issue = false;  // sm.issue_width independent instructions of one warp per cycle
  bool fp64_blocks_other_schedulers = false;  // a DP issue stops the SM's other schedulers
  bool cores_execute_integer = false;         // integer and logic instructions share the FP32 cores
  int sqrt_sfu_passes = 1;                    // sqrt.approx.f32 as this many SFU instructions
  int issue_cycles = 1;  // cycles one issue (or dual-issued pair) takes a scheduler
  // What ptxas makes of the PTX, which the model runs (op_timing.*): an
  // integer division or remainder by a register becomes this many machine
  // instructions, each an issue of the scheduler. (Its if-conversion:
  // IfConversionFacts.)
  int int_division_instructions = 1;
  // The scoreboards ptxas gives a warp's global loads (src/timing/load_scoreboards.h;
  // 0: each result is waited for on its own) and how many loads of a thread
  // it keeps in flight, unread (0: as many as the look-ahead window reaches).
  int load_scoreboards = 0;
  int loads_in_flight = 0;
};

// Which forward branches ptxas turns into predicated code (src/timing/if_conversion.h,
// docs/timing.md "What ptxas makes of the PTX"): those over a body of arithmetic
// and shared-memory accesses whose weight, summed over its PTX instructions, is
// at most `max_weight` (0: never). A weight stands for the machine instructions
// ptxas makes of the instruction; integer arithmetic that only computes a
// body's addresses weighs nothing (ptxas folds it into the access or hoists it).
struct IfConversionFacts {
  int max_weight = 0;
  int arithmetic_weight = 0;   // arithmetic, conversion, special-register read
  int load_weight = 0;         // a .shared load
  int store_weight = 0;        // a .shared store
  int shared_base_weight = 0;  // once a body: an access to a shared variable's own address
};

// What a branch that ptxas keeps costs its warp (src/timing/branch_cost.h,
// docs/timing.md "Branches"); all 0: a branch is an issue like any other.
struct BranchFacts {
  // From its predicate's ready cycle, the predicate's producer hoisted to
  // the start of its region, to the cycle the branch may issue.
  int predicate_cycles = 0;
  // From a taken branch's issue to its warp's next issue: backward (a loop's
  // back-edge), unconditional, and conditional forward by the instructions it
  // skips: the piecewise-linear curve through (forward_instructions[i],
  // forward_cycles[i]), flat beyond its ends (src/timing/measured_curve.h).
  int taken_backward_cycles = 0;
  int unconditional_cycles = 0;
  std::vector<int> forward_instructions;  // instructions skipped, increasing
  std::vector<int> forward_cycles;        // the cost at each
  // Whether any of these costs is set: without one, a branch is an issue
  // like any other and nothing needs its predicate's early cycle.
  bool any_cost() const {
    return predicate_cycles != 0 || taken_backward_cycles != 0 || unconditional_cycles != 0 ||
           !forward_cycles.empty();
  }
};

// The cycle model's facts for one CC (docs/timing.md); a model whose
// latencies are 0 has no timing mode.
// The DRAM's geometry for the cycle model (src/timing/dram.h); channels 0:
// one queue at the bandwidth, without rows.
struct DramGeometry {
  int channels = 0;              // independent channels, each an equal share of the bandwidth
  int banks = 0;                 // banks per channel, each holding one open row
  int row_bytes = 0;             // bytes of one row: an aligned block of the address space
  double activate_cycles = 0.0;  // SM cycles of its channel's time that opening a row takes
  double row_open_cycles = 0.0;  // a row idle this long is closed (0: open until another row)
  // Rows of a bank whose queued requests the controller serves together
  // (first-ready first: a request to one of them needs no new opening while
  // the row has requests arriving); 1: strictly in arrival order.
  int queued_rows = 1;
  // Measured latencies of single L2 misses (quantiles of a dependent chain's
  // loads, SM cycles). Their spread, not their mean, is used: a miss takes
  // latency.dram plus one of them less their mean, picked by its address, so a
  // chain averages latency.dram while a burst of independent misses waits for
  // its slowest. Empty: every miss takes latency.dram.
  std::vector<int> latency_quantiles;
};

// sm_90 clusters: what the release of a barrier.cluster.arrive (the
// MEMBAR.ALL.GPU ptxas puts before UCGABAR_ARV) costs the arriving warp,
// as the sum of two piecewise-linear curves through measured points: one over
// the cluster's blocks, one over the block's warps (src/timing/cluster_release.h).
// Empty: no clusters.
struct ClusterReleaseFacts {
  std::vector<int> blocks;         // cluster sizes measured, increasing
  std::vector<int> blocks_cycles;  // the cost at each, one warp per block
  std::vector<int> warps;          // warps per block measured, increasing
  std::vector<int> warps_cycles;   // added at each
};

// What a membar or fence costs the warp that issues it, by scope, as
// piecewise-linear curves over the issuing block's warps through measured
// points (src/timing/fence_cost.h). The cluster scope costs what the gpu
// scope does (ptxas emits MEMBAR.ALL.GPU for both). Empty: an issue.
struct FenceFacts {
  std::vector<int> warps;       // warps per block measured, increasing
  std::vector<int> cta_cycles;  // membar.cta, fence.sc/acq_rel.cta
  std::vector<int> gpu_cycles;  // membar.gl, fence.*.gpu and fence.*.cluster
  std::vector<int> sys_cycles;  // membar.sys, fence.*.sys
};

// What the SMs' first access to memory costs (src/timing/address_translation.h):
// one GPU-wide walk per aligned region of `region_kib` KiB, `miss_cycles` SM
// cycles, remembered across launches, as Nsight Compute's launches see it;
// the same for plain runs (the program timing itself) with the `plain_`
// pair. 0: not modelled.
struct TranslationFacts {
  int region_kib = 0;
  double miss_cycles = 0.0;
  int plain_region_kib = 0;
  double plain_miss_cycles = 0.0;
};

struct TimingFacts {
  std::string warp_policy = "gto";  // "gto" (greedy then oldest) or "lrr" (loose round robin)
  TimingLatencies latency;
  IssueFacts issue;
  IfConversionFacts if_conversion;
  BranchFacts branch;
  int shared_conflict_cycles = 0;                  // added per extra way of a bank conflict
  int barrier_arrival_cycles = 0;                  // SM-wide, per warp arriving at a barrier
  bool barrier_waits_for_shared_writes = false;    // a warp arrives once its shared stores are done
  double atomic_shared_cycles = 0.0;               // per warp-atomic, no two lanes on one word
  double atomic_shared_conflict_cycles = 0.0;      // added per extra lane on one word (or lock)
  int atomic_shared_lock_bits = 0;  // lock loops: word-index bits that pick the lock (0: per word)
  double atomic_global_cycles = 0.0;               // at L2, per warp-atomic
  double atomic_global_same_address_cycles = 0.0;  // added per extra lane on one word
  int l1_data_kib = 0;                             // L1 capacity left for data
  double l2_sectors_per_cycle = 0.0;               // L2 bandwidth, 32-byte sectors per SM cycle
  // Stores that write part of a sector (byte-masked writes), per SM cycle;
  // 0: as fast as whole sectors (l2_sectors_per_cycle).
  double l2_partial_writes_per_cycle = 0.0;
  int dram_fetch_bytes = 0;                        // bytes DRAM delivers for one missing sector
  double dram_efficiency = 0.0;        // achievable fraction of memory.bandwidth_gb_per_s
  DramGeometry dram;
  ClusterReleaseFacts cluster_release;
  FenceFacts fence;
  TranslationFacts translation;
  int launch_cycles = 0;               // kernel launch overhead (ncu's cycles of an empty kernel)
  double block_dispatch_cycles = 0.0;  // GPU-wide cycles between two block dispatches
};

// How a warp's global and local accesses become memory transactions (issue 7;
// the rules are in src/analysis, these are their per-CC parameters).
enum class GlobalCoalescing {
  kStrictHalfWarp,  // 1.0/1.1: the k-th thread must access the k-th word of an aligned segment
  kSegments,        // 1.2/1.3: per half-warp, the smallest 32/64/128-byte segments that cover
  kUnits,           // 2.x on: the distinct cache lines or sectors each request touches
};

// Lists indexed by access size: 1, 2, 4, 8 and 16 bytes.
inline constexpr std::size_t kAccessSizeClasses = 5;

struct GlobalAccessRules {
  GlobalCoalescing coalescing = GlobalCoalescing::kUnits;
  std::vector<int> request_lanes;  // consecutive lanes that form one request, per access size
  std::vector<int> segment_bytes;  // kSegments: the largest segment, per access size
  int cached_unit_bytes = 0;       // transaction unit of a load cached in L1 (0: no L1)
  int uncached_unit_bytes = 0;     // L2-only accesses and stores; 1.x: the smallest transaction
  bool loads_cached_by_default = false;
};

enum class SharedConflictRule {
  kBroadcastWord,  // 1.x: per step one broadcast word plus one address per other bank
  kDistinctRows,   // 2.x on: cost = most distinct bank rows requested from one bank
};

struct SharedAccessRules {
  SharedConflictRule rule = SharedConflictRule::kDistinctRows;
  std::vector<int> phase_lanes;      // consecutive lanes serviced together, per access size
  int row_bytes = 0;                 // bytes of one row across all banks (banks x physical width)
  bool split_wide_accesses = false;  // 1.x: 64/128-bit accesses become 32-bit requests
  int wide_extra_pass = 0;           // passes a 128-bit access costs beyond its worst bank
};

struct AccessRules {
  GlobalAccessRules global;
  SharedAccessRules shared;
  int constant_request_lanes = 0;  // lanes whose distinct addresses serialize together
};

struct GpuModel {
  std::string name;          // lookup name: the GPU file's `name`, or "sm_XY"
  std::string display_name;  // what reports print
  std::string chip;
  std::string architecture;
  std::vector<std::string> aliases;
  bool representative = false;  // the GPU `--cc` picks for its compute capability
  bool is_gpu = false;          // false: a compute capability's SM facts only
  std::string source_file;

  ComputeCapability cc;
  ThreadLimits limits;
  RegisterFile registers;
  SharedMemory shared_memory;
  SmPipeline sm;
  Caches cache;
  TimingFacts timing;
  AccessRules access;

  TextureLimits texture;

  int sm_count = 0;
  int gpc_count = 0;     // graphics processing clusters; a thread-block cluster runs in one
  int copy_engines = 0;  // asynchronous copy engines (asyncEngineCount)
  HostLink host_link;
  Clocks clocks;
  Dram memory;
};

}  // namespace smsim::arch
