// `smsim ptx-check FILE.ptx [--print] [--decode [--gpu NAME|--cc X.Y]]`: parse
// and check one PTX module. Exit 0 when it parses and checks, 1 with
// diagnostics on stderr otherwise, 2 when the file cannot be read. `-` reads
// standard input. --decode also loads it into the functional engine for the
// chosen GPU (default h100): each kernel the engine cannot run is listed with
// its first reason, then "decode: N of M kernels" on stdout; exit 1 if any
// kernel does not decode.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

#include "func/device.h"
#include "func/gpu_model_options.h"
#include "ptx/frontend.h"
#include "ptx/printer.h"
#include "tools/cli/gpu_option.h"
#include "tools/cli/subcommands.h"

namespace smsim::cli {
namespace {

struct PtxCheckOptions {
  std::string path;
  bool print = false;
  bool decode = false;
  GpuSelection gpu;
};

// Loads `module` into the functional engine of `gpu` and reports the kernels
// it cannot run; true when every kernel decodes.
bool decode_kernels(const ptx::Module& module, const arch::GpuModel& gpu) {
  func::Device device(func::launch_options_for(gpu), func::DeviceMemory::kDefaultReservation,
                      func::sm_number(gpu));
  const func::LoadedModule loaded = device.load(module);
  for (const std::string& e : loaded.errors) std::fprintf(stdout, "module: %s\n", e.c_str());
  std::size_t decoded = 0;
  for (const func::ModuleKernel& k : loaded.kernels) {
    if (k.kernel.has_value()) {
      ++decoded;
      continue;
    }
    std::fprintf(stdout, "kernel %s does not decode: %s\n", k.name.c_str(),
                 k.errors.empty() ? "(no reason given)" : k.errors.front().c_str());
  }
  std::fprintf(stdout, "decode: %zu of %zu kernels\n", decoded, loaded.kernels.size());
  return decoded == loaded.kernels.size() && loaded.errors.empty();
}

std::optional<std::string> read_input(const std::string& path) {
  if (path == "-") {
    std::ostringstream buffer;
    buffer << std::cin.rdbuf();
    return buffer.str();
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return std::nullopt;
  return text;
}

int run_ptx_check(const PtxCheckOptions& opts) {
  const auto text = read_input(opts.path);
  if (!text) {
    std::fprintf(stderr, "smsim ptx-check: cannot read '%s'\n", opts.path.c_str());
    return kExitUsage;
  }
  ptx::Diagnostics diags(opts.path == "-" ? "<stdin>" : opts.path, *text);
  const ptx::Module module = ptx::parse_and_check(*text, diags);
  const std::string report = diags.format();
  if (!report.empty()) std::fputs(report.c_str(), stderr);
  if (diags.has_errors()) return kExitFailure;
  if (opts.decode) {
    const auto database = load_gpu_database();
    if (!database) return kExitUsage;
    const arch::GpuModel* gpu = select_gpu(*database, opts.gpu);
    if (gpu == nullptr) return kExitUsage;
    if (!decode_kernels(module, *gpu)) return kExitFailure;
  }
  if (opts.print) {
    const std::string printed = ptx::print(module);
    std::fwrite(printed.data(), 1, printed.size(), stdout);
  }
  return kExitOk;
}

}  // namespace

void register_ptx_check(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<PtxCheckOptions>();
  CLI::App* cmd = app.add_subcommand("ptx-check", "Parse and check a PTX module");
  cmd->add_option("file", opts->path, "PTX file to check ('-' reads standard input)")->required();
  cmd->add_flag("--print", opts->print, "Write the module back as PTX on standard output");
  cmd->add_flag("--decode", opts->decode,
                "Also load it into the functional engine and list the kernels it cannot run");
  add_gpu_options(*cmd, opts->gpu);
  cmd->callback([opts, &exit_code] { exit_code = run_ptx_check(*opts); });
}

}  // namespace smsim::cli
