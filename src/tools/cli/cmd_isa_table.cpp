// `smsim isa-table [--json OUT]`: writes the opcode table as JSON, so that
// tools outside C++ (tools/forms/, the form catalog generator) read the one
// table instead of keeping a copy: per opcode the mnemonic, lowest target,
// type slots, modifiers split into their exclusive groups (at most one of a
// group per instruction) and independent flags, and the operand signature.
// Modifiers and types are also listed in enum order, the order form text uses.

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>

#include "isa/opcode.h"
#include "tools/cli/subcommands.h"

namespace smsim::cli {
namespace {

std::string_view operand_kind_name(isa::OperandKind k) {
  switch (k) {
    case isa::OperandKind::Reg: return "reg";
    case isa::OperandKind::Pred: return "pred";
    case isa::OperandKind::Imm: return "imm";
    case isa::OperandKind::RegOrImm: return "reg_or_imm";
    case isa::OperandKind::Address: return "address";
    case isa::OperandKind::Data: return "data";
    case isa::OperandKind::Label: return "label";
    case isa::OperandKind::TexAddress: return "tex_address";
    case isa::OperandKind::CallTarget: return "call_target";
    case isa::OperandKind::ParamList: return "param_list";
    case isa::OperandKind::Any: return "any";
  }
  return "unknown";
}

std::string_view type_ref_name(isa::TypeRef r) {
  switch (r) {
    case isa::TypeRef::None: return "none";
    case isa::TypeRef::Slot0: return "slot0";
    case isa::TypeRef::Slot1: return "slot1";
    case isa::TypeRef::Slot2: return "slot2";
    case isa::TypeRef::Slot3: return "slot3";
    case isa::TypeRef::Slot0Wide: return "slot0_wide";
    case isa::TypeRef::Pred: return "pred";
    case isa::TypeRef::B16: return "b16";
    case isa::TypeRef::B32: return "b32";
    case isa::TypeRef::B64: return "b64";
    case isa::TypeRef::SizeT: return "size_t";
  }
  return "unknown";
}

nlohmann::json types_json(const isa::TypeMask& mask) {
  nlohmann::json j = nlohmann::json::array();
  for (std::size_t t = 0; t < isa::kTypeCount; ++t) {
    if (mask.contains(static_cast<isa::Type>(t))) {
      j.push_back(std::string(isa::type_name(static_cast<isa::Type>(t))));
    }
  }
  return j;
}

nlohmann::json opcode_json(const isa::OpcodeInfo& info) {
  nlohmann::json types = nlohmann::json::array();
  // A suffix past the last distinct slot uses the last slot's types, so
  // `max` slots describe every allowed suffix.
  for (std::size_t s = 0; s < info.types.max && s < isa::kMaxTypeSlots; ++s) {
    types.push_back(types_json(info.types.slots[s]));
  }
  nlohmann::json groups = nlohmann::json::object();
  nlohmann::json flags = nlohmann::json::array();
  for (std::size_t m = 0; m < isa::kModifierCount; ++m) {
    const auto mod = static_cast<isa::Modifier>(m);
    if (!info.modifiers.contains(mod)) continue;
    const std::string name(isa::modifier_name(mod));
    if (isa::modifier_group(mod) == isa::ModifierGroup::None) {
      flags.push_back(name);
    } else {
      groups[std::string(isa::modifier_group_name(isa::modifier_group(mod)))].push_back(name);
    }
  }
  nlohmann::json operands = nlohmann::json::array();
  const std::size_t listed = std::max<std::size_t>(info.operands.max, 1);
  for (std::size_t i = 0; i < listed && i < isa::kMaxOperandSlots; ++i) {
    const isa::OperandSlot& slot = info.operands.slots[i];
    operands.push_back({{"kind", operand_kind_name(slot.kind)},
                        {"type", type_ref_name(slot.type)},
                        {"dest", (slot.flags & isa::kDest) != 0},
                        {"sink_ok", (slot.flags & isa::kSinkOk) != 0},
                        {"pipe_pair_ok", (slot.flags & isa::kPipePairOk) != 0},
                        {"negate_ok", (slot.flags & isa::kNegateOk) != 0}});
  }
  return {{"mnemonic", info.mnemonic},
          {"min_sm", info.min_sm},
          {"relaxed_types", (info.flags & isa::kRelaxedTypes) != 0},
          {"matrix_shape", (info.flags & isa::kMatrixShape) != 0},
          {"terminator", (info.flags & isa::kTerminator) != 0},
          {"types", {{"min", info.types.min}, {"max", info.types.max}, {"slots", types}}},
          {"modifier_groups", groups},
          {"modifier_flags", flags},
          {"operands", {{"min", info.operands.min}, {"max", info.operands.max}, {"slots", operands}}}};
}

nlohmann::json table_json() {
  nlohmann::json j;
  nlohmann::json modifiers = nlohmann::json::array();
  for (std::size_t m = 0; m < isa::kModifierCount; ++m) {
    modifiers.push_back(std::string(isa::modifier_name(static_cast<isa::Modifier>(m))));
  }
  nlohmann::json types = nlohmann::json::array();
  for (std::size_t t = 0; t < isa::kTypeCount; ++t) {
    const auto type = static_cast<isa::Type>(t);
    types.push_back({{"name", isa::type_name(type)}, {"bits", isa::type_bits(type)}});
  }
  j["modifiers"] = std::move(modifiers);
  j["types"] = std::move(types);
  nlohmann::json opcodes = nlohmann::json::array();
  for (const isa::OpcodeInfo& info : isa::opcode_table()) opcodes.push_back(opcode_json(info));
  j["opcodes"] = std::move(opcodes);
  return j;
}

}  // namespace

void register_isa_table(CLI::App& app, int& exit_code) {
  auto out = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand("isa-table", "Write the opcode table as JSON");
  cmd->add_option("--json", *out, "Write here instead of standard output");
  cmd->callback([out, &exit_code] {
    const std::string text = table_json().dump(1) + '\n';
    if (out->empty()) {
      std::fwrite(text.data(), 1, text.size(), stdout);
      exit_code = kExitOk;
      return;
    }
    std::ofstream file(*out);
    file << text;
    if (!file) {
      std::fprintf(stderr, "smsim isa-table: cannot write '%s'\n", out->c_str());
      exit_code = kExitUsage;
      return;
    }
    exit_code = kExitOk;
  });
}

}  // namespace smsim::cli
