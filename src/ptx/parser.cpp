#include "ptx/parser.h"

#include <fmt/format.h>

#include <bit>
#include <charconv>
#include <cstring>

#include "ptx/parser_impl.h"

namespace smsim::ptx {

Module parse(std::string_view source, Diagnostics& diags) {
  detail::Parser parser(source, diags);
  return parser.run();
}

namespace detail {
namespace {

// Token text as it may appear in a message: at most 40 bytes, bytes that are not
// printable ASCII written as \xNN.
std::string printable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size() && i < 40; ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c >= 0x20 && c < 0x7f) {
      out.push_back(static_cast<char>(c));
    } else {
      out += fmt::format("\\x{:02X}", c);
    }
  }
  return out;
}

std::optional<StateSpace> space_directive(std::string_view text) {
  if (text.size() < 2 || text[0] != '.') return std::nullopt;
  return isa::state_space_from_name(text.substr(1));
}

bool known_sm(uint32_t sm) {
  static constexpr uint32_t kKnown[] = {10, 11, 12, 13,  20,  21,  30,  32,  35, 37, 50,
                                        52, 53, 60, 61,  62,  70,  72,  75,  80, 86, 87,
                                        88, 89, 90, 100, 101, 103, 110, 120, 121};
  for (uint32_t k : kKnown)
    if (k == sm) return true;
  return false;
}

std::optional<Type> type_directive(std::string_view text) {
  if (text.size() < 2 || text[0] != '.') return std::nullopt;
  return isa::type_from_name(text.substr(1));
}

}  // namespace

// ------------------------------------------------------------------ tokens

void Parser::advance() {
  if (has_ahead_) {
    tok_ = ahead_;
    has_ahead_ = false;
  } else {
    tok_ = lex_.next();
  }
  if (tok_.kind == TokenKind::Invalid) {
    const std::string_view t = tok_.text;
    if (t.starts_with("/*")) {
      error(tok_.loc, "unterminated comment: unexpected end of file inside /* ... */");
      tok_ = {TokenKind::End, {}, tok_.loc};  // the comment swallows the rest of the input
    } else if (t.starts_with("\"")) {
      error(tok_.loc,
            "unterminated string (invalid character or end of line before the closing '\"')");
    } else if (is_digit(t[0])) {
      error(tok_.loc, fmt::format("invalid number '{}'", printable(t)));
    } else if (t == "%") {
      error(tok_.loc, "invalid register name '%': a name must follow '%'");
    } else {
      error(tok_.loc, fmt::format("invalid character '{}'", printable(t)));
    }
  } else if (tok_.kind == TokenKind::Identifier && tok_.text.size() > Lexer::kMaxIdentifierLength) {
    error(tok_.loc, fmt::format("identifier too long ({} bytes; the limit is {})", tok_.text.size(),
                                Lexer::kMaxIdentifierLength));
    tok_.text = tok_.text.substr(0, Lexer::kMaxIdentifierLength);
  }
}

const Token& Parser::peek() {
  if (!has_ahead_) {
    ahead_ = lex_.next();
    has_ahead_ = true;
  }
  return ahead_;
}

bool Parser::accept(TokenKind k) {
  if (tok_.kind != k) return false;
  advance();
  return true;
}

bool Parser::expect(TokenKind k, std::string_view what) {
  if (accept(k)) return true;
  const std::string found = tok_.kind == TokenKind::End
                                ? std::string("end of input")
                                : fmt::format("'{}'", tok_.text.substr(0, 40));
  error(tok_.loc, fmt::format("expected {}, found {}", what, found));
  return false;
}

void Parser::sync_statement() {
  while (tok_.kind != TokenKind::End) {
    if (tok_.kind == TokenKind::Semicolon) {
      advance();
      return;
    }
    if (tok_.kind == TokenKind::LBrace || tok_.kind == TokenKind::RBrace) return;
    advance();
  }
}

void Parser::error(SourceLoc loc, std::string message, std::string hint) {
  // "expected X" at the end of the input is a truncated file: say so, where it ends.
  if (tok_.kind == TokenKind::End && message.starts_with("expected")) {
    message = "unexpected end of file: " + message;
    loc = tok_.loc;
  }
  diags_.error(loc, std::move(message), std::move(hint));
}

// ----------------------------------------------------------------- numbers

