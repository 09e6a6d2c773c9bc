// `smsim ptx-check FILE.ptx [--print]`: parse and check one PTX module.
// Exit 0 when it parses and checks, 1 with diagnostics on stderr otherwise,
// 2 when the file cannot be read. `-` reads standard input.

#include <cstdio>
#include <fstream>
#include <iostream>
#include <iterator>
#include <optional>
#include <sstream>
#include <string>

#include "ptx/frontend.h"
#include "ptx/printer.h"
#include "tools/cli/subcommands.h"

namespace smsim::cli {
namespace {

struct PtxCheckOptions {
  std::string path;
  bool print = false;
};

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
  cmd->callback([opts, &exit_code] { exit_code = run_ptx_check(*opts); });
}

}  // namespace smsim::cli
