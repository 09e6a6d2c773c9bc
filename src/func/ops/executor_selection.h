#pragma once
// How the decoder picks an executor: one selector per opcode (registered in
// executor_table.cpp), which reads the instruction's types and modifiers,
// fills family-specific fields of the decoded record, and returns the
// function that runs it, or nullptr with a reason when the combination is not
// implemented.

#include <bit>
#include <cstdint>
#include <string>
#include <type_traits>

#include "func/decode/decoded_instruction.h"
#include "func/decode/instruction_spec.h"

namespace smsim::func {

using ExecutorSelector = ExecFn (*)(const InstructionSpec& spec, DecodedInstruction& in,
                                    std::string& why);

// Per-family selectors.
ExecFn select_integer(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_carry(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_logic(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_float(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_half(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_compare(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_convert(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_move(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_memory(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_atomic(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_cache_policy(const InstructionSpec& spec, DecodedInstruction& in,
                           std::string& why);
// atom.cas/.exch.b128 (atomic_b128_ops.cpp).
ExecFn select_b128_atomic(const InstructionSpec& spec, DecodedInstruction& in,
                          std::string& why);
ExecFn select_warp(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_video(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
// The approximate SFU forms with measured, bit-exact models (sfu_ops.cpp);
// select_float hands these over.
bool has_measured_sfu_model(const InstructionSpec& spec);
ExecFn select_sfu(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_builtin(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_no_effect(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
// discard and applypriority (l2_line_ops.cpp).
ExecFn select_l2_line(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
// setmaxnreg (setmaxnreg_ops.cpp).
ExecFn select_setmaxnreg(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_texture(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_surface(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_async_copy(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_bulk_reduce(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_tensor_copy(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_async_store(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_mbarrier(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_cluster(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_stack(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_mma(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_wgmma(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_wmma_memory(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_sparse_mma(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_matrix_movement(const InstructionSpec& spec, DecodedInstruction& in,
                              std::string& why);
ExecFn select_convert_pack(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);
ExecFn select_surface_reduction(const InstructionSpec& spec, DecodedInstruction& in,
                                std::string& why);
ExecFn select_type_query(const InstructionSpec& spec, DecodedInstruction& in, std::string& why);

// Arithmetic opcodes are shared by the integer and float families.
inline ExecFn select_arithmetic(const InstructionSpec& spec, DecodedInstruction& in,
                                std::string& why) {
  return isa::is_float(spec.type()) ? select_float(spec, in, why) : select_integer(spec, in, why);
}

// Instantiates Exec<T>::run for the C++ type of an integer PTX type.
template <template <typename> class Exec>
ExecFn pick_integer(isa::Type t) {
  using T = isa::Type;
  switch (t) {
    case T::U8:
      return &Exec<std::uint8_t>::run;
    case T::S8:
      return &Exec<std::int8_t>::run;
    case T::U16:
    case T::B16:
      return &Exec<std::uint16_t>::run;
    case T::S16:
      return &Exec<std::int16_t>::run;
    case T::U32:
    case T::B32:
      return &Exec<std::uint32_t>::run;
    case T::S32:
      return &Exec<std::int32_t>::run;
    case T::U64:
    case T::B64:
      return &Exec<std::uint64_t>::run;
    case T::S64:
      return &Exec<std::int64_t>::run;
    default:
      return nullptr;
  }
}

template <typename T>
std::uint64_t to_bits(T value) {
  if constexpr (std::is_floating_point_v<T>) {
    if constexpr (sizeof(T) == 4) return std::bit_cast<std::uint32_t>(value);
    if constexpr (sizeof(T) == 8) return std::bit_cast<std::uint64_t>(value);
  } else if constexpr (std::is_same_v<T, bool>) {
    return value ? 1 : 0;
  } else {
    return static_cast<std::uint64_t>(static_cast<std::make_unsigned_t<T>>(value));
  }
}

template <typename T>
T from_bits(std::uint64_t bits) {
  if constexpr (std::is_floating_point_v<T>) {
    if constexpr (sizeof(T) == 4) return std::bit_cast<float>(static_cast<std::uint32_t>(bits));
    if constexpr (sizeof(T) == 8) return std::bit_cast<double>(bits);
  } else {
    return static_cast<T>(bits);
  }
}

}  // namespace smsim::func