bool Parser::parse_u64(const Token& t, uint64_t& out) {
  std::string_view s = t.text;
  if (t.kind != TokenKind::Integer) {
    error(t.loc, fmt::format("expected an integer, found '{}'", s.substr(0, 40)));
    return false;
  }
  if (s.ends_with('U')) s.remove_suffix(1);
  int base = 10;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
    base = 16;
    s.remove_prefix(2);
  } else if (s.size() > 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
    base = 2;
    s.remove_prefix(2);
  } else if (s.size() > 1 && s[0] == '0') {
    base = 8;
    s.remove_prefix(1);
  }
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), out, base);
  if (ec == std::errc::result_out_of_range) {
    error(t.loc,
          fmt::format("integer '{}' is out of range (more than 64 bits)", printable(t.text)));
    return false;
  }
  if (ec != std::errc{} || end != s.data() + s.size()) {
    error(t.loc, fmt::format("malformed integer '{}'", t.text.substr(0, 40)));
    return false;
  }
  return true;
}

bool Parser::parse_uint32_token(uint32_t& out, std::string_view what) {
  uint64_t v = 0;
  const Token t = tok_;
  if (t.kind != TokenKind::Integer) {
    error(t.loc, fmt::format("expected {}", what));
    return false;
  }
  advance();
  if (!parse_u64(t, v)) return false;
  if (v > UINT32_MAX) {
    error(t.loc, fmt::format("{} {} is too large", what, v));
    return false;
  }
  out = static_cast<uint32_t>(v);
  return true;
}

bool Parser::parse_float(const Token& t, bool negative, uint64_t& bits, uint8_t& width) {
  std::string_view s = t.text;
  if (s.size() > 2 && s[0] == '0' && (s[1] == 'f' || s[1] == 'F' || s[1] == 'd' || s[1] == 'D')) {
    const bool is_single = s[1] == 'f' || s[1] == 'F';
    const std::size_t digits = is_single ? 8 : 16;
    if (s.size() != digits + 2) {
      error(t.loc, fmt::format("'{}' must have exactly {} hex digits after '{}'", s.substr(0, 40),
                               digits, s.substr(0, 2)));
      return false;
    }
    const auto [end, ec] = std::from_chars(s.data() + 2, s.data() + s.size(), bits, 16);
    if (ec != std::errc{} || end != s.data() + s.size()) {
      error(t.loc, fmt::format("malformed float '{}'", s.substr(0, 40)));
      return false;
    }
    width = is_single ? 32 : 64;
    if (negative) bits ^= is_single ? (uint64_t{1} << 31) : (uint64_t{1} << 63);
    return true;
  }
  double value = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
  if (ec == std::errc::result_out_of_range) {
    error(t.loc, fmt::format("float '{}' is out of range", printable(s)));
    return false;
  }
  if (ec != std::errc{} || end != s.data() + s.size()) {
    error(t.loc, fmt::format("malformed float '{}'", s.substr(0, 40)));
    return false;
  }
  if (negative) value = -value;
  bits = std::bit_cast<uint64_t>(value);
  width = 64;
  return true;
}

// ------------------------------------------------------------ module level

Module Parser::run() {
  const SourceLoc first = tok_.loc;
  while (tok_.kind != TokenKind::End && !failed_too_often()) {
    if (!seen_version_ && tok_.kind == TokenKind::Directive && tok_.text != ".version" &&
        !version_missing_reported_) {
      version_missing_reported_ = true;
      error(tok_.loc, "missing .version directive before the first statement",
            "PTX modules start with e.g. '.version 9.0'");
    } else if (seen_version_ && mod_.target.empty() && tok_.kind == TokenKind::Directive &&
               tok_.text != ".target" && tok_.text != ".version" && !target_missing_reported_) {
      target_missing_reported_ = true;
      error(tok_.loc, "missing .target directive after .version", "add e.g. '.target sm_90'");
    }
    module_statement();
  }
  if (!seen_version_ && !version_missing_reported_) {
    error(first, "missing .version directive (the module is empty)",
          "PTX modules start with e.g. '.version 9.0'");
  } else if (seen_version_ && mod_.target.empty() && !target_missing_reported_) {
    error(tok_.loc, "missing .target directive", "add e.g. '.target sm_90'");
  }
  return std::move(mod_);
}

