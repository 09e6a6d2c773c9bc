// Self-consistency of the isa tables: one entry per enum value, unique
// spellings that round-trip, signatures that make sense.

#include <gtest/gtest.h>

#include <set>
#include <string>

#include "isa/modifier.h"
#include "isa/opcode.h"
#include "isa/operand_slot.h"
#include "isa/special_register.h"
#include "isa/state_space.h"
#include "isa/type.h"

namespace smsim::isa {
namespace {

TEST(OpcodeTable, HasOneEntryPerOpcodeInEnumOrder) {
  ASSERT_EQ(opcode_table().size(), kOpcodeCount);
  for (std::size_t i = 0; i < kOpcodeCount; ++i) {
    EXPECT_EQ(static_cast<std::size_t>(opcode_table()[i].opcode), i) << opcode_table()[i].mnemonic;
  }
}

TEST(OpcodeTable, MnemonicsAreUniqueAndRoundTrip) {
  std::set<std::string_view> seen;
  for (const OpcodeInfo& info : opcode_table()) {
    EXPECT_TRUE(seen.insert(info.mnemonic).second) << "duplicate mnemonic " << info.mnemonic;
    const auto back = opcode_from_mnemonic(info.mnemonic);
    ASSERT_TRUE(back.has_value()) << info.mnemonic;
    EXPECT_EQ(*back, info.opcode);
  }
  EXPECT_FALSE(opcode_from_mnemonic("frobnicate").has_value());
}

TEST(OpcodeTable, MnemonicsFitTheDecoderComponentLimit) {
  for (const OpcodeInfo& info : opcode_table()) {
    std::size_t parts = 1;
    for (char c : info.mnemonic) parts += c == '.';
    EXPECT_LE(parts, kMaxMnemonicComponents) << info.mnemonic;
    EXPECT_FALSE(info.mnemonic.empty());
  }
}

TEST(OpcodeTable, SignaturesAreOrdered) {
  for (const OpcodeInfo& info : opcode_table()) {
    EXPECT_LE(info.types.min, info.types.max) << info.mnemonic;
    EXPECT_LE(info.operands.min, info.operands.max) << info.mnemonic;
    EXPECT_LE(info.operands.max, 16) << info.mnemonic;
    for (std::size_t s = 0; s < info.types.max && s < kMaxTypeSlots; ++s)
      EXPECT_FALSE(info.types.slots[s].empty()) << info.mnemonic << " type slot " << s;
  }
}

TEST(OpcodeTable, KnowsFamiliesNvccEmits) {
  for (std::string_view m : {"ld",
                             "st",
                             "mov",
                             "cvt",
                             "cvta",
                             "setp",
                             "selp",
                             "bra",
                             "call",
                             "ret",
                             "bar",
                             "barrier",
                             "atom",
                             "red",
                             "shfl",
                             "vote",
                             "mma",
                             "wmma.mma",
                             "wgmma.mma_async",
                             "ldmatrix",
                             "cp.async",
                             "cp.async.bulk.tensor",
                             "mbarrier.try_wait",
                             "tex",
                             "suld",
                             "vadd4",
                             "createpolicy",
                             "brx.idx"}) {
    EXPECT_TRUE(opcode_from_mnemonic(m).has_value()) << m;
  }
}

TEST(OpcodeTable, RelaxedTypingIsForMovementOnly) {
  EXPECT_TRUE(opcode_info(Opcode::Ld).flags & kRelaxedTypes);
  EXPECT_TRUE(opcode_info(Opcode::Cvt).flags & kRelaxedTypes);
  EXPECT_FALSE(opcode_info(Opcode::Add).flags & kRelaxedTypes);
  EXPECT_TRUE(opcode_info(Opcode::Bra).flags & kTerminator);
}

TEST(Types, NamesRoundTripAndSizesAreRight) {
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < kTypeCount; ++i) {
    const Type t = static_cast<Type>(i);
    EXPECT_TRUE(seen.insert(type_name(t)).second) << type_name(t);
    EXPECT_EQ(type_from_name(type_name(t)), t);
  }
  EXPECT_EQ(type_bits(Type::U8), 8);
  EXPECT_EQ(type_bits(Type::F16x2), 32);
  EXPECT_EQ(type_bits(Type::B128), 128);
  EXPECT_EQ(type_kind(Type::S32), TypeKind::Signed);
  EXPECT_TRUE(is_float(Type::Bf16));
  EXPECT_TRUE(is_integer(Type::U64));
  EXPECT_FALSE(type_from_name("f33").has_value());
}

TEST(TypeMaskTest, ContainsExactlyItsMembers) {
  constexpr TypeMask m{Type::U32, Type::F64};
  EXPECT_TRUE(m.contains(Type::U32));
  EXPECT_TRUE(m.contains(Type::F64));
  EXPECT_FALSE(m.contains(Type::S32));
  EXPECT_TRUE(TypeMask::all().contains(Type::Pred));
}

TEST(Modifiers, NamesRoundTripAndGroupsAreRight) {
  std::set<std::string_view> seen;
  for (std::size_t i = 0; i < kModifierCount; ++i) {
    const Modifier m = static_cast<Modifier>(i);
    EXPECT_TRUE(seen.insert(modifier_name(m)).second) << modifier_name(m);
    EXPECT_EQ(modifier_from_name(modifier_name(m)), m);
  }
  EXPECT_EQ(modifier_from_name("shared::cta"), Modifier::SharedCta);
  EXPECT_EQ(modifier_from_name("L2::cache_hint"), Modifier::L2CacheHint);
  EXPECT_EQ(modifier_from_name("L1::evict_last"), Modifier::L1EvictLast);
  EXPECT_EQ(modifier_group(Modifier::Rn), ModifierGroup::Rounding);
  EXPECT_EQ(modifier_group(Modifier::Gpu), ModifierGroup::Scope);
  EXPECT_EQ(modifier_group(Modifier::AcqRel), ModifierGroup::Semantics);
  EXPECT_EQ(modifier_space(Modifier::SharedCluster), StateSpace::SharedCluster);
  EXPECT_FALSE(modifier_space(Modifier::Rn).has_value());
  EXPECT_EQ(modifier_vector_width(Modifier::V4), 4u);
  EXPECT_FALSE(modifier_from_name("rnx").has_value());
}

TEST(ModifierMaskTest, SpansAllWords) {
  constexpr ModifierMask m{Modifier::Rn, static_cast<Modifier>(kModifierCount - 1)};
  EXPECT_TRUE(m.contains(Modifier::Rn));
  EXPECT_TRUE(m.contains(static_cast<Modifier>(kModifierCount - 1)));
  EXPECT_FALSE(m.contains(Modifier::Rz));
}

TEST(SpecialRegisters, ParseVectorScalarAndIndexedForms) {
  const auto tid = special_register_from_name("%tid.y");
  ASSERT_TRUE(tid);
  EXPECT_EQ(tid->reg, SpecialRegister::Tid);
  EXPECT_EQ(tid->component, SregComponent::Y);
  EXPECT_EQ(special_register_from_name("%clock64")->reg, SpecialRegister::Clock64);
  EXPECT_EQ(special_register_from_name("%envreg31")->index, 31);
  EXPECT_FALSE(special_register_from_name("%envreg32"));
  EXPECT_FALSE(special_register_from_name("%tid"));
  EXPECT_FALSE(special_register_from_name("%tid.w"));
  EXPECT_FALSE(special_register_from_name("%laneid.x"));
  char buf[32];
  const std::size_t n = format_special_register(*tid, buf, sizeof buf);
  EXPECT_EQ(std::string_view(buf, n), "%tid.y");
}

TEST(StateSpaces, NamesRoundTripAndCanonicalize) {
  for (std::size_t i = 0; i < static_cast<std::size_t>(StateSpace::Count); ++i) {
    const auto s = static_cast<StateSpace>(i);
    EXPECT_EQ(state_space_from_name(state_space_name(s)), s);
  }
  EXPECT_EQ(canonical_space(StateSpace::SharedCta), StateSpace::Shared);
  EXPECT_EQ(canonical_space(StateSpace::ParamEntry), StateSpace::Param);
  EXPECT_EQ(canonical_space(StateSpace::Global), StateSpace::Global);
}

}  // namespace
}  // namespace smsim::isa

