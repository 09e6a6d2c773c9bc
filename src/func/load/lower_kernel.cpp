#include "func/load/lower_kernel.h"

#include <fmt/format.h>

#include <bit>

#include "func/memory/param_layout.h"

namespace smsim::func {
namespace {

using ptx::OperandKind;

bool is_shared(isa::StateSpace s) {
  const isa::StateSpace c = isa::canonical_space(s);
  return c == isa::StateSpace::Shared || c == isa::StateSpace::SharedCta;
}

// `.extern .shared .b8 smem[]`: the dynamic shared memory of the launch.
bool is_dynamic_shared(const ptx::Variable& v) {
  return is_shared(v.space) && (v.linkage == ptx::Linkage::Extern || v.size_bytes() == 0);
}

class KernelLowering {
 public:
  KernelLowering(const ptx::Module& m, const ptx::Function& f, const ModulePlacement& placement)
      : module_(m), function_(f), placement_(placement) {}

  LoweredKernel run() {
    out_.spec.name = function_.name;
    out_.spec.ptx_target_sm = module_.sm;
    place_params();
    place_shared_and_local();
    out_.spec.register_count = static_cast<std::uint32_t>(function_.registers.size());
    out_.spec.instructions.reserve(function_.instructions.size());
    for (const ptx::Instruction& inst : function_.instructions) lower(inst);
    return std::move(out_);
  }

 private:
  void error(const ptx::SourceLoc& loc, std::string message) {
    out_.errors.push_back(
        fmt::format("kernel {}, PTX line {}: {}", function_.name, loc.line, std::move(message)));
  }

  void place_params() {
    std::vector<ParamDecl> decls;
    for (const ptx::Variable& p : function_.params) {
      decls.push_back(ParamDecl{.size = static_cast<std::uint32_t>(p.size_bytes()),
                                .alignment = static_cast<std::uint32_t>(alignment_of(p))});
      out_.spec.param_sizes.push_back(decls.back().size);
      out_.spec.param_alignments.push_back(decls.back().alignment);
    }
    const ParamLayout layout(decls);
    for (const ParamSlot& slot : layout.slots()) param_offsets_.push_back(slot.offset);
  }

  // Static shared variables of the module and of the kernel, in declaration
  // order; dynamic shared memory after them; local variables per thread.
  void place_shared_and_local() {
    std::uint64_t shared = 0;
    std::uint64_t dynamic_alignment = 16;
    bool dynamic = false;
    shared_globals_.assign(module_.globals.size(), Placement{});
    for (std::size_t i = 0; i < module_.globals.size(); ++i) {
      const ptx::Variable& v = module_.globals[i];
      if (!is_shared(v.space)) continue;
      if (is_dynamic_shared(v)) {
        dynamic = true;
        dynamic_alignment = std::max(dynamic_alignment, alignment_of(v));
        continue;
      }
      shared = align_up(shared, alignment_of(v));
      shared_globals_[i] = {.space = MemorySpace::shared, .address = shared, .placed = true};
      shared += v.size_bytes();
    }
    locals_.assign(function_.locals.size(), Placement{});
    std::uint64_t local = 0;
    for (std::size_t i = 0; i < function_.locals.size(); ++i) {
      const ptx::Variable& v = function_.locals[i];
      if (is_shared(v.space)) {
        if (is_dynamic_shared(v)) {
          dynamic = true;
          dynamic_alignment = std::max(dynamic_alignment, alignment_of(v));
          continue;
        }
        shared = align_up(shared, alignment_of(v));
        locals_[i] = {.space = MemorySpace::shared, .address = shared, .placed = true};
        shared += v.size_bytes();
      } else if (isa::canonical_space(v.space) == isa::StateSpace::Local) {
        local = align_up(local, alignment_of(v));
        locals_[i] = {.space = MemorySpace::local, .address = local, .placed = true};
        local += v.size_bytes();
      }
    }
    if (dynamic) {
      shared = align_up(shared, dynamic_alignment);
      for (std::size_t i = 0; i < module_.globals.size(); ++i) {
        if (is_dynamic_shared(module_.globals[i])) {
          shared_globals_[i] = {.space = MemorySpace::shared, .address = shared, .placed = true};
        }
      }
      for (std::size_t i = 0; i < function_.locals.size(); ++i) {
        if (is_dynamic_shared(function_.locals[i])) {
          locals_[i] = {.space = MemorySpace::shared, .address = shared, .placed = true};
        }
      }
    }
    out_.spec.static_shared_bytes = static_cast<std::uint32_t>(shared);
    out_.spec.local_bytes_per_thread = static_cast<std::uint32_t>(local);
  }

  std::optional<Placement> symbol_address(const ptx::SymbolRef& ref, const ptx::SourceLoc& loc) {
    switch (ref.kind) {
      case ptx::SymbolKind::Global:
        if (shared_globals_[ref.index].placed) return shared_globals_[ref.index];
        if (placement_.globals[ref.index].placed) return placement_.globals[ref.index];
        error(loc, fmt::format("variable {} has no storage the engine supports",
                               module_.globals[ref.index].name));
        return std::nullopt;
      case ptx::SymbolKind::Local:
        if (locals_[ref.index].placed) return locals_[ref.index];
        error(loc, fmt::format("variable {} (a call argument or unsupported space) cannot be "
                               "addressed yet",
                               function_.locals[ref.index].name));
        return std::nullopt;
      case ptx::SymbolKind::Param:
        return Placement{.space = MemorySpace::param, .address = param_offsets_[ref.index],
                         .placed = true};
      case ptx::SymbolKind::Return:
      case ptx::SymbolKind::Function:
      case ptx::SymbolKind::None: break;
    }
    error(loc, "function addresses and return parameters are not supported yet");
    return std::nullopt;
  }

