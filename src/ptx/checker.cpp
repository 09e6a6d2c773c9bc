#include "ptx/checker.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>

#include "isa/form_requirement.h"

namespace smsim::ptx {
namespace {

using isa::ModifierGroup;
using isa::OpcodeInfo;
using isa::OperandSlot;
using isa::TypeKind;
using isa::TypeRef;

std::string dotted(Type t) {
  return fmt::format(".{}", isa::type_name(t));
}

// Width doubling of `.wide` (mul.wide.s32 writes .s64).
std::optional<Type> widened(Type t) {
  switch (t) {
    case Type::U16:
      return Type::U32;
    case Type::U32:
      return Type::U64;
    case Type::S16:
      return Type::S32;
    case Type::S32:
      return Type::S64;
    case Type::B16:
      return Type::B32;
    case Type::B32:
      return Type::B64;
    default:
      return std::nullopt;
  }
}

class Checker {
 public:
  Checker(const Module& m, Diagnostics& d) : mod_(m), diags_(d) {}

  void run() {
    for (const Variable& v : mod_.globals) check_variable(v);
    for (const Function& f : mod_.functions) {
      if (diags_.saturated()) return;
      check_function(f);
    }
  }

 private:
  void check_variable(const Variable& v) {
    if (v.opaque != OpaqueKind::None) return;
    const bool unsized = std::find(v.dims.begin(), v.dims.end(), 0) != v.dims.end();
    std::size_t scalars = 0;
    for (const InitItem& item : v.init)
      scalars += item.kind != InitKind::Open && item.kind != InitKind::Close;
    if (v.linkage == Linkage::Extern && !v.init.empty())
      diags_.error(v.loc,
                   fmt::format("'.extern' variable '{}' cannot have an initializer", v.name));
    if (unsized && v.init.empty() && v.linkage != Linkage::Extern && v.space != StateSpace::Shared)
      diags_.error(v.loc, fmt::format("array '{}' has no size and no initializer", v.name),
                   "give the size, e.g. 'x[16]', or declare it '.extern'");
    if (!unsized && scalars > v.element_count() * v.vector)
      diags_.error(v.loc, fmt::format("{} initializers for '{}', which holds {} elements", scalars,
                                      v.name, v.element_count() * v.vector));
    if (!v.init.empty() && v.space != StateSpace::Global && v.space != StateSpace::Const)
      diags_.error(v.loc,
                   fmt::format("only .global and .const variables can be initialized; '{}' is .{}",
                               v.name, isa::state_space_name(v.space)));
  }

  void check_function(const Function& f) {
    fn_ = &f;
    for (const Variable& v : f.locals) {
      if (!v.init.empty())
        diags_.error(v.loc,
                     fmt::format("variable '{}' inside a function cannot be initialized", v.name));
    }
    for (const Instruction& inst : f.instructions) {
      if (diags_.saturated()) return;
      check_instruction(inst);
    }
  }

  void error(const Instruction& inst, std::string message, std::string hint = {}) {
    diags_.error(inst.loc, std::move(message), std::move(hint));
  }
  void error_at(SourceLoc loc, std::string message, std::string hint = {}) {
    diags_.error(loc, std::move(message), std::move(hint));
  }

  // Whether `.target` names sm_{sm}a (an arch-specific target).
  bool arch_specific_target(uint32_t sm) const {
    return mod_.sm == sm && target_name() == fmt::format("sm_{}a", sm);
  }
  std::string target_name() const {
    for (const std::string& t : mod_.target) {
      if (t.starts_with("sm_")) return t;
    }
    return "none";
  }

  void check_instruction(const Instruction& inst) {
    const OpcodeInfo& info = isa::opcode_info(inst.opcode);
    if (info.min_sm != 0 && mod_.sm != 0 && mod_.sm < info.min_sm) {
      error(inst, fmt::format("'{}' requires sm_{} or later; the target is sm_{}", info.mnemonic,
                              info.min_sm, mod_.sm));
    }
    if (isa::is_arch_specific(inst.opcode) && mod_.sm != 0 && !arch_specific_target(info.min_sm)) {
      error(inst,
            fmt::format("'{}' requires the arch-specific target sm_{}a; the target is {}",
                        info.mnemonic, info.min_sm, target_name()),
            fmt::format("compile with -arch=sm_{}a", info.min_sm));
    }
    if (inst.guard != kNone && fn_->register_type(inst.guard) != Type::Pred) {
      error(inst,
            fmt::format("guard '{}' is not a predicate register (it is {})",
                        fn_->register_name(inst.guard), dotted(fn_->register_type(inst.guard))));
    }
    if (!check_suffixes(inst, info)) return;
    check_type_dependent_modifiers(inst, info);
    check_operands(inst, info);
  }