void Parser::module_statement() {
  const Token t = tok_;
  if (t.kind == TokenKind::DwarfLine) {
    mod_.items.push_back({ModuleItemKind::Dwarf, static_cast<uint32_t>(mod_.dwarf_lines.size())});
    mod_.dwarf_lines.emplace_back(t.text);
    advance();
    return;
  }
  if (t.kind == TokenKind::Semicolon) {
    advance();
    return;
  }
  if (t.kind == TokenKind::Identifier && peek().kind == TokenKind::Colon) {
    error(t.loc, fmt::format("label '{}' outside a function body", printable(t.text)),
          "labels mark instructions inside '.entry' or '.func' bodies");
    advance();
    advance();
    return;
  }
  if (t.kind == TokenKind::Identifier || t.kind == TokenKind::At) {
    error(t.loc, fmt::format("instruction '{}' outside a function body", printable(t.text)),
          "instructions belong inside '.entry' or '.func' bodies");
    advance();
    sync_statement();
    return;
  }
  if (t.kind != TokenKind::Directive) {
    error(t.loc, fmt::format("expected a directive at module level, found '{}'", printable(t.text)),
          "module-level statements start with '.', e.g. '.version', '.entry', '.global'");
    advance();
    sync_statement();
    if (tok_.kind == TokenKind::LBrace || tok_.kind == TokenKind::RBrace) advance();
    return;
  }
  const std::string_view d = t.text;
  if (d == ".version") return parse_version();
  seen_statement_ = true;
  if (d == ".target") return parse_target();
  if (d == ".address_size") return parse_address_size();
  if (d == ".file") return parse_file();
  if (d == ".section") return parse_section();
  if (d == ".alias") return parse_alias();
  if (d == ".pragma") return parse_module_pragma();

  Linkage linkage = Linkage::None;
  if (d == ".visible") linkage = Linkage::Visible;
  if (d == ".extern") linkage = Linkage::Extern;
  if (d == ".weak") linkage = Linkage::Weak;
  if (d == ".common") linkage = Linkage::Common;
  if (linkage != Linkage::None) advance();

  if (tok_.kind == TokenKind::Directive && (tok_.text == ".entry" || tok_.text == ".func")) {
    seen_declaration_ = true;
    return parse_function(linkage, t.loc);
  }
  if (tok_.kind == TokenKind::Directive && space_directive(tok_.text)) {
    seen_declaration_ = true;
    return parse_global_variables(linkage);
  }
  if (tok_.kind == TokenKind::Directive &&
      (tok_.text == ".reg" || tok_.text == ".loc" || tok_.text == ".maxntid")) {
    error(tok_.loc, fmt::format("directive '{}' is only allowed inside a function", tok_.text));
  } else {
    error(tok_.loc, fmt::format("unknown directive '{}' at module scope", printable(tok_.text)));
  }
  advance();
  sync_statement();
}

void Parser::parse_version() {
  if (seen_version_) error(tok_.loc, "duplicate .version directive");
  if (seen_statement_) error(tok_.loc, ".version must be the first directive of a module");
  seen_version_ = true;
  advance();
  const Token t = tok_;
  if (t.kind != TokenKind::Float && t.kind != TokenKind::Integer) {
    expect(TokenKind::Float, "a version number such as 9.0");
    return sync_statement();
  }
  advance();
  const std::string_view s = t.text;
  const std::size_t dot = s.find('.');
  uint32_t major = 0, minor = 0;
  const auto r1 =
      std::from_chars(s.data(), s.data() + (dot == std::string_view::npos ? s.size() : dot), major);
  bool ok = r1.ec == std::errc{};
  if (dot != std::string_view::npos) {
    const auto r2 = std::from_chars(s.data() + dot + 1, s.data() + s.size(), minor);
    ok = ok && r2.ec == std::errc{} && r2.ptr == s.data() + s.size();
  }
  if (!ok && s.ends_with('.') && tok_.kind == TokenKind::End) {
    error(tok_.loc, "unexpected end of file in the .version number");
  } else if (!ok) {
    error(t.loc, fmt::format("malformed version '{}'", s.substr(0, 40)));
  } else if (major < 1 || major > kMaxPtxMajor) {
    error(t.loc, fmt::format("unsupported PTX version {}.{}", major, minor),
          "this front end reads PTX ISA 1.0 .. 9.x as nvcc 13 emits it");
  }
  mod_.version_major = major;
  mod_.version_minor = minor;
  accept(TokenKind::Semicolon);
}

