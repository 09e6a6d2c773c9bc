#include "func/load/reaching_defs.h"

#include <algorithm>

#include "func/decode/control_successors.h"
#include "func/decode/executor_table.h"

namespace smsim::func {
namespace {

// A set of writes of one register (bit i: its i-th write; the last bit: the
// entry value), as plain words so that joining is a loop of ORs.
using WriteSet = std::vector<std::uint64_t>;

void set_bit(WriteSet& s, std::size_t bit) {
  s[bit / 64] |= std::uint64_t{1} << (bit % 64);
}

void assign_only(WriteSet& s, std::size_t bit) {
  std::fill(s.begin(), s.end(), 0);
  set_bit(s, bit);
}

}  // namespace

namespace {

// wgmma.mma_async's D registers are its accumulator C as well (scale-d).
bool accumulates_into_destinations(isa::Opcode op) {
  return op == isa::Opcode::WgmmaMmaAsync || op == isa::Opcode::WgmmaMmaAsyncSp;
}

}  // namespace

ReachingDefs::ReachingDefs(const KernelSpec& spec) {
  const std::size_t n = spec.instructions.size();
  defs_.resize(n);
  uses_.resize(n);
  build_blocks(spec);
  std::vector<std::vector<std::uint32_t>> writes(spec.register_count);
  std::vector<std::vector<Read>> reads(spec.register_count);
  auto read_of = [&](std::uint32_t reg, std::uint32_t at, std::uint8_t operand) {
    if (reg < spec.register_count) reads[reg].push_back({reg, {at, operand}});
  };
  for (std::uint32_t i = 0; i < n; ++i) {
    const InstructionSpec& s = spec.instructions[i];
    defs_[i].resize(s.operands.size() + 2);
    if (s.guard_reg != kNoReg) read_of(s.guard_reg, i, RegisterRead::kGuard);
    for (std::size_t k = 0; k < s.operands.size(); ++k) {
      const SpecOperand& o = s.operands[k];
      if (o.reg == kNoReg || o.reg >= spec.register_count) continue;
      if (o.kind != SpecOperand::Kind::reg && o.kind != SpecOperand::Kind::address) continue;
      if (k < s.dst_count && o.kind == SpecOperand::Kind::reg) {
        if (writes[o.reg].empty() || writes[o.reg].back() != i) writes[o.reg].push_back(i);
        // A guarded write keeps the old value where the guard is false; a
        // wgmma accumulates into its destinations.
        if (s.guard_reg != kNoReg || accumulates_into_destinations(s.opcode)) {
          read_of(o.reg, i, RegisterRead::kPassThrough);
        }
        continue;
      }
      read_of(o.reg, i, static_cast<std::uint8_t>(k));
    }
  }
  for (std::uint32_t reg = 0; reg < spec.register_count; ++reg) {
    if (!reads[reg].empty()) solve(spec, writes[reg], reads[reg]);
  }
}

void ReachingDefs::build_blocks(const KernelSpec& spec) {
  const auto n = static_cast<std::uint32_t>(spec.instructions.size());
  std::vector<std::vector<std::uint32_t>> successors(n);
  std::vector<bool> leader(n + 1, false);
  leader[0] = true;
  for (std::uint32_t i = 0; i < n; ++i) {
    const InstructionSpec& s = spec.instructions[i];
    const Control control = opcode_execution(s.opcode).control;
    const std::vector<std::uint32_t>* table =
        control == Control::branch_indexed && s.target < spec.jump_tables.size()
            ? &spec.jump_tables[s.target]
            : nullptr;
    append_successors(control, s.guard_reg != kNoReg, s.target, i, successors[i], table);
    if (control == Control::branch || control == Control::branch_indexed ||
        control == Control::exit || control == Control::trap) {
      leader[i + 1] = true;
    }
    // A jump target starts a block; falling through (every instruction's
    // successor) does not, or each instruction would be a block of its own.
    for (std::uint32_t t : successors[i]) {
      if (t < n && t != i + 1) leader[t] = true;
    }
  }
  block_of_.assign(n, 0);
  for (std::uint32_t i = 0; i < n; ++i) {
    if (leader[i]) block_start_.push_back(i);
    block_of_[i] = static_cast<std::uint32_t>(block_start_.size() - 1);
  }
  block_preds_.resize(block_start_.size());
  for (std::uint32_t i = 0; i < n; ++i) {
    const bool block_end = i + 1 == n || leader[i + 1];
    if (!block_end) continue;
    for (std::uint32_t t : successors[i]) {
      if (t < n) block_preds_[block_of_[t]].push_back(block_of_[i]);
    }
  }
}

void ReachingDefs::solve(const KernelSpec& spec, const std::vector<std::uint32_t>& writes,
                         const std::vector<Read>& reads) {
  const auto guarded = [&](std::uint32_t at) { return spec.instructions[at].guard_reg != kNoReg; };
  // The common case of compiled code: one unconditional write, which every
  // read sees (PTX from nvcc defines a register before reading it).
  if (writes.size() == 1 && !guarded(writes[0])) {
    for (const Read& r : reads) record(r.where, {writes[0]});
    return;
  }
  const std::size_t entry_bit = writes.size();
  const std::size_t words = (writes.size() + 1 + 63) / 64;
  const std::size_t blocks = block_start_.size();
  // The writes of this register inside each block, in order.
  std::vector<std::vector<std::size_t>> block_writes(blocks);
  for (std::size_t w = 0; w < writes.size(); ++w) block_writes[block_of_[writes[w]]].push_back(w);
  auto apply = [&](WriteSet& s, std::uint32_t block, std::uint32_t before) {
    for (std::size_t w : block_writes[block]) {
      if (writes[w] >= before) break;
      if (guarded(writes[w])) {
        set_bit(s, w);
      } else {
        assign_only(s, w);
      }
    }
  };
  std::vector<WriteSet> in(blocks, WriteSet(words, 0)), out(blocks, WriteSet(words, 0));
  set_bit(in[0], entry_bit);
  for (bool changed = true; changed;) {
    changed = false;
    for (std::uint32_t b = 0; b < blocks; ++b) {
      WriteSet joined(words, 0);
      if (b == 0) set_bit(joined, entry_bit);
      for (std::uint32_t p : block_preds_[b]) {
        for (std::size_t k = 0; k < words; ++k) joined[k] |= out[p][k];
      }
      in[b] = joined;
      apply(joined, b, UINT32_MAX);
      if (joined != out[b]) {
        out[b] = std::move(joined);
        changed = true;
      }
    }
  }
  for (const Read& r : reads) {
    const std::uint32_t b = block_of_[r.where.instruction];
    WriteSet s = in[b];
    apply(s, b, r.where.instruction);
    std::vector<std::uint32_t> defs;
    for (std::size_t w = 0; w <= writes.size(); ++w) {
      if ((s[w / 64] >> (w % 64) & 1) == 0) continue;
      defs.push_back(w == entry_bit ? kEntry : writes[w]);
    }
    record(r.where, std::move(defs));
  }
}

void ReachingDefs::record(const RegisterRead& read, std::vector<std::uint32_t> defs) {
  for (std::uint32_t d : defs) {
    if (d != kEntry) uses_[d].push_back(read);
  }
  std::vector<std::vector<std::uint32_t>>& slots = defs_[read.instruction];
  const std::size_t slot = read.operand == RegisterRead::kGuard         ? slots.size() - 2
                           : read.operand == RegisterRead::kPassThrough ? slots.size() - 1
                                                                        : read.operand;
  slots[slot] = std::move(defs);
}

std::span<const std::uint32_t> ReachingDefs::defs(std::uint32_t at, std::size_t operand) const {
  if (at >= defs_.size() || operand + 2 >= defs_[at].size()) return {};
  return defs_[at][operand];
}

std::uint32_t ReachingDefs::unique_def(std::uint32_t at, std::size_t operand) const {
  const std::span<const std::uint32_t> d = defs(at, operand);
  return d.size() == 1 ? d[0] : kEntry;
}

std::span<const RegisterRead> ReachingDefs::uses(std::uint32_t def) const {
  if (def >= uses_.size()) return {};
  return uses_[def];
}

}  // namespace smsim::func
