#pragma once
// Internal state of the parser, shared by parser.cpp (module level and
// declarations) and parser_body.cpp (function bodies, instructions, operands).

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "ptx/diagnostics.h"
#include "ptx/ir.h"
#include "ptx/lexer.h"
#include "ptx/mnemonic.h"

namespace smsim::ptx::detail {

// Limits that keep hostile input bounded.
inline constexpr std::size_t kMaxBlockDepth = 64;
inline constexpr std::size_t kMaxInitDepth = 16;
inline constexpr uint64_t kMaxRegistersPerFunction = 1u << 20;
inline constexpr uint64_t kMaxArrayElements = uint64_t{1} << 40;
inline constexpr std::size_t kMaxArrayDims = 8;
inline constexpr std::size_t kMaxOperands = 32;
// Elements of one `{...}` list: wgmma.mma_async m64n256 with f32 or s32
// accumulators names 128 registers.
inline constexpr std::size_t kMaxListElements = 128;
inline constexpr uint32_t kMaxPtxMajor = 9;
// Source bytes per instruction / operand in nvcc output, for sizing vectors up front.
inline constexpr std::size_t kBytesPerInstructionEstimate = 32;
inline constexpr std::size_t kBytesPerOperandEstimate = 10;

enum class BindingKind : uint8_t { Register, Local, Param, Return };

struct Binding {
  BindingKind kind;
  uint32_t id;
};

struct Scope {
  std::unordered_map<std::string_view, Binding> names;
  std::unordered_map<std::string_view, uint32_t> ranges;  // `%r` of `%r<N>` -> RegisterDecl
  void clear() {
    names.clear();
    ranges.clear();
  }
};

class Parser {
 public:
  Parser(std::string_view source, Diagnostics& diags) : lex_(source), diags_(diags) { advance(); }
  Module run();

 private:
  // ---- tokens ----
  void advance();
  const Token& peek();
  bool accept(TokenKind k);
  bool expect(TokenKind k, std::string_view what);
  void sync_statement();  // skip to after the next `;` (or before `{`/`}`)
  void error(SourceLoc loc, std::string message, std::string hint = {});
  bool failed_too_often() const { return diags_.saturated(); }

  // ---- module level (parser.cpp) ----
  void module_statement();
  void parse_version();
  void parse_target();
  void parse_address_size();
  void parse_file();
  void parse_section();
  void parse_alias();
  void parse_module_pragma();
  void parse_function(Linkage linkage, SourceLoc start);
  bool parse_param_list(std::vector<Variable>& out, bool allow_reg);
  void parse_perf_directives(PerfDirectives& perf);
  void parse_global_variables(Linkage linkage);
  // Attributes, name, dims and initializer of one declaration; the space is already known.
  bool parse_declarator_attrs(Variable& v);
  bool parse_declarator_name(Variable& v, bool allow_init);
  bool parse_initializer(Variable& v);
  bool parse_init_value(Variable& v);

  // ---- numbers ----
  bool parse_u64(const Token& t, uint64_t& out);
  bool parse_uint32_token(uint32_t& out, std::string_view what);
  bool parse_float(const Token& t, bool negative, uint64_t& bits, uint8_t& width);

  // ---- function bodies (parser_body.cpp) ----
  void parse_body(Function& fn);
  void body_directive(Function& fn);
  void parse_reg_decl(Function& fn);
  void parse_local_decl(Function& fn, StateSpace space);
  void parse_loc(Function& fn);
  void parse_label_statement(Function& fn);
  void parse_target_list(Function& fn, uint32_t label, bool calls);
  void parse_prototype(Function& fn, uint32_t label);
  void parse_instruction(Function& fn);
  bool parse_operand(Function& fn, Operand& op, bool label_context);
  bool parse_simple_operand(Function& fn, Operand& op, bool label_context);
  bool parse_address(Function& fn, Operand& op);
  bool parse_list(Function& fn, Operand& op, TokenKind close, OperandKind kind);
  // Integer constant expressions (C operators and precedence, 64-bit):
  // `((1 + 2) * 3)`, `~0x10 & 0xff`, `4 << 1 | 1`.
  bool parse_constant_expression(Operand& op);
  bool parse_expr_conditional(int depth, int64_t& value);
  bool parse_expr_binary(int min_precedence, int depth, int64_t& value);
  bool parse_expr_unary(int depth, int64_t& value);
  static int binary_precedence(const Token& tok);
  bool resolve_identifier(Function& fn, const Token& t, Operand& op);
  bool resolve_register(std::string_view name, RegId& out);
  bool resolve_symbol(std::string_view name, SymbolRef& out);
  uint32_t label_id(Function& fn, std::string_view name, SourceLoc loc);
  void finish_function(Function& fn);
  Scope& push_scope();
  void pop_scope();
  bool bind(std::string_view name, Binding b, SourceLoc loc);

  Lexer lex_;
  Diagnostics& diags_;
  Token tok_;
  Token ahead_;
  bool has_ahead_ = false;

  Module mod_;
  bool seen_version_ = false;
  bool seen_statement_ = false;    // anything but .version
  bool seen_declaration_ = false;  // a variable or function
  bool version_missing_reported_ = false;
  bool target_missing_reported_ = false;
  bool call_target_context_ = false;  // resolving the target of `call`
  bool param_list_context_ = false;   // `(` opens a call's parameter list, not an expression
  std::unordered_map<std::string_view, SymbolRef> global_names_;
  std::unordered_map<std::string_view, DecodedMnemonic> mnemonic_cache_;

  // Per function.
  std::vector<Scope> scopes_;
  std::size_t scope_depth_ = 0;
  std::unordered_map<std::string_view, uint32_t> label_names_;
  Function* current_fn_ = nullptr;
  uint32_t current_debug_loc_ = kNone;
  std::vector<Operand> scratch_;       // operands of the instruction being parsed
  std::vector<Operand> list_scratch_;  // elements of the list being parsed
};

}  // namespace smsim::ptx::detail