void Parser::parse_target() {
  advance();
  do {
    if (tok_.kind != TokenKind::Identifier) {
      expect(TokenKind::Identifier, "a target such as sm_90");
      return sync_statement();
    }
    const std::string_view name = tok_.text;
    if (name.starts_with("sm_")) {
      uint32_t sm = 0;
      const auto [end, ec] = std::from_chars(name.data() + 3, name.data() + name.size(), sm);
      const std::string_view rest(end, static_cast<std::size_t>(name.data() + name.size() - end));
      if (ec != std::errc{} || !known_sm(sm) || !(rest.empty() || rest == "a" || rest == "f")) {
        error(
            tok_.loc, fmt::format("unknown target '{}'", name.substr(0, 40)),
            "known targets: sm_10 .. sm_13, sm_20, sm_21, sm_3x, sm_5x, sm_6x, sm_70, sm_72, "
            "sm_75, "
            "sm_80, sm_86 .. sm_89, sm_90, sm_100, sm_101, sm_103, sm_110, sm_120, sm_121 (+a/f)");
      }
      mod_.sm = sm;
    } else if (name != "texmode_unified" && name != "texmode_independent" && name != "debug" &&
               name != "map_f64_to_f32") {
      error(tok_.loc, fmt::format("unknown target '{}'", name.substr(0, 40)),
            "targets are sm_XX[a|f], texmode_unified, texmode_independent, debug, map_f64_to_f32");
    }
    mod_.target.emplace_back(name);
    advance();
  } while (accept(TokenKind::Comma));
  accept(TokenKind::Semicolon);
}

void Parser::parse_address_size() {
  if (seen_declaration_)
    error(tok_.loc, ".address_size must come before every variable and function");
  advance();
  uint32_t size = 0;
  const SourceLoc at = tok_.loc;
  if (!parse_uint32_token(size, "an address size")) return sync_statement();
  if (size != 32 && size != 64)
    error(at, fmt::format("address size must be 32 or 64, not {}", size));
  mod_.address_size = size;
  mod_.has_address_size = true;
  accept(TokenKind::Semicolon);
}

void Parser::parse_file() {
  advance();
  FileEntry f;
  if (!parse_uint32_token(f.index, "a file number")) return sync_statement();
  if (tok_.kind != TokenKind::String) {
    expect(TokenKind::String, "a quoted file name");
    return sync_statement();
  }
  f.name = std::string(tok_.text.substr(1, tok_.text.size() - 2));
  advance();
  if (accept(TokenKind::Comma)) {
    uint64_t v = 0;
    if (tok_.kind == TokenKind::Integer && parse_u64(tok_, v)) f.timestamp = v;
    advance();
    if (accept(TokenKind::Comma)) {
      if (tok_.kind == TokenKind::Integer && parse_u64(tok_, v)) f.size = v;
      advance();
    }
  }
  mod_.items.push_back({ModuleItemKind::File, static_cast<uint32_t>(mod_.files.size())});
  mod_.files.push_back(std::move(f));
  accept(TokenKind::Semicolon);
}

void Parser::parse_section() {
  advance();
  if (tok_.kind != TokenKind::Directive) {
    expect(TokenKind::Directive, "a section name such as .debug_info");
    return sync_statement();
  }
  Section s;
  s.name = std::string(tok_.text);
  // The body is kept verbatim: read it straight from the lexer.
  if (has_ahead_) {
    error(tok_.loc, "malformed .section");
    return sync_statement();
  }
  const Token open = lex_.next();
  if (open.kind != TokenKind::LBrace) {
    error(open.loc, "expected '{' after the section name");
    advance();
    return sync_statement();
  }
  bool closed = false;
  s.body = std::string(lex_.raw_block(closed));
  if (!closed) error(open.loc, fmt::format("section {} is not closed with '}}'", s.name));
  mod_.items.push_back({ModuleItemKind::Section, static_cast<uint32_t>(mod_.sections.size())});
  mod_.sections.push_back(std::move(s));
  advance();
}

