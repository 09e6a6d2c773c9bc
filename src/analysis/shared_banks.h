#pragma once
// Shared-memory bank conflicts of one warp-level access: how many passes
// (ncu: wavefronts) the banks need, from the per-CC rule data in configs/arch
// (arch::SharedAccessRules) and the bank count and width in use.

#include <cstdint>

#include "analysis/warp_access.h"
#include "arch/gpu_model.h"

namespace smsim::analysis {

struct SharedBanks {
  int banks = 32;
  int bank_width_bytes = 4;  // the addressing mode in use (Kepler: 4 or 8)
};

struct SharedCost {
  std::uint32_t requests = 0;    // phases (lane groups) with an active lane
  std::uint32_t wavefronts = 0;  // passes over the banks, summed over phases
  std::uint32_t ideal = 0;       // passes the same bytes need without any conflict
  std::uint32_t ways = 0;        // most distinct words asked of one bank: an n-way conflict
  // ncu's l1tex__data_bank_conflicts: passes beyond the conflict-free count.
  std::uint32_t conflicts() const { return wavefronts > ideal ? wavefronts - ideal : 0; }
};

// `access.size` must be 1, 2, 4, 8 or 16; an empty mask costs nothing.
SharedCost shared_access_cost(const WarpAccess& access, const arch::SharedAccessRules& rules,
                              const SharedBanks& banks);

// The banks of `model` in its default addressing mode (the first listed: the
// 32-bit mode on Kepler, as cudaDeviceSetSharedMemConfig defaults).
SharedBanks default_banks(const arch::GpuModel& model);

}  // namespace smsim::analysis
