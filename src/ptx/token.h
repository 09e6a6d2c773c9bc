#pragma once
// Tokens of PTX text. A token is a view into the source plus its position;
// the lexer never allocates per token.

#include <cstdint>
#include <string_view>

#include "ptx/diagnostics.h"

namespace smsim::ptx {

enum class TokenKind : uint8_t {
  Identifier,  // `ld.global.f32`, `%r12`, `%tid.x`, `$L__BB0_2`, `_Z3fooi` (dots and `::` included)
  Directive,   // `.reg`, `.shared::cta`, `.b32` (the text keeps the leading dot)
  Integer,     // `42`, `0x1F`, `0x1FU`, `017`, `0b101`
  Float,       // `0f3F800000`, `0d3FF0000000000000`, `1.5`, `2e-3`
  String,      // `"nounroll"` (the text keeps the quotes)
  DwarfLine,   // a whole `@@DWARF ...` line
  Comma,
  Semicolon,
  Colon,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Plus,
  Minus,
  Bang,
  Pipe,
  At,
  Less,
  Greater,
  Equals,
  Operator,  // `*` `/` `%` `~` `&` `^` `?` `<<` `>>` `<=` `>=` `==` `!=` `&&` `||`: constant
             // expressions
  End,
  Invalid,  // a byte that starts no token, or an unterminated string/comment
};

struct Token {
  TokenKind kind = TokenKind::End;
  std::string_view text;
  SourceLoc loc;

  bool is(TokenKind k) const { return kind == k; }
};

std::string_view token_kind_name(TokenKind k);

}  // namespace smsim::ptx