  // The declared type an operand slot refers to, for float literals.
  static std::optional<isa::Type> slot_type(const InstructionSpec& s, isa::TypeRef ref) {
    switch (ref) {
      case isa::TypeRef::Slot0: return s.type_count > 0 ? std::optional(s.types[0]) : std::nullopt;
      case isa::TypeRef::Slot1: return s.type_count > 1 ? std::optional(s.types[1]) : std::nullopt;
      default: return std::nullopt;
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

  void append(InstructionSpec& s, const ptx::Operand& op, isa::TypeRef type) {
    switch (op.kind) {
      case OperandKind::Register: {
        const ptx::RegisterDecl& decl =
            function_.register_decls[function_.registers[op.reg].decl];
        if (decl.vector > 1) {
          error(op.loc, "vector registers are not supported yet");
          return;
        }
        SpecOperand o = SpecOperand::make_reg(
            op.reg, static_cast<std::uint8_t>(isa::type_bits(function_.register_type(op.reg))));
        o.negated = op.negated;
        s.operands.push_back(o);
        return;
      }
      case OperandKind::Sink: s.operands.push_back(SpecOperand::make_reg(kNoReg, 64)); return;
      case OperandKind::Immediate: s.operands.push_back(SpecOperand::make_imm(op.bits)); return;
      case OperandKind::FloatImmediate:
        s.operands.push_back(SpecOperand::make_imm(float_literal(op, slot_type(s, type))));
        return;
      case OperandKind::SpecialRegister:
        s.operands.push_back(SpecOperand::make_special(op.sreg));
        return;
      case OperandKind::Symbol:
        if (auto p = symbol_address(op.symbol, op.loc)) {
          s.operands.push_back(SpecOperand::make_imm(p->address));
        }
        return;
      case OperandKind::Address: {
        std::uint64_t offset = static_cast<std::uint64_t>(op.offset);
        if (op.symbol.valid()) {
          const auto p = symbol_address(op.symbol, op.loc);
          if (!p) return;
          offset += p->address;
        }
        s.operands.push_back(SpecOperand::make_address(op.reg, offset));
        return;
      }
      case OperandKind::Vector:
      case OperandKind::PipePair:
        for (const ptx::Operand& child : function_.children(op)) append(s, child, type);
        return;
      case OperandKind::Label: {
        const ptx::Label& label = function_.labels[op.label];
        if (label.target == ptx::kNone) {
          error(op.loc, fmt::format("label {} is not an instruction target", label.name));
          return;
        }
        s.target = label.target;
        return;
      }
      case OperandKind::ParamList:
      case OperandKind::TexAddress: break;
    }
    error(op.loc, "operand form not supported by the functional engine yet");
  }

  void lower(const ptx::Instruction& inst) {
    InstructionSpec s;
    s.opcode = inst.opcode;
    s.ptx_line = inst.loc.line;
    for (const ptx::Suffix& suffix : inst.suffix_list()) {
      if (suffix.kind == ptx::SuffixKind::Modifier) s.modifiers.set(suffix.modifier());
      if (suffix.kind == ptx::SuffixKind::Type && s.type_count < s.types.size()) {
        s.types[s.type_count++] = suffix.type();
      }
    }
    s.guard_reg = inst.guard == ptx::kNone ? kNoReg : inst.guard;
    s.guard_negated = inst.guard_negated;
    const isa::OperandSignature& sig = isa::opcode_info(inst.opcode).operands;
    const auto operands = function_.operands(inst);
    const bool reduction_barrier =
        (inst.opcode == isa::Opcode::Bar || inst.opcode == isa::Opcode::Barrier) &&
        inst.has(isa::Modifier::Red);
    for (std::size_t i = 0; i < operands.size(); ++i) {
      const isa::OperandSlot slot =
          sig.max == 0 ? isa::OperandSlot{} : sig.slots[std::min<std::size_t>(i, sig.max - 1)];
      const bool dest = (slot.flags & isa::kDest) != 0 || (reduction_barrier && i == 0);
      const std::size_t before = s.operands.size();
      append(s, operands[i], slot.type);
      if (dest) s.dst_count = static_cast<std::uint8_t>(s.dst_count + s.operands.size() - before);
    }
    out_.spec.instructions.push_back(std::move(s));
  }

  const ptx::Module& module_;
  const ptx::Function& function_;
  const ModulePlacement& placement_;
  LoweredKernel out_;
  std::vector<std::uint32_t> param_offsets_;
  std::vector<Placement> shared_globals_;
  std::vector<Placement> locals_;
};

}  // namespace

std::uint64_t alignment_of(const ptx::Variable& v) {
  if (v.align != 0) return v.align;
  const std::uint64_t element = (isa::type_bits(v.type) + 7) / 8;
  return std::max<std::uint64_t>(element, 1);
}

LoweredKernel lower_kernel(const ptx::Module& module, const ptx::Function& kernel,
                           const ModulePlacement& placement) {
  return KernelLowering(module, kernel, placement).run();
}

}  // namespace smsim::func