  // Rules where the allowed modifiers depend on the instruction type.
  void check_type_dependent_modifiers(const Instruction& inst, const OpcodeInfo& info) {
    const auto t = inst.type(0);
    if (!t) return;
    const Opcode op = inst.opcode;
    const bool arith = op == Opcode::Add || op == Opcode::Sub || op == Opcode::Mul ||
                       op == Opcode::Mad || op == Opcode::Div || op == Opcode::Abs ||
                       op == Opcode::Neg || op == Opcode::Min || op == Opcode::Max;
    if (arith && isa::is_integer(*t)) {
      for (Modifier m : {Modifier::Rn, Modifier::Rz, Modifier::Rm, Modifier::Rp, Modifier::Ftz,
                         Modifier::Approx, Modifier::Full, Modifier::Noftz, Modifier::Relu}) {
        if (inst.has(m) && !(m == Modifier::Relu && (op == Opcode::Min || op == Opcode::Max)))
          error(inst, fmt::format("modifier '.{}' applies to floating-point '{}' only, not {}",
                                  isa::modifier_name(m), info.mnemonic, dotted(*t)));
      }
      const bool sat_ok = ((op == Opcode::Add || op == Opcode::Sub) && *t == Type::S32) ||
                          (op == Opcode::Mad && inst.has(Modifier::Hi) && *t == Type::S32);
      if (inst.has(Modifier::Sat) && !sat_ok)
        error(inst,
              fmt::format("'.sat' is not allowed on integer '{}{}'", info.mnemonic, dotted(*t)),
              "integer saturation exists for add.sat.s32, sub.sat.s32 and mad.hi.sat.s32");
      if ((op == Opcode::Mul || op == Opcode::Mad) && !inst.has(Modifier::Lo) &&
          !inst.has(Modifier::Hi) && !inst.has(Modifier::Wide))
        error(inst, fmt::format("integer '{}' needs .lo, .hi or .wide", info.mnemonic),
              fmt::format("e.g. '{}.lo{}'", info.mnemonic, dotted(*t)));
    }
    if ((op == Opcode::Mul24 || op == Opcode::Mad24) && !inst.has(Modifier::Lo) &&
        !inst.has(Modifier::Hi))
      error(inst, fmt::format("'{}' needs .lo or .hi", info.mnemonic));
    if (op == Opcode::Cvt) check_cvt_rounding(inst);
    if (op == Opcode::Atom || op == Opcode::Red || op == Opcode::RedAsync)
      check_atomic_type(inst, *t);
  }

  static bool packed(Type t) {
    const std::string_view n = isa::type_name(t);
    return n.ends_with("x2") || n.ends_with("x4") || t == Type::Tf32;
  }

