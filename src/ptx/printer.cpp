#include "ptx/printer.h"

#include <fmt/format.h>

namespace smsim::ptx {
namespace {

std::string_view linkage_prefix(Linkage l) {
  switch (l) {
    case Linkage::None:
      return "";
    case Linkage::Visible:
      return ".visible ";
    case Linkage::Extern:
      return ".extern ";
    case Linkage::Weak:
      return ".weak ";
    case Linkage::Common:
      return ".common ";
  }
  return "";
}

std::string_view opaque_name(OpaqueKind k) {
  switch (k) {
    case OpaqueKind::Texref:
      return ".texref";
    case OpaqueKind::Samplerref:
      return ".samplerref";
    case OpaqueKind::Surfref:
      return ".surfref";
    case OpaqueKind::None:
      return "";
  }
  return "";
}

class Printer {
 public:
  explicit Printer(const Module& m) : mod_(m) { out_.reserve(1 << 16); }

  std::string run() {
    out_ += fmt::format(".version {}.{}\n", mod_.version_major, mod_.version_minor);
    if (!mod_.target.empty()) {
      out_ += ".target ";
      for (std::size_t i = 0; i < mod_.target.size(); ++i) {
        if (i) out_ += ", ";
        out_ += mod_.target[i];
      }
      out_ += '\n';
    }
    if (mod_.has_address_size) out_ += fmt::format(".address_size {}\n", mod_.address_size);
    for (const ModuleItem& item : mod_.items) {
      out_ += '\n';
      switch (item.kind) {
        case ModuleItemKind::Global:
          variable(mod_.globals[item.index], nullptr);
          out_ += ";\n";
          break;
        case ModuleItemKind::FunctionDecl:
          function(mod_.functions[item.index], false);
          break;
        case ModuleItemKind::Function:
          function(mod_.functions[item.index], true);
          break;
        case ModuleItemKind::File: {
          const FileEntry& f = mod_.files[item.index];
          out_ += fmt::format(".file {} \"{}\"", f.index, f.name);
          if (f.timestamp) out_ += fmt::format(", {}", *f.timestamp);
          if (f.size) out_ += fmt::format(", {}", *f.size);
          out_ += '\n';
          break;
        }
        case ModuleItemKind::Section: {
          const Section& s = mod_.sections[item.index];
          out_ += fmt::format(".section {}\n{{{}}}\n", s.name, s.body);
          break;
        }
        case ModuleItemKind::Dwarf:
          out_ += mod_.dwarf_lines[item.index];
          out_ += '\n';
          break;
        case ModuleItemKind::Alias: {
          const Alias& a = mod_.aliases[item.index];
          out_ += fmt::format(".alias {}, {};\n", a.alias, a.target);
          break;
        }
        case ModuleItemKind::Pragma:
          out_ += fmt::format(".pragma {};\n", mod_.pragmas[item.index]);
          break;
      }
    }
    return std::move(out_);
  }

 private:
  // A declaration without the trailing ';'.
  void variable(const Variable& v, const Function* fn) {
    out_ += linkage_prefix(v.linkage);
    out_ += '.';
    out_ += isa::state_space_name(v.space);
    if (v.managed) out_ += " .attribute(.managed)";
    if (v.is_ptr) {
      out_ += fmt::format(" .{}", isa::type_name(v.type));
      out_ += " .ptr";
      if (v.ptr_space != StateSpace::Generic)
        out_ += fmt::format(" .{}", isa::state_space_name(v.ptr_space));
      if (v.ptr_align) out_ += fmt::format(" .align {}", v.ptr_align);
      if (v.align) out_ += fmt::format(" .align {}", v.align);
    } else {
      if (v.align) out_ += fmt::format(" .align {}", v.align);
      if (v.vector > 1) out_ += fmt::format(" .v{}", v.vector);
      if (v.opaque != OpaqueKind::None) {
        out_ += ' ';
        out_ += opaque_name(v.opaque);
      } else {
        out_ += fmt::format(" .{}", isa::type_name(v.type));
      }
    }
    out_ += ' ';
    out_ += v.name;
    for (uint64_t d : v.dims) out_ += d ? fmt::format("[{}]", d) : std::string("[]");
    if (!v.raw_init.empty()) {
      out_ += " = ";
      out_ += v.raw_init;
    } else if (!v.init.empty()) {
      out_ += " = ";
      initializer(v.init, fn);
    }
  }

  void initializer(const std::vector<InitItem>& items, const Function*) {
    bool need_comma = false;
    for (const InitItem& it : items) {
      if (it.kind == InitKind::Close) {
        out_ += '}';
        need_comma = true;
        continue;
      }
      if (need_comma) out_ += ", ";
      need_comma = true;
      switch (it.kind) {
        case InitKind::Open:
          out_ += '{';
          need_comma = false;
          break;
        case InitKind::Integer:
          integer(it.bits, it.negative);
          break;
        case InitKind::Float:
          float_bits(it.bits, it.float_bits);
          break;
        case InitKind::Address: {
          const std::string& name =
              it.symbol_is_function ? mod_.functions[it.symbol].name : mod_.globals[it.symbol].name;
          out_ += it.generic ? fmt::format("generic({})", name) : name;
          if (it.offset > 0) out_ += fmt::format("+{}", it.offset);
          if (it.offset < 0) out_ += fmt::format("-{}", -static_cast<uint64_t>(it.offset));
          break;
        }
        case InitKind::Close:
          break;
      }
    }
  }

