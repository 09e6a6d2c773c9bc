// Function bodies: declarations, labels, instructions and their operands.

#include <fmt/format.h>

#include <limits>

#include "ptx/parser_impl.h"

namespace smsim::ptx::detail {
namespace {

constexpr uint64_t kWarpSize = 32;

std::optional<Type> type_directive(std::string_view text) {
  if (text.size() < 2 || text[0] != '.') return std::nullopt;
  return isa::type_from_name(text.substr(1));
}

VideoSelector selector_from(std::string_view s) {
  if (s == "b0") return VideoSelector::B0;
  if (s == "b1") return VideoSelector::B1;
  if (s == "b2") return VideoSelector::B2;
  if (s == "b3") return VideoSelector::B3;
  if (s == "h0") return VideoSelector::H0;
  if (s == "h1") return VideoSelector::H1;
  return VideoSelector::None;
}

// `%r17` -> ("%r", 17); false when the name does not end in a plain number.
bool split_indexed(std::string_view name, std::string_view& base, uint32_t& index) {
  std::size_t i = name.size();
  while (i > 0 && is_digit(name[i - 1])) --i;
  const std::size_t digits = name.size() - i;
  if (digits == 0 || digits > 9 || i == 0) return false;
  if (digits > 1 && name[i] == '0') return false;  // `%r01` is not `%r1`
  uint32_t v = 0;
  for (std::size_t k = i; k < name.size(); ++k) v = v * 10 + static_cast<uint32_t>(name[k] - '0');
  base = name.substr(0, i);
  index = v;
  return true;
}

}  // namespace

// ------------------------------------------------------------------ scopes

Scope& Parser::push_scope() {
  if (scope_depth_ == scopes_.size()) scopes_.emplace_back();
  Scope& s = scopes_[scope_depth_++];
  s.clear();
  return s;
}

void Parser::pop_scope() {
  if (scope_depth_ > 0) --scope_depth_;
}

bool Parser::bind(std::string_view name, Binding b, SourceLoc loc) {
  Scope& s = scopes_[scope_depth_ - 1];
  // `%r2` collides with an earlier `%r<4>` of the same scope.
  std::string_view base;
  uint32_t index = 0;
  bool in_range = false;
  if (split_indexed(name, base, index)) {
    if (const auto it = s.ranges.find(base); it != s.ranges.end())
      in_range = index < current_fn_->register_decls[it->second].count;
  }
  if (in_range || s.ranges.contains(name) || !s.names.emplace(name, b).second) {
    error(loc, fmt::format("duplicate declaration of '{}' in this scope", name.substr(0, 60)));
    return false;
  }
  return true;
}

bool Parser::resolve_register(std::string_view name, RegId& out) {
  std::string_view base;
  uint32_t index = 0;
  const bool indexed = split_indexed(name, base, index);
  for (std::size_t d = scope_depth_; d-- > 0;) {
    const Scope& s = scopes_[d];
    if (const auto it = s.names.find(name); it != s.names.end()) {
      if (it->second.kind != BindingKind::Register) return false;
      out = it->second.id;
      return true;
    }
    if (!indexed || s.ranges.empty()) continue;
    if (const auto it = s.ranges.find(base); it != s.ranges.end()) {
      const RegisterDecl& decl = current_fn_->register_decls[it->second];
      if (index >= decl.count) return false;
      out = decl.first + index;
      return true;
    }
  }
  return false;
}

bool Parser::resolve_symbol(std::string_view name, SymbolRef& out) {
  for (std::size_t d = scope_depth_; d-- > 0;) {
    const auto it = scopes_[d].names.find(name);
    if (it == scopes_[d].names.end()) continue;
    switch (it->second.kind) {
      case BindingKind::Local:
        out = {SymbolKind::Local, it->second.id};
        return true;
      case BindingKind::Param:
        out = {SymbolKind::Param, it->second.id};
        return true;
      case BindingKind::Return:
        out = {SymbolKind::Return, it->second.id};
        return true;
      case BindingKind::Register:
        return false;
    }
  }
  const auto it = global_names_.find(name);
  if (it == global_names_.end()) return false;
  out = it->second;
  return true;
}

uint32_t Parser::label_id(Function& fn, std::string_view name, SourceLoc loc) {
  const auto [it, inserted] = label_names_.emplace(name, static_cast<uint32_t>(fn.labels.size()));
  if (inserted) {
    Label l;
    l.name = std::string(name);
    l.loc = loc;
    fn.labels.push_back(std::move(l));
  }
  return it->second;
}

// ------------------------------------------------------------------- body

void Parser::parse_body(Function& fn) {
  current_fn_ = &fn;
  label_names_.clear();
  current_debug_loc_ = kNone;
  scope_depth_ = 0;
  push_scope();
  for (uint32_t i = 0; i < fn.params.size(); ++i) {
    const Variable& p = fn.params[i];
    if (p.space == StateSpace::Reg) {
      RegisterDecl decl{p.name, p.type, p.vector, 0, static_cast<RegId>(fn.registers.size()),
                        p.loc};
      fn.registers.push_back({p.type, static_cast<uint32_t>(fn.register_decls.size()), kNone});
      if (bind(fn.params[i].name, {BindingKind::Register, decl.first}, p.loc))
        fn.register_decls.push_back(std::move(decl));
    } else {
      bind(fn.params[i].name, {BindingKind::Param, i}, p.loc);
    }
  }
  for (uint32_t i = 0; i < fn.returns.size(); ++i) {
    const Variable& r = fn.returns[i];
    if (r.space == StateSpace::Reg) {
      RegisterDecl decl{r.name, r.type, r.vector, 0, static_cast<RegId>(fn.registers.size()),
                        r.loc};
      fn.registers.push_back({r.type, static_cast<uint32_t>(fn.register_decls.size()), kNone});
      if (bind(fn.returns[i].name, {BindingKind::Register, decl.first}, r.loc))
        fn.register_decls.push_back(std::move(decl));
    } else {
      bind(fn.returns[i].name, {BindingKind::Return, i}, r.loc);
    }
  }
  const SourceLoc open = tok_.loc;
  // Typical nvcc output spends ~30 bytes per instruction and ~10 per operand.
  const std::size_t body_bytes = lex_.bytes_to_block_end();
  fn.instructions.reserve(body_bytes / kBytesPerInstructionEstimate);
  fn.body.reserve(body_bytes / kBytesPerInstructionEstimate);
  fn.operand_pool.reserve(body_bytes / kBytesPerOperandEstimate);
  advance();  // `{`
  std::size_t depth = 1;
  std::size_t flattened = 0;  // `{` beyond kMaxBlockDepth, treated as no scope
  while (depth > 0) {
    if (failed_too_often()) return;
    switch (tok_.kind) {
      case TokenKind::RBrace:
        advance();
        if (flattened > 0) {
          --flattened;
          break;
        }
        if (--depth > 0) {
          pop_scope();
          fn.body.push_back({BodyItemKind::BlockClose, 0});
        }
        break;
      case TokenKind::LBrace:
        if (depth >= kMaxBlockDepth) {
          if (flattened == 0)
            error(tok_.loc, fmt::format("blocks nested deeper than {} levels", kMaxBlockDepth));
          ++flattened;
          advance();
          break;
        }
        push_scope();
        fn.body.push_back({BodyItemKind::BlockOpen, 0});
        ++depth;
        advance();
        break;
      case TokenKind::Directive:
        body_directive(fn);
        break;
      case TokenKind::Identifier:
        if (peek().kind == TokenKind::Colon) {
          parse_label_statement(fn);
        } else {
          parse_instruction(fn);
        }
        break;
      case TokenKind::At:
        parse_instruction(fn);
        break;
      case TokenKind::Semicolon:
        advance();
        break;
      case TokenKind::End:
        error(
            tok_.loc,
            fmt::format(
                "unexpected end of file: body of '{}' (opened at line {}) is not closed with '}}'",
                fn.name, open.line));
        depth = 0;
        break;
      default:
        error(tok_.loc, fmt::format("expected an instruction, declaration or label, found '{}'",
                                    tok_.text.substr(0, 40)));
        advance();
        sync_statement();
        break;
    }
  }
  scope_depth_ = 0;
  finish_function(fn);
  current_fn_ = nullptr;
}

void Parser::finish_function(Function& fn) {
  // Undefined entries of a jump table are reported at the brx.idx that uses it.
  std::vector<bool> reported(fn.labels.size(), false);
  for (const Instruction& inst : fn.instructions) {
    if (inst.opcode != Opcode::BrxIdx || inst.operand_count != 2) continue;
    const Operand& table = fn.operand_pool[inst.first_operand + 1];
    if (table.kind != OperandKind::Label || fn.labels[table.label].target_list == kNone) continue;
    for (uint32_t target : fn.target_lists[fn.labels[table.label].target_list].targets) {
      if (fn.labels[target].defined || reported[target]) continue;
      reported[target] = true;
      error(inst.loc, fmt::format("undefined label '{}' in the .branchtargets of '{}'",
                                  fn.labels[target].name, fn.labels[table.label].name));
    }
  }
  for (std::size_t i = 0; i < fn.labels.size(); ++i) {
    const Label& l = fn.labels[i];
    if (!l.defined && !reported[i])
      error(l.loc, fmt::format("undefined label '{}' in '{}'", l.name, fn.name));
  }
}

void Parser::body_directive(Function& fn) {
  const std::string_view d = tok_.text;
  if (d == ".reg") return parse_reg_decl(fn);
  if (d == ".loc") return parse_loc(fn);
  if (d == ".pragma") {
    advance();
    if (tok_.kind != TokenKind::String) {
      expect(TokenKind::String, "a quoted pragma");
      return sync_statement();
    }
    fn.body.push_back({BodyItemKind::Pragma, static_cast<uint32_t>(fn.pragmas.size())});
    fn.pragmas.emplace_back(tok_.text);
    advance();
    expect(TokenKind::Semicolon, "';'");
    return;
  }
  const auto space = isa::state_space_from_name(d.substr(1));
  if (space &&
      (*space == StateSpace::Local || *space == StateSpace::Shared || *space == StateSpace::Param ||
       *space == StateSpace::Const || *space == StateSpace::Global)) {
    return parse_local_decl(fn, *space);
  }
  if (d == ".version" || d == ".target" || d == ".address_size" || d == ".entry" || d == ".func" ||
      d == ".file" || d == ".section" || d == ".visible" || d == ".extern" || d == ".weak") {
    error(tok_.loc, fmt::format("directive '{}' is only allowed at module scope", d.substr(0, 40)));
  } else {
    error(tok_.loc, fmt::format("unknown directive '{}' in a function body", d.substr(0, 40)));
  }
  advance();
  sync_statement();
}

void Parser::parse_reg_decl(Function& fn) {
  advance();
  uint8_t vector = 1;
  if (tok_.kind == TokenKind::Directive &&
      (tok_.text == ".v2" || tok_.text == ".v4" || tok_.text == ".v8")) {
    vector = static_cast<uint8_t>(tok_.text[2] - '0');
    advance();
  }
  const auto type = tok_.kind == TokenKind::Directive ? type_directive(tok_.text) : std::nullopt;
  if (!type) {
    error(tok_.loc, fmt::format("expected a register type, found '{}'", tok_.text.substr(0, 40)),
          "e.g. '.reg .b32 %r<10>;'");
    return sync_statement();
  }
  advance();
  do {
    if (tok_.kind != TokenKind::Identifier) {
      expect(TokenKind::Identifier, "a register name");
      return sync_statement();
    }
    const Token name = tok_;
    advance();
    uint32_t count = 0;
    if (tok_.kind == TokenKind::Less) {
      advance();
      const SourceLoc at = tok_.loc;
      if (!parse_uint32_token(count, "a register count")) return sync_statement();
      if (!expect(TokenKind::Greater, "'>'")) return sync_statement();
      if (count == 0) diags_.warning(at, "register range '<0>' declares no register");
    }
    const uint64_t total = fn.registers.size() + std::max<uint32_t>(count, 1);
    if (total > kMaxRegistersPerFunction) {
      error(name.loc, fmt::format("function '{}' declares more than {} registers", fn.name,
                                  kMaxRegistersPerFunction));
      return sync_statement();
    }
    RegisterDecl decl{std::string(name.text),
                      *type,
                      vector,
                      count,
                      static_cast<RegId>(fn.registers.size()),
                      name.loc};
    const uint32_t decl_index = static_cast<uint32_t>(fn.register_decls.size());
    if (count == 0) {
      if (!bind(name.text, {BindingKind::Register, decl.first}, name.loc)) continue;
      fn.registers.push_back({*type, decl_index, kNone});
    } else {
      Scope& s = scopes_[scope_depth_ - 1];
      if (s.names.contains(name.text) || !s.ranges.emplace(name.text, decl_index).second) {
        error(name.loc,
              fmt::format("'{}' is already declared in this scope", name.text.substr(0, 60)));
        continue;
      }
      for (uint32_t i = 0; i < count; ++i) fn.registers.push_back({*type, decl_index, i});
    }
    fn.body.push_back({BodyItemKind::RegisterDecl, decl_index});
    fn.register_decls.push_back(std::move(decl));
  } while (accept(TokenKind::Comma));
  expect(TokenKind::Semicolon, "';' after the register declaration");
}

void Parser::parse_local_decl(Function& fn, StateSpace space) {
  advance();
  Variable proto;
  proto.space = space;
  if (!parse_declarator_attrs(proto)) return sync_statement();
  do {
    Variable v = proto;
    const Token name = tok_;
    if (!parse_declarator_name(v, true)) return sync_statement();
    const uint32_t index = static_cast<uint32_t>(fn.locals.size());
    if (!bind(name.text, {BindingKind::Local, index}, name.loc)) continue;
    fn.body.push_back({BodyItemKind::Local, index});
    fn.locals.push_back(std::move(v));
  } while (accept(TokenKind::Comma));
  expect(TokenKind::Semicolon, "';' after the declaration");
}

void Parser::parse_loc(Function& fn) {
  const uint32_t line = tok_.loc.line;
  advance();
  DebugLoc loc;
  if (!parse_uint32_token(loc.file, "a file number") ||
      !parse_uint32_token(loc.line, "a line number") ||
      !parse_uint32_token(loc.col, "a column number")) {
    return sync_statement();
  }
  // `, function_name $L__info_string0, inlined_at 1 19 3`: kept as text.
  std::size_t guard = 0;
  while (tok_.kind == TokenKind::Comma && tok_.loc.line == line && guard++ < 64) {
    loc.extra += ",";
    advance();
    while (tok_.loc.line == line && tok_.kind != TokenKind::Comma && tok_.kind != TokenKind::End &&
           tok_.kind != TokenKind::Semicolon && tok_.kind != TokenKind::RBrace &&
           tok_.kind != TokenKind::LBrace && guard++ < 64) {
      loc.extra += ' ';
      loc.extra += tok_.text;
      advance();
    }
  }
  current_debug_loc_ = static_cast<uint32_t>(fn.debug_locs.size());
  fn.body.push_back({BodyItemKind::Loc, current_debug_loc_});
  fn.debug_locs.push_back(std::move(loc));
}

void Parser::parse_label_statement(Function& fn) {
  const Token name = tok_;
  advance();  // name
  advance();  // ':'
  const uint32_t id = label_id(fn, name.text, name.loc);
  Label& l = fn.labels[id];
  if (l.defined) {
    error(name.loc, fmt::format("label '{}' is defined twice", name.text.substr(0, 60)));
  } else {
    l.defined = true;
    l.loc = name.loc;
    l.target = static_cast<uint32_t>(fn.instructions.size());
  }
  fn.body.push_back({BodyItemKind::Label, id});
  if (tok_.kind != TokenKind::Directive) return;
  if (tok_.text == ".branchtargets") return parse_target_list(fn, id, false);
  if (tok_.text == ".calltargets") return parse_target_list(fn, id, true);
  if (tok_.text == ".callprototype") return parse_prototype(fn, id);
}

void Parser::parse_target_list(Function& fn, uint32_t label, bool calls) {
  advance();
  TargetList list;
  list.calls = calls;
  do {
    if (tok_.kind != TokenKind::Identifier) {
      expect(TokenKind::Identifier, calls ? "a function name" : "a label");
      return sync_statement();
    }
    if (calls) {
      SymbolRef s;
      if (!resolve_symbol(tok_.text, s) || s.kind != SymbolKind::Function) {
        error(tok_.loc, fmt::format("'{}' in .calltargets is not a declared function",
                                    tok_.text.substr(0, 60)));
      } else {
        list.targets.push_back(s.index);
      }
    } else {
      list.targets.push_back(label_id(fn, tok_.text, tok_.loc));
    }
    advance();
  } while (accept(TokenKind::Comma));
  fn.labels[label].target_list = static_cast<uint32_t>(fn.target_lists.size());
  fn.target_lists.push_back(std::move(list));
  expect(TokenKind::Semicolon, "';'");
}

void Parser::parse_prototype(Function& fn, uint32_t label) {
  advance();
  Prototype proto;
  if (tok_.kind == TokenKind::LParen && !parse_param_list(proto.returns, true))
    return sync_statement();
  if (tok_.kind != TokenKind::Identifier || tok_.text != "_") {
    expect(TokenKind::Identifier, "'_' in .callprototype");
    return sync_statement();
  }
  advance();
  if (tok_.kind == TokenKind::LParen && !parse_param_list(proto.params, true))
    return sync_statement();
  if (tok_.kind == TokenKind::Directive && tok_.text == ".noreturn") {
    proto.noreturn = true;
    advance();
  }
  fn.labels[label].prototype = static_cast<uint32_t>(fn.prototypes.size());
  fn.prototypes.push_back(std::move(proto));
  expect(TokenKind::Semicolon, "';'");
}

// ------------------------------------------------------------ instructions

void Parser::parse_instruction(Function& fn) {
  Instruction inst;
  inst.loc = tok_.loc;
  if (tok_.kind == TokenKind::At) {
    advance();
    inst.guard_negated = accept(TokenKind::Bang);
    if (tok_.kind != TokenKind::Identifier) {
      expect(TokenKind::Identifier, "a predicate register after '@'");
      return sync_statement();
    }
    if (!resolve_register(tok_.text, inst.guard)) {
      error(tok_.loc,
            fmt::format("undeclared register '{}' used as a guard", tok_.text.substr(0, 60)),
            "declare it with '.reg .pred'");
      return sync_statement();
    }
    advance();
  }
  const bool guarded = inst.guard != kNone;
  if (tok_.kind != TokenKind::Identifier || (guarded && peek().kind == TokenKind::Colon)) {
    if (guarded) {
      error(tok_.loc,
            fmt::format("a guard must be followed by an instruction, found '{}'",
                        tok_.text.substr(0, 40)),
            "one '@p' per instruction; labels and declarations cannot be guarded");
    } else {
      error(tok_.loc, fmt::format("expected an instruction, found '{}'", tok_.text.substr(0, 40)));
    }
    return sync_statement();
  }
  const Token mnemonic = tok_;
  auto cached = mnemonic_cache_.find(mnemonic.text);
  if (cached == mnemonic_cache_.end()) {
    DecodedMnemonic decoded;
    MnemonicError err;
    if (!decode_mnemonic(mnemonic.text, decoded, err)) {
      error({mnemonic.loc.line, mnemonic.loc.col + static_cast<uint32_t>(err.column)},
            std::move(err.message), std::move(err.hint));
      return sync_statement();
    }
    cached = mnemonic_cache_.emplace(mnemonic.text, decoded).first;
  }
  const DecodedMnemonic& d = cached->second;
  inst.opcode = d.opcode;
  inst.suffix_count = d.suffix_count;
  inst.suffixes = d.suffixes;
  inst.shape = d.shape;
  inst.debug_loc = current_debug_loc_;
  advance();

  // Top-level operands gather in a reused buffer so they land contiguously in the
  // pool after the children that nested operands append.
  std::vector<Operand>& ops = scratch_;
  ops.clear();
  std::size_t count = 0;
  bool call_target_seen = false;
  if (tok_.kind != TokenKind::Semicolon) {
    do {
      if (count == kMaxOperands) {
        error(tok_.loc, fmt::format("more than {} operands", kMaxOperands));
        return sync_statement();
      }
      const bool label_context =
          (inst.opcode == Opcode::Bra && count == 0) ||
          (inst.opcode == Opcode::BrxIdx && count == 1) ||
          (inst.opcode == Opcode::Call && call_target_seen && tok_.kind == TokenKind::Identifier);
      Operand& op = ops.emplace_back();
      call_target_context_ = inst.opcode == Opcode::Call && !call_target_seen;
      param_list_context_ = inst.opcode == Opcode::Call;
      const bool parsed = parse_operand(fn, op, label_context);
      call_target_context_ = false;
      param_list_context_ = false;
      if (!parsed) return sync_statement();
      // Jump tables and call prototypes must be declared before the instruction that uses them.
      if (op.kind == OperandKind::Label && inst.opcode != Opcode::Bra &&
          !fn.labels[op.label].defined) {
        error(
            op.loc,
            fmt::format("undefined label '{}': a {} must be declared before the '{}' that uses it",
                        fn.labels[op.label].name,
                        inst.opcode == Opcode::BrxIdx ? ".branchtargets list" : ".callprototype",
                        isa::opcode_mnemonic(inst.opcode)));
        return sync_statement();
      }
      if (inst.opcode == Opcode::Call && op.kind != OperandKind::ParamList) call_target_seen = true;
      ++count;
    } while (accept(TokenKind::Comma));
  }
  if (!expect(TokenKind::Semicolon, "',' or ';' after an operand")) return sync_statement();
  inst.first_operand = static_cast<uint32_t>(fn.operand_pool.size());
  inst.operand_count = static_cast<uint32_t>(count);
  fn.operand_pool.insert(fn.operand_pool.end(), ops.begin(), ops.end());
  fn.body.push_back({BodyItemKind::Instruction, static_cast<uint32_t>(fn.instructions.size())});
  fn.instructions.push_back(inst);
}

bool Parser::parse_operand(Function& fn, Operand& op, bool label_context) {
  op.loc = tok_.loc;
  switch (tok_.kind) {
    case TokenKind::LBrace:
      return parse_list(fn, op, TokenKind::RBrace, OperandKind::Vector);
    case TokenKind::LParen:
      if (!param_list_context_) return parse_constant_expression(op);
      return parse_list(fn, op, TokenKind::RParen, OperandKind::ParamList);
    case TokenKind::LBracket:
      return parse_address(fn, op);
    case TokenKind::Operator:
      if (tok_.text != "~") {
        error(tok_.loc,
              fmt::format("invalid operand '{}': an operator cannot start an operand", tok_.text),
              "operands are registers, numbers, symbols, addresses or constant expressions");
        return false;
      }
      return parse_constant_expression(op);
    case TokenKind::Integer:
    case TokenKind::Minus: {
      // A number followed by a binary operator starts a constant expression.
      const Token& next = peek();
      const bool number_first = tok_.kind == TokenKind::Integer;
      const bool conditional = next.kind == TokenKind::Operator && next.text == "?";
      if ((number_first && (binary_precedence(next) != 0 || conditional)) ||
          (!number_first && (next.kind == TokenKind::LParen || next.kind == TokenKind::Operator))) {
        return parse_constant_expression(op);
      }
      break;
    }
    default:
      break;
  }
  if (!parse_simple_operand(fn, op, label_context)) return false;
  if (tok_.kind != TokenKind::Pipe) return true;
  advance();
  Operand second;
  second.loc = tok_.loc;
  if (!parse_simple_operand(fn, second, false)) return false;
  Operand first = op;
  op = Operand{};
  op.kind = OperandKind::PipePair;
  op.loc = first.loc;
  op.first_child = static_cast<uint32_t>(fn.operand_pool.size());
  op.child_count = 2;
  fn.operand_pool.push_back(first);
  fn.operand_pool.push_back(second);
  return true;
}

bool Parser::parse_simple_operand(Function& fn, Operand& op, bool label_context) {
  op.loc = tok_.loc;
  bool negative = false;
  if (tok_.kind == TokenKind::Bang) {
    advance();
    if (tok_.kind != TokenKind::Identifier) {
      expect(TokenKind::Identifier, "a predicate after '!'");
      return false;
    }
    if (!resolve_identifier(fn, tok_, op)) return false;
    if (op.kind != OperandKind::Register) {
      error(op.loc, "'!' applies only to predicate registers");
      return false;
    }
    op.negated = true;
    advance();
    return true;
  }
  if (tok_.kind == TokenKind::Minus) {
    negative = true;
    advance();
    if (tok_.kind != TokenKind::Integer && tok_.kind != TokenKind::Float) {
      error(tok_.loc, "expected a number after '-'", "negated register operands are not supported");
      return false;
    }
  }
  const Token t = tok_;
  switch (t.kind) {
    case TokenKind::Integer: {
      advance();
      uint64_t v = 0;
      if (!parse_u64(t, v)) return false;
      op.kind = OperandKind::Immediate;
      op.negative = negative;
      op.bits = negative ? ~v + 1 : v;
      return true;
    }
    case TokenKind::Float:
      advance();
      op.kind = OperandKind::FloatImmediate;
      return parse_float(t, negative, op.bits, op.float_bits);
    case TokenKind::Identifier:
      advance();
      if (label_context) {
        op.kind = OperandKind::Label;
        op.label = label_id(fn, t.text, t.loc);
        return true;
      }
      return resolve_identifier(fn, t, op);
    default: {
      const std::string found = t.kind == TokenKind::End
                                    ? std::string("end of input")
                                    : fmt::format("'{}'", t.text.substr(0, 40));
      error(t.loc, fmt::format("expected an operand, found {}", found));
      return false;
    }
  }
}

bool Parser::resolve_identifier(Function& fn, const Token& t, Operand& op) {
  const std::string_view name = t.text;
  if (name == "_") {
    op.kind = OperandKind::Sink;
    return true;
  }
  // WARP_SZ is PTX's predefined constant for the number of threads in a warp.
  if (name == "WARP_SZ") {
    op.kind = OperandKind::Immediate;
    op.bits = kWarpSize;
    return true;
  }
  if (resolve_register(name, op.reg)) {
    op.kind = OperandKind::Register;
    return true;
  }
  if (name[0] == '%') {
    if (const auto sreg = isa::special_register_from_name(name)) {
      op.kind = OperandKind::SpecialRegister;
      op.sreg = *sreg;
      return true;
    }
  }
  if (resolve_symbol(name, op.symbol)) {
    op.kind = OperandKind::Symbol;
    return true;
  }
  if (const auto dot = name.rfind('.'); dot != std::string_view::npos) {
    const VideoSelector sel = selector_from(name.substr(dot + 1));
    if (sel != VideoSelector::None && resolve_register(name.substr(0, dot), op.reg)) {
      op.kind = OperandKind::Register;
      op.selector = sel;
      return true;
    }
  }
  std::string hint;
  std::string_view base;
  uint32_t index = 0;
  if (split_indexed(name, base, index)) {
    for (std::size_t d = scope_depth_; d-- > 0;) {
      if (const auto it = scopes_[d].ranges.find(base); it != scopes_[d].ranges.end()) {
        hint =
            fmt::format("'{}<{}>' declares {}0 .. {}{}", base, fn.register_decls[it->second].count,
                        base, base, fn.register_decls[it->second].count - 1);
        break;
      }
    }
  }
  if (name[0] == '%' || !hint.empty()) {
    if (hint.empty()) hint = "declare registers with '.reg', e.g. '.reg .b32 %r<4>;'";
    error(t.loc, fmt::format("undeclared register '{}'", name.substr(0, 60)), std::move(hint));
  } else if (call_target_context_) {
    error(t.loc, fmt::format("undefined function '{}'", name.substr(0, 60)),
          "declare it before the call, e.g. '.extern .func f(.param .b32 a);'");
  } else {
    error(t.loc, fmt::format("undefined symbol '{}'", name.substr(0, 60)));
  }
  return false;
}

bool Parser::parse_list(Function& fn, Operand& op, TokenKind close, OperandKind kind) {
  advance();                                    // the opening bracket
  std::vector<Operand>& elems = list_scratch_;  // lists never nest, so one buffer serves
  elems.clear();
  std::size_t n = 0;
  if (tok_.kind != close) {
    do {
      const bool operand_start = tok_.kind == TokenKind::Identifier ||
                                 tok_.kind == TokenKind::Integer || tok_.kind == TokenKind::Float ||
                                 tok_.kind == TokenKind::Minus || tok_.kind == TokenKind::Bang;
      if (tok_.kind == TokenKind::LParen || tok_.kind == TokenKind::LBrace) {
        error(tok_.loc,
              fmt::format("'{}' nested deeper than PTX allows: lists and vectors do not nest",
                          tok_.text));
        return false;
      }
      if (!operand_start && tok_.kind != TokenKind::End) {
        error(tok_.loc,
              fmt::format("unclosed '{}': expected an operand or '{}', found '{}'",
                          close == TokenKind::RBrace ? '{' : '(',
                          close == TokenKind::RBrace ? '}' : ')', tok_.text.substr(0, 40)));
        return false;
      }
      if (n == kMaxListElements) {
        error(tok_.loc, fmt::format("more than {} elements in a list", kMaxListElements));
        return false;
      }
      if (!parse_simple_operand(fn, elems.emplace_back(), false)) return false;
      ++n;
    } while (accept(TokenKind::Comma));
  }
  if (!expect(close, close == TokenKind::RBrace ? "'}'" : "')'")) return false;
  op.kind = kind;
  op.first_child = static_cast<uint32_t>(fn.operand_pool.size());
  op.child_count = static_cast<uint32_t>(n);
  fn.operand_pool.insert(fn.operand_pool.end(), elems.begin(), elems.end());
  return true;
}

bool Parser::parse_address(Function& fn, Operand& op) {
  advance();  // `[`
  op.kind = OperandKind::Address;
  if (tok_.kind == TokenKind::Identifier && peek().kind == TokenKind::Comma) {
    // `[tex, {x, y}]`, `[tex, sampler, {x, y}]`, `[tensormap, {c0, c1}]`
    std::array<Operand, 3> parts;
    std::size_t n = 0;
    while (true) {
      if (n == parts.size()) {
        error(tok_.loc, "too many parts in a texture address");
        return false;
      }
      Operand& part = parts[n++];
      part.loc = tok_.loc;
      if (tok_.kind == TokenKind::LBrace) {
        if (!parse_list(fn, part, TokenKind::RBrace, OperandKind::Vector)) return false;
        break;
      }
      if (!parse_simple_operand(fn, part, false)) return false;
      if (!accept(TokenKind::Comma)) break;
    }
    if (!expect(TokenKind::RBracket, "']'")) return false;
    op.kind = OperandKind::TexAddress;
    op.first_child = static_cast<uint32_t>(fn.operand_pool.size());
    op.child_count = static_cast<uint32_t>(n);
    fn.operand_pool.insert(fn.operand_pool.end(), parts.begin(),
                           parts.begin() + static_cast<std::ptrdiff_t>(n));
    return true;
  }
  bool have_base = false;
  if (tok_.kind == TokenKind::Identifier) {
    const Token t = tok_;
    advance();
    Operand base;
    if (!resolve_identifier(fn, t, base)) return false;
    if (base.kind == OperandKind::Register) {
      op.reg = base.reg;
    } else if (base.kind == OperandKind::Symbol) {
      op.symbol = base.symbol;
    } else {
      error(t.loc, fmt::format("'{}' cannot be an address base", t.text.substr(0, 60)),
            "an address is [register], [variable] or [immediate], with an optional +offset");
      return false;
    }
    have_base = true;
  }
  // Offsets: `+4`, `+-4`, `-4`, or a lone absolute address.
  int64_t offset = 0;
  bool need_term = !have_base;
  while (need_term || tok_.kind == TokenKind::Plus || tok_.kind == TokenKind::Minus) {
    bool negative = false;
    if (!need_term || tok_.kind == TokenKind::Minus) {
      negative = tok_.kind == TokenKind::Minus;
      if (tok_.kind == TokenKind::Plus || tok_.kind == TokenKind::Minus) advance();
      if (tok_.kind == TokenKind::Minus) {
        negative = !negative;
        advance();
      }
    }
    need_term = false;
    const Token t = tok_;
    if (t.kind != TokenKind::Integer) {
      error(t.loc, fmt::format("expected an integer offset, found '{}'", t.text.substr(0, 40)),
            "an address is [register], [variable] or [immediate], with an optional +offset");
      return false;
    }
    advance();
    uint64_t v = 0;
    if (!parse_u64(t, v)) return false;
    const int64_t term = static_cast<int64_t>(v);
    if (__builtin_add_overflow(offset, negative ? -term : term, &offset)) {
      error(t.loc, "address offset overflows 64 bits");
      return false;
    }
  }
  op.offset = offset;
  return expect(TokenKind::RBracket, "']' to close the address");
}

}  // namespace smsim::ptx::detail

