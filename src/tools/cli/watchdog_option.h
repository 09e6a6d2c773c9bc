#pragma once
// The launch watchdog's `--max-instructions` / `--max-milliseconds` pair, shared by
// `smsim ptx` (which passes it to the engine) and `smsim run` (which passes it to the
// runtime library through its environment variables), so that both speak alike.

#include <CLI/CLI.hpp>
#include <cstdint>

namespace smsim::cli {

struct WatchdogLimits {
  std::uint64_t max_instructions = 0;  // 0: the engine's default (2^36 warp-instructions)
  std::uint64_t max_milliseconds = 0;  // 0: no wall-clock limit
};

// Adds both options to `command`; they apply in functional and timing mode.
void add_watchdog_options(CLI::App& command, WatchdogLimits& limits);

}  // namespace smsim::cli
