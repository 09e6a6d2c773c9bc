#pragma once
// The GPU's address translation as the cycle model sees it: which aligned
// regions of the address space the SMs have translated, state that outlives
// a launch (the runtime keeps one per device). The first SM access to a
// region waits for one GPU-wide walk; accesses to it while the walk is in
// flight wait for the same walk; later ones, in this launch or a later one,
// pay nothing. Measured on the H100 (tools/probes/first_write_probe.cu,
// docs/timing.md "First touch of a program's pages"): a kernel touching one
// untouched region is about 710 cycles slower than the same kernel on
// touched ones, the warm part is at least 8 MiB and an access 64 MiB away is
// cold again, and host copies and memsets do not translate for the SMs.
// That is what Nsight Compute's replay of a launch sees; a program timing
// itself sees every launch pay for the pages no earlier launch read, in
// smaller granules (below, RunKind), so the two kinds of run keep a state
// each of its own granule and cost.

#include <cstdint>
#include <optional>
#include <unordered_map>

#include "arch/gpu_model.h"

namespace smsim::timing {

class AddressTranslation {
 public:
  // `region_bytes` 0 or `miss_cycles` 0: no translation cost (every access
  // is translated already).
  AddressTranslation(std::uint64_t region_bytes, double miss_cycles);

  // A launch starts at cycle 0: walks of earlier launches have completed.
  // Addresses are offsets in device memory (func::DeviceMemory::offset_of:
  // smsim's device addresses lie wherever the host maps them, which varies
  // from run to run, while their offsets do not); regions are counted from
  // offset 0 of the device's range of `bytes`, and offsets past it (mapped
  // host memory) count as translated.
  void begin_launch(std::uint64_t bytes);

  // The cycle from which an access to `offset` that is ready at `at` can
  // go on: `at` where its region is translated, else when the region's
  // walk completes (started now if none is in flight).
  double ready(std::uint64_t offset, double at);

  // The region of `offset`; kOutside for an offset outside the range.
  static constexpr std::uint64_t kOutside = ~std::uint64_t{0};
  std::uint64_t region(std::uint64_t offset) const {
    if (region_bytes_ == 0 || offset >= bytes_) return kOutside;
    return offset / region_bytes_;
  }
  bool enabled() const { return region_bytes_ != 0 && miss_cycles_ > 0.0; }
  // Walks started since construction (one per region first touched).
  std::uint64_t walks() const { return walks_; }

 private:
  std::uint64_t region_bytes_;
  double miss_cycles_;
  std::uint64_t bytes_ = 0;
  std::uint64_t launch_ = 0;
  std::uint64_t walks_ = 0;
  struct Walk {
    std::uint64_t launch;  // the launch that started it
    double done;           // its completion, in that launch's cycles
  };
  std::unordered_map<std::uint64_t, Walk> regions_;
};

// What a timed run stands for. The first-touch walk above was measured
// under ncu, whose kernel cycles are the goldens of tests/timing/kernels;
// the same launch run plainly, timed by the program's own clock64() (the
// micro goldens), did not pay it: load_tput_w1 took 2627/2677 cycles plainly
// and 3426/2894 under ncu. Plainly, instead, every launch reading pages no
// kernel read before pays for them (w1, w2, w4 400-800 cycles more than once
// ncu's replay had touched the whole buffer, w2 reading the MiB right after
// w1's half MiB): the `plain_` facts, granules of 1 MiB (docs/timing.md,
// "First touch of a program's pages").
enum class RunKind : std::uint8_t {
  plain,         // as the program sees its own launches (clock64, events)
  ncu_profiled,  // as Nsight Compute measures each launch (smsim run --as-profiled)
};

// The device's translation state for a run of `kind` from the model's
// facts: a fresh one of the kind's granule and cost, none where the model
// states none (every access counts as translated, no walk is charged or
// counted).
std::optional<AddressTranslation> translation_for(const arch::TranslationFacts& facts,
                                                  RunKind kind);

}  // namespace smsim::timing
