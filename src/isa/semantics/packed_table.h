// Compact in-memory forms of the measured SFU tables, so that a kernel using
// every table-driven instruction stays well inside the simulator's memory
// budget (issue 3: RSS at most the device allocations plus 100 MB).
//
// NibbleArray: small signed values (-7..7) at four bits each; the rare larger
// ones are kept aside, sorted by index.
// DeltaWords: a smooth table of 32-bit words, kept as its second differences
// (NibbleArray) with the value and first difference at every 32nd index;
// entry i is the anchor plus at most 31 steps. The f32 MUFU tables are
// piecewise-polynomial interpolations, so almost all second differences are
// -1, 0 or 1 (2^24 words: 10 MB instead of 64 MB).
#pragma once

#include <algorithm>
#include <cstdint>
#include <utility>
#include <vector>

namespace smsim::isa::sem {

class NibbleArray {
 public:
  void reserve(size_t entries) { nibbles_.reserve((entries + 1) / 2); }

  void push_back(int32_t value) {
    const size_t index = size_;
    uint8_t nibble = kEscape;
    if (value >= -7 && value <= 7) {
      nibble = static_cast<uint8_t>(value) & 0xf;
    } else {
      escaped_.emplace_back(static_cast<uint32_t>(index), value);
    }
    if (index % 2 == 0) {
      nibbles_.push_back(nibble);
    } else {
      nibbles_.back() = static_cast<uint8_t>(nibbles_.back() | (nibble << 4));
    }
    ++size_;
  }

  int32_t operator[](uint32_t index) const {
    const uint8_t nibble = (nibbles_[index / 2] >> ((index % 2) * 4)) & 0xf;
    if (nibble != kEscape) return static_cast<int32_t>(nibble ^ 8) - 8;
    const auto it = std::lower_bound(escaped_.begin(), escaped_.end(), index,
                                     [](const auto& e, uint32_t i) { return e.first < i; });
    return it->second;
  }

  size_t size() const { return size_; }
  size_t bytes() const {
    return nibbles_.capacity() + escaped_.capacity() * sizeof(escaped_[0]);
  }

 private:
  static constexpr uint8_t kEscape = 8;  // -8: the value is in escaped_
  std::vector<uint8_t> nibbles_;
  std::vector<std::pair<uint32_t, int32_t>> escaped_;
  size_t size_ = 0;
};

class DeltaWords {
 public:
  static constexpr uint32_t kAnchorEvery = 32;

  void reserve(size_t entries) {
    second_.reserve(entries);
    anchors_.reserve(entries / kAnchorEvery + 1);
  }

  // Appends the next word of the table, in index order.
  void push_back(uint32_t value) {
    const uint32_t step = second_.size() == 0 ? 0 : value - last_;
    second_.push_back(static_cast<int32_t>(step - last_step_));
    if (second_.size() % kAnchorEvery == 1) anchors_.push_back({value, step});
    last_ = value;
    last_step_ = step;
  }

  uint32_t operator[](uint32_t index) const {
    const Anchor& a = anchors_[index / kAnchorEvery];
    uint32_t value = a.value, step = a.step;
    for (uint32_t i = index - index % kAnchorEvery + 1; i <= index; ++i) {
      step += static_cast<uint32_t>(second_[i]);
      value += step;
    }
    return value;
  }

  size_t size() const { return second_.size(); }
  size_t bytes() const { return second_.bytes() + anchors_.capacity() * sizeof(Anchor); }

 private:
  struct Anchor {
    uint32_t value;
    uint32_t step;  // value minus the previous entry's
  };
  NibbleArray second_;  // entry i: step(i) - step(i - 1), step(0) = 0
  std::vector<Anchor> anchors_;
  uint32_t last_ = 0;
  uint32_t last_step_ = 0;
};

}  // namespace smsim::isa::sem
