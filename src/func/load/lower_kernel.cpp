#include "func/load/lower_kernel.h"

#include <fmt/format.h>

#include <algorithm>
#include <bit>
#include <map>

#include "func/decode/function_address.h"
#include "func/load/register_rows.h"
#include "func/memory/param_layout.h"
#include "isa/operand_slot.h"

namespace smsim::func {
namespace {

using ptx::OperandKind;

bool is_shared(isa::StateSpace s) {
  const isa::StateSpace c = isa::canonical_space(s);
  return c == isa::StateSpace::Shared || c == isa::StateSpace::SharedCta;
}

bool is_param(isa::StateSpace s) {
  return isa::canonical_space(s) == isa::StateSpace::Param;
}

// `.extern .shared .b8 smem[]`: the dynamic shared memory of the launch.
bool is_dynamic_shared(const ptx::Variable& v) {
  return is_shared(v.space) && (v.linkage == ptx::Linkage::Extern || v.size_bytes() == 0);
}

// Calls nested deeper than this are made for real instead of inlined, which
// bounds the code a chain of small functions can grow to.
constexpr unsigned kMaxInlineDepth = 16;

// Frames of functions called for real start at this alignment.
constexpr std::uint64_t kFrameAlignment = 16;

// The .param ABI: return values, then parameters, each at its alignment.
std::vector<std::uint64_t> abi_offsets(const std::vector<const ptx::Variable*>& variables) {
  std::vector<std::uint64_t> offsets;
  std::uint64_t at = 0;
  for (const ptx::Variable* v : variables) {
    at = align_up(at, alignment_of(*v));
    offsets.push_back(at);
    at += v->size_bytes();
  }
  return offsets;
}

std::uint64_t abi_end(const std::vector<const ptx::Variable*>& variables) {
  if (variables.empty()) return 0;
  return abi_offsets(variables).back() + variables.back()->size_bytes();
}

// One function body being lowered: the kernel itself, or a device function
// inlined at a call site with its own registers and local variables.
struct Frame {
  const ptx::Function* function = nullptr;
  std::uint32_t reg_base = 0;
  std::vector<Placement> locals;  // by Function::locals index
  std::vector<Placement>
      params;  // kernel: the param buffer; device function: the caller's arguments
  std::vector<Placement> returns;  // device function: the caller's return variables
  bool inlined = false;
  // Locals live in the frame of a function called for real (addressed from
  // the frame pointer); false for the kernel and what is inlined into it.
  bool relative = false;
  unsigned depth = 0;
  std::vector<std::uint32_t> output_index;  // instruction index -> lowered index
  std::vector<std::pair<std::size_t, std::uint32_t>> label_fixups;  // (lowered, instruction)
  std::vector<std::size_t> return_fixups;  // lowered `ret`s, to jump past the body
  // (jump table, instructions of the body) for brx.idx
  std::vector<std::pair<std::size_t, std::vector<std::uint32_t>>> table_fixups;
};

class KernelLowering {
 public:
  KernelLowering(const ptx::Module& m, const ptx::Function& f, const ModulePlacement& placement,
                 const CallGraph& calls)
      : module_(m), kernel_(f), placement_(placement), calls_(calls) {}

  LoweredKernel run() {
    out_.spec.name = kernel_.name;
    out_.spec.ptx_target_sm = module_.sm;
    queued_.assign(module_.functions.size(), false);
    const auto& cluster = kernel_.perf.reqnctapercluster;
    for (std::size_t d = 0; d < cluster.size() && d < 3; ++d)
      out_.spec.cluster_dims[d] = cluster[d];
    out_.spec.declares_cluster = !cluster.empty() || kernel_.perf.explicitcluster;
    Frame frame{.function = &kernel_};
    place_params(frame);
    place_module_shared();
    place_locals(frame);
    finish_shared(frame);
    register_count_ = rows_of(kernel_).count;
    lower_body(frame);
    const std::uint64_t kernel_frame = align_up(local_bytes_, kFrameAlignment);
    finish_call_sites(kernel_frame);
    if (!pending_.empty()) {
      // The kernel's body must not run on into the functions placed after it.
      InstructionSpec end;
      end.opcode = isa::Opcode::Exit;
      end.ptx_line = last_line(kernel_);
      emit(std::move(end));
    }
    while (!pending_.empty()) {
      const std::uint32_t f = pending_.back();
      pending_.pop_back();
      lower_function(f);
    }
    out_.spec.register_count = register_count_;
    out_.spec.local_bytes_per_thread =
        static_cast<std::uint32_t>(out_.spec.frame_reg == kNoReg ? local_bytes_ : kernel_frame);
    return std::move(out_);
  }