  // PTX requires a rounding mode exactly where a conversion can lose information.
  void check_cvt_rounding(const Instruction& inst) {
    const auto dst = inst.type(0), src = inst.type(1);
    if (!dst || !src || packed(*dst) || packed(*src)) return;
    const auto rounding = inst.modifier_in(ModifierGroup::Rounding);
    const bool float_rounding =
        rounding &&
        (*rounding == Modifier::Rn || *rounding == Modifier::Rz || *rounding == Modifier::Rm ||
         *rounding == Modifier::Rp || *rounding == Modifier::Rna || *rounding == Modifier::Rs);
    const bool int_rounding = rounding && !float_rounding;
    const std::string conv = fmt::format("cvt{}{}", dotted(*dst), dotted(*src));
    if (isa::is_float(*dst) && isa::is_integer(*src) && !float_rounding) {
      error(inst, fmt::format("'{}' (integer to float) needs a rounding mode .rn, .rz, .rm or .rp",
                              conv));
    } else if (isa::is_integer(*dst) && isa::is_float(*src) && !int_rounding) {
      error(inst,
            fmt::format(
                "'{}' (float to integer) needs an integer rounding mode .rni, .rzi, .rmi or .rpi",
                conv));
    } else if (isa::is_float(*dst) && isa::is_float(*src) &&
               isa::type_bits(*dst) < isa::type_bits(*src) && !float_rounding) {
      error(inst, fmt::format("'{}' narrows and needs a rounding mode .rn, .rz, .rm or .rp", conv));
    } else if (isa::is_float(*dst) && isa::is_float(*src) &&
               isa::type_bits(*dst) > isa::type_bits(*src) && rounding &&
               *src != Type::Bf16) {
      // ptxas 13 accepts .rn/.rz/.rm/.rp on bf16 -> f32/f64 (and nothing else
      // that widens); the result is exact either way.
      error(inst, fmt::format("'{}' widens exactly and takes no rounding mode", conv));
    }
  }

  void check_atomic_type(const Instruction& inst, Type t) {
    using isa::TypeMask;
    const auto op = inst.modifier_in(ModifierGroup::Operation);
    if (!op) {
      error(inst, fmt::format("'{}' needs an operation such as .add, .min, .exch or .cas",
                              isa::opcode_mnemonic(inst.opcode)));
      return;
    }
    TypeMask allowed;
    switch (*op) {
      case Modifier::Add:
        allowed = {Type::U32, Type::S32,   Type::U64,  Type::F32,   Type::F64,
                   Type::F16, Type::F16x2, Type::Bf16, Type::Bf16x2};
        // ptxas takes .s64 on red.async (the form catalog), not on atom/red.
        if (inst.opcode == isa::Opcode::RedAsync) allowed = allowed | TypeMask{Type::S64};
        break;
      case Modifier::Inc:
      case Modifier::Dec:
        allowed = {Type::U32};
        break;
      case Modifier::Min:
      case Modifier::Max:
        allowed = {Type::U32,   Type::S32,  Type::U64,    Type::S64, Type::F16,
                   Type::F16x2, Type::Bf16, Type::Bf16x2, Type::F32, Type::F64};
        break;
      case Modifier::And:
      case Modifier::Or:
      case Modifier::Xor:
        allowed = {Type::B32, Type::B64};
        break;
      case Modifier::Exch:
      case Modifier::Cas:
        allowed = {Type::B16, Type::B32, Type::B64, Type::B128};
        break;
      default:
        return;
    }
    if (!allowed.contains(t))
      error(inst,
            fmt::format("type {} is not allowed with '{}.{}'", dotted(t),
                        isa::opcode_mnemonic(inst.opcode), isa::modifier_name(*op)),
            *op == Modifier::Add ? "atomic add takes .u32, .s32, .u64 or a float type" : "");
  }

