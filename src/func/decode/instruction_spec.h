#pragma once
// The engine's input: one PTX instruction with every name already resolved
// (registers to dense ids, labels to instruction indices, variables and
// parameters to addresses). The PTX front end's checked IR is lowered to this
// form (lower_module.cpp); tests build it directly.

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "isa/modifier.h"
#include "isa/opcode.h"
#include "isa/semantics/video_select.h"
#include "isa/special_register.h"
#include "isa/type.h"

namespace smsim::func {

inline constexpr std::uint32_t kNoReg = UINT32_MAX;

struct SpecOperand {
  enum class Kind : std::uint8_t { reg, imm, special, address };
  Kind kind = Kind::imm;
  std::uint32_t reg = kNoReg;  // reg, or the base register of an address
  std::uint8_t reg_bits = 64;  // the declared width of that register (1 for .pred)
  bool negated = false;        // `!p` as a source
  // A scalar video operand's byte/half selector (`%r.b1`); word when none.
  isa::sem::VideoSelect video_select = isa::sem::VideoSelect::word;
  std::uint64_t imm = 0;  // immediate bits, or the address offset / absolute address
  isa::SpecialRegisterRef special{};

  static SpecOperand make_reg(std::uint32_t id, std::uint8_t bits) {
    return {.kind = Kind::reg, .reg = id, .reg_bits = bits};
  }
  static SpecOperand make_imm(std::uint64_t bits) { return {.kind = Kind::imm, .imm = bits}; }
  static SpecOperand make_special(isa::SpecialRegisterRef ref) {
    return {.kind = Kind::special, .special = ref};
  }
  // [reg + offset], or [offset] when reg is kNoReg.
  static SpecOperand make_address(std::uint32_t base, std::uint64_t offset) {
    return {.kind = Kind::address, .reg = base, .imm = offset};
  }
};

// Functions of the CUDA device runtime the engine provides itself; a call to
// one is an instruction whose sources are the local-memory offsets of the
// return variable (UINT64_MAX for none) and then of each argument.
// The first source is an address operand, [frame pointer] inside a function
// called for real and [0] elsewhere, which the offsets are relative to.
enum class Builtin : std::uint8_t { none, vprintf, assertfail, malloc, free };

// One byte range a call copies between the caller's call-sequence `.param`
// variables and the callee's parameters or return values (the .param ABI).
struct ParamCopy {
  std::uint64_t caller = 0;  // offset from the caller's frame pointer
  std::uint64_t callee = 0;  // offset from the callee's frame pointer
  std::uint64_t bytes = 0;
};

// A call made for real (recursion, function pointers, deep nesting): the
// callee's frame starts `caller_frame_bytes` above the caller's; arguments are
// copied in at the call and return values out at the return.
struct CallSite {
  std::uint64_t caller_frame_bytes = 0;
  std::vector<ParamCopy> arguments;
  std::vector<ParamCopy> returns;
  // Sizes the callee must declare (an indirect call checks them against the
  // function it reaches, as the prototype requires).
  std::uint64_t argument_bytes = 0;
  std::uint64_t return_bytes = 0;
  // Device functions smsim inlined around the call, outermost first. On the
  // GPU each is an activation of its own, live while the callee runs, so
  // their stack frames count with the callee's (inlined_stack_bytes, 0 until
  // func/decode/stack_frames.h sizes them from ptxas; smsim's own layout
  // already holds their locals in the caller's frame).
  std::vector<std::string> inlined_functions;
  std::uint64_t inlined_stack_bytes = 0;
};

// Where the sizes an activation takes from cudaLimitStackSize come from.
enum class StackSizeSource : std::uint8_t {
  ptx,    // the PTX's parameters, return values and locals (smsim's layout)
  ptxas,  // the function's stack frame as `ptxas -v` reports it (the H100's code)
};

// A device function called for real: where its code starts and which
// registers each activation owns (saved and restored around every call to it,
// which is what makes recursion work).
struct CallableFunction {
  std::string name;
  std::uint32_t entry = UINT32_MAX;  // UINT32_MAX: not part of this kernel
  std::uint32_t reg_base = 0;
  std::uint32_t reg_count = 0;
  std::uint64_t frame_bytes = 0;  // smsim's layout: parameters, return values and locals
  std::uint64_t argument_bytes = 0;
  std::uint64_t return_bytes = 0;
  // What each activation takes from cudaLimitStackSize: frame_bytes unless
  // func/decode/stack_frames.h sized it from ptxas.
  std::uint64_t stack_bytes = 0;
  StackSizeSource stack_source = StackSizeSource::ptx;
};

struct InstructionSpec {
  isa::Opcode opcode = isa::Opcode::Mov;
  Builtin builtin = Builtin::none;
  std::array<isa::Type, isa::kMaxTypeSlots> types{};
  std::uint8_t type_count = 0;
  isa::ModifierMask modifiers;
  std::array<std::uint16_t, 3> shape{};  // matrix instructions: .mMnNkK (m, n, k)
  // mma's .alayout.blayout, in the order written: the modifier set cannot
  // tell .row.col from .col.row (only m8n8k4 f16 takes other than .row.col).
  bool a_column_major = false;
  bool b_row_major = false;
  std::uint32_t guard_reg = kNoReg;      // `@p` / `@!p`
  bool guard_negated = false;
  // PTX order: the first `dst_count` operands are written; vector braces are
  // flattened into consecutive operands.
  std::vector<SpecOperand> operands;
  std::uint8_t dst_count = 0;
  std::uint32_t target = UINT32_MAX;  // bra: the instruction index of the label;
                                      // call: the CallSite; brx.idx: the jump table
  std::uint32_t ptx_line = 0;
  // Bit i: source i enters negated. Never written by PTX: the load-time
  // passes that reproduce ptxas (func/load/ptxas_rewrites.h) use it for the
  // hardware's operand negation, which leaves a NaN as it is.
  std::uint8_t negated_sources = 0;
  // A call's argument or return value that the loader placed in local memory
  // (calls are inlined; on the GPU these values stay in registers).
  bool call_frame = false;
  // With call_frame: the modifiers the PTX wrote (.param, .param::func ...),
  // which the opcode coverage report names the form by.
  isa::ModifierMask ptx_modifiers;
  // `ret` of a function called for real (elsewhere `ret` ends the thread).
  bool function_return = false;
  // An f32 mad/fma run by an FMAD that truncates the product (SM 1.x;
  // func/load/float_model.h).
  bool truncated_product = false;

  isa::Type type(std::size_t slot = 0) const { return types[slot]; }
  bool has(isa::Modifier m) const { return modifiers.contains(m); }
};

// One kernel, ready to decode.
struct KernelSpec {
  std::string name;
  std::vector<InstructionSpec> instructions;
  std::uint32_t register_count = 0;  // dense register ids are below this
  std::vector<std::uint32_t> param_sizes;
  std::vector<std::uint32_t> param_alignments;
  std::uint32_t static_shared_bytes = 0;
  std::uint32_t local_bytes_per_thread = 0;
  std::uint32_t ptx_target_sm = 0;  // from `.target sm_XX`
  // Real calls: the per-lane frame pointer's register row (kNoReg when the
  // kernel makes none), the call sites, the callable functions by module
  // function index, and brx.idx jump tables (instruction indices).
  std::uint32_t frame_reg = kNoReg;
  std::vector<CallSite> call_sites;
  std::vector<CallableFunction> functions;
  std::vector<std::vector<std::uint32_t>> jump_tables;
  std::array<std::uint32_t, 3> cluster_dims{1, 1, 1};  // .reqnctapercluster
  bool declares_cluster = false;  // .reqnctapercluster or .explicitcluster given
};

}  // namespace smsim::func
