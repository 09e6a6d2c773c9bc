// Instruction forms: the text the engine records and the report reads back.

#include "isa/instruction_form.h"

#include <gtest/gtest.h>

#include <array>

namespace smsim::isa {
namespace {

TEST(InstructionForm, FormatsModifiersInEnumOrderWhateverTheSourceOrder) {
  ModifierMask mods{Modifier::Ftz, Modifier::Rn};
  const std::array types{Type::F32};
  const InstructionForm form = make_form(Opcode::Add, types, mods);
  EXPECT_EQ(format_form(form), "add\tf32\trn.ftz");
  EXPECT_EQ(form_ptx_spelling(form), "add.rn.ftz.f32");
}

TEST(InstructionForm, EmptyTypesAndModifiersKeepThreeFields) {
  EXPECT_EQ(format_form(make_form(Opcode::Exit, {}, {})), "exit\t\t");
  const auto parsed = parse_form("exit\t\t");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->opcode, Opcode::Exit);
  EXPECT_TRUE(parsed->types.empty());
  EXPECT_TRUE(parsed->modifiers.empty());
}

TEST(InstructionForm, EveryOpcodeTypeAndModifierRoundTrips) {
  for (const OpcodeInfo& info : opcode_table()) {
    const std::array types{Type::U32, Type::F16x2};
    const InstructionForm form = make_form(info.opcode, types, info.modifiers);
    const auto parsed = parse_form(format_form(form));
    ASSERT_TRUE(parsed) << format_form(form);
    EXPECT_EQ(parsed->opcode, info.opcode);
    EXPECT_EQ(parsed->types, form.types);
    EXPECT_EQ(parsed->modifiers, form.modifiers) << format_form(form);
  }
  for (std::size_t t = 0; t < kTypeCount; ++t) {
    const std::array types{static_cast<Type>(t)};
    const auto parsed = parse_form(format_form(make_form(Opcode::Mov, types, {})));
    ASSERT_TRUE(parsed) << type_name(static_cast<Type>(t));
    EXPECT_EQ(parsed->types[0], static_cast<Type>(t));
  }
}

TEST(InstructionForm, ParsingPutsModifiersInCanonicalOrder) {
  const auto parsed = parse_form("cvt\tf16.f32\tsat.rn\r");
  ASSERT_TRUE(parsed);
  EXPECT_EQ(format_form(*parsed), "cvt\tf16.f32\trn.sat");
}

TEST(InstructionForm, RejectsLinesThatAreNotForms) {
  EXPECT_FALSE(parse_form(""));
  EXPECT_FALSE(parse_form("add\tf32"));             // two fields
  EXPECT_FALSE(parse_form("add\tf32\trn\textra"));  // four
  EXPECT_FALSE(parse_form("frobnicate\tf32\t"));    // unknown opcode
  EXPECT_FALSE(parse_form("add\tf33\t"));           // unknown type
  EXPECT_FALSE(parse_form("add\tf32\trq"));         // unknown modifier
  EXPECT_FALSE(parse_form("add\tf32..f32\t"));      // empty type name
  EXPECT_FALSE(parse_form("mov\tb8.b8.b8.b8.b8\t"));  // more type slots than any opcode
}

}  // namespace
}  // namespace smsim::isa