 private:
  // The rows of the warp register file a function's registers take
  // (register_rows.h), computed once per function.
  const RegisterRows& rows_of(const ptx::Function& f) {
    auto [it, added] = rows_.try_emplace(&f);
    if (added) it->second = register_rows(f);
    return it->second;
  }
  std::uint32_t row(const Frame& frame, ptx::RegId r) {
    return frame.reg_base + rows_of(*frame.function).row[r];
  }

  void error(const Frame& frame, const ptx::SourceLoc& loc, std::string message) {
    out_.errors.push_back(
        fmt::format("kernel {}, PTX line {}: {}{}", kernel_.name, loc.line,
                    frame.inlined ? fmt::format("in {}: ", frame.function->name) : std::string(),
                    std::move(message)));
  }

  void place_params(Frame& frame) {
    std::vector<ParamDecl> decls;
    for (const ptx::Variable& p : kernel_.params) {
      decls.push_back(ParamDecl{.size = static_cast<std::uint32_t>(p.size_bytes()),
                                .alignment = static_cast<std::uint32_t>(alignment_of(p))});
      out_.spec.param_sizes.push_back(decls.back().size);
      out_.spec.param_alignments.push_back(decls.back().alignment);
    }
    const ParamLayout layout(decls);
    for (const ParamSlot& slot : layout.slots()) {
      frame.params.push_back({.space = MemorySpace::param, .address = slot.offset, .placed = true});
    }
  }

  Placement place_shared(const ptx::Variable& v) {
    shared_bytes_ = align_up(shared_bytes_, alignment_of(v));
    const Placement p{.space = MemorySpace::shared, .address = shared_bytes_, .placed = true};
    shared_bytes_ += v.size_bytes();
    return p;
  }

  Placement place_local(const ptx::Variable& v, bool relative) {
    local_bytes_ = align_up(local_bytes_, alignment_of(v));
    const Placement p{
        .space = MemorySpace::local, .address = local_bytes_, .placed = true, .relative = relative};
    local_bytes_ += std::max<std::uint64_t>(v.size_bytes(), 1);
    return p;
  }

  // Static shared variables in declaration order; dynamic shared memory goes
  // after all of them (finish_shared).
  void place_module_shared() {
    shared_globals_.assign(module_.globals.size(), Placement{});
    for (std::size_t i = 0; i < module_.globals.size(); ++i) {
      const ptx::Variable& v = module_.globals[i];
      if (!is_shared(v.space)) continue;
      if (is_dynamic_shared(v)) {
        dynamic_alignment_ = std::max(dynamic_alignment_, alignment_of(v));
        dynamic_globals_.push_back(i);
        continue;
      }
      shared_globals_[i] = place_shared(v);
    }
  }

  // Local, call-argument (.param) and shared variables of one body.
  void place_locals(Frame& frame) {
    const ptx::Function& f = *frame.function;
    frame.locals.assign(f.locals.size(), Placement{});
    for (std::size_t i = 0; i < f.locals.size(); ++i) {
      const ptx::Variable& v = f.locals[i];
      if (is_shared(v.space)) {
        if (frame.inlined) {
          error(frame, v.loc,
                "shared variables declared inside device functions are not supported yet");
          continue;
        }
        if (is_dynamic_shared(v)) {
          dynamic_alignment_ = std::max(dynamic_alignment_, alignment_of(v));
          dynamic_locals_.push_back(i);
          continue;
        }
        frame.locals[i] = place_shared(v);
      } else if (isa::canonical_space(v.space) == isa::StateSpace::Local || is_param(v.space)) {
        frame.locals[i] = place_local(v, frame.relative);
      }
    }
  }

  // Dynamic shared memory starts after every static shared variable.
  void finish_shared(Frame& kernel_frame) {
    if (!dynamic_globals_.empty() || !dynamic_locals_.empty()) {
      shared_bytes_ = align_up(shared_bytes_, dynamic_alignment_);
      const Placement dynamic{
          .space = MemorySpace::shared, .address = shared_bytes_, .placed = true};
      for (std::size_t i : dynamic_globals_) shared_globals_[i] = dynamic;
      for (std::size_t i : dynamic_locals_) kernel_frame.locals[i] = dynamic;
    }
    out_.spec.static_shared_bytes = static_cast<std::uint32_t>(shared_bytes_);
  }

