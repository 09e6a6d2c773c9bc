#include "func/decode/descriptor_query.h"

#include <fmt/format.h>

#include <span>

namespace smsim::func {

std::optional<DescriptorQuery> descriptor_query_of(const InstructionSpec& s) {
  using isa::Modifier;
  const bool txq = s.opcode == isa::Opcode::Txq;
  if (!txq && s.opcode != isa::Opcode::Suq) return std::nullopt;
  // .width/.height/.depth (txq.level too) come from the object's header
  // without the descriptor table; suq has no sampler state.
  static constexpr Modifier kTexture[] = {
      Modifier::ChannelDataType, Modifier::ChannelOrder,    Modifier::NormalizedCoords,
      Modifier::FilterMode,      Modifier::AddrMode0,       Modifier::AddrMode1,
      Modifier::AddrMode2,       Modifier::ArraySize,       Modifier::NumMipmapLevels,
      Modifier::NumSamples,      Modifier::ForceUnnormalizedCoords};
  static constexpr Modifier kSurface[] = {Modifier::ChannelDataType, Modifier::ChannelOrder,
                                          Modifier::ArraySize};
  const std::span<const Modifier> queries = txq ? std::span<const Modifier>(kTexture)
                                                : std::span<const Modifier>(kSurface);
  for (Modifier m : queries) {
    if (!s.has(m)) continue;
    return DescriptorQuery{
        .surface = !txq,
        .form = fmt::format("{}.{}.b32", isa::opcode_mnemonic(s.opcode), isa::modifier_name(m)),
        .ptx_line = s.ptx_line};
  }
  return std::nullopt;
}

LaunchError descriptor_query_error(const std::string& kernel, const DescriptorQuery& q) {
  return LaunchError{
      .code = q.surface ? CudaError::not_supported : CudaError::symbol_not_found,
      .message = fmt::format(
          "kernel {}, PTX line {}: {} reads the {} descriptor, which the H100 driver cannot "
          "link (ptxas makes it a relocation against {}): {}",
          kernel, q.ptx_line, q.form, q.surface ? "surface" : "texture",
          q.surface ? ".nv.surfrefDescSize" : ".nv.unified.texrefDescSize",
          q.surface ? "no kernel of its module runs (cudaErrorNotSupported)"
                    : "the kernel never runs (cudaErrorSymbolNotFound)")};
}

}  // namespace smsim::func
