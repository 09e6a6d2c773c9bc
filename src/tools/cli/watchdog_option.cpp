#include "tools/cli/watchdog_option.h"

namespace smsim::cli {

void add_watchdog_options(CLI::App& command, WatchdogLimits& limits) {
  command.add_option("--max-instructions", limits.max_instructions,
                     "Watchdog: a launch that executes more warp-instructions than this fails "
                     "with cudaErrorLaunchTimeout (default 2^36)");
  command.add_option("--max-milliseconds", limits.max_milliseconds,
                     "Watchdog: a launch that runs longer than this on the host fails with "
                     "cudaErrorLaunchTimeout (default: no limit)");
}

}  // namespace smsim::cli