  std::optional<Placement> symbol_address(const Frame& frame, const ptx::SymbolRef& ref,
                                          const ptx::SourceLoc& loc) {
    switch (ref.kind) {
      case ptx::SymbolKind::Global:
        if (shared_globals_[ref.index].placed) return shared_globals_[ref.index];
        if (placement_.globals[ref.index].placed) return placement_.globals[ref.index];
        error(frame, loc,
              fmt::format("variable {} has no storage the engine supports",
                          module_.globals[ref.index].name));
        return std::nullopt;
      case ptx::SymbolKind::Local:
        if (frame.locals[ref.index].placed) return frame.locals[ref.index];
        break;
      case ptx::SymbolKind::Param:
        if (ref.index < frame.params.size() && frame.params[ref.index].placed) {
          return frame.params[ref.index];
        }
        break;
      case ptx::SymbolKind::Return:
        if (ref.index < frame.returns.size() && frame.returns[ref.index].placed) {
          return frame.returns[ref.index];
        }
        break;
      case ptx::SymbolKind::Function:
      case ptx::SymbolKind::None:
        break;
    }
    error(frame, loc,
          "this symbol (a function address or an unplaced parameter) is not supported yet");
    return std::nullopt;
  }

  static std::optional<isa::Type> slot_type(const InstructionSpec& s, isa::TypeRef ref) {
    switch (ref) {
      case isa::TypeRef::Slot0:
        return s.type_count > 0 ? std::optional(s.types[0]) : std::nullopt;
      case isa::TypeRef::Slot1:
        return s.type_count > 1 ? std::optional(s.types[1]) : std::nullopt;
      default:
        return std::nullopt;
    }
  }

  static std::uint64_t float_literal(const ptx::Operand& op, std::optional<isa::Type> type) {
    if (op.float_bits == 64 && type == isa::Type::F32) {
      return std::bit_cast<std::uint32_t>(static_cast<float>(std::bit_cast<double>(op.bits)));
    }
    if (op.float_bits == 32 && type == isa::Type::F64) {
      return std::bit_cast<std::uint64_t>(
          static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(op.bits))));
    }
    return op.bits;
  }

  static isa::sem::VideoSelect video_select(ptx::VideoSelector s) {
    using V = isa::sem::VideoSelect;
    switch (s) {
      case ptx::VideoSelector::B0:
        return V::b0;
      case ptx::VideoSelector::B1:
        return V::b1;
      case ptx::VideoSelector::B2:
        return V::b2;
      case ptx::VideoSelector::B3:
        return V::b3;
      case ptx::VideoSelector::H0:
        return V::h0;
      case ptx::VideoSelector::H1:
        return V::h1;
      case ptx::VideoSelector::None:
        break;
    }
    return V::word;
  }
  // The SIMD forms (vadd2, vadd4 ...) take multi-lane selectors, which the
  // front end does not parse; only the scalar forms take these.
  static bool is_scalar_video(isa::Opcode op) {
    using O = isa::Opcode;
    return op == O::Vadd || op == O::Vsub || op == O::Vabsdiff || op == O::Vmin || op == O::Vmax ||
           op == O::Vshl || op == O::Vshr || op == O::Vmad || op == O::Vset;
  }

  struct Lowering {
    InstructionSpec spec;
    std::uint32_t label = ptx::kNone;  // a branch target, as an instruction index of the body
    std::uint32_t table = ptx::kNone;  // brx.idx: the `.branchtargets` list
    bool param_variable_in_local = false;
  };