  bool check_suffixes(const Instruction& inst, const OpcodeInfo& info) {
    std::array<std::optional<Modifier>, static_cast<std::size_t>(ModifierGroup::Count)> seen{};
    isa::ModifierMask seen_modifiers;
    std::size_t types = 0;
    bool ok = true;
    for (const Suffix& s : inst.suffix_list()) {
      if (s.kind == SuffixKind::Shape) {
        if (!(info.flags & isa::kMatrixShape)) {
          error(inst, fmt::format("'{}' takes no matrix shape", info.mnemonic));
          ok = false;
        }
        continue;
      }
      if (s.kind == SuffixKind::Type) {
        const std::size_t slot = std::min<std::size_t>(types, isa::kMaxTypeSlots - 1);
        if (types < info.types.max && !info.types.slots[slot].contains(s.type())) {
          error(inst,
                fmt::format("type {} is not allowed on '{}'", dotted(s.type()), info.mnemonic));
          ok = false;
        }
        ++types;
        continue;
      }
      const Modifier m = s.modifier();
      if (!info.modifiers.contains(m)) {
        if (isa::modifier_group(m) == ModifierGroup::Space) {
          error(inst, fmt::format("state space .{} is not allowed on '{}'", isa::modifier_name(m),
                                  info.mnemonic));
        } else {
          error(inst, fmt::format("modifier '.{}' is not allowed on '{}'", isa::modifier_name(m),
                                  info.mnemonic));
        }
        ok = false;
        continue;
      }
      // `.row.row` (A and B layouts) and two spaces of a copy are legitimate repeats.
      const bool may_repeat = m == Modifier::Row || m == Modifier::Col ||
                              ((info.flags & isa::kManySpaces) && isa::modifier_space(m));
      if (seen_modifiers.contains(m) && !may_repeat) {
        error(inst, fmt::format("duplicate modifier '.{}' on '{}'", isa::modifier_name(m),
                                info.mnemonic));
        ok = false;
        continue;
      }
      seen_modifiers.set(m);
      const ModifierGroup g = isa::modifier_group(m);
      if (g == ModifierGroup::None) continue;
      if (g == ModifierGroup::Space && (info.flags & isa::kManySpaces)) continue;
      auto& prev = seen[static_cast<std::size_t>(g)];
      if (prev && *prev != m) {
        error(inst, fmt::format("'.{}' conflicts with '.{}' on '{}' (both are {} modifiers)",
                                isa::modifier_name(m), isa::modifier_name(*prev), info.mnemonic,
                                isa::modifier_group_name(g)));
        ok = false;
      }
      prev = m;
    }
    if (types < info.types.min || types > info.types.max) {
      const std::string want = info.types.min == info.types.max
                                   ? fmt::format("{}", info.types.min)
                                   : fmt::format("{} to {}", info.types.min, info.types.max);
      error(inst,
            fmt::format("'{}' takes {} type suffix{}, found {}", info.mnemonic, want,
                        info.types.max == 1 ? "" : "es", types),
            info.types.min > types ? "add the operand type, e.g. '.b32' or '.f32'" : "");
      ok = false;
    }
    return ok;
  }

  std::optional<Type> expected_type(const Instruction& inst, TypeRef ref) const {
    switch (ref) {
      case TypeRef::None:
        return std::nullopt;
      case TypeRef::Slot0:
        return inst.type(0);
      case TypeRef::Slot1:
        return inst.type(1);
      case TypeRef::Slot2:
        return inst.type(2);
      case TypeRef::Slot3:
        return inst.type(3);
      case TypeRef::Slot0Wide: {
        const auto t = inst.type(0);
        if (!t || !inst.has(Modifier::Wide)) return t;
        return widened(*t);
      }
      case TypeRef::Pred:
        return Type::Pred;
      case TypeRef::B16:
        return Type::B16;
      case TypeRef::B32:
        return Type::B32;
      case TypeRef::B64:
        return Type::B64;
      case TypeRef::SizeT:
        return std::nullopt;
    }
    return std::nullopt;
  }

  // PTX operand type rules (ISA "Operand Type Information").
  static bool compatible(Type want, Type have, bool relaxed) {
    if (want == have) return true;
    if (want == Type::Pred || have == Type::Pred) return false;
    const unsigned wb = isa::type_bits(want), hb = isa::type_bits(have);
    if (relaxed) return hb >= wb;
    if (wb != hb) return false;
    const TypeKind wk = isa::type_kind(want), hk = isa::type_kind(have);
    if (wk == TypeKind::Bits || hk == TypeKind::Bits) return true;
    const bool wi = wk == TypeKind::Unsigned || wk == TypeKind::Signed;
    const bool hi = hk == TypeKind::Unsigned || hk == TypeKind::Signed;
    return wi && hi;
  }

  void check_register(const Instruction& inst, const Operand& op, std::optional<Type> want,
                      bool relaxed, std::size_t index) {
    const Type have = fn_->register_type(op.reg);
    if (!want) return;
    if (compatible(*want, have, relaxed)) return;
    error_at(op.loc,
             fmt::format("type mismatch: operand {} of '{}' needs {}, register '{}' is {}",
                         index + 1, isa::opcode_mnemonic(inst.opcode), dotted(*want),
                         fn_->register_name(op.reg), dotted(have)),
             *want == Type::Pred ? "this operand must be a '.pred' register"
                                 : "registers of .bN types match any type of the same size");
  }

