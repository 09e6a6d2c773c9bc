// `smsim occupancy` end to end in-process: parse the command line as main() does, run
// the subcommand, and check its exit code, text, JSON keys and graph file.

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "tools/cli/subcommands.h"

namespace smsim::cli {
namespace {

struct CliRun {
  int exit_code = 0;
  std::string out;
  std::string err;
};

CliRun run_occupancy(std::vector<std::string> args) {
  args.insert(args.begin(), {"smsim", "occupancy"});
  std::vector<char*> argv;
  for (auto& arg : args) argv.push_back(arg.data());
  CLI::App app{"smsim"};
  app.require_subcommand(1);
  CliRun run;
  register_occupancy(app, run.exit_code);
  ::testing::internal::CaptureStdout();
  ::testing::internal::CaptureStderr();
  try {
    app.parse(static_cast<int>(argv.size()), argv.data());
  } catch (const CLI::ParseError& e) {
    run.exit_code = app.exit(e) == 0 ? kExitOk : kExitUsage;
  }
  std::fflush(stdout);
  run.out = ::testing::internal::GetCapturedStdout();
  run.err = ::testing::internal::GetCapturedStderr();
  return run;
}

TEST(OccupancyCli, SlidesExampleAsJsonHasExactlyTheDocumentedKeys) {
  const CliRun run =
      run_occupancy({"--cc", "1.3", "--threads", "128", "--regs", "25", "--smem", "640", "--json"});
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  for (const char* key : {"cc", "threads_per_block", "regs_per_thread", "smem_per_block",
                          "active_blocks_per_sm", "active_warps_per_sm", "active_threads_per_sm",
                          "occupancy", "limited_by", "limits", "allocated"}) {
    EXPECT_TRUE(json.contains(key)) << key;
  }
  EXPECT_EQ(json["cc"], "1.3");
  EXPECT_EQ(json["threads_per_block"], 128);
  EXPECT_EQ(json["regs_per_thread"], 25);
  EXPECT_EQ(json["smem_per_block"], 640);
  EXPECT_EQ(json["active_blocks_per_sm"], 4);
  EXPECT_EQ(json["active_warps_per_sm"], 16);
  EXPECT_EQ(json["active_threads_per_sm"], 512);
  EXPECT_DOUBLE_EQ(json["occupancy"].get<double>(), 0.5);
  EXPECT_EQ(json["limited_by"], "registers");
  EXPECT_EQ(json["limits"]["warps"], 8);
  EXPECT_EQ(json["limits"]["blocks"], 8);
  EXPECT_EQ(json["limits"]["registers"], 4);
  EXPECT_EQ(json["limits"]["shared_memory"], 16);
  EXPECT_EQ(json["allocated"]["warps"], 4);
  EXPECT_EQ(json["allocated"]["registers"], 3584);
  EXPECT_EQ(json["allocated"]["shared_memory"], 1024);
  EXPECT_EQ(json["limits"].size(), 4U);
  EXPECT_EQ(json["allocated"].size(), 3U);
}

TEST(OccupancyCli, DefaultGpuIsH100AndTextNamesTheBindingLimit) {
  const CliRun run = run_occupancy({"--threads", "256", "--regs", "128"});
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  EXPECT_NE(run.out.find("H100"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("CC 9.0"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("25.0%"), std::string::npos) << run.out;
  EXPECT_NE(run.out.find("limited by registers"), std::string::npos) << run.out;
  const auto marked = run.out.find("<== limits occupancy");
  ASSERT_NE(marked, std::string::npos);
  EXPECT_NE(run.out.rfind("Registers", marked), std::string::npos);
}

TEST(OccupancyCli, GpuAliasesSelectModels) {
  const CliRun run =
      run_occupancy({"--gpu", "G80", "--threads", "192", "--regs", "20", "--smem", "68", "--json"});
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  EXPECT_EQ(json["cc"], "1.0");
  EXPECT_EQ(json["active_blocks_per_sm"], 2);
  EXPECT_DOUBLE_EQ(json["occupancy"].get<double>(), 0.5);
}

struct InvalidCase {
  std::vector<std::string> args;
  std::string message;
};

TEST(OccupancyCli, InvalidInputExitsWithUsageCodeNamingTheLimit) {
  const std::vector<InvalidCase> cases = {
      {{"--threads", "2048", "--regs", "32"},
       "--threads 2048 exceeds the maximum of 1024 threads per block on H100 SXM5 80GB (CC 9.0)"},
      {{"--cc", "1.3", "--threads", "1024", "--regs", "8"}, "maximum of 512 threads per block"},
      {{"--threads", "256", "--regs", "256"}, "maximum of 255 registers per thread"},
      {{"--cc", "2.0", "--threads", "256", "--regs", "64"}, "maximum of 63 registers per thread"},
      {{"--threads", "256", "--regs", "32", "--smem", "232449"},
       "maximum of 232448 bytes of shared memory per block"},
      {{"--gpu", "gtx480", "--threads", "256", "--regs", "32", "--smem", "49153"},
       "maximum of 49152 bytes of shared memory per block"},
      {{"--gpu", "voodoo2", "--threads", "256", "--regs", "32"}, "unknown GPU 'voodoo2'"},
      {{"--cc", "4.0", "--threads", "256", "--regs", "32"},
       "no GPU model of compute capability 4.0"},
      {{"--cc", "nine", "--threads", "256", "--regs", "32"}, "not a compute capability"},
      {{"--threads", "256", "--regs", "32", "--carveout", "101"}, "from 0 to 100"},
      {{"--cc", "3.5", "--threads", "256", "--regs", "32", "--carveout", "50"}, "--cache-config"},
      {{"--threads", "0", "--regs", "32"}, "at least 1"},
      {{"--threads", "256", "--regs", "32", "--cache-config", "big"}, "none, shared, l1, equal"},
      {{"--gpu", "h100", "--cc", "9.0", "--threads", "256", "--regs", "32"}, "excludes"},
      {{"--threads", "256"}, "--regs is required"},
  };
  for (const auto& c : cases) {
    const CliRun run = run_occupancy(c.args);
    EXPECT_EQ(run.exit_code, kExitUsage) << c.message;
    EXPECT_NE((run.err + run.out).find(c.message), std::string::npos)
        << "expected '" << c.message << "' in: " << run.err << run.out;
  }
}

TEST(OccupancyCli, KernelThatCannotLaunchIsReportedNotRejected) {
  const CliRun run = run_occupancy({"--threads", "1024", "--regs", "255", "--json"});
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  const auto json = nlohmann::json::parse(run.out);
  EXPECT_EQ(json["active_blocks_per_sm"], 0);
  EXPECT_EQ(json["limited_by"], "registers");
}

TEST(OccupancyCli, GraphOptionWritesTheSvg) {
  const auto path = std::filesystem::temp_directory_path() /
                    ("smsim-occupancy-" + std::to_string(::getpid()) + ".svg");
  const CliRun run = run_occupancy(
      {"--gpu", "rtx3090", "--threads", "256", "--regs", "40", "--graph", path.string()});
  ASSERT_EQ(run.exit_code, kExitOk) << run.err;
  std::ifstream in(path);
  const std::string svg((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(path);
  for (const char* id :
       {"series-threads", "series-registers", "series-shared-memory", "current-point-threads",
        "current-point-registers", "current-point-shared-memory"}) {
    EXPECT_NE(svg.find(std::string("id=\"") + id + "\""), std::string::npos) << id;
  }
}

TEST(OccupancyCli, UnwritableGraphPathFails) {
  const CliRun run =
      run_occupancy({"--threads", "256", "--regs", "32", "--graph", "/nonexistent-dir/graph.svg"});
  EXPECT_EQ(run.exit_code, kExitFailure);
  EXPECT_NE(run.err.find("cannot write graph"), std::string::npos) << run.err;
}

}  // namespace
}  // namespace smsim::cli
