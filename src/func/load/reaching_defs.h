#pragma once
// Reaching definitions of a lowered kernel: for every register read, which
// writes of that register it can see. This is the kernel as ptxas sees it in
// SSA form (a read reached by one write reads that write's value; a read
// reached by several reads a phi of them), which the load-time passes that
// reproduce ptxas's rewrites (fma_contraction.h, f64_operand_order.h) need.

#include <cstdint>
#include <span>
#include <vector>

#include "func/decode/instruction_spec.h"

namespace smsim::func {

// One read of a register: operand index `operand` of instruction
// `instruction`, or one of the two reads that are not operands.
struct RegisterRead {
  static constexpr std::uint8_t kGuard = 0xfe;
  // A guarded write: where the guard is false the register keeps the value it
  // had, so the write reads (passes on) every definition reaching it.
  static constexpr std::uint8_t kPassThrough = 0xff;
  std::uint32_t instruction = 0;
  std::uint8_t operand = 0;
};

class ReachingDefs {
 public:
  // Stands for the register's value at kernel entry (no write reaches).
  static constexpr std::uint32_t kEntry = UINT32_MAX;

  explicit ReachingDefs(const KernelSpec& spec);

  // The instructions whose write can reach the read of operand `operand` of
  // instruction `at` (kEntry among them when the entry value can). Empty for
  // an operand that reads no register.
  std::span<const std::uint32_t> defs(std::uint32_t at, std::size_t operand) const;
  // The unique instruction whose write reaches that read, or kEntry when
  // there is none or more than one.
  std::uint32_t unique_def(std::uint32_t at, std::size_t operand) const;
  // Every read that can see the write of instruction `def`'s destination
  // operands (reads of other registers of a multi-destination write included).
  std::span<const RegisterRead> uses(std::uint32_t def) const;
  // The basic block of an instruction (blocks are numbered in program order).
  std::uint32_t block_of(std::uint32_t at) const { return block_of_[at]; }

 private:
  struct Read {
    std::uint32_t reg;
    RegisterRead where;
  };
  void build_blocks(const KernelSpec& spec);
  void solve(const KernelSpec& spec, const std::vector<std::uint32_t>& writes,
             const std::vector<Read>& reads);
  void record(const RegisterRead& read, std::vector<std::uint32_t> defs);

  std::vector<std::uint32_t> block_of_;
  std::vector<std::uint32_t> block_start_;
  std::vector<std::vector<std::uint32_t>> block_preds_;
  // Per instruction, per operand slot (operands, then guard, then pass-through).
  std::vector<std::vector<std::vector<std::uint32_t>>> defs_;
  std::vector<std::vector<RegisterRead>> uses_;
};

}  // namespace smsim::func