  // Checks one scalar operand (or element) against a slot; returns false on a form error.
  bool check_scalar(const Instruction& inst, const Operand& op, const OperandSlot& slot,
                    std::optional<Type> want, bool relaxed, std::size_t index) {
    const std::string_view mn = isa::opcode_mnemonic(inst.opcode);
    switch (op.kind) {
      case OperandKind::Register: {
        const bool is_pred = fn_->register_type(op.reg) == Type::Pred;
        if (op.negated && !(slot.flags & isa::kNegateOk)) {
          error_at(op.loc,
                   fmt::format("operand {} of '{}' cannot be negated with '!'", index + 1, mn));
          return false;
        }
        if (slot.kind == isa::OperandKind::Pred && !is_pred) {
          error_at(op.loc,
                   fmt::format("operand {} of '{}' must be a predicate; '{}' is {}", index + 1, mn,
                               fn_->register_name(op.reg), dotted(fn_->register_type(op.reg))));
          return false;
        }
        if (slot.type == TypeRef::SizeT) {
          const unsigned bits = isa::type_bits(fn_->register_type(op.reg));
          if (bits != 32 && bits != 64) {
            error_at(op.loc, fmt::format("operand {} of '{}' must be a 32- or 64-bit register",
                                         index + 1, mn));
            return false;
          }
          return true;
        }
        check_register(inst, op, want, relaxed, index);
        return true;
      }
      case OperandKind::Sink:
        if (!(slot.flags & isa::kSinkOk)) {
          error_at(op.loc, fmt::format("'_' is not allowed as operand {} of '{}'", index + 1, mn));
          return false;
        }
        return true;
      case OperandKind::Immediate:
      case OperandKind::FloatImmediate:
        if (slot.flags & isa::kDest) {
          error_at(op.loc, fmt::format("operand {} of '{}' is written and cannot be an immediate",
                                       index + 1, mn));
          return false;
        }
        if (op.kind == OperandKind::FloatImmediate && want && isa::is_integer(*want)) {
          error_at(op.loc,
                   fmt::format("type mismatch: float immediate where '{}' expects {}", mn,
                               dotted(*want)),
                   "write the integer value, or use a .bN/.fN instruction type");
          return false;
        }
        return true;
      case OperandKind::SpecialRegister:
        if (slot.flags & isa::kDest) {
          error_at(op.loc, fmt::format("special registers are read-only (operand {} of '{}')",
                                       index + 1, mn));
          return false;
        }
        return true;
      case OperandKind::Symbol:
        if (!(slot.flags & isa::kSymbolOk) && slot.kind != isa::OperandKind::Any) {
          error_at(op.loc,
                   fmt::format("operand {} of '{}' cannot be a variable or function name",
                               index + 1, mn),
                   "to access a variable's memory, write it as an address: [name]");
          return false;
        }
        return true;
      default:
        return true;
    }
  }

  std::string_view form_name(OperandKind k) const {
    switch (k) {
      case OperandKind::Register:
        return "a register";
      case OperandKind::SpecialRegister:
        return "a special register";
      case OperandKind::Immediate:
        return "an integer immediate";
      case OperandKind::FloatImmediate:
        return "a float immediate";
      case OperandKind::Symbol:
        return "a symbol";
      case OperandKind::Label:
        return "a label";
      case OperandKind::Address:
        return "an address";
      case OperandKind::Vector:
        return "a vector";
      case OperandKind::ParamList:
        return "a parameter list";
      case OperandKind::PipePair:
        return "a 'd|p' pair";
      case OperandKind::TexAddress:
        return "a texture address";
      case OperandKind::Sink:
        return "'_'";
    }
    return "an operand";
  }

  static std::string_view slot_name(isa::OperandKind k) {
    switch (k) {
      case isa::OperandKind::Reg:
        return "a register";
      case isa::OperandKind::Pred:
        return "a predicate register";
      case isa::OperandKind::Imm:
        return "an immediate";
      case isa::OperandKind::RegOrImm:
        return "a register or an immediate";
      case isa::OperandKind::Address:
        return "an address [..]";
      case isa::OperandKind::Data:
        return "a register, an immediate or a vector";
      case isa::OperandKind::Label:
        return "a label";
      case isa::OperandKind::TexAddress:
        return "a texture address [tex, {..}]";
      case isa::OperandKind::CallTarget:
        return "a function or a register";
      case isa::OperandKind::ParamList:
        return "a parameter list";
      case isa::OperandKind::Any:
        return "an operand";
    }
    return "an operand";
  }

