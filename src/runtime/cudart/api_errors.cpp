// Error queries and the name/string tables (as the real runtime gives them,
// error_table.inc).

#include <cuda_runtime_api.h>

#include <algorithm>
#include <array>
#include <iterator>

#include "runtime/cudart/api_guard.h"

using smsim::cudart::Context;

namespace {

struct ErrorText {
  int code;
  const char* name;
  const char* text;
};

constexpr ErrorText kErrors[] = {
#include "runtime/cudart/error_table.inc"
};

constexpr const char* kUnrecognized = "unrecognized error code";

const ErrorText* find_error(cudaError_t error) {
  const auto it = std::find_if(std::begin(kErrors), std::end(kErrors),
                               [error](const ErrorText& e) { return e.code == error; });
  return it == std::end(kErrors) ? nullptr : it;
}

}  // namespace

extern "C" {

cudaError_t cudaGetLastError() {
  return smsim::cudart::unguarded_call(
      [](Context& context) { return static_cast<cudaError_t>(context.errors().take()); });
}

cudaError_t cudaPeekAtLastError() {
  return smsim::cudart::unguarded_call(
      [](Context& context) { return static_cast<cudaError_t>(context.errors().peek()); });
}

const char* cudaGetErrorName(cudaError_t error) {
  const ErrorText* e = find_error(error);
  return e != nullptr ? e->name : kUnrecognized;
}

const char* cudaGetErrorString(cudaError_t error) {
  const ErrorText* e = find_error(error);
  return e != nullptr ? e->text : kUnrecognized;
}

}  // extern "C"