  void append(Frame& frame, Lowering& l, const ptx::Operand& op, isa::TypeRef type) {
    InstructionSpec& s = l.spec;
    const ptx::Function& f = *frame.function;
    const auto select = video_select(op.selector);
    if (op.selector != ptx::VideoSelector::None &&
        (op.kind != OperandKind::Register || !is_scalar_video(s.opcode))) {
      error(frame, op.loc,
            "operand selectors (.b0 .. .h1) are supported on registers of scalar video "
            "instructions only");
      return;
    }
    switch (op.kind) {
      case OperandKind::Register: {
        if (f.register_decls[f.registers[op.reg].decl].vector > 1) {
          error(frame, op.loc, "vector registers are not supported yet");
          return;
        }
        SpecOperand o = SpecOperand::make_reg(
            row(frame, op.reg),
            static_cast<std::uint8_t>(isa::type_bits(f.register_type(op.reg))));
        o.negated = op.negated;
        o.video_select = select;
        s.operands.push_back(o);
        return;
      }
      case OperandKind::Sink:
        s.operands.push_back(SpecOperand::make_reg(kNoReg, 64));
        return;
      case OperandKind::Immediate:
        s.operands.push_back(SpecOperand::make_imm(op.bits));
        return;
      case OperandKind::FloatImmediate:
        // createpolicy's fraction is an .f32 operand the signature leaves untyped.
        s.operands.push_back(SpecOperand::make_imm(
            float_literal(op, s.opcode == isa::Opcode::Createpolicy ? std::optional(isa::Type::F32)
                                                                    : slot_type(s, type))));
        return;
      case OperandKind::SpecialRegister:
        s.operands.push_back(SpecOperand::make_special(op.sreg));
        return;
      case OperandKind::Symbol:
        if (op.symbol.kind == ptx::SymbolKind::Function) {
          s.operands.push_back(SpecOperand::make_imm(function_address(op.symbol.index)));
          return;
        }
        if (auto p = symbol_address(frame, op.symbol, op.loc)) {
          s.operands.push_back(p->relative ? frame_address(*p, s.ptx_line)
                                           : SpecOperand::make_imm(p->address));
        }
        return;
      case OperandKind::Address: {
        std::uint64_t offset = static_cast<std::uint64_t>(op.offset);
        if (op.symbol.valid()) {
          const auto p = symbol_address(frame, op.symbol, op.loc);
          if (!p) return;
          offset += p->address;
          l.param_variable_in_local = p->space == MemorySpace::local;
          if (p->relative) {
            s.operands.push_back(SpecOperand::make_address(frame_reg(), offset));
            return;
          }
        }
        const std::uint32_t base = op.reg == ptx::kNone ? kNoReg : row(frame, op.reg);
        s.operands.push_back(SpecOperand::make_address(base, offset));
        return;
      }
      case OperandKind::Vector:
      case OperandKind::PipePair:
        for (const ptx::Operand& child : f.children(op)) append(frame, l, child, type);
        return;
      case OperandKind::Label: {
        const ptx::Label& label = f.labels[op.label];
        if (s.opcode == isa::Opcode::BrxIdx && label.target_list != ptx::kNone &&
            !f.target_lists[label.target_list].calls) {
          l.table = label.target_list;
          return;
        }
        if (label.target == ptx::kNone) {
          error(frame, op.loc, fmt::format("label {} is not an instruction target", label.name));
          return;
        }
        l.label = label.target;
        return;
      }
      case OperandKind::TexAddress:
        append_texture_address(frame, l, op);
        return;
      case OperandKind::ParamList:
        break;
    }
    error(frame, op.loc, "operand form not supported by the functional engine yet");
  }

  // `[handle, {coordinates}]` of texture and surface instructions on objects:
  // the handle register becomes the address operand (its value is the
  // object's header address) and the coordinates become sources. Texture and
  // surface references (a symbol as handle) and separate samplers are not
  // supported (CUDA 12 removed references).
  void append_texture_address(Frame& frame, Lowering& l, const ptx::Operand& op) {
    const ptx::Function& f = *frame.function;
    const auto children = f.children(op);
    if (children.size() != 2 || children[0].kind != OperandKind::Register) {
      error(frame, op.loc,
            "only [object, {coordinates}] texture/surface operands with the object in a register "
            "are supported (texture and surface references and separate samplers are not)");
      return;
    }
    l.spec.operands.push_back(SpecOperand::make_address(row(frame, children[0].reg), 0));
    append(frame, l, children[1], isa::TypeRef::Slot1);
  }

  InstructionSpec header(const Frame& frame, const ptx::Instruction& inst) {
    InstructionSpec s;
    s.opcode = inst.opcode;
    s.ptx_line = inst.loc.line;
    unsigned layouts = 0;  // .row/.col seen: the first is A's, the second B's
    for (const ptx::Suffix& suffix : inst.suffix_list()) {
      if (suffix.kind == ptx::SuffixKind::Modifier) {
        const isa::Modifier m = suffix.modifier();
        s.modifiers.set(m);
        if (m == isa::Modifier::Row || m == isa::Modifier::Col) {
          if (layouts == 0) s.a_column_major = m == isa::Modifier::Col;
          if (layouts == 1) s.b_row_major = m == isa::Modifier::Row;
          ++layouts;
        }
      }
      if (suffix.kind == ptx::SuffixKind::Type && s.type_count < s.types.size()) {
        s.types[s.type_count++] = suffix.type();
      }
    }
    s.shape = {inst.shape.m, inst.shape.n, inst.shape.k};
    s.guard_reg = inst.guard == ptx::kNone ? kNoReg : row(frame, inst.guard);
    s.guard_negated = inst.guard_negated;
    return s;
  }

