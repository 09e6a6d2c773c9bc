#pragma once
// Hand-written PTX lexer: a single forward pass over the bytes, tokens are
// views into the source. NUL bytes (fatbinary padding) count as blanks.

#include <cstdint>
#include <string_view>

#include "ptx/token.h"

namespace smsim::ptx {

class Lexer {
 public:
  explicit Lexer(std::string_view source) : src_(source) {}

  Token next();

  // For `.section` bodies kept verbatim: returns the text up to (not
  // including) the `}` that closes the already consumed `{`, and consumes that
  // `}`. `closed` is false when the input ends first.
  std::string_view raw_block(bool& closed);

  // Bytes from the current position to the `}` that closes the current block
  // (comments and strings skipped), or to the end of the input. Lets the parser
  // size a function's vectors once instead of growing them.
  std::size_t bytes_to_block_end() const;

  SourceLoc loc() const { return {line_, static_cast<uint32_t>(pos_ - line_start_ + 1)}; }
  // Identifiers longer than this are reported instead of echoed back.
  static constexpr std::size_t kMaxIdentifierLength = 1 << 16;

 private:
  Token next_token();
  void skip_blanks_and_comments(Token& error);
  Token make(TokenKind kind, std::size_t start, SourceLoc loc) const {
    return {kind, src_.substr(start, pos_ - start), loc};
  }
  Token lex_identifier(std::size_t start, SourceLoc loc);
  Token lex_number(std::size_t start, SourceLoc loc);
  void newline() {
    ++line_;
    line_start_ = pos_;
  }

  // Whether only NULs and blanks remain (the padding of PTX taken from a fatbinary).
  bool only_padding_left() const;

  std::string_view src_;
  SourceLoc last_end_{0, 0};  // end of the previous token: where "end of file" is reported
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  uint32_t line_ = 1;
};

// Character classes shared with the parser.
inline bool is_ident_start(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$' || c == '%';
}
inline bool is_ident_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '$';
}
inline bool is_digit(char c) {
  return c >= '0' && c <= '9';
}
inline bool is_hex_digit(char c) {
  return is_digit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

}  // namespace smsim::ptx