void Parser::parse_alias() {
  advance();
  Alias a;
  if (tok_.kind != TokenKind::Identifier) {
    expect(TokenKind::Identifier, "an alias name");
    return sync_statement();
  }
  a.alias = std::string(tok_.text);
  const Token alias_tok = tok_;
  advance();
  if (!expect(TokenKind::Comma, "','")) return sync_statement();
  if (tok_.kind != TokenKind::Identifier) {
    expect(TokenKind::Identifier, "the aliased function");
    return sync_statement();
  }
  a.target = std::string(tok_.text);
  SymbolRef target;
  if (!resolve_symbol(tok_.text, target) || target.kind != SymbolKind::Function) {
    error(tok_.loc,
          fmt::format(".alias target '{}' is not a declared function", tok_.text.substr(0, 60)));
  }
  advance();
  if (global_names_.contains(alias_tok.text))
    error(alias_tok.loc,
          fmt::format("duplicate declaration of '{}'", alias_tok.text.substr(0, 60)));
  else if (target.kind == SymbolKind::Function)
    global_names_.emplace(alias_tok.text, target);
  mod_.items.push_back({ModuleItemKind::Alias, static_cast<uint32_t>(mod_.aliases.size())});
  mod_.aliases.push_back(std::move(a));
  expect(TokenKind::Semicolon, "';'");
}

void Parser::parse_module_pragma() {
  advance();
  if (tok_.kind != TokenKind::String) {
    expect(TokenKind::String, "a quoted pragma");
    return sync_statement();
  }
  mod_.items.push_back({ModuleItemKind::Pragma, static_cast<uint32_t>(mod_.pragmas.size())});
  mod_.pragmas.emplace_back(tok_.text);
  advance();
  expect(TokenKind::Semicolon, "';'");
}

// --------------------------------------------------------------- functions

bool Parser::parse_param_list(std::vector<Variable>& out, bool allow_reg) {
  if (!expect(TokenKind::LParen, "'('")) return false;
  if (accept(TokenKind::RParen)) return true;
  do {
    Variable v;
    v.loc = tok_.loc;
    if (tok_.kind == TokenKind::Identifier && peek().kind == TokenKind::Colon) {
      error(tok_.loc,
            fmt::format("label '{}' is not allowed in a parameter list", printable(tok_.text)));
      return false;
    }
    const auto space =
        tok_.kind == TokenKind::Directive ? space_directive(tok_.text) : std::nullopt;
    if (!space || (*space != StateSpace::Param && !(allow_reg && *space == StateSpace::Reg))) {
      error(tok_.loc, fmt::format("expected '.param'{} in a parameter list, found '{}'",
                                  allow_reg ? " or '.reg'" : "", tok_.text.substr(0, 40)));
      return false;
    }
    v.space = *space;
    advance();
    if (!parse_declarator_attrs(v) || !parse_declarator_name(v, false)) return false;
    out.push_back(std::move(v));
  } while (accept(TokenKind::Comma));
  return expect(TokenKind::RParen, "')' after the parameters");
}

void Parser::parse_perf_directives(PerfDirectives& perf) {
  const auto dims = [this](std::vector<uint32_t>& out) {
    advance();
    out.clear();
    do {
      uint32_t v = 0;
      if (!parse_uint32_token(v, "a dimension")) return;
      out.push_back(v);
    } while (accept(TokenKind::Comma) && out.size() < 3);
  };
  const auto single = [this](std::optional<uint32_t>& out) {
    advance();
    uint32_t v = 0;
    if (parse_uint32_token(v, "a count")) out = v;
  };
  while (tok_.kind == TokenKind::Directive) {
    const std::string_view d = tok_.text;
    if (d == ".maxntid") {
      dims(perf.maxntid);
    } else if (d == ".reqntid") {
      dims(perf.reqntid);
    } else if (d == ".reqnctapercluster") {
      dims(perf.reqnctapercluster);
    } else if (d == ".minnctapersm") {
      single(perf.minnctapersm);
    } else if (d == ".maxnctapersm") {
      single(perf.maxnctapersm);
    } else if (d == ".maxnreg") {
      single(perf.maxnreg);
    } else if (d == ".maxclusterrank") {
      single(perf.maxclusterrank);
    } else if (d == ".explicitcluster") {
      perf.explicitcluster = true;
      advance();
    } else if (d == ".noreturn") {
      perf.noreturn = true;
      advance();
    } else if (d == ".pragma") {
      advance();
      if (tok_.kind == TokenKind::String) {
        perf.pragmas.emplace_back(tok_.text);
        advance();
      } else {
        expect(TokenKind::String, "a quoted pragma");
      }
      accept(TokenKind::Semicolon);
    } else {
      return;
    }
  }
}