  bool form_allowed(const Operand& op, const OperandSlot& slot) const {
    using K = isa::OperandKind;
    const OperandKind k = op.kind;
    const bool scalar = k == OperandKind::Register || k == OperandKind::Sink;
    const bool imm = k == OperandKind::Immediate || k == OperandKind::FloatImmediate;
    if (k == OperandKind::PipePair) return (slot.flags & isa::kPipePairOk) != 0;
    switch (slot.kind) {
      case K::Reg:
      case K::Pred:
        return scalar || (!(slot.flags & isa::kDest) && (imm || k == OperandKind::SpecialRegister));
      case K::Imm:
        return imm;
      case K::RegOrImm:
        return scalar || imm || k == OperandKind::SpecialRegister || k == OperandKind::Symbol;
      case K::Address:
        return k == OperandKind::Address;
      case K::Data:
        return scalar || imm || k == OperandKind::Vector || k == OperandKind::SpecialRegister ||
               k == OperandKind::Symbol;
      case K::Label:
        return k == OperandKind::Label;
      case K::TexAddress:
        return k == OperandKind::TexAddress;
      case K::CallTarget:
        return k == OperandKind::Symbol || k == OperandKind::Register;
      case K::ParamList:
        return k == OperandKind::ParamList;
      case K::Any:
        return true;
    }
    return true;
  }

  void check_operands(const Instruction& inst, const OpcodeInfo& info) {
    const auto ops = fn_->operands(inst);
    const std::string_view mn = info.mnemonic;
    if (ops.size() < info.operands.min || ops.size() > info.operands.max) {
      const std::string want = info.operands.min == info.operands.max
                                   ? fmt::format("{}", info.operands.min)
                                   : fmt::format("{} to {}", info.operands.min, info.operands.max);
      error(inst, fmt::format("'{}' takes {} operand{}, found {}", mn, want,
                              info.operands.max == 1 ? "" : "s", ops.size()));
      return;
    }
    const bool relaxed = (info.flags & isa::kRelaxedTypes) != 0;
    for (std::size_t i = 0; i < ops.size(); ++i) {
      const Operand& op = ops[i];
      const OperandSlot slot = i < isa::kMaxOperandSlots ? info.operands.slots[i] : OperandSlot{};
      if (!form_allowed(op, slot)) {
        error_at(op.loc, fmt::format("operand {} of '{}' must be {}, not {}", i + 1, mn,
                                     slot_name(slot.kind), form_name(op.kind)));
        continue;
      }
      if (slot.kind == isa::OperandKind::Any) continue;
      const auto want = expected_type(inst, slot.type);
      switch (op.kind) {
        case OperandKind::Vector:
          if (inst.opcode == Opcode::Mov) {
            check_mov_pack(op, want);
          } else {
            // Elements of a vector have the element size exactly, except that 8-bit
            // elements (there are no 8-bit registers) live in wider registers.
            const bool widen = relaxed && want && isa::type_bits(*want) < 16;
            for (const Operand& e : fn_->children(op)) check_scalar(inst, e, slot, want, widen, i);
          }
          break;
        case OperandKind::PipePair: {
          const auto pair = fn_->children(op);
          check_scalar(inst, pair[0], slot, want, relaxed, i);
          if (pair[1].kind == OperandKind::Register &&
              fn_->register_type(pair[1].reg) != Type::Pred)
            error_at(pair[1].loc,
                     fmt::format("the second half of '{}' d|p must be a predicate", mn));
          break;
        }
        case OperandKind::Address:
          check_address(inst, op);
          break;
        default:
          check_scalar(inst, op, slot, want, relaxed, i);
          break;
      }
    }
    check_vector_width(inst, ops);
    if (inst.opcode == Opcode::Call) check_call(inst, ops);
    if (inst.opcode == Opcode::Bra && ops.size() == 1 && ops[0].kind == OperandKind::Label &&
        fn_->labels[ops[0].label].target_list != kNone) {
      error(
          inst,
          fmt::format("'bra' target '{}' is a .branchtargets list", fn_->labels[ops[0].label].name),
          "use 'brx.idx' to branch through a list");
    }
    if (inst.opcode == Opcode::BrxIdx && ops.size() == 2 && ops[1].kind == OperandKind::Label &&
        fn_->labels[ops[1].label].target_list == kNone) {
      error(inst, fmt::format("'brx.idx' needs a .branchtargets label, '{}' is a plain label",
                              fn_->labels[ops[1].label].name));
    }
  }

