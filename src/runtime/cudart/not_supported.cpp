#include "runtime/cudart/not_supported.h"

#include <atomic>
#include <cstdio>

#include "runtime/context.h"

namespace {

// One flag per exported name (the generated stubs pass their index).
constexpr int kMaxExportedNames = 1024;
std::atomic<bool> reported[kMaxExportedNames];

}  // namespace

extern "C" int smsim_not_supported(int index, const char* name) {
  const bool first = index < 0 || index >= kMaxExportedNames || !reported[index].exchange(true);
  if (first) {
    std::fprintf(stderr, "smsim: %s is not supported by smsim's libcudart; it returns "
                 "cudaErrorNotSupported\n", name);
  }
  auto& context = smsim::runtime::Context::instance();
  const std::lock_guard lock(context.mutex());
  return context.errors().record(smsim::runtime::ErrorCode::not_supported);
}