void Parser::parse_function(Linkage linkage, SourceLoc start) {
  Function fn;
  fn.linkage = linkage;
  fn.is_entry = tok_.text == ".entry";
  fn.loc = start;
  advance();
  if (tok_.kind == TokenKind::LParen) {
    if (fn.is_entry) error(tok_.loc, "a kernel (.entry) cannot have return parameters");
    if (!parse_param_list(fn.returns, true)) return sync_statement();
  }
  if (tok_.kind != TokenKind::Identifier) {
    expect(TokenKind::Identifier, "a function name");
    return sync_statement();
  }
  const Token name_tok = tok_;
  fn.name = std::string(tok_.text);
  advance();
  if (tok_.kind == TokenKind::LParen && !parse_param_list(fn.params, !fn.is_entry)) {
    return sync_statement();
  }
  parse_perf_directives(fn.perf);

  // Declare (or find the earlier prototype) before the body so recursion resolves.
  uint32_t index = static_cast<uint32_t>(mod_.functions.size());
  bool replaces_prototype = false;
  if (const auto it = global_names_.find(name_tok.text); it != global_names_.end()) {
    const SymbolRef prev = it->second;
    if (prev.kind != SymbolKind::Function) {
      error(name_tok.loc,
            fmt::format("duplicate declaration of '{}' (already a variable)", fn.name));
    } else if (mod_.functions[prev.index].has_body && tok_.kind == TokenKind::LBrace) {
      error(name_tok.loc, fmt::format("duplicate definition of function '{}'", fn.name));
    } else {
      const Function& old = mod_.functions[prev.index];
      if (old.params.size() != fn.params.size() || old.returns.size() != fn.returns.size()) {
        error(name_tok.loc,
              fmt::format("function '{}' is redeclared with a different signature", fn.name));
      }
      index = prev.index;
      replaces_prototype = true;
    }
  } else {
    global_names_.emplace(name_tok.text, SymbolRef{SymbolKind::Function, index});
  }
  const bool has_body = tok_.kind == TokenKind::LBrace;
  if (!replaces_prototype || has_body)
    mod_.items.push_back(
        {has_body ? ModuleItemKind::Function : ModuleItemKind::FunctionDecl, index});
  if (!replaces_prototype) {
    mod_.functions.emplace_back();
    mod_.functions.back().name = fn.name;
    mod_.functions.back().params = fn.params;
    mod_.functions.back().returns = fn.returns;
    mod_.functions.back().is_entry = fn.is_entry;
  }
  if (has_body) {
    if (linkage == Linkage::Extern)
      error(tok_.loc, fmt::format("'.extern' function '{}' cannot have a body", fn.name));
    fn.has_body = true;
    parse_body(fn);
  } else {
    expect(TokenKind::Semicolon, "';' or a function body");
    if (replaces_prototype) return;  // a repeated prototype adds nothing
  }
  mod_.functions[index] = std::move(fn);
}

// --------------------------------------------------------------- variables

