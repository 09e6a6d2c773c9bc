// The simulated device timeline (runtime/device_timeline.h): copy engines,
// stream order, the legacy default stream, concurrent kernels, events.

#include "runtime/device_timeline.h"

#include <gtest/gtest.h>

namespace smsim::runtime {
namespace {

// An H100-like GPU: 3 copy engines, concurrent kernels, 52/26 GB/s.
TimelineFacts hopper() {
  return {.sm_count = 132,
          .copy_engines = 3,
          .concurrent_kernels = true,
          .pinned_bytes_per_ns = 52.0,
          .pageable_bytes_per_ns = 26.0,
          .copy_latency_ns = 2000.0,
          .dram_bytes_per_ns = 3000.0};
}

// A CC 1.0 GPU: no copy engine, no concurrent kernels.
TimelineFacts g80() {
  return {.sm_count = 16,
          .copy_engines = 0,
          .concurrent_kernels = false,
          .pinned_bytes_per_ns = 3.0,
          .pageable_bytes_per_ns = 1.5,
          .copy_latency_ns = 10000.0,
          .dram_bytes_per_ns = 80.0};
}

const void* const kStream1 = reinterpret_cast<const void*>(0x100);
const void* const kStream2 = reinterpret_cast<const void*>(0x200);
constexpr std::uint64_t kMiB = 1 << 20;

TEST(DeviceTimeline, PinnedCopiesAreFasterAndPageableOnesBlockTheHost) {
  DeviceTimeline t(hopper());
  const TimeSpan pinned = t.copy(nullptr, CopyDirection::host_to_device, 64 * kMiB, true);
  EXPECT_DOUBLE_EQ(pinned.end_ns - pinned.start_ns, 2000.0 + 64.0 * kMiB / 52.0);
  EXPECT_EQ(t.host_now(), 0.0);  // an asynchronous pinned copy leaves the host free
  const TimeSpan pageable = t.copy(nullptr, CopyDirection::host_to_device, 64 * kMiB, false);
  EXPECT_DOUBLE_EQ(pageable.end_ns - pageable.start_ns, 2000.0 + 64.0 * kMiB / 26.0);
  EXPECT_EQ(pageable.start_ns, pinned.end_ns);  // same stream, same engine
  EXPECT_EQ(t.host_now(), pageable.end_ns);
}

TEST(DeviceTimeline, TwoStreamsOverlapCopiesWithKernels) {
  // Each stream: copy in, kernel, copy out; the second stream's copy in runs
  // while the first stream's kernel does.
  DeviceTimeline t(hopper());
  t.add_stream(kStream1, true);
  t.add_stream(kStream2, true);
  const double kernel_ns = 500000.0;
  double last = 0.0;
  for (const void* s : {kStream1, kStream2}) {
    t.copy(s, CopyDirection::host_to_device, 16 * kMiB, true);
    const auto slot = t.place_kernel(s, 66, 1);  // half the SMs
    t.finish_kernel(slot, kernel_ns);
    last = t.copy(s, CopyDirection::device_to_host, 16 * kMiB, true).end_ns;
  }
  const double copy_ns = 2000.0 + 16.0 * kMiB / 52.0;
  const double serial = 4 * copy_ns + 2 * kernel_ns;
  EXPECT_LT(t.device_done(), serial);
  EXPECT_DOUBLE_EQ(t.device_done(), last);
  // Half the SMs each: the kernels run side by side after the copies in.
  EXPECT_DOUBLE_EQ(last, 2 * copy_ns + kernel_ns + copy_ns);
}

TEST(DeviceTimeline, OneCopyEngineSerializesBothDirections) {
  TimelineFacts facts = hopper();
  facts.copy_engines = 1;
  DeviceTimeline t(facts);
  t.add_stream(kStream1, true);
  t.add_stream(kStream2, true);
  const TimeSpan in = t.copy(kStream1, CopyDirection::host_to_device, kMiB, true);
  const TimeSpan out = t.copy(kStream2, CopyDirection::device_to_host, kMiB, true);
  EXPECT_EQ(out.start_ns, in.end_ns);
  DeviceTimeline two(hopper());
  two.add_stream(kStream1, true);
  two.add_stream(kStream2, true);
  two.copy(kStream1, CopyDirection::host_to_device, kMiB, true);
  EXPECT_EQ(two.copy(kStream2, CopyDirection::device_to_host, kMiB, true).start_ns, 0.0);
}

TEST(DeviceTimeline, WithoutCopyEnginesNothingOverlaps) {
  DeviceTimeline t(g80());
  t.add_stream(kStream1, true);
  t.add_stream(kStream2, true);
  const auto slot = t.place_kernel(kStream1, 1, 1);
  const TimeSpan kernel = t.finish_kernel(slot, 100000.0);
  const TimeSpan copy = t.copy(kStream2, CopyDirection::host_to_device, kMiB, true);
  EXPECT_EQ(copy.start_ns, kernel.end_ns);
  const auto next = t.place_kernel(kStream1, 1, 1);
  EXPECT_EQ(next.start_ns, copy.end_ns);
}

TEST(DeviceTimeline, KernelsOfTwoStreamsShareTheSmsWhereTheCcAllows) {
  DeviceTimeline t(hopper());
  t.add_stream(kStream1, true);
  t.add_stream(kStream2, true);
  t.finish_kernel(t.place_kernel(kStream1, 10, 2), 1000.0);  // 5 SMs
  EXPECT_EQ(t.place_kernel(kStream2, 10, 2).start_ns, 0.0);
  EXPECT_EQ(t.place_kernel(kStream2, 1000, 1).start_ns, 1000.0);  // needs them all
  TimelineFacts facts = hopper();
  facts.concurrent_kernels = false;  // CC 1.x
  DeviceTimeline serial(facts);
  serial.add_stream(kStream1, true);
  serial.add_stream(kStream2, true);
  serial.finish_kernel(serial.place_kernel(kStream1, 10, 2), 1000.0);
  EXPECT_EQ(serial.place_kernel(kStream2, 10, 2).start_ns, 1000.0);
}

TEST(DeviceTimeline, LegacyStreamOrdersBlockingStreamsNotNonBlockingOnes) {
  DeviceTimeline t(hopper());
  t.add_stream(kStream1, true);
  t.add_stream(kStream2, false);
  t.finish_kernel(t.place_kernel(kStream1, 1, 1), 1000.0);
  // The legacy stream waits for stream 1; the non-blocking stream does not.
  const auto legacy = t.place_kernel(nullptr, 1, 1);
  EXPECT_EQ(legacy.start_ns, 1000.0);
  t.finish_kernel(legacy, 500.0);
  EXPECT_EQ(t.place_kernel(kStream2, 1, 1).start_ns, 0.0);
  EXPECT_EQ(t.place_kernel(kStream1, 1, 1).start_ns, 1500.0);
}

TEST(DeviceTimeline, EventsRecordWhenTheirStreamGetsThereAndWaitsOrderStreams) {
  DeviceTimeline t(hopper());
  t.add_stream(kStream1, true);
  t.add_stream(kStream2, true);
  const double before = t.record(kStream1);
  t.finish_kernel(t.place_kernel(kStream1, 1, 1), 2500.0);
  const double after = t.record(kStream1);
  EXPECT_DOUBLE_EQ(after - before, 2500.0);
  t.wait(kStream2, after);
  EXPECT_EQ(t.place_kernel(kStream2, 1, 1).start_ns, 2500.0);
  // The host is not held up by asynchronous work until it synchronizes.
  EXPECT_EQ(t.host_now(), 0.0);
  t.host_waits(t.stream_done(kStream1));
  EXPECT_EQ(t.host_now(), 2500.0);
  // Work issued after that cannot start before the host issued it.
  EXPECT_EQ(t.record(kStream2), 2500.0);
}

}  // namespace
}  // namespace smsim::runtime
