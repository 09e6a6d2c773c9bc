// The device-runtime functions nvcc calls by name: vprintf (printf) with
// CUDA's formatting, and __assertfail (assert) with CUDA's message and
// cudaErrorAssert.

#include <fmt/format.h>

#include <bit>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include "func/exec/exec_context.h"
#include "func/ops/executor_selection.h"
#include "func/ops/memory_access.h"
#include "func/ops/printf_format.h"

namespace smsim::func {
namespace {

constexpr std::uint64_t kNoReturn = UINT64_MAX;
constexpr std::size_t kMaxStringBytes = 4096;

// The local-memory offset of source `k` (the return variable for 0, then the
// arguments): call-sequence variables live in local memory, from the frame
// pointer inside a function called for real (the address operand).
std::uint64_t variable_offset(const ExecContext& c, const DecodedInstruction& in, unsigned k,
                              unsigned lane) {
  return lane_address(c, in, lane) + in.src[k].imm;
}

// The value of argument `k`, `bytes` wide.
std::optional<std::uint64_t> argument(ExecContext& c, const DecodedInstruction& in, unsigned k,
                                      unsigned bytes, unsigned lane) {
  const std::byte* p = resolve(c, MemorySpace::local, variable_offset(c, in, k, lane), bytes,
                               AccessKind::read, lane);
  if (p == nullptr) return std::nullopt;
  std::uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  return v;
}

// A NUL-terminated string at a generic address.
std::optional<std::string> read_string(ExecContext& c, std::uint64_t address, unsigned lane) {
  std::string out;
  for (std::size_t i = 0; i < kMaxStringBytes; ++i) {
    const std::byte* p = resolve(c, MemorySpace::generic, address + i, 1, AccessKind::read, lane);
    if (p == nullptr) return std::nullopt;
    const char ch = static_cast<char>(*p);
    if (ch == '\0') return out;
    out += ch;
  }
  return out;
}

// Reads `bytes` from the argument buffer at `cursor` (aligned to `bytes`).
std::optional<std::uint64_t> next_value(ExecContext& c, std::uint64_t buffer, std::uint64_t& cursor,
                                        unsigned bytes, unsigned lane) {
  cursor = (cursor + bytes - 1) / bytes * bytes;
  const std::byte* p =
      resolve(c, MemorySpace::generic, buffer + cursor, bytes, AccessKind::read, lane);
  if (p == nullptr) return std::nullopt;
  std::uint64_t v = 0;
  std::memcpy(&v, p, bytes);
  cursor += bytes;
  return v;
}

// vprintf(format, arguments): the device half copies the arguments its
// parser finds into the record's slots, the host half formats the record
// (func/ops/printf_format.h).
void vprintf(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const auto format_ptr = argument(c, in, 1, 8, lane);
    const auto buffer = argument(c, in, 2, 8, lane);
    if (!format_ptr || !buffer) return;
    const auto text = read_string(c, *format_ptr, lane);
    if (!text) return;
    std::vector<std::uint64_t> slots;
    std::uint64_t cursor = 0;
    for (unsigned bytes : printf_device_argument_sizes(*text)) {
      const auto v = next_value(c, *buffer, cursor, bytes, lane);
      if (!v) return;
      slots.push_back(*v);
    }
    const auto printed = printf_format_record(
        *text, slots, [&](std::uint64_t address) { return read_string(c, address, lane); });
    if (!printed) return;
    c.block.printf_output += printed->text;
    if (in.src[0].imm == kNoReturn) return;
    std::byte* ret =
        resolve(c, MemorySpace::local, variable_offset(c, in, 0, lane), 4, AccessKind::write, lane);
    if (ret == nullptr) return;
    const std::int32_t value = printed->conversions;
    std::memcpy(ret, &value, 4);
  });
}

// __assertfail(message, file, line, function, char_size): the first lane to
// fail stops the launch with CUDA's message.
void assertfail(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  const auto lane = static_cast<unsigned>(std::countr_zero(mask));
  const auto message_ptr = argument(c, in, 1, 8, lane);
  const auto file_ptr = argument(c, in, 2, 8, lane);
  const auto line = argument(c, in, 3, 4, lane);
  const auto function_ptr = argument(c, in, 4, 8, lane);
  if (!message_ptr || !file_ptr || !line || !function_ptr) return;
  const auto message = read_string(c, *message_ptr, lane);
  const auto file = read_string(c, *file_ptr, lane);
  const auto function = read_string(c, *function_ptr, lane);
  if (!message || !file || !function) return;
  const Dim3& b = c.launch.config.block;
  const std::uint32_t t = thread_in_block(c, lane);
  report_error(
      c, CudaError::assert_triggered,
      fmt::format("{}:{}: {}: block: [{},{},{}], thread: [{},{},{}] Assertion `{}` failed.", *file,
                  static_cast<std::uint32_t>(*line), *function, c.block.ctaid.x, c.block.ctaid.y,
                  c.block.ctaid.z, t % b.x, t / b.x % b.y, t / (b.x * b.y), *message));
}

// malloc(size) from the device heap: NULL when it is exhausted, as on the GPU.
void device_malloc(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const auto bytes = argument(c, in, 1, 8, lane);
    if (!bytes) return;
    const std::uint64_t address = c.launch.heap == nullptr ? 0 : c.launch.heap->allocate(*bytes);
    std::byte* ret =
        resolve(c, MemorySpace::local, variable_offset(c, in, 0, lane), 8, AccessKind::write, lane);
    if (ret != nullptr) std::memcpy(ret, &address, 8);
  });
}

// free(pointer): NULL is ignored; anything malloc did not return stops the
// launch rather than corrupting the heap.
void device_free(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    if (c.error) return;
    const auto pointer = argument(c, in, 1, 8, lane);
    if (!pointer || *pointer == 0) return;
    if (c.launch.heap != nullptr && c.launch.heap->release(*pointer)) return;
    report_error(c, CudaError::illegal_address,
                 fmt::format("kernel {}, PTX line {}: free({:#x}) of a pointer malloc did not "
                             "return, or freed twice (block ({},{},{}), thread {})",
                             c.launch.kernel.name, in.ptx_line, *pointer, c.block.ctaid.x,
                             c.block.ctaid.y, c.block.ctaid.z, thread_in_block(c, lane)));
  });
}

}  // namespace

ExecFn select_builtin(const InstructionSpec& spec, DecodedInstruction&, std::string& why) {
  // Each counts the frame address, the return variable and the arguments.
  constexpr std::size_t kVprintfOperands = 4;     // format, arguments
  constexpr std::size_t kAssertfailOperands = 7;  // message, file, line, function, size
  constexpr std::size_t kMallocOperands = 3;      // size
  constexpr std::size_t kFreeOperands = 3;        // pointer
  switch (spec.builtin) {
    case Builtin::malloc:
      if (spec.operands.size() == kMallocOperands) return &device_malloc;
      why = "malloc takes one size";
      return nullptr;
    case Builtin::free:
      if (spec.operands.size() == kFreeOperands) return &device_free;
      why = "free takes one pointer";
      return nullptr;
    case Builtin::vprintf:
      if (spec.operands.size() == kVprintfOperands) return &vprintf;
      why = "vprintf takes a format and an argument buffer";
      return nullptr;
    case Builtin::assertfail:
      if (spec.operands.size() == kAssertfailOperands) return &assertfail;
      why = "__assertfail takes five arguments";
      return nullptr;
    case Builtin::none:
      break;
  }
  why = "a call that is neither inlined, made for real, nor a device-runtime function";
  return nullptr;
}

}  // namespace smsim::func