bool Parser::parse_declarator_attrs(Variable& v) {
  bool in_ptr = false;
  bool has_type = false;
  while (tok_.kind == TokenKind::Directive) {
    const std::string_view d = tok_.text;
    const SourceLoc at = tok_.loc;
    if (d == ".align") {
      advance();
      uint32_t a = 0;
      if (!parse_uint32_token(a, "an alignment")) return false;
      if (a == 0 || (a & (a - 1)) != 0)
        error(at, fmt::format("alignment {} is not a power of two", a));
      (in_ptr ? v.ptr_align : v.align) = a;
    } else if (d == ".ptr") {
      v.is_ptr = true;
      in_ptr = true;
      advance();
    } else if (d == ".v2" || d == ".v4" || d == ".v8") {
      v.vector = static_cast<uint8_t>(d[2] - '0');
      advance();
    } else if (d == ".texref" || d == ".samplerref" || d == ".surfref") {
      v.opaque = d == ".texref"       ? OpaqueKind::Texref
                 : d == ".samplerref" ? OpaqueKind::Samplerref
                                      : OpaqueKind::Surfref;
      v.type = Type::B64;
      has_type = true;
      advance();
    } else if (const auto t = type_directive(d)) {
      if (has_type) error(at, "a declaration takes one type");
      v.type = *t;
      has_type = true;
      advance();
    } else if (const auto s = space_directive(d); s && in_ptr) {
      v.ptr_space = *s;
      advance();
    } else if (d == ".attribute") {
      // `.attribute(.managed)`: a __managed__ variable (the only attribute nvcc emits).
      advance();
      if (!expect(TokenKind::LParen, "'(' after .attribute")) return false;
      if (tok_.kind != TokenKind::Directive || tok_.text != ".managed") {
        error(tok_.loc, fmt::format("unsupported attribute '{}'", printable(tok_.text)),
              "'.attribute(.managed)' is supported");
        return false;
      }
      v.managed = true;
      advance();
      if (!expect(TokenKind::RParen, "')' after the attribute")) return false;
    } else {
      error(at, fmt::format("unexpected '{}' in a declaration", d.substr(0, 40)));
      return false;
    }
  }
  if (!has_type) {
    error(tok_.loc, "declaration without a type", "add a type such as .b32 or .u64");
    return false;
  }
  return true;
}

bool Parser::parse_declarator_name(Variable& v, bool allow_init) {
  if (tok_.kind != TokenKind::Identifier) {
    expect(TokenKind::Identifier, "a variable name");
    return false;
  }
  v.name = std::string(tok_.text);
  v.loc = tok_.loc;
  advance();
  uint64_t elements = 1;
  while (tok_.kind == TokenKind::LBracket) {
    const SourceLoc at = tok_.loc;
    advance();
    if (v.dims.size() == kMaxArrayDims) {
      error(at, fmt::format("more than {} array dimensions", kMaxArrayDims));
      return false;
    }
    uint64_t n = 0;
    if (tok_.kind != TokenKind::RBracket) {
      const Token t = tok_;
      advance();
      if (!parse_u64(t, n)) {
        if (t.kind == TokenKind::Integer)
          error(t.loc, fmt::format("array size of '{}' is out of range", v.name));
        return false;
      }
      if (n == 0) error(t.loc, "array dimension must be positive");
      if (n > kMaxArrayElements || (n != 0 && elements > kMaxArrayElements / n)) {
        error(t.loc, fmt::format("array size of '{}' is out of range", v.name));
        return false;
      }
      elements *= std::max<uint64_t>(n, 1);
    }
    v.dims.push_back(n);
    if (!expect(TokenKind::RBracket, "']'")) return false;
  }
  if (tok_.kind == TokenKind::Equals) {
    if (!allow_init) {
      error(tok_.loc, "parameters cannot have initializers");
      return false;
    }
    advance();
    return parse_initializer(v);
  }
  return true;
}

bool Parser::parse_init_value(Variable& v) {
  InitItem item;
  bool negative = false;
  if (tok_.kind == TokenKind::Minus) {
    negative = true;
    advance();
  }
  const Token t = tok_;
  if (t.kind == TokenKind::Integer) {
    advance();
    if (!parse_u64(t, item.bits)) return false;
    item.kind = InitKind::Integer;
    item.negative = negative;
    if (negative) item.bits = ~item.bits + 1;
  } else if (t.kind == TokenKind::Float) {
    advance();
    if (!parse_float(t, negative, item.bits, item.float_bits)) return false;
    item.kind = InitKind::Float;
  } else if (t.kind == TokenKind::Identifier && !negative) {
    advance();
    item.kind = InitKind::Address;
    std::string_view name = t.text;
    SourceLoc name_loc = t.loc;
    if (name == "generic" || name == "mask") {
      if (name == "mask") {
        error(t.loc, "'mask()' initializers are not supported");
        return false;
      }
      item.generic = true;
      if (!expect(TokenKind::LParen, "'(' after generic")) return false;
      if (tok_.kind != TokenKind::Identifier) {
        expect(TokenKind::Identifier, "a variable name");
        return false;
      }
      name = tok_.text;
      name_loc = tok_.loc;
      advance();
      if (!expect(TokenKind::RParen, "')'")) return false;
    }
    SymbolRef sym;
    if (!resolve_symbol(name, sym)) {
      error(name_loc, fmt::format("undefined symbol '{}' in initializer", name.substr(0, 60)));
      return false;
    }
    item.symbol = sym.index;
    item.symbol_is_function = sym.kind == SymbolKind::Function;
    if (tok_.kind == TokenKind::Plus || tok_.kind == TokenKind::Minus) {
      const bool minus = tok_.kind == TokenKind::Minus;
      advance();
      uint64_t off = 0;
      const Token o = tok_;
      advance();
      if (!parse_u64(o, off)) return false;
      item.offset = minus ? -static_cast<int64_t>(off) : static_cast<int64_t>(off);
    }
  } else {
    error(t.loc, fmt::format("expected an initializer value, found '{}'", t.text.substr(0, 40)));
    return false;
  }
  v.init.push_back(item);
  return true;
}

