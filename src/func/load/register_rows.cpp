#include "func/load/register_rows.h"

#include "isa/type.h"

namespace smsim::func {

RegisterRows register_rows(const ptx::Function& f) {
  constexpr unsigned kRowBits = 64;
  RegisterRows rows;
  rows.row.reserve(f.registers.size());
  for (const ptx::RegisterInfo& r : f.registers) {
    rows.row.push_back(rows.count);
    const unsigned bits = isa::type_bits(r.type);
    rows.count += bits > kRowBits ? (bits + kRowBits - 1) / kRowBits : 1;
  }
  return rows;
}

}  // namespace smsim::func
