// The loader's diagnostics: each bad configuration is refused with a message that names
// the file and the key.

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "arch/config_error.h"
#include "arch/gpu_database.h"

namespace smsim::arch {
namespace {

namespace fs = std::filesystem;

// A minimal valid compute capability and GPU; each test breaks one thing.
constexpr const char* kArchFile = R"(
[sm_90]
cc = "9.0"
architecture = "Hopper"
[sm_90.limits]
warp_size = 32
max_threads_per_block = 1024
max_threads_per_sm = 2048
max_warps_per_sm = 64
max_blocks_per_sm = 32
[sm_90.registers]
per_sm = 65536
max_per_block = 65536
max_per_thread = 255
allocation_unit = 256
allocation_granularity = "warp"
sub_partitions = 4
[sm_90.shared_memory]
per_sm = 233472
max_per_block = 49152
max_per_block_optin = 232448
allocation_unit = 128
reserved_per_block = 1024
banks = 32
bank_width_bytes = 4
l1_split = "carveout"
carveout_configs_kib = [0, 8, 16, 32, 64, 100, 132, 164, 196, 228]
[sm_90.sm]
schedulers = 4
issue_width = 1
[sm_90.sm.units]
fp32 = 128
int32 = 64
fp64 = 64
sfu = 16
ld_st = 32
[sm_90.cache.l1]
size_kib = 256
line_bytes = 128
sector_bytes = 32
[sm_90.cache.constant]
size_kib = 8
[sm_90.cache.texture]
size_kib = 256
[sm_90.access.global]
coalescing = "units"
request_lanes = [32, 32, 32, 32, 32]
cached_unit_bytes = 32
uncached_unit_bytes = 32
loads_cached_by_default = true
[sm_90.access.shared]
rule = "distinct_rows"
phase_lanes = [32, 32, 32, 32, 16]
row_bytes = 128
[sm_90.access.constant]
request_lanes = 32
)";

constexpr const char* kGpuFile = R"(
inherits = "sm_90"
name = "h100-sxm"
display_name = "H100"
aliases = ["h100"]
representative = true
[chip]
name = "GH100"
sm_count = 132
[clocks]
sm_base_mhz = 1590
sm_boost_mhz = 1980
memory_mtps = 5240
[memory]
type = "HBM3"
size_mib = 81920
bus_width_bits = 5120
bandwidth_gb_per_s = 3352.0
[cache.l2]
size_kib = 51200
line_bytes = 128
sector_bytes = 32
)";

class ConfigDir : public ::testing::Test {
 protected:
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir_ = fs::temp_directory_path() /
           ("smsim-arch-" + std::string(info->name()) + "-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "arch");
    fs::create_directories(dir_ / "gpus");
    write("arch/hopper.toml", kArchFile);
    write("gpus/h100-sxm.toml", kGpuFile);
  }
  void TearDown() override { fs::remove_all(dir_); }

  void write(const std::string& relative, const std::string& text) {
    std::ofstream(dir_ / relative) << text;
  }
  void replace(const std::string& relative, const std::string& from, const std::string& to) {
    std::ifstream in(dir_ / relative);
    std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const auto at = text.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    text.replace(at, from.size(), to);
    write(relative, text);
  }

  // The loader's message, or "" when it accepted the directory.
  std::string load_error() {
    try {
      GpuDatabase::load(dir_);
    } catch (const ConfigError& error) {
      return error.what();
    }
    return "";
  }

  fs::path dir_;
};

TEST_F(ConfigDir, MinimalConfigurationLoads) {
  EXPECT_EQ(load_error(), "");
  const GpuDatabase database = GpuDatabase::load(dir_);
  ASSERT_NE(database.find("H100"), nullptr);
  EXPECT_EQ(database.find("H100")->sm_count, 132);
}

TEST_F(ConfigDir, AccessRulesAreRead) {
  const GpuDatabase database = GpuDatabase::load(dir_);
  const AccessRules& access = database.find("H100")->access;
  EXPECT_EQ(access.global.coalescing, GlobalCoalescing::kUnits);
  EXPECT_EQ(access.shared.rule, SharedConflictRule::kDistinctRows);
  EXPECT_EQ(access.shared.phase_lanes, (std::vector<int>{32, 32, 32, 32, 16}));
  EXPECT_EQ(access.constant_request_lanes, 32);
}

TEST_F(ConfigDir, UnknownCoalescingRuleIsRejected) {
  replace("arch/hopper.toml", "coalescing = \"units\"", "coalescing = \"sectors\"");
  const std::string error = load_error();
  EXPECT_NE(error.find("access.global.coalescing"), std::string::npos) << error;
  EXPECT_NE(error.find("\"strict_half_warp\""), std::string::npos) << error;
}

TEST_F(ConfigDir, LaneListsNeedOneEntryPerAccessSize) {
  replace("arch/hopper.toml", "request_lanes = [32, 32, 32, 32, 32]", "request_lanes = [32, 32]");
  EXPECT_NE(load_error().find("one entry per access size"), std::string::npos) << load_error();
}

TEST_F(ConfigDir, LaneCountsMustDivideTheWarp) {
  replace("arch/hopper.toml", "phase_lanes = [32, 32, 32, 32, 16]",
          "phase_lanes = [32, 32, 32, 32, 12]");
  EXPECT_NE(load_error().find("divide the warp size"), std::string::npos) << load_error();
}