// wgmma.mma_async takes up to 9 operands and its .sp form 11, more than the
// slots a signature lists: operand_slot must stay inside the array (the
// loader read past it, caught by UBSan in WgmmaOps.*) and give the last slot.
TEST(OpcodeTable, OperandSlotStaysInsideTheListedSlots) {
  for (const smsim::isa::Opcode op :
       {smsim::isa::Opcode::WgmmaMmaAsync, smsim::isa::Opcode::WgmmaMmaAsyncSp}) {
    const smsim::isa::OperandSignature& sig = smsim::isa::opcode_info(op).operands;
    ASSERT_GT(sig.max, smsim::isa::kMaxOperandSlots);
    for (std::size_t i = 0; i < sig.max; ++i) {
      const smsim::isa::OperandSlot slot = smsim::isa::operand_slot(sig, i);
      const smsim::isa::OperandSlot& expected =
          sig.slots[std::min<std::size_t>(i, smsim::isa::kMaxOperandSlots - 1)];
      EXPECT_EQ(slot.flags, expected.flags) << i;
      EXPECT_EQ(slot.kind, expected.kind) << i;
    }
    EXPECT_NE(smsim::isa::operand_slot(sig, 0).flags & smsim::isa::kDest, 0) << "D is written";
  }
  EXPECT_EQ(smsim::isa::operand_slot(smsim::isa::OperandSignature{}, 3).flags, 0);
}
