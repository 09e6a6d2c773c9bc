// setp/set comparisons of integers. The unsigned spellings lo/ls/hi/hs are
// lt/le/gt/ge on unsigned operands.
#pragma once

#include <cstdint>
#include <type_traits>

namespace smsim::isa::sem {

enum class IntCompare : uint8_t { eq, ne, lt, le, gt, ge };

template <class T>
constexpr bool compare_int(IntCompare op, T a, T b) {
  static_assert(std::is_integral_v<T>);
  switch (op) {
    case IntCompare::eq:
      return a == b;
    case IntCompare::ne:
      return a != b;
    case IntCompare::lt:
      return a < b;
    case IntCompare::le:
      return a <= b;
    case IntCompare::gt:
      return a > b;
    case IntCompare::ge:
      return a >= b;
  }
  return false;
}

}  // namespace smsim::isa::sem
