#include "timing/dram.h"

#include <algorithm>
#include <numeric>

namespace smsim::timing {
DramLocation dram_location(const arch::DramGeometry& g, std::uint64_t address) {
  if (g.channels <= 0 || g.banks <= 0 || g.row_bytes <= 0) return {};
  const std::uint64_t block = address / static_cast<std::uint64_t>(g.row_bytes);
  const auto channels = static_cast<std::uint64_t>(g.channels);
  const auto banks = static_cast<std::uint64_t>(g.banks);
  return {static_cast<std::uint32_t>(block % channels),
          static_cast<std::uint32_t>(block / channels % banks), block / channels / banks};
}

Dram::Dram(const TimingParams& params) : g_(params.facts.dram) {
  const bool has_rows = g_.channels > 0 && g_.banks > 0 && g_.row_bytes > 0;
  if (!has_rows) g_ = {};
  const auto channels = static_cast<std::size_t>(std::max(1, g_.channels));
  cycles_per_byte_ = static_cast<double>(channels) / params.dram_bytes_per_cycle;
  channel_free_.assign(channels, 0.0);
  if (has_rows) {
    queued_rows_ = static_cast<std::size_t>(std::max(1, g_.queued_rows));
    banks_.assign(channels * static_cast<std::size_t>(g_.banks) * queued_rows_, QueuedRow{});
  }
  const std::vector<int>& q = params.facts.dram.latency_quantiles;
  if (!q.empty()) {
    const double mean = std::accumulate(q.begin(), q.end(), 0.0) / static_cast<double>(q.size());
    for (const int latency : q) latency_offsets_.push_back(latency - mean);
  }
}

double Dram::latency_offset(std::uint64_t address) const {
  if (latency_offsets_.empty()) return 0.0;
  // splitmix64's finalizer: neighbouring blocks and power-of-two strides
  // land on unrelated quantiles.
  std::uint64_t h = address + 0x9e3779b97f4a7c15ULL;
  h = (h ^ (h >> 30)) * 0xbf58476d1ce4e5b9ULL;
  h = (h ^ (h >> 27)) * 0x94d049bb133111ebULL;
  h ^= h >> 31;
  return latency_offsets_[h % latency_offsets_.size()];
}

Dram::Slot Dram::transfer(double arrive, std::uint64_t address, std::uint32_t bytes) {
  const DramLocation at = dram_location(g_, address);
  double& free = channel_free_[at.channel];
  const double start = std::max(arrive, free);
  double begin = start;
  QueuedRow* queued = nullptr;
  if (!banks_.empty()) {
    QueuedRow* const rows =
        &banks_[(std::size_t{at.channel} * g_.banks + at.bank) * queued_rows_];
    // The controller serves the queued requests of an open row together
    // (reordering them ahead of others) and closes the row when none is
    // left: requests of one row that arrive more than row_open_cycles apart
    // open it again, whatever else the channel does meanwhile.
    const auto open = [&](const QueuedRow& q) {
      return q.row == at.row &&
             (g_.row_open_cycles <= 0.0 || arrive - q.last_arrival <= g_.row_open_cycles);
    };
    queued = std::find_if(rows, rows + queued_rows_, open);
    if (queued == rows + queued_rows_) {
      // A row not held: it takes the place of the one idle longest.
      queued = std::min_element(rows, rows + queued_rows_, [](const QueuedRow& a, const QueuedRow& b) {
        return a.last_arrival < b.last_arrival;
      });
      queued->row = at.row;
      ++activations_;
      begin += g_.activate_cycles;
    }
    queued->last_arrival = arrive;
  }
  free = begin + bytes * cycles_per_byte_;
  last_end_ = std::max(last_end_, free);
  return {start, free};
}

}  // namespace smsim::timing