TEST_F(ConfigDir, SegmentCoalescingNeedsSegments) {
  replace("arch/hopper.toml", "coalescing = \"units\"", "coalescing = \"segments\"");
  EXPECT_NE(load_error().find("access.global.segment_bytes"), std::string::npos) << load_error();
}

TEST_F(ConfigDir, UnknownKeyNamesFileAndKey) {
  replace("gpus/h100-sxm.toml", "[clocks]\n", "[clocks]\nsm_turbo_mhz = 2000\n");
  const std::string error = load_error();
  EXPECT_NE(error.find("h100-sxm.toml"), std::string::npos) << error;
  EXPECT_NE(error.find("clocks.sm_turbo_mhz"), std::string::npos) << error;
}

TEST_F(ConfigDir, UnknownTableIsRejected) {
  write("gpus/h100-sxm.toml", std::string(kGpuFile) + "[power.limits]\nwatts = 700\n");
  const std::string error = load_error();
  EXPECT_NE(error.find("unknown table 'power'"), std::string::npos) << error;
}

TEST_F(ConfigDir, MissingRequiredFieldNamesFileAndKey) {
  replace("gpus/h100-sxm.toml", "sm_count = 132\n", "");
  const std::string error = load_error();
  EXPECT_NE(error.find("h100-sxm.toml"), std::string::npos) << error;
  EXPECT_NE(error.find("chip.sm_count"), std::string::npos) << error;
  EXPECT_NE(error.find("missing"), std::string::npos) << error;
}

TEST_F(ConfigDir, MissingArchitectureFactNamesTheComputeCapability) {
  replace("arch/hopper.toml", "max_blocks_per_sm = 32\n", "");
  const std::string error = load_error();
  EXPECT_NE(error.find("hopper.toml"), std::string::npos) << error;
  EXPECT_NE(error.find("limits.max_blocks_per_sm"), std::string::npos) << error;
}

TEST_F(ConfigDir, InheritanceCycleIsAnError) {
  write("arch/loop.toml", "[sm_a]\ninherits = \"sm_b\"\n[sm_b]\ninherits = \"sm_a\"\n");
  const std::string error = load_error();
  EXPECT_NE(error.find("inheritance cycle"), std::string::npos) << error;
  EXPECT_NE(error.find("sm_a"), std::string::npos) << error;
}

TEST_F(ConfigDir, SelfInheritanceIsACycle) {
  replace("gpus/h100-sxm.toml", "inherits = \"sm_90\"", "inherits = \"h100-sxm\"");
  EXPECT_NE(load_error().find("inheritance cycle"), std::string::npos);
}

TEST_F(ConfigDir, UnknownParentIsAnError) {
  replace("gpus/h100-sxm.toml", "inherits = \"sm_90\"", "inherits = \"sm_99\"");
  const std::string error = load_error();
  EXPECT_NE(error.find("sm_99"), std::string::npos) << error;
  EXPECT_NE(error.find("h100-sxm.toml"), std::string::npos) << error;
}

TEST_F(ConfigDir, WrongTypeNamesKeyAndExpectation) {
  replace("gpus/h100-sxm.toml", "sm_count = 132", "sm_count = \"many\"");
  const std::string error = load_error();
  EXPECT_NE(error.find("chip.sm_count"), std::string::npos) << error;
  EXPECT_NE(error.find("expected an integer"), std::string::npos) << error;
}

TEST_F(ConfigDir, BadEnumValueIsAnError) {
  replace("arch/hopper.toml", "allocation_granularity = \"warp\"",
          "allocation_granularity = \"thread\"");
  EXPECT_NE(load_error().find("registers.allocation_granularity"), std::string::npos);
}

TEST_F(ConfigDir, InconsistentLimitsAreAnError) {
  replace("arch/hopper.toml", "max_warps_per_sm = 64", "max_warps_per_sm = 48");
  EXPECT_NE(load_error().find("limits.max_threads_per_sm"), std::string::npos);
}

TEST_F(ConfigDir, TomlSyntaxErrorNamesFileAndLine) {
  write("gpus/broken.toml", "name = \n");
  const std::string error = load_error();
  EXPECT_NE(error.find("broken.toml:1:"), std::string::npos) << error;
}

TEST_F(ConfigDir, DuplicateAliasIsAnError) {
  std::string copy = kGpuFile;
  copy.replace(copy.find("name = \"h100-sxm\""), 17, "name = \"h100-pcie\"");
  copy.replace(copy.find("representative = true"), 21, "representative = false");
  write("gpus/h100-pcie.toml", copy);
  const std::string error = load_error();
  EXPECT_NE(error.find("'h100'"), std::string::npos) << error;
}

TEST_F(ConfigDir, TwoRepresentativesForOneCcAreAnError) {
  std::string copy = kGpuFile;
  copy.replace(copy.find("name = \"h100-sxm\""), 17, "name = \"h100-pcie\"");
  copy.replace(copy.find("aliases = [\"h100\"]"), 18, "aliases = []");
  write("gpus/h100-pcie.toml", copy);
  EXPECT_NE(load_error().find("representative"), std::string::npos);
}

TEST_F(ConfigDir, MissingDirectoryIsAnError) {
  try {
    GpuDatabase::load(dir_ / "nowhere");
    ADD_FAILURE() << "expected an error";
  } catch (const ConfigError& error) {
    EXPECT_NE(std::string(error.what()).find("nowhere"), std::string::npos);
  }
}

}  // namespace
}  // namespace smsim::arch
