// Lexer: token kinds, token text, positions, and hostile bytes.

#include "ptx/lexer.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

namespace smsim::ptx {
namespace {

std::vector<Token> lex_all(std::string_view text) {
  Lexer lexer(text);
  std::vector<Token> out;
  for (Token t = lexer.next(); t.kind != TokenKind::End; t = lexer.next()) out.push_back(t);
  return out;
}

TEST(Lexer, InstructionTokenKeepsDotsAndDoubleColons) {
  const auto toks =
      lex_all("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [a];");
  ASSERT_EQ(toks.size(), 5u);
  EXPECT_EQ(toks[0].kind, TokenKind::Identifier);
  EXPECT_EQ(toks[0].text, "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes");
  EXPECT_EQ(toks[1].kind, TokenKind::LBracket);
  EXPECT_EQ(toks[4].kind, TokenKind::Semicolon);
}

TEST(Lexer, DirectivesRegistersAndSpecialRegisters) {
  const auto toks = lex_all(".shared::cta .reg %r<4> %tid.x $L__BB0_2:");
  ASSERT_EQ(toks.size(), 9u);
  EXPECT_EQ(toks[0].kind, TokenKind::Directive);
  EXPECT_EQ(toks[0].text, ".shared::cta");
  EXPECT_EQ(toks[2].text, "%r");
  EXPECT_EQ(toks[3].kind, TokenKind::Less);
  EXPECT_EQ(toks[4].kind, TokenKind::Integer);
  EXPECT_EQ(toks[6].text, "%tid.x");
  EXPECT_EQ(toks[7].text, "$L__BB0_2");
  EXPECT_EQ(toks[8].kind, TokenKind::Colon);
}

TEST(Lexer, NumberForms) {
  const auto toks = lex_all("42 0x1FU 017 0b101 0f3F800000 0d3FF0000000000000 1.5 2e-3 1.");
  ASSERT_EQ(toks.size(), 9u);
  for (int i = 0; i < 4; ++i) EXPECT_EQ(toks[i].kind, TokenKind::Integer) << toks[i].text;
  for (int i = 4; i < 9; ++i) EXPECT_EQ(toks[i].kind, TokenKind::Float) << toks[i].text;
  EXPECT_EQ(toks[1].text, "0x1FU");
}

TEST(Lexer, NumberGluedToLettersIsOneInvalidToken) {
  const auto toks = lex_all("0x12g4 12abc");
  ASSERT_EQ(toks.size(), 2u);
  EXPECT_EQ(toks[0].kind, TokenKind::Invalid);
  EXPECT_EQ(toks[0].text, "0x12g4");
  EXPECT_EQ(toks[1].kind, TokenKind::Invalid);
}

TEST(Lexer, CommentsAreSkippedAndPositionsCounted) {
  const auto toks = lex_all("// line comment\n/* block\n comment */ ret; // tail\n\texit;");
  ASSERT_EQ(toks.size(), 4u);
  EXPECT_EQ(toks[0].text, "ret");
  EXPECT_EQ(toks[0].loc.line, 3u);
  EXPECT_EQ(toks[0].loc.col, 13u);
  EXPECT_EQ(toks[2].text, "exit");
  EXPECT_EQ(toks[2].loc.line, 4u);
  EXPECT_EQ(toks[2].loc.col, 2u);
}

TEST(Lexer, DwarfLineIsOneToken) {
  const auto toks = lex_all("@@DWARF .byte 0x01, 0x02\n.b8 1");
  ASSERT_EQ(toks.size(), 3u);
  EXPECT_EQ(toks[0].kind, TokenKind::DwarfLine);
  EXPECT_EQ(toks[0].text, "@@DWARF .byte 0x01, 0x02");
}

TEST(Lexer, TrailingNulPaddingIsBlankButInnerNulIsInvalid) {
  const std::string padded = std::string("ret;") + std::string(64, '\0');
  EXPECT_EQ(lex_all(padded).size(), 2u);
  const std::string inner = std::string("ret") + '\0' + "; exit;";
  const auto toks = lex_all(inner);
  ASSERT_GE(toks.size(), 2u);
  EXPECT_EQ(toks[1].kind, TokenKind::Invalid);
}

TEST(Lexer, UnterminatedCommentAndStringAreInvalid) {
  auto toks = lex_all("ret; /* never closed");
  ASSERT_EQ(toks.size(), 3u);
  EXPECT_EQ(toks[2].kind, TokenKind::Invalid);
  toks = lex_all("\"no end\n");
  ASSERT_EQ(toks.size(), 1u);
  EXPECT_EQ(toks[0].kind, TokenKind::Invalid);
}

TEST(Lexer, BarePercentIsAnOperatorAndNonAsciiIsInvalid) {
  // A bare `%` is the remainder operator of constant expressions.
  auto toks = lex_all("% ;");
  ASSERT_EQ(toks.size(), 2u);
  EXPECT_EQ(toks[0].kind, TokenKind::Operator);
  toks = lex_all("<< >= != && || < |");
  ASSERT_EQ(toks.size(), 7u);
  for (int i = 0; i < 5; ++i) EXPECT_EQ(toks[i].kind, TokenKind::Operator) << i;
  EXPECT_EQ(toks[5].kind, TokenKind::Less);
  EXPECT_EQ(toks[6].kind, TokenKind::Pipe);
  toks = lex_all("%r\xC3\xA9");
  ASSERT_EQ(toks.size(), 3u);
  EXPECT_EQ(toks[0].text, "%r");
  EXPECT_EQ(toks[1].kind, TokenKind::Invalid);
}

TEST(Lexer, EndOfFileIsReportedWhereTheTextEnds) {
  Lexer lexer("ret\n\n\n");
  EXPECT_EQ(lexer.next().text, "ret");
  const Token end = lexer.next();
  EXPECT_EQ(end.kind, TokenKind::End);
  EXPECT_EQ(end.loc.line, 1u);
  EXPECT_EQ(end.loc.col, 4u);
}

TEST(Lexer, RawBlockReturnsSectionBodyVerbatim) {
  Lexer lexer("{\n.b8 1,2\n.b32 .debug_abbrev\n} .next");
  EXPECT_EQ(lexer.next().kind, TokenKind::LBrace);
  bool closed = false;
  EXPECT_EQ(lexer.raw_block(closed), "\n.b8 1,2\n.b32 .debug_abbrev\n");
  EXPECT_TRUE(closed);
  EXPECT_EQ(lexer.next().text, ".next");
}

}  // namespace
}  // namespace smsim::ptx
