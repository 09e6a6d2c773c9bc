#pragma once
// The simulated device timeline: when each copy, fill and kernel of the
// program runs on the modelled GPU, so that events and %globaltimer read
// simulated time. The work itself is done at once by the engine; this only
// places it in time:
// - per stream, operations run in issue order; the legacy default stream
//   waits for all blocking streams and they wait for it (non-blocking
//   streams do not);
// - host<->device copies use the copy engines: with two or more, one per
//   direction; with one, both directions share it; with none (CC 1.0) a copy
//   also waits for the SMs to be idle and holds them. A copy takes the link's
//   fixed latency plus its bytes at the pinned or pageable bandwidth; a copy
//   from or to pageable memory returns to the host only when it is done;
// - a kernel occupies ceil(blocks / blocks-per-SM) SMs (all of them where
//   the CC has no concurrent kernels) for its simulated duration, and starts
//   when its stream is ready and that many SMs are free (simplification: its
//   duration is that of a run alone on the GPU);
// - device-to-device copies and fills move their bytes at DRAM bandwidth on
//   their stream, without a copy engine.
// Times are nanoseconds from the start of the run.

#include <cstdint>
#include <map>
#include <vector>

#include "arch/gpu_model.h"

namespace smsim::runtime {

struct TimelineFacts {
  int sm_count = 1;
  int copy_engines = 0;
  bool concurrent_kernels = false;
  double pinned_bytes_per_ns = 0.0;  // GB/s
  double pageable_bytes_per_ns = 0.0;
  double copy_latency_ns = 0.0;
  double dram_bytes_per_ns = 0.0;
};

// The facts of a GPU model (configs/: copy engines, host link, concurrent
// kernels, DRAM bandwidth).
TimelineFacts timeline_facts(const arch::GpuModel& gpu);

enum class CopyDirection : std::uint8_t { host_to_device, device_to_host, device_to_device };

// A stream as the runtime names it: its handle, or nullptr for the legacy
// default stream (cudaStreamLegacy and 0 alike).
using StreamKey = const void*;

struct TimeSpan {
  double start_ns = 0.0;
  double end_ns = 0.0;
};

class DeviceTimeline {
 public:
  explicit DeviceTimeline(const TimelineFacts& facts);

  void add_stream(StreamKey stream, bool blocking);
  void remove_stream(StreamKey stream);

  TimeSpan copy(StreamKey stream, CopyDirection direction, std::uint64_t bytes, bool pinned);
  TimeSpan fill(StreamKey stream, std::uint64_t bytes);

  // A kernel is placed in two steps, since %globaltimer needs its start
  // before the engine runs it and its duration is known only afterwards.
  struct KernelSlot {
    StreamKey stream = nullptr;
    int sms = 0;
    double start_ns = 0.0;
  };
  // Nothing else may be placed between the two calls.
  KernelSlot place_kernel(StreamKey stream, std::uint64_t blocks, int blocks_per_sm) const;
  TimeSpan finish_kernel(const KernelSlot& slot, double duration_ns);

  // When work issued on `stream` so far is done (cudaStreamSynchronize).
  double stream_done(StreamKey stream) const;
  // cudaEventRecord: the event's time; later work ordered after it waits.
  double record(StreamKey stream);
  // cudaStreamWaitEvent: later work of `stream` starts after `time_ns`.
  void wait(StreamKey stream, double time_ns);
  // The host blocks until `time_ns` (synchronize calls).
  void host_waits(double time_ns);
  double host_now() const { return host_ns_; }
  // When everything issued so far is done.
  double device_done() const;

 private:
  struct Stream {
    bool blocking = true;
    double ready_ns = 0.0;
  };
  Stream& stream_of(StreamKey stream);
  double earliest_start(StreamKey stream) const;
  void finish_on_stream(StreamKey stream, double end_ns);
  // When every SM is free.
  double all_sms_free() const;
  void hold_all_sms(double until_ns);

  TimelineFacts facts_;
  double host_ns_ = 0.0;
  std::map<StreamKey, Stream> streams_;
  std::vector<double> engine_free_ns_;
  std::vector<double> sm_free_ns_;  // sorted ascending
};

}  // namespace smsim::runtime
