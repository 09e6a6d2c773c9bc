#include "func/exec/opcode_coverage.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <set>
#include <string>
#include <vector>

namespace smsim::func {

const char* opcode_coverage_file() {
  const char* path = std::getenv("SMSIM_OPCODE_COVERAGE");
  return path != nullptr && *path != '\0' ? path : nullptr;
}

void record_opcode_coverage(const DecodedKernel& kernel, std::span<const std::uint8_t> executed) {
  const char* path = opcode_coverage_file();
  if (path == nullptr || kernel.forms.size() != kernel.code.size()) return;
  // Forms already written by this process, per file: launches repeat the
  // same kernels, and the file should grow with new forms, not with launches.
  static std::mutex mutex;
  static std::set<std::string> written;
  static bool warned = false;
  std::scoped_lock lock(mutex);
  std::string lines;
  for (std::size_t i = 0; i < executed.size() && i < kernel.forms.size(); ++i) {
    if (executed[i] == 0) continue;
    std::string key = std::string(path) + '\n' + kernel.forms[i];
    if (written.contains(key)) continue;
    lines += kernel.forms[i];
    lines += '\n';
    written.insert(std::move(key));
  }
  if (lines.empty()) return;
  const int fd = ::open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  bool ok = fd >= 0;
  for (std::size_t done = 0; ok && done < lines.size();) {
    const ssize_t n = ::write(fd, lines.data() + done, lines.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (ok) done += static_cast<std::size_t>(n);
  }
  if (fd >= 0) ::close(fd);
  if (!ok && !warned) {
    warned = true;
    std::fprintf(stderr, "smsim: cannot append opcode coverage to %s\n", path);
  }
}

}  // namespace smsim::func
