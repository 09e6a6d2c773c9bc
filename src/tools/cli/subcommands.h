#pragma once
// One function per `smsim` subcommand; each lives in its own cmd_*.cpp file and
// adds a CLI11 subcommand whose callback does the work and sets the exit code.

#include <CLI/CLI.hpp>

namespace smsim::cli {

// Exit codes shared by every subcommand.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;   // the input was read but is wrong (diagnostics printed)
inline constexpr int kExitUsage = 2;     // bad command line or invalid parameters

// Each register_* adds its subcommand to `app`; the subcommand stores its exit
// code in `exit_code` when it runs.
void register_ptx_check(CLI::App& app, int& exit_code);
void register_occupancy(CLI::App& app, int& exit_code);
void register_ptx_run(CLI::App& app, int& exit_code);
void register_run(CLI::App& app, int& exit_code);
void register_isa_coverage(CLI::App& app, int& exit_code);
void register_isa_table(CLI::App& app, int& exit_code);
void register_annotate(CLI::App& app, int& exit_code);

}  // namespace smsim::cli
