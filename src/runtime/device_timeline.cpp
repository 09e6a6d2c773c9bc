#include "runtime/device_timeline.h"

#include <algorithm>

namespace smsim::runtime {
namespace {

constexpr StreamKey kLegacyStream = nullptr;
constexpr double kNanosecondsPerMicrosecond = 1e3;

}  // namespace

TimelineFacts timeline_facts(const arch::GpuModel& gpu) {
  // GB/s are bytes per nanosecond.
  return {.sm_count = gpu.sm_count,
          .copy_engines = gpu.copy_engines,
          .concurrent_kernels = gpu.sm.concurrent_kernels,
          .pinned_bytes_per_ns = gpu.host_link.pinned_gb_per_s,
          .pageable_bytes_per_ns = gpu.host_link.pageable_gb_per_s,
          .copy_latency_ns = gpu.host_link.copy_latency_us * kNanosecondsPerMicrosecond,
          .dram_bytes_per_ns = gpu.memory.bandwidth_gb_per_s};
}

DeviceTimeline::DeviceTimeline(const TimelineFacts& facts)
    : facts_(facts),
      engine_free_ns_(static_cast<std::size_t>(std::max(1, facts.copy_engines)), 0.0),
      sm_free_ns_(static_cast<std::size_t>(std::max(1, facts.sm_count)), 0.0) {
  streams_[kLegacyStream] = Stream{.blocking = true, .ready_ns = 0.0};
}

void DeviceTimeline::add_stream(StreamKey stream, bool blocking) {
  streams_[stream] = Stream{.blocking = blocking, .ready_ns = host_ns_};
}

void DeviceTimeline::remove_stream(StreamKey stream) {
  if (stream != kLegacyStream) streams_.erase(stream);
}

DeviceTimeline::Stream& DeviceTimeline::stream_of(StreamKey stream) {
  // Streams the runtime did not announce (cudaStreamPerThread) are blocking.
  return streams_.try_emplace(stream, Stream{.blocking = true, .ready_ns = 0.0}).first->second;
}

double DeviceTimeline::earliest_start(StreamKey stream) const {
  double start = host_ns_;
  const auto own = streams_.find(stream);
  const bool blocking = own == streams_.end() || own->second.blocking;
  if (own != streams_.end()) start = std::max(start, own->second.ready_ns);
  if (stream == kLegacyStream) {
    // The legacy default stream waits for every blocking stream.
    for (const auto& [key, s] : streams_) {
      if (s.blocking) start = std::max(start, s.ready_ns);
    }
  } else if (blocking) {
    start = std::max(start, streams_.at(kLegacyStream).ready_ns);
  }
  return start;
}

void DeviceTimeline::finish_on_stream(StreamKey stream, double end_ns) {
  Stream& s = stream_of(stream);
  s.ready_ns = std::max(s.ready_ns, end_ns);
}

double DeviceTimeline::all_sms_free() const {
  return sm_free_ns_.back();
}

void DeviceTimeline::hold_all_sms(double until_ns) {
  for (double& free : sm_free_ns_) free = std::max(free, until_ns);
}

TimeSpan DeviceTimeline::copy(StreamKey stream, CopyDirection direction, std::uint64_t bytes,
                              bool pinned) {
  const auto size = static_cast<double>(bytes);
  double start = earliest_start(stream);
  if (direction == CopyDirection::device_to_device) {
    // Read and write through DRAM, on the stream, no copy engine.
    const double duration = facts_.dram_bytes_per_ns > 0 ? 2 * size / facts_.dram_bytes_per_ns : 0;
    finish_on_stream(stream, start + duration);
    return {start, start + duration};
  }
  const double bandwidth = pinned ? facts_.pinned_bytes_per_ns : facts_.pageable_bytes_per_ns;
  const double duration = facts_.copy_latency_ns + (bandwidth > 0 ? size / bandwidth : 0.0);
  // Two or more engines: one per direction; one: shared; none: the copy
  // also needs the SMs idle and holds them (no copy/compute overlap).
  const std::size_t engine =
      facts_.copy_engines >= 2 && direction == CopyDirection::device_to_host ? 1 : 0;
  start = std::max(start, engine_free_ns_[engine]);
  if (facts_.copy_engines == 0) start = std::max(start, all_sms_free());
  const double end = start + duration;
  engine_free_ns_[engine] = end;
  if (facts_.copy_engines == 0) hold_all_sms(end);
  finish_on_stream(stream, end);
  // Pageable memory is staged by the host thread: the call returns when done.
  if (!pinned) host_waits(end);
  return {start, end};
}

TimeSpan DeviceTimeline::fill(StreamKey stream, std::uint64_t bytes) {
  const double start = earliest_start(stream);
  const double duration =
      facts_.dram_bytes_per_ns > 0 ? static_cast<double>(bytes) / facts_.dram_bytes_per_ns : 0;
  finish_on_stream(stream, start + duration);
  return {start, start + duration};
}

DeviceTimeline::KernelSlot DeviceTimeline::place_kernel(StreamKey stream, std::uint64_t blocks,
                                                        int blocks_per_sm) const {
  const auto all = static_cast<std::uint64_t>(sm_free_ns_.size());
  std::uint64_t sms = all;
  if (facts_.concurrent_kernels) {
    const auto per_sm = static_cast<std::uint64_t>(std::max(1, blocks_per_sm));
    sms = std::clamp<std::uint64_t>((blocks + per_sm - 1) / per_sm, 1, all);
  }
  double start = std::max(earliest_start(stream), sm_free_ns_[sms - 1]);
  if (facts_.copy_engines == 0) start = std::max(start, engine_free_ns_[0]);
  return {.stream = stream, .sms = static_cast<int>(sms), .start_ns = start};
}

TimeSpan DeviceTimeline::finish_kernel(const KernelSlot& slot, double duration_ns) {
  const double end = slot.start_ns + std::max(0.0, duration_ns);
  // The slot's SMs are the ones that free up first (all free by its start).
  for (int i = 0; i < slot.sms && i < static_cast<int>(sm_free_ns_.size()); ++i) {
    sm_free_ns_[static_cast<std::size_t>(i)] = end;
  }
  std::sort(sm_free_ns_.begin(), sm_free_ns_.end());
  finish_on_stream(slot.stream, end);
  return {slot.start_ns, end};
}

double DeviceTimeline::stream_done(StreamKey stream) const {
  return earliest_start(stream);
}

double DeviceTimeline::record(StreamKey stream) {
  const double time = earliest_start(stream);
  // A marker: later work of a stream ordered after this one waits for it.
  finish_on_stream(stream, time);
  return time;
}

void DeviceTimeline::wait(StreamKey stream, double time_ns) {
  finish_on_stream(stream, time_ns);
}

void DeviceTimeline::host_waits(double time_ns) {
  host_ns_ = std::max(host_ns_, time_ns);
}

double DeviceTimeline::device_done() const {
  double done = host_ns_;
  for (const auto& [key, s] : streams_) done = std::max(done, s.ready_ns);
  for (const double free : engine_free_ns_) done = std::max(done, free);
  return std::max(done, all_sms_free());
}

}  // namespace smsim::runtime
