// Error bookkeeping as measured on an H100 (tests/runtime/errors/golden).

#include "runtime/error_state.h"

#include <gtest/gtest.h>

namespace smsim::runtime {
namespace {

constexpr std::int32_t kInvalidValue = 1;
constexpr std::int32_t kIllegalAddress = 700;
constexpr std::int32_t kDevicesUnavailable = 46;

TEST(ErrorState, NonStickyErrorIsClearedByGetLastError) {
  ErrorState s;
  s.record(kInvalidValue);
  EXPECT_EQ(s.peek(), kInvalidValue);
  EXPECT_EQ(s.take(), kInvalidValue);
  EXPECT_EQ(s.take(), 0);
  EXPECT_EQ(s.on_call(), 0);
}

TEST(ErrorState, KernelFaultSurfacesAtTheNextCallAndStays) {
  ErrorState s;
  s.kernel_failed(kIllegalAddress);
  EXPECT_EQ(s.peek(), 0) << "the launch itself reports nothing";
  EXPECT_EQ(s.on_call(), kIllegalAddress);
  EXPECT_EQ(s.take(), kIllegalAddress);
  EXPECT_EQ(s.take(), 0) << "cudaGetLastError clears its own record";
  EXPECT_EQ(s.on_call(), kIllegalAddress) << "but later calls fail again";
  EXPECT_EQ(s.peek(), kIllegalAddress);
  EXPECT_FALSE(s.usable());
}

TEST(ErrorState, ResetAfterAStickyErrorLeavesTheDeviceUnavailable) {
  ErrorState s;
  s.kernel_failed(kIllegalAddress);
  s.on_call();
  s.reset();
  EXPECT_EQ(s.peek(), 0);
  EXPECT_EQ(s.on_call(), kDevicesUnavailable);
  s.reset();
  EXPECT_EQ(s.peek(), kDevicesUnavailable) << "a second reset keeps the record";
  EXPECT_EQ(s.on_call(), kDevicesUnavailable);
}

TEST(ErrorState, ResetOfAHealthyContextIsHarmless) {
  ErrorState s;
  s.record(kInvalidValue);
  s.reset();
  EXPECT_EQ(s.on_call(), 0);
  EXPECT_EQ(s.peek(), 0);
}

}  // namespace
}  // namespace smsim::runtime
