#pragma once
// The DRAM below the L2: channels that each move one transfer at a time at
// their share of the bandwidth, and banks that each hold one open row. A
// transfer to a row its bank does not hold opens it first (precharge and
// activate), which occupies the channel for `activate_cycles`: the measured
// cost of DRAM pages (docs/timing.md, "DRAM"). Requests take their channel in
// the order they arrive (the memory system calls in issue order), each channel
// being the cycle it is next free; a bank's controller batches the requests of
// up to `queued_rows` rows (FR-FCFS: the requests of an open row go first), so
// rows whose requests interleave are each opened once, not at every switch.
// Bandwidth saturation shows as queueing
// delay and a stream that keeps reopening rows gets less bandwidth than one
// that reads each row once. A GPU model without a DRAM geometry is one
// channel without rows: its bytes move at the bandwidth, nothing more.

#include <cstdint>
#include <limits>
#include <vector>

#include "timing/timing_params.h"

namespace smsim::timing {

// Where an address lives: its channel, its bank in that channel and the row
// in that bank. Consecutive `row_bytes` blocks go to consecutive channels
// (a channel count that is no power of two spreads power-of-two strides),
// then to consecutive banks of a channel.
struct DramLocation {
  std::uint32_t channel = 0;
  std::uint32_t bank = 0;
  std::uint64_t row = 0;
};
DramLocation dram_location(const arch::DramGeometry& g, std::uint64_t address);

class Dram {
 public:
  explicit Dram(const TimingParams& params);

  struct Slot {
    double start = 0.0;  // the request has its channel (queueing behind earlier ones over)
    double end = 0.0;    // its bytes have moved (after the row's opening, where needed)
  };
  // Moves `bytes` at `address`, arriving at cycle `arrive`. The level's
  // latency comes on top of `start`: the measured pointer-chase latency is
  // the same for rows just opened and rows held open
  // (tools/probes/dram_rows_probe.cu), so opening a row costs the channel's
  // time, which later requests wait for, not this request's latency.
  Slot transfer(double arrive, std::uint64_t address, std::uint32_t bytes);

  // What a miss at `address` takes beyond latency.dram: one of the measured
  // latency quantiles less their mean, picked by a hash of the address (a
  // fixed stand-in for the spread, so runs repeat and host threads agree).
  // 0 without quantiles.
  double latency_offset(std::uint64_t address) const;
  std::uint64_t activations() const { return activations_; }
  // The cycle the last transfer ends (a GPU without L2 ends a kernel then).
  double last_end() const { return last_end_; }

 private:
  arch::DramGeometry g_;
  double cycles_per_byte_ = 0.0;  // of one channel
  std::vector<double> channel_free_;
  // A row whose requests the bank's queue holds: served together, it is
  // opened once while they keep arriving (row_open_cycles apart at most).
  struct QueuedRow {
    std::uint64_t row = ~std::uint64_t{0};  // ~0: none
    // Of the last request to it; an empty place counts as idle longest.
    double last_arrival = std::numeric_limits<double>::lowest();
  };
  std::size_t queued_rows_ = 1;
  std::vector<QueuedRow> banks_;  // per channel and bank, queued_rows_ each
  std::vector<double> latency_offsets_;  // quantile less the quantiles' mean
  std::uint64_t activations_ = 0;
  double last_end_ = 0.0;
};

}  // namespace smsim::timing
