#pragma once
// A kernel lowered once for execution: the instruction records plus the
// launch-time facts the engine needs (register rows, parameter layout, static
// shared and local memory).

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "func/decode/decoded_instruction.h"
#include "func/decode/descriptor_query.h"
#include "func/exec/launch_types.h"
#include "func/memory/param_layout.h"

namespace smsim::func {

struct DecodedKernel {
  std::string name;
  std::vector<DecodedInstruction> code;
  std::uint32_t register_count = 0;
  std::vector<ParamDecl> params;
  std::uint32_t static_shared_bytes = 0;
  std::uint32_t local_bytes_per_thread = 0;
  // Each instruction's form (isa/instruction_form.h), kept only while opcode
  // coverage is recorded (func/exec/opcode_coverage.h); empty otherwise.
  std::vector<std::string> forms;
  // Real calls and indexed branches (see KernelSpec).
  std::uint32_t frame_reg = kNoReg;
  std::vector<CallSite> call_sites;
  std::vector<CallableFunction> functions;
  std::vector<std::vector<std::uint32_t>> jump_tables;
  bool makes_calls() const { return frame_reg != kNoReg; }
  // The kernel runs alloca, stacksave or stackrestore: each thread's local
  // memory gets an alloca stack of cudaLimitStackSize bytes (ops/stack_ops.cpp).
  bool allocates = false;
  // The operands of matrix instructions (DecodedInstruction::operand_list).
  std::vector<Operand> operand_lists;
  // .reqnctapercluster: the blocks of one cluster (1,1,1 when not given).
  Dim3 cluster_dims;
  // .reqnctapercluster or .explicitcluster given (block_setup.h, explicit_cluster).
  bool declares_cluster = false;
  // The first txq/suq reading the descriptor: the H100 never runs the kernel
  // (func/decode/descriptor_query.h), so no launch of it starts.
  std::optional<DescriptorQuery> descriptor_query;
};

}  // namespace smsim::func
