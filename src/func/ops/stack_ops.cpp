// alloca, stacksave, stackrestore: PTX's dynamic stack in local memory. Each
// thread's alloca stack lies above its kernel frame and call frames
// (block_setup.cpp) and grows down from its top, as the H100's does: alloca
// lowers the stack pointer by the size, aligns it down (to 8 bytes unless
// the instruction names an alignment) and returns it, so the allocation is
// [result, previous pointer); stacksave reads the pointer and stackrestore
// sets it back, freeing what was allocated since. A real call's return
// frees the callee's allocations (calls.cpp). What was measured on the H100
// (tools/probes/results/h100-2026-11-22/spaces.txt): consecutive allocas of
// 24 (align 8) and 100 (align 64) bytes 0x18 and 0x68 bytes apart, a restore
// giving back the same bytes, and alloca(2048) under the default 1024-byte
// cudaLimitStackSize failing with cudaErrorIllegalAddress (alloca(1024)
// runs). The engine reports the overflow at the alloca, with the sizes; the
// H100 faults at the first access to the memory beyond its stack.

#include <fmt/format.h>

#include <bit>

#include "func/exec/calls.h"
#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"

namespace smsim::func {
namespace {

constexpr std::uint64_t kDefaultAlignment = 8;

void run_alloca(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const std::uint64_t alignment = in.src_count > 1 ? in.src[1].imm : kDefaultAlignment;
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    LaneCalls& lane_stack = c.warp.calls[lane];
    const std::uint64_t bytes = read(c, in.src[0], lane);
    const std::uint64_t limit = c.launch.options.stack_bytes_per_thread;
    // The allocas' bytes (alignment padding included) and the live call
    // frames share cudaLimitStackSize.
    const std::uint64_t room = limit - std::min(limit, lane_stack.stack_used);
    const std::uint64_t below = lane_stack.stack_pointer;
    const std::uint64_t pointer = bytes <= below ? (below - bytes) & ~(alignment - 1) : 0;
    if (bytes > below || lane_stack.stack_top - pointer > room) {
      report_error(c, CudaError::illegal_address,
                   fmt::format("{}: stack overflow in alloca of {} bytes (alignment {}): {} "
                               "bytes of allocas and {} of call frames are in use of "
                               "cudaLimitStackSize {}",
                               lane_location(c, in, lane), bytes, alignment,
                               lane_stack.stack_top - below, lane_stack.stack_used, limit));
      return;
    }
    lane_stack.stack_pointer = pointer;
    write(c, in.dst[0], lane, lane_stack.stack_pointer);
  }
}

void run_stacksave(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    write(c, in.dst[0], lane, c.warp.calls[lane].stack_pointer);
  });
}

// The PTX ISA leaves a value stacksave did not return undefined; the engine
// refuses anything outside the thread's alloca stack instead of letting a
// later alloca hand out memory that is not the stack's.
void run_stackrestore(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    LaneCalls& lane_stack = c.warp.calls[lane];
    const std::uint64_t value = read(c, in.src[0], lane);
    const std::uint64_t limit = c.launch.options.stack_bytes_per_thread;
    const std::uint64_t bottom = lane_stack.stack_top - std::min(lane_stack.stack_top, limit);
    if (value > lane_stack.stack_top || value < bottom) {
      report_error(c, CudaError::illegal_address,
                   fmt::format("{}: stackrestore to {:#x}, outside the thread's alloca stack "
                               "[{:#x}, {:#x}]",
                               lane_location(c, in, lane), value, bottom, lane_stack.stack_top));
      return;
    }
    lane_stack.stack_pointer = value;
  }
}

}  // namespace

ExecFn select_stack(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  switch (spec.opcode) {
    case isa::Opcode::Alloca:
      if (in.dst_count != 1 || in.src_count < 1) {
        why = "alloca needs a destination and a size";
        return nullptr;
      }
      if (in.src_count > 1 &&
          (in.src[1].kind != OperandKind::imm || !std::has_single_bit(in.src[1].imm))) {
        why = "alloca's alignment must be an immediate power of two";
        return nullptr;
      }
      return &run_alloca;
    case isa::Opcode::Stacksave:
      if (in.dst_count != 1) {
        why = "stacksave needs a destination";
        return nullptr;
      }
      return &run_stacksave;
    case isa::Opcode::Stackrestore:
      if (in.src_count != 1) {
        why = "stackrestore needs a source";
        return nullptr;
      }
      return &run_stackrestore;
    default:
      break;
  }
  why = fmt::format("{} is not a stack instruction", isa::opcode_mnemonic(spec.opcode));
  return nullptr;
}

}  // namespace smsim::func
