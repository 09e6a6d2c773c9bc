#include "func/load/loaded_module.h"

#include <fmt/format.h>

#include <bit>
#include <cstring>
#include <tuple>
#include <utility>
#include <vector>

#include "func/decode/decoder.h"
#include "func/decode/function_address.h"
#include "func/load/lower_kernel.h"
#include "func/load/ptxas_rewrites.h"
#include "isa/form_requirement.h"

namespace smsim::func {
namespace {

// Writes a variable's initializer into `bytes` (sized to the variable).
void write_initializer(const ptx::Variable& v, const ModulePlacement& placement,
                       std::vector<std::byte>& bytes, std::vector<std::string>& errors) {
  const std::size_t element = std::max<std::size_t>((isa::type_bits(v.type) + 7) / 8, 1);
  std::size_t at = 0;
  for (const ptx::InitItem& item : v.init) {
    if (item.kind == ptx::InitKind::Open || item.kind == ptx::InitKind::Close) continue;
    std::uint64_t value = item.bits;
    std::size_t width = element;
    if (item.kind == ptx::InitKind::Float) {
      if (v.type == isa::Type::F32 && item.float_bits == 64) {
        value = std::bit_cast<std::uint32_t>(static_cast<float>(std::bit_cast<double>(item.bits)));
      } else if (v.type == isa::Type::F64 && item.float_bits == 32) {
        value = std::bit_cast<std::uint64_t>(
            static_cast<double>(std::bit_cast<float>(static_cast<std::uint32_t>(item.bits))));
      }
    } else if (item.kind == ptx::InitKind::Address && item.symbol_is_function) {
      value = function_address(item.symbol) + static_cast<std::uint64_t>(item.offset);
      width = std::max<std::size_t>(element, 8);
    } else if (item.kind == ptx::InitKind::Address) {
      if (item.symbol >= placement.globals.size() ||
          !placement.globals[item.symbol].placed) {
        errors.push_back(
            fmt::format("PTX line {}: initializer of {} takes an address the engine "
                        "cannot place",
                        v.loc.line, v.name));
        return;
      }
      value = placement.globals[item.symbol].address + static_cast<std::uint64_t>(item.offset);
      width = std::max<std::size_t>(element, 8);
    }
    if (at + width > bytes.size()) {
      errors.push_back(fmt::format("PTX line {}: initializer of {} is longer than the variable",
                                   v.loc.line, v.name));
      return;
    }
    std::memcpy(bytes.data() + at, &value, std::min<std::size_t>(width, sizeof value));
    at += width;
  }
}

struct SpaceLayout {
  std::uint64_t size = 0;
  std::vector<std::size_t> members;
};

}  // namespace

const ModuleKernel* LoadedModule::find_kernel(std::string_view name) const {
  for (const ModuleKernel& k : kernels) {
    if (k.name == name) return &k;
  }
  return nullptr;
}

const ModuleSymbol* LoadedModule::find_symbol(std::string_view name) const {
  for (const ModuleSymbol& s : symbols) {
    if (s.name == name) return &s;
  }
  return nullptr;
}

namespace {

// The form an instruction needs the newest SM for: its opcode, or a form of
// it that came later (isa/form_requirement.h).
std::pair<std::string_view, std::uint32_t> newest_need(const ptx::Instruction& inst) {
  const isa::OpcodeInfo& info = isa::opcode_info(inst.opcode);
  std::vector<isa::Type> types;
  std::vector<isa::Modifier> modifiers;
  for (const ptx::Suffix& s : inst.suffix_list()) {
    if (s.kind == ptx::SuffixKind::Type) types.push_back(s.type());
    if (s.kind == ptx::SuffixKind::Modifier) modifiers.push_back(s.modifier());
  }
  const isa::FormRequirement* form = isa::strictest_form_requirement(inst.opcode, types, modifiers);
  if (form != nullptr && form->min_sm > info.min_sm) return {form->form, form->min_sm};
  return {info.mnemonic, info.min_sm};
}

std::vector<std::string> instructions_missing_on(const ptx::Function& f, std::uint32_t sm) {
  std::vector<std::string> errors;
  for (const ptx::Instruction& inst : f.instructions) {
    const isa::OpcodeInfo& info = isa::opcode_info(inst.opcode);
    if (isa::is_arch_specific(inst.opcode) && sm != info.min_sm) {
      errors.push_back(fmt::format(
          "kernel {}, PTX line {}: {} is an sm_{}a feature that only sm_{} GPUs have, but the "
          "simulated GPU is sm_{}",
          f.name, inst.loc.line, info.mnemonic, info.min_sm, info.min_sm, sm));
      continue;
    }
    const auto [what, min_sm] = newest_need(inst);
    if (min_sm <= sm) continue;
    errors.push_back(
        fmt::format("kernel {}, PTX line {}: {} needs sm_{} but the simulated GPU is "
                    "sm_{}",
                    f.name, inst.loc.line, what, min_sm, sm));
  }
  return errors;
}

}  // namespace

LoadedModule load_module(const ptx::Module& module, DeviceMemory& memory, std::uint32_t sm,
                         bool fma_contraction, FloatModel float_model) {
  LoadedModule out;
  ModulePlacement placement;
  placement.globals.assign(module.globals.size(), Placement{});
  // .global variables share one allocation, .const variables one constant bank.
  SpaceLayout global, constant;
  std::vector<std::uint64_t> offsets(module.globals.size(), 0);
  for (std::size_t i = 0; i < module.globals.size(); ++i) {
    const ptx::Variable& v = module.globals[i];
    if (v.opaque != ptx::OpaqueKind::None) continue;
    const isa::StateSpace space = isa::canonical_space(v.space);
    SpaceLayout* layout = space == isa::StateSpace::Global  ? &global
                          : space == isa::StateSpace::Const ? &constant
                                                            : nullptr;
    if (layout == nullptr) continue;
    layout->size = align_up(layout->size, alignment_of(v));
    offsets[i] = layout->size;
    layout->size += v.size_bytes();
    layout->members.push_back(i);
  }
  for (auto [layout, kind, space] :
       {std::tuple{&global, AllocationKind::device, MemorySpace::global},
        std::tuple{&constant, AllocationKind::constant_bank, MemorySpace::constant}}) {
    if (layout->members.empty()) continue;
    const std::uint64_t base = memory.allocate(std::max<std::uint64_t>(layout->size, 1), kind);
    if (base == 0) {
      out.errors.push_back("device memory exhausted while placing module variables");
      continue;
    }
    out.allocations.push_back(base);
    for (std::size_t i : layout->members) {
      placement.globals[i] = {.space = space, .address = base + offsets[i], .placed = true};
      out.symbols.push_back(ModuleSymbol{.name = module.globals[i].name,
                                         .space = space,
                                         .address = base + offsets[i],
                                         .size = module.globals[i].size_bytes()});
    }
  }
  for (std::size_t i = 0; i < module.globals.size(); ++i) {
    const ptx::Variable& v = module.globals[i];
    if (!placement.globals[i].placed || v.init.empty()) continue;
    std::vector<std::byte> bytes(v.size_bytes());
    write_initializer(v, placement, bytes, out.errors);
    memory.write(placement.globals[i].address, bytes.data(), bytes.size());
  }
  const CallGraph calls = analyse_calls(module);
  for (const ptx::Function& f : module.functions) {
    if (!f.is_entry || !f.has_body) continue;
    ModuleKernel k{.name = f.name};
    LoweredKernel lowered = lower_kernel(module, f, placement, calls);
    k.errors = instructions_missing_on(f, sm);
    for (std::string& e : lowered.errors) k.errors.push_back(std::move(e));
    if (k.errors.empty()) {
      apply_ptxas_rewrites(lowered.spec, fma_contraction);
      apply_float_model(lowered.spec, float_model);
      DecodeResult decoded = decode_kernel(lowered.spec);
      for (DecodeError& e : decoded.errors) k.errors.push_back(std::move(e.message));
      if (decoded.kernel) k.kernel = std::move(*decoded.kernel);
    }
    out.kernels.push_back(std::move(k));
  }
  return out;
}

void unload_module(LoadedModule& module, DeviceMemory& memory) {
  for (std::uint64_t p : module.allocations) memory.free(p);
  module.allocations.clear();
  module.kernels.clear();
  module.symbols.clear();
}

}  // namespace smsim::func
