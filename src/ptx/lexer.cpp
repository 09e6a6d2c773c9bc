#include "ptx/lexer.h"

namespace smsim::ptx {

std::string_view token_kind_name(TokenKind k) {
  switch (k) {
    case TokenKind::Identifier:
      return "identifier";
    case TokenKind::Directive:
      return "directive";
    case TokenKind::Integer:
      return "integer";
    case TokenKind::Float:
      return "float";
    case TokenKind::String:
      return "string";
    case TokenKind::DwarfLine:
      return "@@DWARF line";
    case TokenKind::Comma:
      return "','";
    case TokenKind::Semicolon:
      return "';'";
    case TokenKind::Colon:
      return "':'";
    case TokenKind::LParen:
      return "'('";
    case TokenKind::RParen:
      return "')'";
    case TokenKind::LBracket:
      return "'['";
    case TokenKind::RBracket:
      return "']'";
    case TokenKind::LBrace:
      return "'{'";
    case TokenKind::RBrace:
      return "'}'";
    case TokenKind::Plus:
      return "'+'";
    case TokenKind::Minus:
      return "'-'";
    case TokenKind::Bang:
      return "'!'";
    case TokenKind::Pipe:
      return "'|'";
    case TokenKind::At:
      return "'@'";
    case TokenKind::Less:
      return "'<'";
    case TokenKind::Greater:
      return "'>'";
    case TokenKind::Equals:
      return "'='";
    case TokenKind::Operator:
      return "operator";
    case TokenKind::End:
      return "end of input";
    case TokenKind::Invalid:
      return "invalid character";
  }
  return "token";
}

void Lexer::skip_blanks_and_comments(Token& error) {
  while (pos_ < src_.size()) {
    const char c = src_[pos_];
    if (c == '\n') {
      ++pos_;
      newline();
    } else if (c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v') {
      ++pos_;
    } else if (c == '\0') {
      if (!only_padding_left()) return;  // a NUL inside the text is an invalid character
      pos_ = src_.size();
    } else if (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '/') {
      const std::size_t nl = src_.find('\n', pos_);
      pos_ = nl == std::string_view::npos ? src_.size() : nl;
    } else if (c == '/' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '*') {
      const SourceLoc start = loc();
      const std::size_t begin = pos_;
      pos_ += 2;
      bool closed = false;
      while (pos_ < src_.size()) {
        if (src_[pos_] == '*' && pos_ + 1 < src_.size() && src_[pos_ + 1] == '/') {
          pos_ += 2;
          closed = true;
          break;
        }
        if (src_[pos_++] == '\n') newline();
      }
      if (!closed) {
        error = {TokenKind::Invalid, src_.substr(begin, 2), start};
        return;
      }
    } else {
      return;
    }
  }
}

bool Lexer::only_padding_left() const {
  for (std::size_t i = pos_; i < src_.size(); ++i) {
    const char c = src_[i];
    if (c != '\0' && c != ' ' && c != '\t' && c != '\r' && c != '\n') return false;
  }
  return true;
}

Token Lexer::next() {
  Token t = next_token();
  if (t.kind != TokenKind::End) {
    last_end_ = {t.loc.line, t.loc.col + static_cast<uint32_t>(t.text.size())};
  } else if (last_end_.line != 0) {
    t.loc = last_end_;
  }
  return t;
}

Token Lexer::next_token() {
  Token error;
  error.kind = TokenKind::End;
  skip_blanks_and_comments(error);
  if (error.kind == TokenKind::Invalid) return error;
  const SourceLoc here = loc();
  if (pos_ >= src_.size()) return {TokenKind::End, {}, here};
  const std::size_t start = pos_;
  const char c = src_[pos_];

  if (c == '%' && !(pos_ + 1 < src_.size() && is_ident_char(src_[pos_ + 1]))) {
    ++pos_;
    return make(TokenKind::Operator, start, here);  // a bare `%`: the remainder operator
  }
  // Two-character operators of constant expressions; none of these pairs
  // occurs elsewhere in PTX (`%r<4>` ranges and `%p|%q` pairs use single ones).
  if (pos_ + 1 < src_.size()) {
    const char d = src_[pos_ + 1];
    if ((c == '<' && (d == '<' || d == '=')) || (c == '>' && (d == '>' || d == '=')) ||
        (c == '=' && d == '=') || (c == '!' && d == '=') || (c == '&' && d == '&') ||
        (c == '|' && d == '|')) {
      pos_ += 2;
      return make(TokenKind::Operator, start, here);
    }
  }
  if (is_ident_start(c)) return lex_identifier(start, here);
  if (is_digit(c)) return lex_number(start, here);
  if (c == '.') {
    if (pos_ + 1 < src_.size() && is_digit(src_[pos_ + 1])) return lex_number(start, here);
    ++pos_;
    // `.shared::cta`, `.param::entry`: the `::` parts belong to the directive.
    while (pos_ < src_.size()) {
      if (is_ident_char(src_[pos_])) {
        ++pos_;
      } else if (src_[pos_] == ':' && pos_ + 2 < src_.size() && src_[pos_ + 1] == ':' &&
                 is_ident_char(src_[pos_ + 2])) {
        pos_ += 2;
      } else {
        break;
      }
    }
    if (pos_ == start + 1) return make(TokenKind::Invalid, start, here);
    return make(TokenKind::Directive, start, here);
  }
  if (c == '"') {
    ++pos_;
    while (pos_ < src_.size() && src_[pos_] != '"' && src_[pos_] != '\n' && src_[pos_] != '\0') {
      if (src_[pos_] == '\\' && pos_ + 1 < src_.size() && src_[pos_ + 1] != '\n') ++pos_;
      ++pos_;
    }
    if (pos_ >= src_.size() || src_[pos_] != '"') return make(TokenKind::Invalid, start, here);
    ++pos_;
    return make(TokenKind::String, start, here);
  }
  if (c == '@' && src_.substr(pos_, 7) == "@@DWARF") {
    const std::size_t nl = src_.find('\n', pos_);
    pos_ = nl == std::string_view::npos ? src_.size() : nl;
    std::size_t end = pos_;
    while (end > start && (src_[end - 1] == '\r' || src_[end - 1] == ' ')) --end;
    return {TokenKind::DwarfLine, src_.substr(start, end - start), here};
  }
  ++pos_;
  switch (c) {
    case ',':
      return make(TokenKind::Comma, start, here);
    case ';':
      return make(TokenKind::Semicolon, start, here);
    case ':':
      return make(TokenKind::Colon, start, here);
    case '(':
      return make(TokenKind::LParen, start, here);
    case ')':
      return make(TokenKind::RParen, start, here);
    case '[':
      return make(TokenKind::LBracket, start, here);
    case ']':
      return make(TokenKind::RBracket, start, here);
    case '{':
      return make(TokenKind::LBrace, start, here);
    case '}':
      return make(TokenKind::RBrace, start, here);
    case '+':
      return make(TokenKind::Plus, start, here);
    case '-':
      return make(TokenKind::Minus, start, here);
    case '!':
      return make(TokenKind::Bang, start, here);
    case '|':
      return make(TokenKind::Pipe, start, here);
    case '@':
      return make(TokenKind::At, start, here);
    case '<':
      return make(TokenKind::Less, start, here);
    case '>':
      return make(TokenKind::Greater, start, here);
    case '=':
      return make(TokenKind::Equals, start, here);
    case '*':
    case '/':
    case '~':
    case '&':
    case '^':
    case '?':
      return make(TokenKind::Operator, start, here);
    default:
      return make(TokenKind::Invalid, start, here);
  }
}

Token Lexer::lex_identifier(std::size_t start, SourceLoc here) {
  ++pos_;
  while (pos_ < src_.size()) {
    const char c = src_[pos_];
    if (is_ident_char(c)) {
      ++pos_;
    } else if (c == '.' && pos_ + 1 < src_.size() && is_ident_char(src_[pos_ + 1])) {
      pos_ += 2;
    } else if (c == ':' && pos_ + 2 < src_.size() && src_[pos_ + 1] == ':' &&
               is_ident_char(src_[pos_ + 2])) {
      pos_ += 3;
    } else {
      break;
    }
  }
  return make(TokenKind::Identifier, start, here);
}

Token Lexer::lex_number(std::size_t start, SourceLoc here) {
  const auto at = [&](std::size_t i) { return i < src_.size() ? src_[i] : '\0'; };
  const char c0 = at(pos_);
  const char c1 = at(pos_ + 1);
  if (c0 == '0' && (c1 == 'f' || c1 == 'F' || c1 == 'd' || c1 == 'D') &&
      is_hex_digit(at(pos_ + 2))) {
    pos_ += 2;
    while (is_hex_digit(at(pos_))) ++pos_;
    return make(TokenKind::Float, start, here);
  }
  if (c0 == '0' && (c1 == 'x' || c1 == 'X' || c1 == 'b' || c1 == 'B')) {
    pos_ += 2;
    while (is_hex_digit(at(pos_))) ++pos_;
    if (at(pos_) == 'U') ++pos_;
    if (is_ident_char(at(pos_))) {
      while (is_ident_char(at(pos_))) ++pos_;
      return make(TokenKind::Invalid, start, here);
    }
    return make(TokenKind::Integer, start, here);
  }
  bool is_float = false;
  while (is_digit(at(pos_))) ++pos_;
  if (at(pos_) == '.' && is_digit(at(pos_ + 1))) {
    is_float = true;
    ++pos_;
    while (is_digit(at(pos_))) ++pos_;
  } else if (at(pos_) == '.' && !is_ident_char(at(pos_ + 1))) {
    is_float = true;  // `1.` is a float
    ++pos_;
  }
  if ((at(pos_) == 'e' || at(pos_) == 'E') &&
      (is_digit(at(pos_ + 1)) ||
       ((at(pos_ + 1) == '+' || at(pos_ + 1) == '-') && is_digit(at(pos_ + 2))))) {
    is_float = true;
    pos_ += 2;
    while (is_digit(at(pos_))) ++pos_;
  }
  if (!is_float && at(pos_) == 'U') ++pos_;
  // A number glued to letters (`12abc`) is one invalid token, not two.
  if (is_ident_char(at(pos_))) {
    while (is_ident_char(at(pos_))) ++pos_;
    return make(TokenKind::Invalid, start, here);
  }
  return make(is_float ? TokenKind::Float : TokenKind::Integer, start, here);
}

std::size_t Lexer::bytes_to_block_end() const {
  std::size_t depth = 1;
  std::size_t i = pos_;
  const std::size_t n = src_.size();
  while (i < n) {
    const char c = src_[i];
    if (c == '{') {
      ++depth;
    } else if (c == '}') {
      if (--depth == 0) break;
    } else if (c == '/' && i + 1 < n && src_[i + 1] == '/') {
      const std::size_t nl = src_.find('\n', i);
      i = nl == std::string_view::npos ? n : nl;
      continue;
    } else if (c == '/' && i + 1 < n && src_[i + 1] == '*') {
      const std::size_t end = src_.find("*/", i + 2);
      i = end == std::string_view::npos ? n : end + 2;
      continue;
    } else if (c == '"') {
      const std::size_t end = src_.find_first_of("\"\n", i + 1);
      i = end == std::string_view::npos ? n : end + 1;
      continue;
    }
    ++i;
  }
  return i - pos_;
}

std::string_view Lexer::raw_block(bool& closed) {
  const std::size_t start = pos_;
  closed = false;
  while (pos_ < src_.size()) {
    const char c = src_[pos_];
    if (c == '}') {
      const std::string_view body = src_.substr(start, pos_ - start);
      ++pos_;
      closed = true;
      return body;
    }
    ++pos_;
    if (c == '\n') newline();
  }
  return src_.substr(start);
}

}  // namespace smsim::ptx