namespace smsim::ptx::detail {

namespace {
// Parentheses and unary operators nest at most this deep in one expression.
constexpr int kMaxExpressionDepth = 64;
}  // namespace

bool Parser::parse_constant_expression(Operand& op) {
  const SourceLoc start = tok_.loc;
  int64_t value = 0;
  if (!parse_expr_conditional(0, value)) return false;
  op.kind = OperandKind::Immediate;
  op.loc = start;
  op.negative = value < 0;
  op.bits = static_cast<uint64_t>(value);
  return true;
}

bool Parser::parse_expr_conditional(int depth, int64_t& value) {
  if (!parse_expr_binary(1, depth, value)) return false;
  if (tok_.kind != TokenKind::Operator || tok_.text != "?") return true;
  advance();
  int64_t if_true = 0;
  int64_t if_false = 0;
  if (!parse_expr_conditional(depth + 1, if_true)) return false;
  if (!expect(TokenKind::Colon, "':' of a conditional expression")) return false;
  if (!parse_expr_conditional(depth + 1, if_false)) return false;
  value = value != 0 ? if_true : if_false;
  return true;
}

// C precedence of the binary operators PTX constant expressions allow; 0 when
// the token is not one.
int Parser::binary_precedence(const Token& tok) {
  switch (tok.kind) {
    case TokenKind::Pipe:
      return 3;
    case TokenKind::Less:
    case TokenKind::Greater:
      return 7;
    case TokenKind::Plus:
    case TokenKind::Minus:
      return 9;
    case TokenKind::Operator: {
      const std::string_view t = tok.text;
      if (t == "||") return 1;
      if (t == "&&") return 2;
      if (t == "^") return 4;
      if (t == "&") return 5;
      if (t == "==" || t == "!=") return 6;
      if (t == "<=" || t == ">=") return 7;
      if (t == "<<" || t == ">>") return 8;
      if (t == "*" || t == "/" || t == "%") return 10;
      return 0;
    }
    default:
      return 0;
  }
}

bool Parser::parse_expr_binary(int min_precedence, int depth, int64_t& value) {
  if (!parse_expr_unary(depth, value)) return false;
  for (int prec = binary_precedence(tok_); prec != 0 && prec >= min_precedence;
       prec = binary_precedence(tok_)) {
    const Token op = tok_;
    advance();
    int64_t rhs = 0;
    if (!parse_expr_binary(prec + 1, depth, rhs)) return false;
    const auto a = static_cast<uint64_t>(value);
    const auto b = static_cast<uint64_t>(rhs);
    const std::string_view t = op.text;
    if (t == "|") {
      value = static_cast<int64_t>(a | b);
    } else if (t == "+") {
      value = static_cast<int64_t>(a + b);
    } else if (t == "-") {
      value = static_cast<int64_t>(a - b);
    } else if (t == "*") {
      value = static_cast<int64_t>(a * b);
    } else if (t == "^") {
      value = static_cast<int64_t>(a ^ b);
    } else if (t == "&") {
      value = static_cast<int64_t>(a & b);
    } else if (t == "<<") {
      value = b >= 64 ? 0 : static_cast<int64_t>(a << b);
    } else if (t == ">>") {
      value = b >= 64 ? (value < 0 ? -1 : 0) : (value >> b);
    } else if (t == "||") {
      value = (value != 0 || rhs != 0) ? 1 : 0;
    } else if (t == "&&") {
      value = (value != 0 && rhs != 0) ? 1 : 0;
    } else if (t == "==") {
      value = value == rhs ? 1 : 0;
    } else if (t == "!=") {
      value = value != rhs ? 1 : 0;
    } else if (t == "<") {
      value = value < rhs ? 1 : 0;
    } else if (t == ">") {
      value = value > rhs ? 1 : 0;
    } else if (t == "<=") {
      value = value <= rhs ? 1 : 0;
    } else if (t == ">=") {
      value = value >= rhs ? 1 : 0;
    } else {  // `/` and `%`
      if (rhs == 0) {
        error(op.loc, "division by zero in a constant expression");
        return false;
      }
      const bool overflow = value == std::numeric_limits<int64_t>::min() && rhs == -1;
      if (t == "/") {
        value = overflow ? value : value / rhs;
      } else {
        value = overflow ? 0 : value % rhs;
      }
    }
  }
  return true;
}

bool Parser::parse_expr_unary(int depth, int64_t& value) {
  if (depth >= kMaxExpressionDepth) {
    error(tok_.loc,
          fmt::format("constant expression nested deeper than {} levels", kMaxExpressionDepth));
    return false;
  }
  const Token t = tok_;
  switch (t.kind) {
    case TokenKind::LParen:
      advance();
      if (!parse_expr_conditional(depth + 1, value)) return false;
      return expect(TokenKind::RParen, "')' closing the constant expression");
    case TokenKind::Minus:
      advance();
      if (!parse_expr_unary(depth + 1, value)) return false;
      value = static_cast<int64_t>(~static_cast<uint64_t>(value) + 1);
      return true;
    case TokenKind::Plus:
      advance();
      return parse_expr_unary(depth + 1, value);
    case TokenKind::Bang:
      advance();
      if (!parse_expr_unary(depth + 1, value)) return false;
      value = value == 0 ? 1 : 0;
      return true;
    case TokenKind::Operator:
      if (t.text != "~") break;
      advance();
      if (!parse_expr_unary(depth + 1, value)) return false;
      value = static_cast<int64_t>(~static_cast<uint64_t>(value));
      return true;
    case TokenKind::Integer: {
      advance();
      uint64_t v = 0;
      if (!parse_u64(t, v)) return false;
      value = static_cast<int64_t>(v);
      return true;
    }
    default:
      break;
  }
  const std::string found = t.kind == TokenKind::End ? std::string("end of input")
                                                     : fmt::format("'{}'", t.text.substr(0, 40));
  error(t.loc, fmt::format("expected an integer in a constant expression, found {}", found));
  return false;
}

}  // namespace smsim::ptx::detail
