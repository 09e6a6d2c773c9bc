#pragma once
// The byte layout of a kernel's .param list: each parameter at the next offset
// aligned to its own alignment, exactly as the PTX declaration order and
// `.align` say, so a `ld.param [name+k]` reads the bytes the host passed.

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace smsim::func {

struct ParamDecl {
  std::uint32_t size = 0;       // bytes
  std::uint32_t alignment = 1;  // power of two
};

struct ParamSlot {
  std::uint32_t offset = 0;
  std::uint32_t size = 0;
};

class ParamLayout {
 public:
  explicit ParamLayout(std::span<const ParamDecl> decls);
  const std::vector<ParamSlot>& slots() const { return slots_; }
  std::uint32_t total_bytes() const { return total_; }

  // The param buffer for one launch from one byte string per parameter, or a
  // message naming the first parameter whose size is wrong.
  struct Packed {
    std::vector<std::byte> bytes;
    std::string error;  // empty on success
  };
  Packed pack(std::span<const std::vector<std::byte>> values) const;

 private:
  std::vector<ParamSlot> slots_;
  std::uint32_t total_ = 0;
};

}  // namespace smsim::func