bool Parser::parse_initializer(Variable& v) {
  if ((v.opaque == OpaqueKind::Samplerref || v.opaque == OpaqueKind::Texref ||
       v.opaque == OpaqueKind::Surfref) &&
      tok_.kind == TokenKind::LBrace) {
    // `{ addr_mode_0 = wrap, filter_mode = linear }`: kept as text.
    std::string text = "{";
    std::size_t guard = 0;
    advance();
    while (tok_.kind != TokenKind::RBrace && tok_.kind != TokenKind::End && guard++ < 256) {
      text += ' ';
      text += tok_.text;
      advance();
    }
    text += " }";
    v.raw_init = std::move(text);
    return expect(TokenKind::RBrace, "'}'");
  }
  std::size_t depth = 0;
  // Iterative: nesting depth is bounded by kMaxInitDepth, never by the stack.
  while (true) {
    if (tok_.kind == TokenKind::LBrace) {
      if (depth == kMaxInitDepth) {
        error(tok_.loc, fmt::format("initializer nested deeper than {} levels", kMaxInitDepth));
        return false;
      }
      ++depth;
      v.init.push_back({.kind = InitKind::Open});
      advance();
      if (tok_.kind != TokenKind::RBrace) continue;
    } else if (!parse_init_value(v)) {
      return false;
    }
    // After a value or an empty `{`: close braces, then a comma or the end.
    while (depth > 0 && tok_.kind == TokenKind::RBrace) {
      --depth;
      v.init.push_back({.kind = InitKind::Close});
      advance();
    }
    if (depth == 0) return true;
    if (!expect(TokenKind::Comma, "',' or '}' in initializer")) return false;
  }
}

void Parser::parse_global_variables(Linkage linkage) {
  const auto space = space_directive(tok_.text);
  if (*space == StateSpace::Reg || *space == StateSpace::Sreg || *space == StateSpace::Param) {
    error(tok_.loc, fmt::format("state space {} is not allowed at module scope", tok_.text),
          "module-scope variables live in .global, .const, .shared or .local");
    advance();
    return sync_statement();
  }
  advance();
  Variable proto;
  proto.space = *space;
  proto.linkage = linkage;
  if (!parse_declarator_attrs(proto)) return sync_statement();
  do {
    Variable v = proto;
    const Token name_tok = tok_;
    if (!parse_declarator_name(v, true)) return sync_statement();
    if (global_names_.contains(name_tok.text)) {
      const SymbolRef prev = global_names_[name_tok.text];
      if (prev.kind == SymbolKind::Global &&
          (mod_.globals[prev.index].linkage == Linkage::Extern || linkage == Linkage::Extern)) {
        if (linkage != Linkage::Extern) mod_.globals[prev.index] = std::move(v);
        continue;
      }
      error(name_tok.loc, fmt::format("duplicate declaration of '{}'", v.name));
      continue;
    }
    const uint32_t index = static_cast<uint32_t>(mod_.globals.size());
    global_names_.emplace(name_tok.text, SymbolRef{SymbolKind::Global, index});
    mod_.items.push_back({ModuleItemKind::Global, index});
    mod_.globals.push_back(std::move(v));
  } while (accept(TokenKind::Comma));
  expect(TokenKind::Semicolon, "';' after the declaration");
}

}  // namespace detail
}  // namespace smsim::ptx