  // ld.param/st.param on a call argument or a device function's parameter:
  // those variables live in local memory.
  static void move_param_access_to_local(InstructionSpec& s) {
    s.ptx_modifiers = s.modifiers;
    isa::ModifierMask rebuilt;
    for (std::size_t m = 0; m < isa::kModifierCount; ++m) {
      const auto modifier = static_cast<isa::Modifier>(m);
      if (!s.modifiers.contains(modifier)) continue;
      if (modifier == isa::Modifier::Param || modifier == isa::Modifier::ParamFunc ||
          modifier == isa::Modifier::ParamEntry) {
        continue;
      }
      rebuilt.set(modifier);
    }
    rebuilt.set(isa::Modifier::Local);
    s.modifiers = rebuilt;
    s.call_frame = true;
  }

  std::size_t emit(InstructionSpec s) {
    out_.spec.instructions.push_back(std::move(s));
    return out_.spec.instructions.size() - 1;
  }

  void lower_instruction(Frame& frame, const ptx::Instruction& inst) {
    Lowering l{.spec = header(frame, inst)};
    const isa::OperandSignature& sig = isa::opcode_info(inst.opcode).operands;
    const auto operands = frame.function->operands(inst);
    const bool reduction_barrier =
        (inst.opcode == isa::Opcode::Bar || inst.opcode == isa::Opcode::Barrier) &&
        inst.has(isa::Modifier::Red);
    for (std::size_t i = 0; i < operands.size(); ++i) {
      const isa::OperandSlot slot = isa::operand_slot(sig, i);
      const bool dest = (slot.flags & isa::kDest) != 0 || (reduction_barrier && i == 0);
      const std::size_t before = l.spec.operands.size();
      append(frame, l, operands[i], slot.type);
      if (dest) {
        l.spec.dst_count =
            static_cast<std::uint8_t>(l.spec.dst_count + l.spec.operands.size() - before);
      }
    }
    if (l.param_variable_in_local && isa::canonical_space(inst.space()) == isa::StateSpace::Param) {
      move_param_access_to_local(l.spec);
    }
    if (inst.opcode == isa::Opcode::Ret && frame.inlined) {
      // Returning from an inlined body: jump past it.
      l.spec.opcode = isa::Opcode::Bra;
      frame.return_fixups.push_back(emit(std::move(l.spec)));
      return;
    }
    l.spec.function_return = inst.opcode == isa::Opcode::Ret && frame.relative;
    if (l.table != ptx::kNone) {
      // brx.idx: a jump table of the body's instruction indices, fixed up to
      // lowered indices with the labels.
      std::vector<std::uint32_t> targets;
      for (std::uint32_t label : frame.function->target_lists[l.table].targets) {
        const std::uint32_t target = frame.function->labels[label].target;
        if (target == ptx::kNone) {
          error(frame, inst.loc,
                fmt::format("label {} is not an instruction target",
                            frame.function->labels[label].name));
          return;
        }
        targets.push_back(target);
      }
      l.spec.target = static_cast<std::uint32_t>(out_.spec.jump_tables.size());
      out_.spec.jump_tables.emplace_back();
      frame.table_fixups.emplace_back(l.spec.target, std::move(targets));
    }
    const std::size_t index = emit(std::move(l.spec));
    if (l.label != ptx::kNone) frame.label_fixups.emplace_back(index, l.label);
  }

  // The local-memory placement of a call argument or return variable.
  std::optional<Placement> argument_variable(Frame& frame, const ptx::Operand& op) {
    if (op.kind != OperandKind::Symbol) {
      error(frame, op.loc, "call arguments must be .param variables");
      return std::nullopt;
    }
    auto p = symbol_address(frame, op.symbol, op.loc);
    if (p && p->space != MemorySpace::local) {
      error(frame, op.loc, "call arguments must be .param variables of the calling function");
      return std::nullopt;
    }
    return p;
  }

