#include "func/memory/param_layout.h"

#include <fmt/format.h>

#include <cstring>

namespace smsim::func {

ParamLayout::ParamLayout(std::span<const ParamDecl> decls) {
  std::uint32_t offset = 0;
  for (const ParamDecl& d : decls) {
    const std::uint32_t align = d.alignment == 0 ? 1 : d.alignment;
    offset = (offset + align - 1) / align * align;
    slots_.push_back(ParamSlot{.offset = offset, .size = d.size});
    offset += d.size;
  }
  total_ = offset;
}

ParamLayout::Packed ParamLayout::pack(std::span<const std::vector<std::byte>> values) const {
  Packed out;
  if (values.size() != slots_.size()) {
    out.error = fmt::format("kernel takes {} parameters, {} given", slots_.size(), values.size());
    return out;
  }
  out.bytes.assign(total_, std::byte{0});
  for (std::size_t i = 0; i < slots_.size(); ++i) {
    if (values[i].size() != slots_[i].size) {
      out.error =
          fmt::format("parameter {} is {} bytes, {} given", i, slots_[i].size, values[i].size());
      out.bytes.clear();
      return out;
    }
    std::memcpy(out.bytes.data() + slots_[i].offset, values[i].data(), slots_[i].size);
  }
  return out;
}

}  // namespace smsim::func
