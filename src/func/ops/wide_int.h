#pragma once
// 128-bit integers for exact intermediate results (64-bit mul.hi/.wide,
// exact conversions). GCC and Clang provide them as an extension.

namespace smsim::func {

__extension__ typedef __int128 Int128;
__extension__ typedef unsigned __int128 UInt128;

}  // namespace smsim::func