  void integer(uint64_t bits, bool negative) {
    if (negative) {
      out_ += fmt::format("-{}", ~bits + 1);
    } else if (bits > 0xFFFF) {
      out_ += fmt::format("0x{:X}", bits);
    } else {
      out_ += fmt::format("{}", bits);
    }
  }

  void float_bits(uint64_t bits, uint8_t width) {
    if (width == 32) {
      out_ += fmt::format("0f{:08X}", bits & 0xFFFFFFFFu);
    } else {
      out_ += fmt::format("0d{:016X}", bits);
    }
  }

  void param_list(const std::vector<Variable>& params) {
    out_ += "(";
    for (std::size_t i = 0; i < params.size(); ++i) {
      out_ += i ? ",\n\t" : "\n\t";
      variable(params[i], nullptr);
    }
    out_ += params.empty() ? ")" : "\n)";
  }

  void function(const Function& f, bool with_body) {
    out_ += linkage_prefix(f.linkage);
    out_ += f.is_entry ? ".entry " : ".func ";
    if (!f.returns.empty()) {
      inline_params(f.returns);
      out_ += ' ';
    }
    out_ += f.name;
    if (!f.params.empty() || f.is_entry) param_list(f.params);
    out_ += '\n';
    perf(f.perf);
    if (!f.has_body || !with_body) {
      out_ += ";\n";
      return;
    }
    fn_ = &f;
    out_ += "{\n";
    std::size_t depth = 1;
    for (const BodyItem& item : f.body) body_item(f, item, depth);
    out_ += "}\n";
  }

  void perf(const PerfDirectives& p) {
    const auto dims = [this](std::string_view name, const std::vector<uint32_t>& d) {
      if (d.empty()) return;
      out_ += name;
      for (std::size_t i = 0; i < d.size(); ++i) out_ += fmt::format("{}{}", i ? ", " : " ", d[i]);
      out_ += '\n';
    };
    dims(".maxntid", p.maxntid);
    dims(".reqntid", p.reqntid);
    dims(".reqnctapercluster", p.reqnctapercluster);
    if (p.minnctapersm) out_ += fmt::format(".minnctapersm {}\n", *p.minnctapersm);
    if (p.maxnctapersm) out_ += fmt::format(".maxnctapersm {}\n", *p.maxnctapersm);
    if (p.maxnreg) out_ += fmt::format(".maxnreg {}\n", *p.maxnreg);
    if (p.maxclusterrank) out_ += fmt::format(".maxclusterrank {}\n", *p.maxclusterrank);
    if (p.explicitcluster) out_ += ".explicitcluster\n";
    if (p.noreturn) out_ += ".noreturn\n";
    for (const std::string& s : p.pragmas) out_ += fmt::format(".pragma {};\n", s);
  }

  void indent(std::size_t depth) { out_.append(depth, '\t'); }

  void body_item(const Function& f, const BodyItem& item, std::size_t& depth) {
    switch (item.kind) {
      case BodyItemKind::Instruction:
        indent(depth);
        instruction(f, f.instructions[item.index]);
        break;
      case BodyItemKind::RegisterDecl: {
        const RegisterDecl& d = f.register_decls[item.index];
        indent(depth);
        out_ += ".reg ";
        if (d.vector > 1) out_ += fmt::format(".v{} ", d.vector);
        out_ += fmt::format(".{} {}", isa::type_name(d.type), d.name);
        if (d.count) out_ += fmt::format("<{}>", d.count);
        out_ += ";\n";
        break;
      }
      case BodyItemKind::Local:
        indent(depth);
        variable(f.locals[item.index], &f);
        out_ += ";\n";
        break;
      case BodyItemKind::Label:
        label(f, item.index);
        break;
      case BodyItemKind::BlockOpen:
        indent(depth++);
        out_ += "{\n";
        break;
      case BodyItemKind::BlockClose:
        indent(--depth);
        out_ += "}\n";
        break;
      case BodyItemKind::Pragma:
        indent(depth);
        out_ += fmt::format(".pragma {};\n", f.pragmas[item.index]);
        break;
      case BodyItemKind::Loc: {
        const DebugLoc& l = f.debug_locs[item.index];
        indent(depth);
        out_ += fmt::format(".loc {} {} {}{}\n", l.file, l.line, l.col, l.extra);
        break;
      }
    }
  }