  void lower_call(Frame& frame, const ptx::Instruction& inst) {
    const ptx::Function& f = *frame.function;
    const auto operands = f.operands(inst);
    std::vector<const ptx::Operand*> returns, arguments;
    const ptx::Operand* target = nullptr;
    for (const ptx::Operand& op : operands) {
      if (op.kind == OperandKind::ParamList) {
        auto& list = target == nullptr ? returns : arguments;
        for (const ptx::Operand& child : f.children(op)) list.push_back(&child);
      } else if (target == nullptr) {
        target = &op;
      }
    }
    std::vector<Placement> ret_places, arg_places;
    for (const ptx::Operand* op : returns) {
      if (auto p = argument_variable(frame, *op)) ret_places.push_back(*p);
    }
    for (const ptx::Operand* op : arguments) {
      if (auto p = argument_variable(frame, *op)) arg_places.push_back(*p);
    }
    if (ret_places.size() != returns.size() || arg_places.size() != arguments.size()) return;
    if (target != nullptr && target->kind == OperandKind::Register) {
      SpecOperand pointer = SpecOperand::make_reg(row(frame, target->reg), 64);
      lower_real_call(frame, inst, pointer, std::nullopt, returns, arguments, ret_places,
                      arg_places);
      return;
    }
    if (target == nullptr || target->kind != OperandKind::Symbol ||
        target->symbol.kind != ptx::SymbolKind::Function) {
      error(frame, inst.loc, "call target must be a function or a register");
      return;
    }
    const std::uint32_t callee_index = target->symbol.index;
    const ptx::Function& callee = module_.functions[callee_index];
    const Builtin builtin = builtin_named(callee.name);
    if (builtin != Builtin::none) {
      InstructionSpec s = header(frame, inst);
      s.builtin = builtin;
      s.operands.push_back(SpecOperand::make_address(frame.relative ? frame_reg() : kNoReg, 0));
      s.operands.push_back(
          SpecOperand::make_imm(ret_places.empty() ? UINT64_MAX : ret_places[0].address));
      for (const Placement& p : arg_places) s.operands.push_back(SpecOperand::make_imm(p.address));
      emit(std::move(s));
      return;
    }
    if (!callee.has_body) {
      error(frame, inst.loc,
            fmt::format("call to {}, which has no body in this module", callee.name));
      return;
    }
    if (arg_places.size() != callee.params.size() || ret_places.size() != callee.returns.size()) {
      error(frame, inst.loc,
            fmt::format("call to {} passes the wrong number of parameters", callee.name));
      return;
    }
    if (calls_.called_for_real(callee_index) || frame.depth + 1 >= kMaxInlineDepth ||
        on_call_stack(callee)) {
      lower_real_call(frame, inst, SpecOperand::make_imm(function_address(callee_index)),
                      callee_index, returns, arguments, ret_places, arg_places);
      return;
    }
    // A guarded call becomes a guarded jump over the inlined body.
    std::optional<std::size_t> skip;
    if (inst.guard != ptx::kNone) {
      InstructionSpec s = header(frame, inst);
      s.opcode = isa::Opcode::Bra;
      s.modifiers = {};
      s.guard_negated = !inst.guard_negated;
      skip = emit(std::move(s));
    }
    Frame inner{.function = &callee,
                .reg_base = register_count_,
                .params = arg_places,
                .returns = ret_places,
                .inlined = true,
                .relative = frame.relative,
                .depth = frame.depth + 1};
    register_count_ += rows_of(callee).count;
    place_locals(inner);
    call_stack_.push_back(&callee);
    lower_body(inner);
    call_stack_.pop_back();
    if (skip)
      out_.spec.instructions[*skip].target =
          static_cast<std::uint32_t>(out_.spec.instructions.size());
  }

  bool on_call_stack(const ptx::Function& f) const {
    return &f == &kernel_ ||
           std::find(call_stack_.begin(), call_stack_.end(), &f) != call_stack_.end();
  }

  static Builtin builtin_named(std::string_view name) {
    if (name == "vprintf") return Builtin::vprintf;
    if (name == "__assertfail") return Builtin::assertfail;
    if (name == "malloc") return Builtin::malloc;
    if (name == "free") return Builtin::free;
    return Builtin::none;
  }

  // The declaration of a call argument (a .param variable of the caller).
  const ptx::Variable* variable_of(const Frame& frame, const ptx::SymbolRef& ref) const {
    const ptx::Function& f = *frame.function;
    switch (ref.kind) {
      case ptx::SymbolKind::Local:
        return ref.index < f.locals.size() ? &f.locals[ref.index] : nullptr;
      case ptx::SymbolKind::Param:
        return ref.index < f.params.size() ? &f.params[ref.index] : nullptr;
      case ptx::SymbolKind::Return:
        return ref.index < f.returns.size() ? &f.returns[ref.index] : nullptr;
      default:
        return nullptr;
    }
  }

