// Reference table rather than an error path: cudaGetErrorName and
// cudaGetErrorString for every code the runtime knows, so a replacement
// runtime can reproduce both texts. Codes the runtime does not know are
// skipped (their name is the fixed "unrecognized error code" text).
#include <cstring>

#include "report.h"

constexpr int kHighestCodeProbed = 1100;

int main() {
  const char* unknown_name = cudaGetErrorName(static_cast<cudaError_t>(kHighestCodeProbed + 1));
  std::printf("UNKNOWN name=\"%s\" string=\"%s\"\n", unknown_name,
              cudaGetErrorString(static_cast<cudaError_t>(kHighestCodeProbed + 1)));
  for (int code = 0; code <= kHighestCodeProbed; ++code) {
    const auto error = static_cast<cudaError_t>(code);
    const char* name = cudaGetErrorName(error);
    if (std::strcmp(name, unknown_name) == 0) continue;
    std::printf("ERROR %d name=\"%s\" string=\"%s\"\n", code, name, cudaGetErrorString(error));
  }
  return 0;
}