  // `mov.b64 %rd, {%r1, %r2}` packs (or unpacks) registers whose sizes add up to the type.
  void check_mov_pack(const Operand& vec, std::optional<Type> want) {
    if (!want) return;
    unsigned bits = 0;
    for (const Operand& e : fn_->children(vec)) {
      if (e.kind == OperandKind::Register) {
        bits += isa::type_bits(fn_->register_type(e.reg));
      } else {
        bits += isa::type_bits(*want) / std::max<uint32_t>(vec.child_count, 1);
      }
    }
    if (bits != isa::type_bits(*want))
      error_at(vec.loc,
               fmt::format("'mov{}' packs {} bits, but the vector elements hold {} bits",
                           dotted(*want), isa::type_bits(*want), bits),
               "the element registers' sizes must add up to the instruction type's size");
  }

  void check_vector_width(const Instruction& inst, std::span<const Operand> ops) {
    const bool vector_memory = inst.opcode == Opcode::Ld || inst.opcode == Opcode::Ldu ||
                               inst.opcode == Opcode::St || inst.opcode == Opcode::StAsync;
    if (!vector_memory) return;
    const bool store = inst.opcode == Opcode::St || inst.opcode == Opcode::StAsync;
    if (store && isa::canonical_space(inst.space()) == StateSpace::Const)
      error(inst, "state space .const is read-only; 'st' cannot write it");
    if (store && !ops.empty() && ops[0].kind == OperandKind::Address &&
        ops[0].symbol.kind == SymbolKind::Param && fn_->is_entry)
      error_at(
          ops[0].loc,
          fmt::format("kernel parameter '{}' is read-only", fn_->params[ops[0].symbol.index].name),
          "copy it to a register or a local variable first");
    const std::size_t data_index = inst.opcode == Opcode::Ld || inst.opcode == Opcode::Ldu ? 0 : 1;
    if (ops.size() <= data_index) return;
    const Operand& data = ops[data_index];
    const unsigned width = inst.vector_width();
    const std::string_view mn = isa::opcode_mnemonic(inst.opcode);
    if (const auto t = inst.type(0); t && width > 1) {
      const unsigned bits = width * isa::type_bits(*t);
      const bool wide_ok = mod_.sm >= 100 && bits <= 256;
      if (bits > 128 && !wide_ok)
        error(inst,
              fmt::format("'.v{}{}' is {} bits; a vector access is at most 128 bits{}", width,
                          dotted(*t), bits, mod_.sm >= 100 ? " (256 on sm_100+)" : ""),
              "split the access or use a narrower type");
    }
    if (width == 1 && data.kind == OperandKind::Vector) {
      error_at(data.loc,
               fmt::format("'{}' with a vector operand needs '.v{}'", mn, data.child_count),
               "add the vector width before the type, e.g. 'ld.global.v4.f32'");
    } else if (width > 1 && data.kind != OperandKind::Vector) {
      error_at(data.loc,
               fmt::format("'{}.v{}' needs a {{...}} vector of {} registers", mn, width, width));
    } else if (width > 1 && data.child_count != width) {
      error_at(data.loc, fmt::format("'{}.v{}' needs {} elements, the vector has {}", mn, width,
                                     width, data.child_count));
    }
  }

  const Variable* variable(const SymbolRef& s) const {
    switch (s.kind) {
      case SymbolKind::Global:
        return &mod_.globals[s.index];
      case SymbolKind::Local:
        return &fn_->locals[s.index];
      case SymbolKind::Param:
        return &fn_->params[s.index];
      case SymbolKind::Return:
        return &fn_->returns[s.index];
      default:
        return nullptr;
    }
  }

