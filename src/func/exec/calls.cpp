#include "func/exec/calls.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <string_view>

#include "func/decode/function_address.h"
#include "func/ops/memory_access.h"

namespace smsim::func {

std::string lane_location(const ExecContext& c, const DecodedInstruction& in, unsigned lane) {
  return fmt::format("kernel {}, PTX line {}, block ({},{},{}), thread {}", c.launch.kernel.name,
                     in.ptx_line, c.block.ctaid.x, c.block.ctaid.y, c.block.ctaid.z,
                     thread_in_block(c, lane));
}

namespace {

std::uint64_t& frame_pointer(ExecContext& c, unsigned lane) {
  return c.regs[c.launch.kernel.frame_reg * kWarpSize + lane];
}

// Copies `bytes` of the thread's local memory; false after reporting a fault.
bool copy_local(ExecContext& c, std::uint64_t to, std::uint64_t from, std::uint64_t bytes,
                unsigned lane) {
  if (bytes == 0) return true;
  const std::byte* src = resolve(c, MemorySpace::local, from, bytes, AccessKind::read, lane, 1);
  if (src == nullptr) return false;
  std::byte* dst = resolve(c, MemorySpace::local, to, bytes, AccessKind::write, lane, 1);
  if (dst == nullptr) return false;
  std::memmove(dst, src, bytes);
  return true;
}

// The function a lane calls, or nullopt after reporting a bad target.
std::optional<std::uint32_t> callee_of(ExecContext& c, const DecodedInstruction& in,
                                       const CallSite& site, unsigned lane) {
  const DecodedKernel& k = c.launch.kernel;
  const std::uint64_t address = read(c, in.src[0], lane);
  const auto index = function_index(address);
  if (!index || *index >= k.functions.size() || k.functions[*index].entry == kNoPc) {
    report_error(c, CudaError::invalid_pc,
                 fmt::format("{}: call through {:#x}, which is not the address of a device "
                             "function of this kernel's module",
                             lane_location(c, in, lane), address));
    return std::nullopt;
  }
  const CallableFunction& f = k.functions[*index];
  if (f.argument_bytes != site.argument_bytes || f.return_bytes != site.return_bytes) {
    report_error(c, CudaError::launch_failure,
                 fmt::format("{}: call to {} through a prototype whose parameters ({} bytes, "
                             "{} of them return values) differ from its declaration ({}, {})",
                             lane_location(c, in, lane), f.name, site.argument_bytes, site.return_bytes,
                             f.argument_bytes, f.return_bytes));
    return std::nullopt;
  }
  return index;
}

std::string_view size_source(StackSizeSource source) {
  return source == StackSizeSource::ptxas ? "ptxas -v"
                                          : "the PTX's parameters, return values and locals";
}

// What the activation takes from cudaLimitStackSize; nullopt after reporting
// the overflow, which the H100 reports as an illegal address.
std::optional<std::uint64_t> stack_cost(ExecContext& c, const DecodedInstruction& in,
                                        const CallableFunction& f, const CallSite& site,
                                        unsigned lane) {
  const LaneCalls& calls = c.warp.calls[lane];
  const std::uint64_t limit = c.launch.options.stack_bytes_per_thread;
  // Compared without adding: the sizes come from another program's output.
  const std::uint64_t room = limit - std::min(limit, calls.stack_used);
  if (f.stack_bytes <= room && site.inlined_stack_bytes <= room - f.stack_bytes) {
    return f.stack_bytes + site.inlined_stack_bytes;
  }
  std::string inlined;
  if (site.inlined_stack_bytes != 0) {
    inlined = fmt::format(" plus {} bytes of {} (inlined by smsim, called on the GPU)",
                          site.inlined_stack_bytes, fmt::join(site.inlined_functions, ", "));
  }
  report_error(c, CudaError::illegal_address,
               fmt::format("{}: stack overflow calling {}: its frame of {} bytes (size from {}){} "
                           "on top of {} bytes exceeds cudaLimitStackSize {}; call depth {}",
                           lane_location(c, in, lane), f.name, f.stack_bytes, size_source(f.stack_source),
                           inlined, calls.stack_used, limit, calls.frames.size() + 1));
  return std::nullopt;
}

// Pushes one lane's activation of `function`; false after reporting a fault.
bool push_frame(ExecContext& c, const DecodedInstruction& in, std::uint32_t function,
                unsigned lane) {
  const DecodedKernel& k = c.launch.kernel;
  const CallableFunction& f = k.functions[function];
  const CallSite& site = k.call_sites[in.target];
  const std::optional<std::uint64_t> cost = stack_cost(c, in, f, site, lane);
  if (!cost) return false;
  std::uint64_t& fp = frame_pointer(c, lane);
  const std::uint64_t callee_fp = fp + site.caller_frame_bytes;
  const std::uint64_t stack = c.block.local.bytes_per_thread();
  if (callee_fp > stack || f.frame_bytes > stack - callee_fp) {
    // The local memory is sized for every chain the limit lets through
    // (stack_reservation_bytes); only activations of size 0 nested in each
    // other get here.
    report_error(c, CudaError::illegal_address,
                 fmt::format("{}: stack overflow calling {}: smsim's frame of {} bytes at offset "
                             "{} does not fit the thread's {} bytes of local memory, though the "
                             "activations' sizes ({} bytes, from {}) fit cudaLimitStackSize {}; "
                             "call depth {}",
                             lane_location(c, in, lane), f.name, f.frame_bytes, callee_fp, stack,
                             c.warp.calls[lane].stack_used + *cost, size_source(f.stack_source),
                             c.launch.options.stack_bytes_per_thread,
                             c.warp.calls[lane].frames.size() + 1));
    return false;
  }
  for (const ParamCopy& arg : site.arguments) {
    if (!copy_local(c, callee_fp + arg.callee, fp + arg.caller, arg.bytes, lane)) return false;
  }
  LaneCalls& calls = c.warp.calls[lane];
  calls.frames.push_back(LaneFrame{.caller_fp = fp,
                                   .site = in.target,
                                   .function = function,
                                   .saved_at = calls.saved.size(),
                                   .stack_bytes = *cost,
                                   .caller_sp = calls.stack_pointer});
  calls.stack_used += *cost;
  for (std::uint32_t r = 0; r < f.reg_count; ++r) {
    calls.saved.push_back(c.regs[(f.reg_base + r) * kWarpSize + lane]);
  }
  fp = callee_fp;
  return true;
}

}  // namespace

void call_function(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const CallSite& site = c.launch.kernel.call_sites[in.target];
  std::array<CallTarget, kWarpSize> targets{};
  std::array<std::uint32_t, kWarpSize> functions{};
  std::size_t count = 0;
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    const auto function = callee_of(c, in, site, lane);
    if (!function) return;
    if (!push_frame(c, in, *function, lane)) return;
    std::size_t t = 0;
    while (t < count && functions[t] != *function) ++t;
    if (t == count) {
      functions[count] = *function;
      targets[count++] = CallTarget{.entry = c.launch.kernel.functions[*function].entry};
    }
    targets[t].lanes |= std::uint32_t{1} << lane;
  }
  c.warp.control.call({targets.data(), count});
}

