// smsim command-line entry point: parses the global command line and hands off
// to one subcommand (see subcommands.h).

#include <cstdio>

#include "tools/cli/subcommands.h"

int main(int argc, char** argv) {
  CLI::App app{"smsim: a simulator of NVIDIA GPU streaming multiprocessors"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "smsim 0.1.0");

  int exit_code = smsim::cli::kExitOk;
  smsim::cli::register_ptx_check(app, exit_code);
  smsim::cli::register_occupancy(app, exit_code);
  smsim::cli::register_ptx_run(app, exit_code);
  smsim::cli::register_run(app, exit_code);
  smsim::cli::register_isa_coverage(app, exit_code);
  smsim::cli::register_isa_table(app, exit_code);
  smsim::cli::register_annotate(app, exit_code);

  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    const int rc = app.exit(e);
    return rc == 0 ? 0 : smsim::cli::kExitUsage;
  }
  return exit_code;
}
