// The H100's f32 MUFU results that make ex2, lg2, sin, cos, sqrt and
// tanh.approx bit-exact (data/sfu/, recorded on an H100 by
// tools/probes/sfu_table_probe.cu and tools/probes/tanh_probe.cu).
//
// tools/probes/sfu_structure_probe.cu established, on all 2^32 inputs, what
// each MUFU result depends on, so that one small domain fixes the function
// everywhere (sfu_approx.h applies the rules):
// - ex2: the sign and the 23-bit truncated fixed-point fraction of |x|; the
//   integer part only scales. Table: 2^f and 2^-f for f = k 2^-23.
// - lg2: lg2(m 2^e) is e + L(m) rounded toward zero, L a fixed-point value
//   of 36 fraction bits. Table: the results for x in [0.5, 2), i.e. e = -1
//   and e = 0, which carry every bit of L that a rounding can see.
// - sin, cos: of t = x / 2pi (rounded toward zero), the sign and the 25-bit
//   truncated fraction of |t|; the quadrant (top two bits) maps to the first
//   quadrant by the usual identities. Table: sin and cos of the first quadrant.
// - sqrt: scale invariant, sqrt(m 4^k) = sqrt(m) 2^k. Table: per input in
//   [1, 4), the difference in units in the last place from float(sqrt(double)).
// - tanh (tools/probes/tanh_probe.cu): odd; x itself below 2^-8 and 1 from 8
//   on; in each binade between, a function of the top M fraction bits of x
//   (M = 17 at 2^-8 up to 21 at 2^1). Table: per binade, the 2^M results.
//
// The three 2^24-word tables and tanh's 6.7 M words are stored second-order
// delta coded (data/sfu/README.md) and kept that way in memory
// (packed_table.h). Each is read on first use.
#pragma once

#include <array>
#include <cstdint>
#include <mutex>
#include <string>
#include <vector>

#include "isa/semantics/packed_table.h"

namespace smsim::isa::sem {

enum class MufuTable : uint8_t { ex2, lg2, sincos, sqrt, tanh };
inline constexpr int kMufuTableCount = 5;

class MufuTables {
 public:
  static constexpr uint32_t kEntries = 1u << 24;
  static constexpr uint32_t kHalf = 1u << 23;
  // Words in tanh_approx_f32.d2.zst: 11 binade headers and their results.
  static constexpr uint32_t kTanhWords = 6684694;

  explicit MufuTables(std::string dir) : dir_(std::move(dir)) {}
  MufuTables(const MufuTables&) = delete;
  MufuTables& operator=(const MufuTables&) = delete;

  // Reads `table` on the first call (thread-safe). False, with the reason in
  // `error`, when it cannot be read; the accessors below need it loaded.
  bool load(MufuTable table, std::string& error) const;

  // 2^(k 2^-23) (negative = false) or 2^-(k 2^-23), k < 2^23.
  uint32_t ex2(bool negative, uint32_t k) const { return words_[0][(negative ? kHalf : 0) + k]; }
  // lg2 of the float (e = -1: 0x3f000000 | fraction, e = 0: 0x3f800000 | fraction).
  uint32_t lg2(bool exponent_zero, uint32_t fraction) const {
    return words_[1][(exponent_zero ? kHalf : 0) + fraction];
  }
  // sin or cos of 2 pi r 2^-25, r < 2^23 (the first quadrant).
  uint32_t sin_quadrant0(uint32_t r) const { return words_[2][r]; }
  uint32_t cos_quadrant0(uint32_t r) const { return words_[2][kHalf + r]; }
  // Deviation for x in [1, 4): index = (exponent bit << 23) | fraction.
  int32_t sqrt_deviation(uint32_t index) const { return sqrt_[index]; }
  // The exponent fields of the binades tanh's table covers (first <= last).
  uint32_t tanh_first_field() const { return tanh_first_field_; }
  uint32_t tanh_last_field() const {
    return tanh_first_field_ + static_cast<uint32_t>(tanh_binades_.size()) - 1;
  }
  // tanh of a positive float in those binades.
  uint32_t tanh(uint32_t magnitude) const {
    const TanhBinade& b = tanh_binades_[(magnitude >> 23) - tanh_first_field_];
    return tanh_[b.offset + ((magnitude & 0x7fffff) >> b.shift)];
  }

  // Memory the loaded tables take.
  size_t bytes() const;

  const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
  mutable std::array<std::once_flag, kMufuTableCount> once_;
  mutable std::array<bool, kMufuTableCount> loaded_{};
  mutable std::array<std::string, kMufuTableCount> error_;
  mutable DeltaWords words_[3];
  mutable NibbleArray sqrt_;
  struct TanhBinade {
    uint32_t offset;  // of the binade's first result in tanh_
    uint32_t shift;   // 23 - M: the fraction bits the result does not depend on
  };
  mutable DeltaWords tanh_;
  mutable std::vector<TanhBinade> tanh_binades_;
  mutable uint32_t tanh_first_field_ = 0;

  bool load_tanh(const std::string& path, std::string& error) const;
};

}  // namespace smsim::isa::sem
