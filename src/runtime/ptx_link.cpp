#include "runtime/ptx_link.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string_view>

#include <fmt/format.h>

namespace smsim::runtime {
namespace {

enum class StatementKind { header, extern_declaration, weak_definition, definition, other };

struct Statement {
  std::string_view text;
  StatementKind kind = StatementKind::other;
  std::string name;  // the symbol it declares or defines; empty for others
  bool function = false;
};

bool is_identifier_char(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_' || c == '$' || c == '%';
}

// The source with // and /* */ comments blanked, so that words in comments
// do not count (embedded PTX has them blanked already; files may not).
std::string strip_comments(std::string_view source) {
  std::string out(source);
  bool in_string = false;
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (in_string) {
      in_string = out[i] != '"';
      continue;
    }
    if (out[i] == '"') {
      in_string = true;
    } else if (out.compare(i, 2, "//") == 0) {
      while (i < out.size() && out[i] != '\n') out[i++] = ' ';
    } else if (out.compare(i, 2, "/*") == 0) {
      const std::size_t end = out.find("*/", i + 2);
      const std::size_t stop = end == std::string::npos ? out.size() : end + 2;
      for (; i < stop; ++i) {
        if (out[i] != '\n') out[i] = ' ';
      }
      --i;
    }
  }
  return out;
}

// Top-level statements: text up to a ';' or a closing '}' outside any
// parentheses, braces or brackets.
// Module directives that end at the end of their line, not at a ';'.
constexpr std::string_view kLineDirectives[] = {".version", ".target", ".address_size", ".file"};

bool starts_line_directive(std::string_view rest) {
  for (std::string_view d : kLineDirectives) {
    if (rest.starts_with(d)) return true;
  }
  return false;
}

std::vector<std::string_view> split_statements(std::string_view source) {
  std::vector<std::string_view> out;
  int depth = 0;
  std::size_t start = 0;
  bool in_string = false;
  for (std::size_t i = 0; i < source.size(); ++i) {
    const char c = source[i];
    const bool statement_start =
        depth == 0 && !in_string &&
        source.substr(start, i - start).find_first_not_of(" \t\r\n") == std::string_view::npos;
    if (statement_start && c == '.' && starts_line_directive(source.substr(i))) {
      const std::size_t end = std::min(source.find('\n', i), source.size() - 1);
      out.push_back(source.substr(start, end + 1 - start));
      start = end + 1;
      i = end;
      continue;
    }
    if (in_string) {
      in_string = c != '"';
      continue;
    }
    if (c == '"') in_string = true;
    if (c == '(' || c == '{' || c == '[') ++depth;
    if (c == ')' || c == ']') --depth;
    // A '}' at depth 0 ends a function body, but an initializer's '}' is
    // followed by the ';' that ends its declaration.
    bool closes_body = c == '}' && --depth == 0;
    if (closes_body) {
      const std::size_t next = source.find_first_not_of(" \t\r\n", i + 1);
      closes_body = next == std::string_view::npos || source[next] != ';';
    }
    if ((c == ';' && depth == 0) || closes_body) {
      out.push_back(source.substr(start, i + 1 - start));
      start = i + 1;
    }
  }
  return out;
}

std::vector<std::string_view> words_before_body(std::string_view s) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  int depth = 0;
  while (i < s.size()) {
    const char c = s[i];
    if (c == '{' || c == '=' || c == ';') break;
    if (c == '(' || c == '[') {
      if (depth == 0) words.push_back(s.substr(i, 1));
      ++depth;
      ++i;
      continue;
    }
    if (c == ')' || c == ']') {
      --depth;
      ++i;
      continue;
    }
    if (depth == 0 && (is_identifier_char(c) || c == '.')) {
      const std::size_t b = i;
      while (i < s.size() && (is_identifier_char(s[i]) || s[i] == '.')) ++i;
      words.push_back(s.substr(b, i - b));
      continue;
    }
    ++i;
  }
  return words;
}