  void label(const Function& f, uint32_t id) {
    const Label& l = f.labels[id];
    out_ += l.name;
    out_ += ':';
    if (l.target_list != kNone) {
      const TargetList& t = f.target_lists[l.target_list];
      out_ += t.calls ? " .calltargets " : " .branchtargets ";
      for (std::size_t i = 0; i < t.targets.size(); ++i) {
        if (i) out_ += ", ";
        out_ += t.calls ? mod_.functions[t.targets[i]].name : f.labels[t.targets[i]].name;
      }
      out_ += ';';
    } else if (l.prototype != kNone) {
      const Prototype& p = f.prototypes[l.prototype];
      out_ += " .callprototype ";
      if (!p.returns.empty()) {
        inline_params(p.returns);
        out_ += ' ';
      }
      out_ += '_';
      if (!p.params.empty()) {
        out_ += ' ';
        inline_params(p.params);
      }
      if (p.noreturn) out_ += " .noreturn";
      out_ += ';';
    }
    out_ += '\n';
  }

  void inline_params(const std::vector<Variable>& ps) {
    out_ += '(';
    for (std::size_t i = 0; i < ps.size(); ++i) {
      if (i) out_ += ", ";
      variable(ps[i], nullptr);
    }
    out_ += ')';
  }

  void instruction(const Function& f, const Instruction& inst) {
    if (inst.guard != kNone) {
      out_ += inst.guard_negated ? "@!" : "@";
      out_ += f.register_name(inst.guard);
      out_ += ' ';
    }
    out_ += isa::opcode_mnemonic(inst.opcode);
    for (const Suffix& s : inst.suffix_list()) {
      out_ += '.';
      switch (s.kind) {
        case SuffixKind::Modifier:
          out_ += isa::modifier_name(s.modifier());
          break;
        case SuffixKind::Type:
          out_ += isa::type_name(s.type());
          break;
        case SuffixKind::Shape:
          out_ += fmt::format("m{}n{}", inst.shape.m, inst.shape.n);
          if (inst.shape.k) out_ += fmt::format("k{}", inst.shape.k);
          break;
      }
    }
    const auto ops = f.operands(inst);
    for (std::size_t i = 0; i < ops.size(); ++i) {
      out_ += i ? ", " : " \t";
      operand(f, ops[i]);
    }
    out_ += ";\n";
  }

  std::string_view symbol_name(const Function& f, const SymbolRef& s) const {
    switch (s.kind) {
      case SymbolKind::Global:
        return mod_.globals[s.index].name;
      case SymbolKind::Local:
        return f.locals[s.index].name;
      case SymbolKind::Param:
        return f.params[s.index].name;
      case SymbolKind::Return:
        return f.returns[s.index].name;
      case SymbolKind::Function:
        return mod_.functions[s.index].name;
      case SymbolKind::None:
        break;
    }
    return "?";
  }

  void list(const Function& f, const Operand& op, char open, char close) {
    out_ += open;
    const auto kids = f.children(op);
    for (std::size_t i = 0; i < kids.size(); ++i) {
      if (i) out_ += ", ";
      operand(f, kids[i]);
    }
    out_ += close;
  }

  void operand(const Function& f, const Operand& op) {
    switch (op.kind) {
      case OperandKind::Register:
        if (op.negated) out_ += '!';
        out_ += f.register_name(op.reg);
        if (op.selector != VideoSelector::None) {
          static constexpr std::string_view kSel[] = {"", ".b0", ".b1", ".b2", ".b3", ".h0", ".h1"};
          out_ += kSel[static_cast<unsigned>(op.selector)];
        }
        break;
      case OperandKind::SpecialRegister: {
        char buf[48];
        const std::size_t n = isa::format_special_register(op.sreg, buf, sizeof buf);
        out_.append(buf, n);
        break;
      }
      case OperandKind::Immediate:
        integer(op.bits, op.negative);
        break;
      case OperandKind::FloatImmediate:
        float_bits(op.bits, op.float_bits);
        break;
      case OperandKind::Symbol:
        out_ += symbol_name(f, op.symbol);
        break;
      case OperandKind::Label:
        out_ += f.labels[op.label].name;
        break;
      case OperandKind::Address:
        out_ += '[';
        if (op.reg != kNone) {
          out_ += f.register_name(op.reg);
        } else if (op.symbol.valid()) {
          out_ += symbol_name(f, op.symbol);
        }
        if (op.reg == kNone && !op.symbol.valid()) {
          out_ += fmt::format("{}", op.offset);
        } else if (op.offset > 0) {
          out_ += fmt::format("+{}", op.offset);
        } else if (op.offset < 0) {
          out_ += fmt::format("+-{}", -static_cast<uint64_t>(op.offset));
        }
        out_ += ']';
        break;
      case OperandKind::Vector:
        list(f, op, '{', '}');
        break;
      case OperandKind::ParamList:
        list(f, op, '(', ')');
        break;
      case OperandKind::PipePair: {
        const auto kids = f.children(op);
        operand(f, kids[0]);
        out_ += '|';
        operand(f, kids[1]);
        break;
      }
      case OperandKind::TexAddress:
        list(f, op, '[', ']');
        break;
      case OperandKind::Sink:
        out_ += '_';
        break;
    }
  }

  const Module& mod_;
  const Function* fn_ = nullptr;
  std::string out_;
};

}  // namespace

std::string print(const Module& module) {
  return Printer(module).run();
}

}  // namespace smsim::ptx
