#include "analysis/shared_banks.h"

#include <algorithm>
#include <bit>
#include <cassert>

namespace smsim::analysis {
namespace {

constexpr unsigned kMaxBanks = 64;
constexpr unsigned kWordBytes = 4;

// One (bank, row) per bank-width chunk of each active lane's bytes.
struct Slot {
  std::uint32_t bank;
  std::uint64_t row;
};

// 2.x on: any number of threads reading one word are served together (and of
// several words, one per bank); the phase needs as many passes as the most
// distinct rows asked of one bank (the slides' "max distinct words in one bank").
std::uint32_t distinct_rows(const WarpAccess& a, std::uint32_t group,
                            const arch::SharedAccessRules& rules, const SharedBanks& b) {
  Slot slots[kLanes * 4];
  unsigned count = 0;
  // Widths, bank counts and rows are powers of two (the loader checks):
  // shifts and masks instead of divisions, for every lane of every access.
  const auto width_shift =
      static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(b.bank_width_bytes)));
  const auto row_shift =
      static_cast<unsigned>(std::countr_zero(static_cast<unsigned>(rules.row_bytes)));
  const auto bank_mask = static_cast<std::uint64_t>(b.banks) - 1;
  for (std::uint32_t m = group; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    const std::uint64_t first = a.address[lane] >> width_shift;
    const std::uint64_t last = (a.address[lane] + a.size - 1) >> width_shift;
    for (std::uint64_t chunk = first; chunk <= last && count < std::size(slots); ++chunk) {
      slots[count++] =
          Slot{static_cast<std::uint32_t>(chunk & bank_mask), (chunk << width_shift) >> row_shift};
    }
  }
  // Conflict-free accesses (the usual case) ask each bank for one row: found
  // without sorting; otherwise count the distinct slots per bank.
  std::uint64_t first_row[kMaxBanks];
  std::uint64_t used = 0;
  bool one_row_each = true;
  for (unsigned i = 0; i < count && one_row_each; ++i) {
    const std::uint64_t bit = std::uint64_t{1} << slots[i].bank;
    if ((used & bit) == 0) {
      used |= bit;
      first_row[slots[i].bank] = slots[i].row;
    } else {
      one_row_each = first_row[slots[i].bank] == slots[i].row;
    }
  }
  if (one_row_each) return count == 0 ? 0 : 1;
  // A lane's access spans at most one chunk per bank, so a bank holds at
  // most one row per lane: short lists, searched linearly.
  std::uint64_t rows[kMaxBanks][kLanes];
  std::uint32_t per_bank[kMaxBanks] = {};
  std::uint32_t worst = 0;
  for (unsigned i = 0; i < count; ++i) {
    const Slot& slot = slots[i];
    std::uint64_t* list = rows[slot.bank];
    std::uint32_t& n = per_bank[slot.bank];
    if (std::find(list, list + n, slot.row) != list + n || n == kLanes) continue;
    list[n++] = slot.row;
    worst = std::max(worst, n);
  }
  return worst;
}

// 1.x, per half-warp and per 32-bit word of the access: each step serves
// every thread whose address lies in one broadcast word (the lowest pending
// thread's) and, in every other bank, the threads of one address. Different
// bytes of one bank therefore conflict unless they share the broadcast word.
std::uint32_t broadcast_word_steps(const std::uint64_t* address, std::uint32_t group, int banks) {
  std::uint32_t pending = group;
  std::uint32_t steps = 0;
  const auto bank_count = static_cast<std::uint64_t>(banks);
  while (pending != 0) {
    ++steps;
    const auto lead = static_cast<unsigned>(std::countr_zero(pending));
    const std::uint64_t broadcast = address[lead] / kWordBytes;
    const std::uint64_t broadcast_bank = broadcast % bank_count;
    std::uint64_t chosen[kMaxBanks];
    bool has_chosen[kMaxBanks] = {};
    std::uint32_t served = 0;
    for (std::uint32_t m = pending; m != 0; m &= m - 1) {
      const auto lane = static_cast<unsigned>(std::countr_zero(m));
      const std::uint64_t word = address[lane] / kWordBytes;
      const auto bank = static_cast<unsigned>(word % bank_count);
      if (word == broadcast) {
        served |= std::uint32_t{1} << lane;
      } else if (bank != broadcast_bank) {
        if (!has_chosen[bank]) {
          has_chosen[bank] = true;
          chosen[bank] = address[lane];
        }
        if (chosen[bank] == address[lane]) served |= std::uint32_t{1} << lane;
      }
    }
    pending &= ~served;
  }
  return steps;
}

// `worst`: the most steps of one request (its conflict ways).
std::uint32_t broadcast_word(const WarpAccess& a, std::uint32_t group,
                             const arch::SharedAccessRules& rules, const SharedBanks& b,
                             std::uint32_t& worst) {
  if (!rules.split_wide_accesses || a.size <= kWordBytes) {
    worst = broadcast_word_steps(a.address.data(), group, b.banks);
    return worst;
  }
  // 64- and 128-bit accesses become one 32-bit request per word of the access.
  std::uint32_t steps = 0;
  std::uint64_t words[kLanes];
  for (unsigned w = 0; w < a.size / kWordBytes; ++w) {
    for (unsigned lane = 0; lane < kLanes; ++lane) words[lane] = a.address[lane] + w * kWordBytes;
    const std::uint32_t n = broadcast_word_steps(words, group, b.banks);
    worst = std::max(worst, n);
    steps += n;
  }
  return steps;
}

}  // namespace

SharedBanks default_banks(const arch::GpuModel& model) {
  const auto& smem = model.shared_memory;
  return SharedBanks{.banks = smem.banks,
                     .bank_width_bytes = smem.bank_width_modes.empty()
                                             ? smem.bank_width_bytes
                                             : smem.bank_width_modes.front()};
}

SharedCost shared_access_cost(const WarpAccess& a, const arch::SharedAccessRules& rules,
                              const SharedBanks& b) {
  SharedCost cost;
  const int cls = size_class(a.size);
  assert(cls >= 0 && "shared_access_cost: access size must be 1, 2, 4, 8 or 16 bytes");
  assert(b.banks > 0 && static_cast<unsigned>(b.banks) <= kMaxBanks && b.bank_width_bytes > 0);
  if (cls < 0 || a.mask == 0) return cost;
  const auto phase_lanes = static_cast<unsigned>(rules.phase_lanes[static_cast<std::size_t>(cls)]);
  const auto row_bytes = static_cast<std::uint64_t>(rules.row_bytes);
  // 2.x: a 128-bit access costs one pass more than its worst bank (App. G.3.3).
  const std::uint32_t extra = a.size == 16 ? static_cast<std::uint32_t>(rules.wide_extra_pass) : 0;
  for (unsigned first = 0; first < kLanes; first += phase_lanes) {
    const std::uint32_t group = lane_group(a.mask, first, phase_lanes);
    if (group == 0) continue;
    ++cost.requests;
    std::uint32_t worst = 0;
    std::uint32_t passes = 0;
    if (rules.rule == arch::SharedConflictRule::kBroadcastWord) {
      passes = broadcast_word(a, group, rules, b, worst);
    } else {
      passes = worst = distinct_rows(a, group, rules, b);
    }
    cost.wavefronts += passes + extra;
    cost.ways = std::max(cost.ways, worst);
    const std::uint64_t bytes = std::uint64_t{static_cast<unsigned>(std::popcount(group))} * a.size;
    cost.ideal += static_cast<std::uint32_t>((bytes + row_bytes - 1) / row_bytes);
  }
  return cost;
}

}  // namespace smsim::analysis
