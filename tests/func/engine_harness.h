#pragma once
// Runs hand-built kernels on a fresh device address space in tests.

#include <gtest/gtest.h>

#include <cstring>
#include <span>
#include <vector>

#include "func/exec/launch.h"
#include "func/memory/device_memory.h"

namespace smsim::func::testing {

class ParamBytes {
 public:
  template <typename T>
  ParamBytes& add(T value) {
    const std::size_t at = (bytes_.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    bytes_.resize(at + sizeof(T));
    std::memcpy(bytes_.data() + at, &value, sizeof(T));
    return *this;
  }
  std::span<const std::byte> span() const { return bytes_; }

 private:
  std::vector<std::byte> bytes_;
};

struct Harness {
  DeviceMemory memory{std::uint64_t{1} << 32};
  LaunchOptions options;

  template <typename T>
  std::uint64_t upload(const std::vector<T>& host) {
    const std::uint64_t p = memory.allocate(host.size() * sizeof(T));
    if (!host.empty()) memory.write(p, host.data(), host.size() * sizeof(T));
    return p;
  }
  template <typename T>
  std::vector<T> download(std::uint64_t p, std::size_t count) {
    std::vector<T> host(count);
    memory.read(host.data(), p, count * sizeof(T));
    return host;
  }
  LaunchResult run(const DecodedKernel& k, Dim3 grid, Dim3 block, const ParamBytes& params,
                   std::uint32_t dynamic_shared = 0) {
    return launch_kernel(
        k, LaunchConfig{.grid = grid, .block = block, .dynamic_shared_bytes = dynamic_shared},
        options, memory, params.span());
  }
  // Runs a one-block kernel whose only parameter points at one T result slot
  // (zeroed) and returns what the kernel stored there.
  template <typename T>
  T run_for_result(const DecodedKernel& k, Dim3 block = {1}) {
    const std::uint64_t slot = upload(std::vector<T>(1));
    const LaunchResult r = run(k, {1}, block, ParamBytes().add(slot));
    EXPECT_TRUE(r.ok()) << r.error.message;
    return download<T>(slot, 1)[0];
  }
};

}  // namespace smsim::func::testing
