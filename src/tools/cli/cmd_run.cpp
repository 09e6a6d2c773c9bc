// `smsim run [--gpu NAME] [--mode functional|timing [--as-profiled]] [--threads N] [--timing-threads N]
// [--report FILE.json] [--summary] [--no-fma-contraction] [--profile] -- ./app args...`: runs an unmodified CUDA program (built with
// `nvcc -cudart shared`) with smsim's libcudart.so.13 in front of the real
// one. The program's stdout and stderr pass through unchanged; smsim writes
// its summary to stderr only with --summary or --profile (the access and
// divergence analysis, docs/analysis.md), its JSON only with --report.
// `smsim annotate [--gpu NAME] [--output FILE] -- ./app args...` runs the
// same way and then prints the executed PTX with per-line counts.
// smsim's exit code is the program's (128+N when signal N ended it), or 2
// for a bad command line or a program smsim cannot run.

#include <fmt/format.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "runtime/context.h"
#include "runtime/launch_analysis.h"
#include "runtime/program_linkage.h"
#include "runtime/run_report.h"
#include "tools/cli/gpu_option.h"
#include "tools/cli/watchdog_option.h"
#include "tools/cli/subcommands.h"

namespace smsim::cli {
namespace {

constexpr const char* kCudartFile = "libcudart.so.13";
constexpr const char* kLibraryDirEnvVar = "SMSIM_CUDART_DIR";
constexpr int kExitSignalBase = 128;

struct RunOptions {
  GpuSelection gpu;
  std::string mode = "functional";
  std::string report;
  bool summary = false;
  bool no_fma_contraction = false;
  bool as_profiled = false;    // timing: each launch as Nsight Compute measures it
  std::string threads;         // "" = the runtime's default (1)
  std::string timing_threads;  // "" = the runtime's default (1)
  WatchdogLimits watchdog;
  bool profile = false;
  bool annotate = false;
  std::string annotate_output;  // annotate: the listing's file ("" = stdout)
  std::vector<std::string> command;
};

// A file for the program's runtime to leave one of its outputs in.
std::string temporary_file(const char* what) {
  return (std::filesystem::temp_directory_path() / fmt::format("smsim-{}-{}.txt", what, getpid()))
      .string();
}

// Copies a file the runtime wrote to `out`; false when there is none.
bool copy_file_to(const std::string& path, std::FILE* out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::fwrite(text.data(), 1, text.size(), out);
  return true;
}

// build/lib next to build/bin/smsim, unless SMSIM_CUDART_DIR says otherwise.
std::filesystem::path cudart_dir() {
  const char* env = std::getenv(kLibraryDirEnvVar);
  if (env != nullptr && *env != '\0') return env;
  std::error_code ec;
  const auto self = std::filesystem::read_symlink("/proc/self/exe", ec);
  if (ec) return {};
  return self.parent_path().parent_path() / "lib";
}

// The file execvp would run for `program`.
std::string resolve_program(const std::string& program) {
  if (program.find('/') != std::string::npos) return program;
  const char* path = std::getenv("PATH");
  std::string dirs = path != nullptr ? path : "";
  std::size_t start = 0;
  while (start <= dirs.size()) {
    const std::size_t end = std::min(dirs.find(':', start), dirs.size());
    const std::filesystem::path candidate =
        std::filesystem::path(dirs.substr(start, end - start)) / program;
    if (access(candidate.c_str(), X_OK) == 0) return candidate.string();
    start = end + 1;
  }
  return program;
}

void print_summary(const std::string& report_path) {
  std::ifstream in(report_path);
  const auto report = nlohmann::json::parse(in, nullptr, false);
  if (report.is_discarded()) {
    std::fprintf(stderr, "smsim: the program left no report (did it use the GPU?)\n");
    return;
  }
  const auto& totals = report["totals"];
  std::fprintf(stderr, "smsim: %s, %s mode: %llu launches, %llu warp instructions, %llu thread instructions\n",
               report["gpu"].get<std::string>().c_str(), report.value("mode", "functional").c_str(),
               totals["launches"].get<unsigned long long>(),
               totals["warp_instructions"].get<unsigned long long>(),
               totals["thread_instructions"].get<unsigned long long>());
  for (const auto& l : report["launches"]) {
    std::fprintf(stderr, "smsim:   %s grid (%d,%d,%d) block (%d,%d,%d): %llu warp instructions%s\n",
                 l["kernel"].get<std::string>().c_str(), l["grid"][0].get<int>(),
                 l["grid"][1].get<int>(), l["grid"][2].get<int>(), l["block"][0].get<int>(),
                 l["block"][1].get<int>(), l["block"][2].get<int>(),
                 l["warp_instructions"].get<unsigned long long>(),
                 l["status"].get<int>() == 0 ? "" : " (failed)");
  }
}

int run_program(const RunOptions& opts) {
  if (opts.command.empty()) {
    std::fprintf(stderr, "smsim run: give the program after --, e.g. smsim run -- ./app\n");
    return kExitUsage;
  }
  if (opts.mode != "functional" && opts.mode != "timing") {
    std::fprintf(stderr, "smsim run: --mode %s is not available (functional or timing)\n",
                 opts.mode.c_str());
    return kExitUsage;
  }
  if (opts.as_profiled && opts.mode != "timing") {
    std::fprintf(stderr, "smsim run: --as-profiled times launches: it needs --mode timing\n");
    return kExitUsage;
  }
  const auto database = load_gpu_database();
  if (!database) return kExitUsage;
  const arch::GpuModel* gpu = select_gpu(*database, opts.gpu);
  if (gpu == nullptr) return kExitUsage;

  const std::string program = resolve_program(opts.command.front());
  std::string error;
  switch (runtime::detect_cudart_linkage(program, error)) {
    case runtime::CudartLinkage::unreadable:
      std::fprintf(stderr, "smsim run: %s\n", error.c_str());
      return kExitUsage;
    case runtime::CudartLinkage::static_linked:
      std::fprintf(stderr, "smsim run: %s: %s\n", program.c_str(), runtime::kStaticCudartFix);
      return kExitUsage;
    case runtime::CudartLinkage::shared:
    case runtime::CudartLinkage::none:
      break;
  }
  const std::filesystem::path libdir = cudart_dir();
  if (!std::filesystem::exists(libdir / kCudartFile)) {
    std::fprintf(stderr, "smsim run: %s not found in '%s' (build the cudart target, or set %s)\n",
                 kCudartFile, libdir.c_str(), kLibraryDirEnvVar);
    return kExitUsage;
  }
  std::string report_path = opts.report;
  const bool temporary_report = report_path.empty() && opts.summary;
  if (temporary_report) {
    report_path = (std::filesystem::temp_directory_path() /
                   fmt::format("smsim-run-{}.json", getpid())).string();
  }

  const std::string profile_path = opts.profile ? temporary_file("profile") : "";
  const std::string annotate_path = !opts.annotate                  ? ""
                                    : !opts.annotate_output.empty() ? opts.annotate_output
                                                                    : temporary_file("annotate");

  const pid_t child = fork();
  if (child < 0) {
    std::perror("smsim run: fork");
    return kExitUsage;
  }
  if (child == 0) {
    const char* old = std::getenv("LD_LIBRARY_PATH");
    const std::string path = old != nullptr && *old != '\0' ? libdir.string() + ":" + old : libdir.string();
    setenv("LD_LIBRARY_PATH", path.c_str(), 1);
    setenv(runtime::kGpuEnvVarName, gpu->name.c_str(), 1);
    setenv(runtime::kModeEnvVarName, opts.mode.c_str(), 1);
    if (!report_path.empty()) setenv(runtime::kReportEnvVar, report_path.c_str(), 1);
    if (opts.no_fma_contraction) setenv(runtime::kFmaContractionEnvVarName, "0", 1);
    if (opts.as_profiled) setenv(runtime::kAsProfiledEnvVarName, "1", 1);
    if (!opts.threads.empty()) setenv(runtime::kThreadsEnvVarName, opts.threads.c_str(), 1);
    if (!opts.timing_threads.empty()) {
      setenv(runtime::kTimingThreadsEnvVarName, opts.timing_threads.c_str(), 1);
    }
    if (opts.watchdog.max_instructions != 0) {
      setenv(runtime::kMaxInstructionsEnvVarName,
             std::to_string(opts.watchdog.max_instructions).c_str(), 1);
    }
    if (opts.watchdog.max_milliseconds != 0) {
      setenv(runtime::kMaxMillisecondsEnvVarName,
             std::to_string(opts.watchdog.max_milliseconds).c_str(), 1);
    }
    if (!profile_path.empty()) setenv(runtime::kProfileEnvVar, profile_path.c_str(), 1);
    if (!annotate_path.empty()) setenv(runtime::kAnnotateEnvVar, annotate_path.c_str(), 1);
    std::vector<char*> argv;
    for (const std::string& a : opts.command) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    execvp(argv[0], argv.data());
    std::fprintf(stderr, "smsim run: cannot run %s: %s\n", argv[0], std::strerror(errno));
    _exit(kExitUsage);
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0) {
    if (errno != EINTR) {
      std::perror("smsim run: waitpid");
      return kExitUsage;
    }
  }
  if (opts.summary) print_summary(report_path);
  if (temporary_report) std::filesystem::remove(report_path);
  if (!profile_path.empty()) {
    if (!copy_file_to(profile_path, stderr)) {
      std::fprintf(stderr, "smsim: the program left no profile (did it launch a kernel?)\n");
    }
    std::filesystem::remove(profile_path);
  }
  if (opts.annotate && opts.annotate_output.empty()) {
    std::fflush(stdout);
    if (!copy_file_to(annotate_path, stdout)) {
      std::fprintf(stderr,
                   "smsim annotate: the program left no listing (did it launch a kernel?)\n");
    }
    std::filesystem::remove(annotate_path);
  }
  if (WIFSIGNALED(status)) return kExitSignalBase + WTERMSIG(status);
  return WEXITSTATUS(status);
}

}  // namespace

void register_run(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<RunOptions>();
  CLI::App* cmd = app.add_subcommand("run", "Run a CUDA program (nvcc -cudart shared) on the simulator");
  add_gpu_options(*cmd, opts->gpu);
  cmd->add_option("--mode", opts->mode, "Simulation mode: functional, or timing (the cycle model)");
  cmd->add_flag("--as-profiled", opts->as_profiled,
                "Timing mode: time each launch as Nsight Compute's replay measures it (the first "
                "access to a region of device memory waits for the address-translation "
                "walk measured under ncu; docs/timing.md), not as the program's own clock64() "
                "and events see it");
  cmd->add_option("--report", opts->report, "Write smsim's JSON report of the run to this file");
  cmd->add_flag("--summary", opts->summary, "Print smsim's summary on stderr after the program");
  cmd->add_option("--threads", opts->threads,
                  "Host threads running blocks in functional mode (default 1; the same results "
                  "but for the order in which blocks' atomics meet)");
  cmd->add_option("--timing-threads", opts->timing_threads,
                  "Host threads stepping the SMs in timing mode (default 1; results are the same "
                  "for every count)");
  add_watchdog_options(*cmd, opts->watchdog);
  cmd->add_flag("--no-fma-contraction", opts->no_fma_contraction,
                "Run mul and add as the PTX writes them instead of contracting them into fma "
                "as ptxas does (ptxas --fmad=false)");
  cmd->add_flag("--profile", opts->profile,
                "Analyze memory accesses and divergence; print the summary and the ten worst PTX "
                "lines on stderr after the program");
  cmd->add_option("command", opts->command, "The program and its arguments, after --")->required();
  cmd->callback([opts, &exit_code] { exit_code = run_program(*opts); });
}

void register_annotate(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<RunOptions>();
  opts->annotate = true;
  CLI::App* cmd = app.add_subcommand(
      "annotate",
      "Run a CUDA program and list its executed PTX, with CUDA source lines and counts");
  add_gpu_options(*cmd, opts->gpu);
  cmd->add_option("--output,-o", opts->annotate_output,
                  "Write the listing to this file instead of stdout (after the program's output)");
  cmd->add_option("command", opts->command, "The program and its arguments, after --")->required();
  cmd->callback([opts, &exit_code] { exit_code = run_program(*opts); });
}

}  // namespace smsim::cli