  // A call made for real. Its arguments and return values are copied between
  // the caller's call-sequence variables and the callee's frame, laid out by
  // the .param ABI: from the callee's declaration for a direct call, from the
  // caller's variables (which the prototype describes) for an indirect one.
  void lower_real_call(Frame& frame, const ptx::Instruction& inst, SpecOperand target,
                       std::optional<std::uint32_t> callee,
                       const std::vector<const ptx::Operand*>& returns,
                       const std::vector<const ptx::Operand*>& arguments,
                       const std::vector<Placement>& ret_places,
                       const std::vector<Placement>& arg_places) {
    std::vector<const ptx::Variable*> caller_vars;
    for (const auto* list : {&returns, &arguments}) {
      for (const ptx::Operand* op : *list) {
        const ptx::Variable* v = variable_of(frame, op->symbol);
        if (v == nullptr) {
          error(frame, op->loc, "call arguments must be .param variables");
          return;
        }
        caller_vars.push_back(v);
      }
    }
    std::vector<const ptx::Variable*> callee_vars = caller_vars;
    if (callee) callee_vars = abi_variables(module_.functions[*callee]);
    const std::vector<std::uint64_t> offsets = abi_offsets(callee_vars);
    CallSite site;
    for (std::size_t i = inline_from_; i < call_stack_.size(); ++i) {
      site.inlined_functions.push_back(call_stack_[i]->name);
    }
    for (std::size_t i = 0; i < caller_vars.size(); ++i) {
      const bool is_return = i < returns.size();
      const Placement& from = is_return ? ret_places[i] : arg_places[i - returns.size()];
      const ParamCopy copy{
          .caller = from.address,
          .callee = offsets[i],
          .bytes = std::min(caller_vars[i]->size_bytes(), callee_vars[i]->size_bytes())};
      (is_return ? site.returns : site.arguments).push_back(copy);
    }
    site.return_bytes = abi_end({callee_vars.begin(), callee_vars.begin() + returns.size()});
    site.argument_bytes = abi_end(callee_vars);
    InstructionSpec s = header(frame, inst);
    s.modifiers = {};
    s.operands.push_back(target);
    s.target = static_cast<std::uint32_t>(out_.spec.call_sites.size());
    sites_of_body_.push_back(s.target);
    out_.spec.call_sites.push_back(std::move(site));
    frame_reg();
    emit(std::move(s));
    if (callee) {
      enqueue(*callee);
      return;
    }
    // Any function whose address is taken may be reached.
    for (std::uint32_t f = 0; f < module_.functions.size(); ++f) {
      if (calls_.address_taken[f] && module_.functions[f].has_body) enqueue(f);
    }
  }

  static std::vector<const ptx::Variable*> abi_variables(const ptx::Function& f) {
    std::vector<const ptx::Variable*> vars;
    for (const ptx::Variable& v : f.returns) vars.push_back(&v);
    for (const ptx::Variable& v : f.params) vars.push_back(&v);
    return vars;
  }

  void enqueue(std::uint32_t f) {
    if (queued_[f]) return;
    queued_[f] = true;
    pending_.push_back(f);
  }

  // The per-lane frame pointer: 0 in the kernel, the start of the current
  // activation's frame inside a function called for real.
  std::uint32_t frame_reg() {
    if (out_.spec.frame_reg == kNoReg) out_.spec.frame_reg = register_count_++;
    return out_.spec.frame_reg;
  }

  // The address of a frame-relative variable as a value: a register set to
  // frame pointer + offset just before the instruction that uses it.
  SpecOperand frame_address(const Placement& p, std::uint32_t ptx_line) {
    const std::uint32_t fp = frame_reg();
    const std::uint32_t temp = register_count_++;
    InstructionSpec add;
    add.opcode = isa::Opcode::Add;
    add.types[0] = isa::Type::U64;
    add.type_count = 1;
    add.ptx_line = ptx_line;
    add.operands = {SpecOperand::make_reg(temp, 64), SpecOperand::make_reg(fp, 64),
                    SpecOperand::make_imm(p.address)};
    add.dst_count = 1;
    emit(std::move(add));
    return SpecOperand::make_reg(temp, 64);
  }

  void finish_call_sites(std::uint64_t frame_bytes) {
    for (std::uint32_t site : sites_of_body_) out_.spec.call_sites[site].caller_frame_bytes = frame_bytes;
    sites_of_body_.clear();
  }

  static std::uint32_t last_line(const ptx::Function& f) {
    return f.instructions.empty() ? f.loc.line : f.instructions.back().loc.line;
  }