void return_from_function(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const DecodedKernel& k = c.launch.kernel;
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    // A kernel without calls has no call records: such a ret has no call either.
    if (c.warp.calls.empty() || c.warp.calls[lane].frames.empty()) {
      report_error(c, CudaError::launch_failure,
                   fmt::format("{}: ret with no call to return from", lane_location(c, in, lane)));
      return;
    }
    LaneCalls& calls = c.warp.calls[lane];
    const LaneFrame frame = calls.frames.back();
    const CallSite& site = k.call_sites[frame.site];
    std::uint64_t& fp = frame_pointer(c, lane);
    for (const ParamCopy& ret : site.returns) {
      if (!copy_local(c, frame.caller_fp + ret.caller, fp + ret.callee, ret.bytes, lane)) return;
    }
    const CallableFunction& f = k.functions[frame.function];
    for (std::uint32_t r = 0; r < f.reg_count; ++r) {
      c.regs[(f.reg_base + r) * kWarpSize + lane] = calls.saved[frame.saved_at + r];
    }
    calls.saved.resize(frame.saved_at);
    calls.stack_used -= frame.stack_bytes;
    calls.stack_pointer = frame.caller_sp;
    calls.frames.pop_back();
    fp = frame.caller_fp;
  }
  if (!c.warp.control.return_lanes(mask)) {
    report_error(c, CudaError::launch_failure,
                 fmt::format("kernel {}, PTX line {}: ret outside any call", k.name, in.ptx_line));
  }
}

void branch_indexed(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const std::vector<std::uint32_t>& table = c.launch.kernel.jump_tables[in.target];
  std::array<CallTarget, kWarpSize + 1> targets{};
  std::size_t count = 0;
  auto add = [&](std::uint32_t pc, std::uint32_t lanes) {
    std::size_t t = 0;
    while (t < count && targets[t].entry != pc) ++t;
    if (t == count) targets[count++].entry = pc;
    targets[t].lanes |= lanes;
  };
  for (std::uint32_t m = mask; m != 0; m &= m - 1) {
    const auto lane = static_cast<unsigned>(std::countr_zero(m));
    const std::uint64_t index = read(c, in.src[0], lane) & 0xFFFF'FFFFu;
    if (index >= table.size()) {
      report_error(c, CudaError::illegal_instruction,
                   fmt::format("{}: brx.idx index {} outside its list of {} targets",
                               lane_location(c, in, lane), index, table.size()));
      return;
    }
    add(table[index], std::uint32_t{1} << lane);
  }
  const std::uint32_t rest = c.warp.control.mask() & ~mask;
  if (rest != 0) add(c.warp.control.pc() + 1, rest);
  c.warp.control.branch_indexed({targets.data(), count}, in.reconverge);
}

}  // namespace smsim::func
