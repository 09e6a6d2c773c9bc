// Fast executors for the plain (round-to-nearest, no .ftz/.sat) forms of the
// float operations compute-bound kernels are made of: add, sub, mul, fma/mad.
// Where the host CPU has fused multiply-add, the fma loop is compiled for it
// so that std::fma becomes one instruction instead of a library call.

#include <cmath>

#include "func/ops/executor_selection.h"
#include "func/ops/fast_ops.h"
#include "func/ops/float_rounding.h"
#include "func/ops/lane_map.h"
#include "isa/semantics/gpu_nan.h"

namespace smsim::func {
namespace {

using isa::Opcode;

template <typename F>
std::uint64_t bits_of(F v) {
  return to_bits(canonical(v));
}

// Which of two NaN operands the host returns depends on how the compiler
// ordered the operands of a commutative instruction, so an f64 NaN result
// comes from the measured rule instead (f32 NaNs are canonical anyway).
template <typename F>
std::uint64_t nan_checked(F r, std::uint64_t a, std::uint64_t b) {
  if constexpr (sizeof(F) == 8) {
    if (r != r && (isa::sem::is_nan_f64(a) || isa::sem::is_nan_f64(b))) {
      return isa::sem::propagate_nan_f64(a, b);
    }
  }
  return bits_of(r);
}

template <typename F>
void add(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  map_lanes<2>(c, in, mask, [](std::uint64_t a, std::uint64_t b) {
    return nan_checked(from_bits<F>(a) + from_bits<F>(b), a, b);
  });
}

template <typename F>
void sub(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  map_lanes<2>(c, in, mask, [](std::uint64_t a, std::uint64_t b) {
    return nan_checked(from_bits<F>(a) - from_bits<F>(b), a, b);
  });
}

template <typename F>
void mul(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  map_lanes<2>(c, in, mask, [](std::uint64_t a, std::uint64_t b) {
    return nan_checked(from_bits<F>(a) * from_bits<F>(b), a, b);
  });
}

template <typename F>
void fma_portable(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  map_lanes<3>(c, in, mask, [](std::uint64_t a, std::uint64_t b, std::uint64_t d) {
    const F x = from_bits<F>(a), y = from_bits<F>(b), z = from_bits<F>(d);
    F r = std::fma(x, y, z);
    if constexpr (sizeof(F) == 8) {
      if (r != r && (x != x || y != y || z != z)) r = fma_nan_f64(x, y, z);
    }
    return bits_of(r);
  });
}

#if defined(__x86_64__) && defined(__GNUC__)
// d = a * b + x rounded once; NaN results canonical (f64: the measured rule).
template <typename F>
[[gnu::always_inline]] inline std::uint64_t fma_lane(std::uint64_t a_bits, std::uint64_t b_bits,
                                                     std::uint64_t x_bits) {
  const F a = from_bits<F>(a_bits);
  const F b = from_bits<F>(b_bits);
  const F x = from_bits<F>(x_bits);
  // The single-precision builtin: a float fma computed in double and then
  // rounded to float would round twice.
  F r;
  if constexpr (sizeof(F) == 4) {
    r = __builtin_fmaf(a, b, x);
  } else {
    r = __builtin_fma(a, b, x);
    if (r != r && (a != a || b != b || x != x)) r = fma_nan_f64(a, b, x);
  }
  return bits_of(r);
}

// The executor's body, compiled into each host copy below (which give the
// builtin its one fma instruction).
template <typename F>
[[gnu::always_inline]] inline void fma_rows(ExecContext& c, const DecodedInstruction& in,
                                            std::uint32_t mask) {
  SourceRows<3> s;
  gather_sources<3>(c, in, mask, s);
  std::uint64_t sink[kWarpSize];
  std::uint64_t* d = in.dst[0].kind == OperandKind::reg ? c.regs + in.dst[0].reg * kWarpSize : sink;
  const std::uint64_t keep = width_mask(in.dst[0].bits);
  auto f = [](std::uint64_t a, std::uint64_t b, std::uint64_t x) { return fma_lane<F>(a, b, x); };
  if (mask == UINT32_MAX) {
    map_full_warp<3>(d, s, keep, f);
    return;
  }
  for_each_lane(mask, [&](unsigned lane) { map_one_lane<3>(d, s, keep, f, lane); });
}

template <typename F>
[[gnu::target("avx2,fma")]] void fma_hardware(ExecContext& c, const DecodedInstruction& in,
                                              std::uint32_t mask) {
  fma_rows<F>(c, in, mask);
}

// The lane's one float operation is the explicit fma, so the AVX-512 copy
// (whose target may contract a * b + c) computes the same.
template <typename F>
[[gnu::target(SMSIM_AVX512_TARGET)]] void fma_hardware_avx512(ExecContext& c,
                                                              const DecodedInstruction& in,
                                                              std::uint32_t mask) {
  fma_rows<F>(c, in, mask);
}

bool host_has_fma() {
  return __builtin_cpu_supports("fma") && __builtin_cpu_supports("avx2");
}
#endif

template <typename F>
ExecFn fma_for_host() {
#if defined(__x86_64__) && defined(__GNUC__)
  if (kHostHasAvx512) return &fma_hardware_avx512<F>;
  if (host_has_fma()) return &fma_hardware<F>;
#endif
  return &fma_portable<F>;
}

template <typename F>
ExecFn pick(Opcode op) {
  switch (op) {
    case Opcode::Add:
      return &add<F>;
    case Opcode::Sub:
      return &sub<F>;
    case Opcode::Mul:
      return &mul<F>;
    case Opcode::Fma:
    case Opcode::Mad:
      return fma_for_host<F>();
    default:
      return nullptr;
  }
}

}  // namespace

ExecFn select_fast_float(const DecodedInstruction& in) {
  const bool plain_rounding = in.rounding == Rounding::none || in.rounding == Rounding::rn;
  if (!plain_rounding || in.flags != 0 || in.dst_count != 1) return nullptr;
  if (in.type == isa::Type::F32) return pick<float>(in.opcode);
  if (in.type == isa::Type::F64) return pick<double>(in.opcode);
  return nullptr;
}

}  // namespace smsim::func