  void check_address(const Instruction& inst, const Operand& op) {
    if (op.reg != kNone) {
      const Type t = fn_->register_type(op.reg);
      const unsigned bits = isa::type_bits(t);
      if ((bits != 32 && bits != 64) || isa::is_float(t))
        error_at(op.loc,
                 fmt::format("type mismatch: address register '{}' is {}; addresses are 32- or "
                             "64-bit integers",
                             fn_->register_name(op.reg), dotted(t)));
      return;
    }
    if (!op.symbol.valid()) return;
    if (op.symbol.kind == SymbolKind::Function) {
      error_at(op.loc, "a function cannot be addressed as memory");
      return;
    }
    const Variable* v = variable(op.symbol);
    if (!v) return;
    const StateSpace want = isa::canonical_space(inst.space());
    if (want == StateSpace::Generic) return;
    StateSpace have = isa::canonical_space(v->space);
    if (have == StateSpace::Reg) return;
    if (want == StateSpace::SharedCluster && have == StateSpace::Shared) return;
    if (want != have) {
      error_at(op.loc,
               fmt::format("'{}' is a .{} variable, but '{}' accesses .{}", v->name,
                           isa::state_space_name(v->space), isa::opcode_mnemonic(inst.opcode),
                           isa::state_space_name(inst.space())),
               fmt::format("use '{}.{}'", isa::opcode_mnemonic(inst.opcode),
                           isa::state_space_name(v->space)));
    }
  }

  void check_call(const Instruction& inst, std::span<const Operand> ops) {
    std::size_t i = 0;
    const Operand* rets = nullptr;
    if (i < ops.size() && ops[i].kind == OperandKind::ParamList) rets = &ops[i++];
    if (i >= ops.size()) {
      error(inst, "'call' needs a target");
      return;
    }
    const Operand& target = ops[i++];
    const Operand* args = nullptr;
    if (i < ops.size() && ops[i].kind == OperandKind::ParamList) args = &ops[i++];
    const Operand* proto = i < ops.size() ? &ops[i++] : nullptr;
    if (i < ops.size()) {
      error(inst, "too many operands for 'call'", "call [(rets),] target [, (args)] [, prototype]");
      return;
    }
    for (const Operand* list : {rets, args}) {
      if (!list) continue;
      for (const Operand& e : fn_->children(*list)) {
        if (e.kind == OperandKind::Symbol && e.symbol.kind == SymbolKind::Function)
          error_at(e.loc, "a function cannot be passed as a call argument by name");
      }
    }
    if (target.kind == OperandKind::Symbol && target.symbol.kind == SymbolKind::Function) {
      const Function& callee = mod_.functions[target.symbol.index];
      if (callee.is_entry)
        error_at(target.loc,
                 fmt::format("'{}' is a kernel (.entry) and cannot be called", callee.name));
      const std::size_t nargs = args ? args->child_count : 0;
      if (nargs != callee.params.size())
        error_at(target.loc,
                 fmt::format("'{}' takes {} argument{}, the call passes {}", callee.name,
                             callee.params.size(), callee.params.size() == 1 ? "" : "s", nargs));
      if (rets && rets->child_count != callee.returns.size())
        error_at(target.loc, fmt::format("'{}' returns {} value{}, the call expects {}",
                                         callee.name, callee.returns.size(),
                                         callee.returns.size() == 1 ? "" : "s", rets->child_count));
      if (proto) error_at(proto->loc, "a direct call takes no prototype");
      return;
    }
    if (target.kind == OperandKind::Register) {
      if (!proto || proto->kind != OperandKind::Label) {
        error_at(target.loc, "an indirect call needs a .callprototype or .calltargets label");
        return;
      }
      const Label& l = fn_->labels[proto->label];
      if (l.prototype == kNone &&
          (l.target_list == kNone || !fn_->target_lists[l.target_list].calls))
        error_at(proto->loc,
                 fmt::format("'{}' is neither a .callprototype nor a .calltargets label", l.name));
      return;
    }
    error_at(target.loc, "the call target must be a function or a register");
  }

  const Module& mod_;
  Diagnostics& diags_;
  const Function* fn_ = nullptr;
};

}  // namespace

void check(const Module& module, Diagnostics& diags) {
  Checker(module, diags).run();
}

}  // namespace smsim::ptx