  // One out-of-line copy of a function called for real: its own register rows
  // (inlined callees included) and a frame of return values, parameters and
  // locals addressed from the frame pointer.
  void lower_function(std::uint32_t index) {
    const ptx::Function& f = module_.functions[index];
    if (out_.spec.functions.size() < module_.functions.size()) {
      out_.spec.functions.resize(module_.functions.size());
    }
    CallableFunction callable{.name = f.name};
    Frame frame{.function = &f,
                .reg_base = register_count_,
                .relative = true};
    register_count_ += rows_of(f).count;
    local_bytes_ = 0;
    const std::vector<const ptx::Variable*> vars = abi_variables(f);
    const std::vector<std::uint64_t> offsets = abi_offsets(vars);
    for (std::size_t i = 0; i < vars.size(); ++i) {
      const Placement p{
          .space = MemorySpace::local, .address = offsets[i], .placed = true, .relative = true};
      (i < f.returns.size() ? frame.returns : frame.params).push_back(p);
    }
    callable.return_bytes = abi_end({vars.begin(), vars.begin() + f.returns.size()});
    callable.argument_bytes = abi_end(vars);
    local_bytes_ = callable.argument_bytes;
    place_locals(frame);
    callable.entry = static_cast<std::uint32_t>(out_.spec.instructions.size());
    call_stack_.push_back(&f);
    inline_from_ = call_stack_.size();
    lower_body(frame);
    inline_from_ = 0;
    call_stack_.pop_back();
    InstructionSpec end;
    end.opcode = isa::Opcode::Ret;
    end.function_return = true;
    end.ptx_line = last_line(f);
    emit(std::move(end));
    callable.reg_base = frame.reg_base;
    callable.reg_count = register_count_ - frame.reg_base;
    callable.frame_bytes = align_up(local_bytes_, kFrameAlignment);
    callable.stack_bytes = callable.frame_bytes;
    finish_call_sites(callable.frame_bytes);
    out_.spec.functions[index] = std::move(callable);
  }

  void lower_body(Frame& frame) {
    const auto& instructions = frame.function->instructions;
    frame.output_index.assign(instructions.size() + 1, 0);
    for (std::size_t i = 0; i < instructions.size(); ++i) {
      frame.output_index[i] = static_cast<std::uint32_t>(out_.spec.instructions.size());
      if (instructions[i].opcode == isa::Opcode::Call) {
        lower_call(frame, instructions[i]);
      } else {
        lower_instruction(frame, instructions[i]);
      }
    }
    const auto end = static_cast<std::uint32_t>(out_.spec.instructions.size());
    frame.output_index[instructions.size()] = end;
    for (auto [index, label] : frame.label_fixups) {
      out_.spec.instructions[index].target = frame.output_index[label];
    }
    for (std::size_t index : frame.return_fixups) out_.spec.instructions[index].target = end;
    for (auto& [table, targets] : frame.table_fixups) {
      for (std::uint32_t& t : targets) t = frame.output_index[t];
      out_.spec.jump_tables[table] = std::move(targets);
    }
  }

  const ptx::Module& module_;
  const ptx::Function& kernel_;
  const ModulePlacement& placement_;
  const CallGraph& calls_;
  LoweredKernel out_;
  std::vector<bool> queued_;             // functions to be called for real, by module index
  std::vector<std::uint32_t> pending_;   // queued, not lowered yet
  std::vector<std::uint32_t> sites_of_body_;  // call sites of the body being lowered
  std::vector<Placement> shared_globals_;
  std::vector<std::size_t> dynamic_globals_;
  std::vector<std::size_t> dynamic_locals_;  // of the kernel's own locals
  std::uint64_t dynamic_alignment_ = 16;
  std::uint64_t shared_bytes_ = 0;
  std::uint64_t local_bytes_ = 0;
  std::uint32_t register_count_ = 0;
  std::map<const ptx::Function*, RegisterRows> rows_;
  std::vector<const ptx::Function*> call_stack_;
  // Where the functions inlined into the body being lowered start on
  // call_stack_ (after the function called for real whose body it is).
  std::size_t inline_from_ = 0;
};

}  // namespace

std::uint64_t alignment_of(const ptx::Variable& v) {
  if (v.align != 0) return v.align;
  const std::uint64_t element = (isa::type_bits(v.type) + 7) / 8;
  return std::max<std::uint64_t>(element, 1);
}

LoweredKernel lower_kernel(const ptx::Module& module, const ptx::Function& kernel,
                           const ModulePlacement& placement, const CallGraph& calls) {
  return KernelLowering(module, kernel, placement, calls).run();
}

}  // namespace smsim::func