// The declared name: for functions the identifier before the parameter list
// (after an optional return list), for variables the last identifier.
std::string declared_name(const std::vector<std::string_view>& words) {
  bool function = false;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (words[i] == ".func" || words[i] == ".entry") function = true;
    if (function && i > 0 && words[i] == "(" && words[i - 1].front() != '.') {
      return std::string(words[i - 1]);
    }
  }
  for (auto it = words.rbegin(); it != words.rend(); ++it) {
    if (it->front() != '.' && *it != "(" && *it != "[") return std::string(*it);
  }
  return {};
}

Statement classify(std::string_view text) {
  Statement s{.text = text, .kind = StatementKind::other, .name = {}, .function = false};
  const auto words = words_before_body(text);
  if (words.empty()) return s;
  const std::string_view first = words.front();
  if (first == ".version" || first == ".target" || first == ".address_size") {
    s.kind = StatementKind::header;
    return s;
  }
  bool declares = false, is_extern = false, is_weak = false;
  for (std::string_view w : words) {
    declares |= w == ".func" || w == ".entry" || w == ".global" || w == ".const" || w == ".shared";
    is_extern |= w == ".extern";
    is_weak |= w == ".weak";
  }
  if (!declares) return s;
  s.name = declared_name(words);
  const bool has_body = text.find('{') != std::string_view::npos;
  bool is_function = false;
  for (std::string_view w : words) is_function |= w == ".func" || w == ".entry";
  s.function = is_function;
  if (is_extern || (is_function && !has_body)) {
    s.kind = StatementKind::extern_declaration;
  } else {
    s.kind = is_weak ? StatementKind::weak_definition : StatementKind::definition;
  }
  return s;
}

// The prototype a function's .extern declaration becomes when another unit
// defines it: PTX wants a declaration before the first call.
std::string as_prototype(std::string_view declaration) {
  std::string text(declaration);
  const std::size_t at = text.find(".extern");
  if (at != std::string::npos) text.replace(at, std::string_view(".extern").size(), ".visible");
  return text;
}

}  // namespace

std::string link_ptx(const std::vector<std::string>& sources, std::string& error) {
  if (sources.size() == 1) return sources.front();
  std::vector<std::string> stripped;
  stripped.reserve(sources.size());
  for (const std::string& source : sources) stripped.push_back(strip_comments(source));
  std::vector<Statement> statements;
  std::set<std::string> defined;
  for (const std::string& source : stripped) {
    for (std::string_view text : split_statements(source)) {
      Statement s = classify(text);
      if (s.kind == StatementKind::definition && !defined.insert(s.name).second) {
        error = fmt::format("{} is defined by two translation units", s.name);
      }
      statements.push_back(std::move(s));
    }
  }
  for (const Statement& s : statements) {
    if (s.kind == StatementKind::weak_definition) defined.insert(s.name);
  }
  // Order: one header; every function declaration once (a variable's
  // initializer may name a function: function pointer tables, vtables); every
  // variable (so a use never precedes its definition); then the code.
  std::string header, variables, declarations, code;
  std::set<std::string> emitted;
  for (const Statement& s : statements) {
    const std::string text = std::string(s.text) + "\n";
    switch (s.kind) {
      case StatementKind::header:
        if (emitted.insert(std::string(words_before_body(s.text).front())).second) header += text;
        break;
      case StatementKind::extern_declaration:
        if (!emitted.insert("declaration " + s.name).second) break;
        if (!defined.contains(s.name)) {
          (s.function ? declarations : variables) += text;
        } else if (s.function) {
          declarations += as_prototype(s.text) + "\n";
        }
        break;
      case StatementKind::weak_definition:
        if (!emitted.insert(s.name).second) break;
        (s.function ? code : variables) += text;
        break;
      case StatementKind::definition:
        (s.function ? code : variables) += text;
        break;
      case StatementKind::other:
        code += text;
        break;
    }
  }
  return header + declarations + variables + code;
}

}  // namespace smsim::runtime
