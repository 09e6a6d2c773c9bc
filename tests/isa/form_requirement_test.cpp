// Forms of old opcodes that need a newer SM (isa/form_requirement.h).

#include "isa/form_requirement.h"

#include <gtest/gtest.h>

#include <vector>

namespace smsim::isa {
namespace {

std::uint32_t need(Opcode op, std::vector<Type> types, std::vector<Modifier> modifiers) {
  const FormRequirement* r = strictest_form_requirement(op, types, modifiers);
  return r == nullptr ? 0 : r->min_sm;
}

TEST(FormRequirement, VoteIs12AndItsBallot20) {
  EXPECT_EQ(need(Opcode::Vote, {Type::Pred}, {Modifier::All}), 12u);
  EXPECT_EQ(need(Opcode::Vote, {Type::B32}, {Modifier::Ballot}), 20u);
  EXPECT_EQ(need(Opcode::Vote, {Type::B32}, {Modifier::Sync, Modifier::Ballot}), 20u);
}

TEST(FormRequirement, DoublePrecisionIs13AndMovingBitsIsNot) {
  EXPECT_EQ(need(Opcode::Add, {Type::F64}, {Modifier::Rn}), 13u);
  EXPECT_EQ(need(Opcode::Cvt, {Type::F32, Type::F64}, {Modifier::Rn}), 13u);
  EXPECT_EQ(need(Opcode::Ld, {Type::F64}, {Modifier::Global}), 0u);
  EXPECT_EQ(need(Opcode::Mov, {Type::F64}, {}), 0u);
}

TEST(FormRequirement, SinglePrecisionFmaAndDirectedRoundingAre20) {
  EXPECT_EQ(need(Opcode::Fma, {Type::F32}, {Modifier::Rn}), 20u);
  EXPECT_EQ(need(Opcode::Add, {Type::F32}, {Modifier::Rz}), 20u);
  EXPECT_EQ(need(Opcode::Add, {Type::F32}, {}), 0u);
  EXPECT_EQ(need(Opcode::Mad, {Type::F32}, {}), 0u);  // 1.x's FMAD
  EXPECT_EQ(need(Opcode::Mad, {Type::F32}, {Modifier::Rn}), 20u);
  EXPECT_EQ(need(Opcode::Div, {Type::F32}, {Modifier::Rn}), 20u);
  EXPECT_EQ(need(Opcode::Div, {Type::F32}, {Modifier::Full}), 0u);
}

TEST(FormRequirement, AtomicsBySpaceTypeAndOperation) {
  EXPECT_EQ(need(Opcode::Atom, {Type::U32}, {Modifier::Global, Modifier::Add}), 11u);
  EXPECT_EQ(need(Opcode::Atom, {Type::U32}, {Modifier::Shared, Modifier::Add}), 12u);
  EXPECT_EQ(need(Opcode::Atom, {Type::F32}, {Modifier::Global, Modifier::Add}), 20u);
  EXPECT_EQ(need(Opcode::Atom, {Type::U64}, {Modifier::Global, Modifier::Cas}), 20u);
  EXPECT_EQ(need(Opcode::Atom, {Type::U64}, {Modifier::Global, Modifier::Min}), 35u);
  EXPECT_EQ(need(Opcode::Atom, {Type::F64}, {Modifier::Global, Modifier::Add}), 60u);
}

TEST(FormRequirement, EveryEntryNamesItsFormAndAnSm) {
  for (const FormRequirement& r : form_requirements()) {
    EXPECT_FALSE(r.form.empty());
    EXPECT_GE(r.min_sm, 11u) << r.form;
  }
}

}  // namespace
}  // namespace smsim::isa
