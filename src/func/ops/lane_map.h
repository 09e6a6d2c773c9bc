#pragma once
// The fast path of simple executors: every source operand as one 32-lane
// row (registers are read in place; immediates and special registers are
// materialised once), and the result written to the destination row masked
// to its register width. With a full warp the loop has no branches, so the
// compiler can vectorise it.

#include <cstdint>

#include "func/exec/exec_context.h"
#include "func/exec/host_isa.h"
#include "func/exec/special_row.h"

namespace smsim::func {

template <unsigned N>
struct SourceRows {
  const std::uint64_t* row[N == 0 ? 1 : N];
  std::uint64_t scratch[N == 0 ? 1 : N][kWarpSize];
};

// A source that is not a plain register, materialised as a row: immediates by
// a fill (no per-lane dispatch), special registers and `!p` lane by lane. Kept
// out of line so that the register case below stays small enough to inline.
[[gnu::noinline]] inline void materialise_source(const ExecContext& c, const Operand& op,
                                                 std::uint32_t mask, std::uint64_t* row) {
  if (op.kind == OperandKind::imm) {
    // A local copy: `row` might alias `op` for all the compiler knows, which
    // would reload the value for every store instead of filling vectors.
    const std::uint64_t value = op.imm;
    for (unsigned lane = 0; lane < kWarpSize; ++lane) row[lane] = value;
    return;
  }
  if (op.kind == OperandKind::special) {
    special_row(c, op.special, mask, row);
    return;
  }
  for_each_lane(mask, [&](unsigned lane) { row[lane] = read(c, op, lane); });
}

template <unsigned N>
[[gnu::always_inline]] inline void gather_sources(const ExecContext& c, const DecodedInstruction& in,
                                                  std::uint32_t mask, SourceRows<N>& s) {
#pragma GCC unroll 4
  for (unsigned i = 0; i < N; ++i) {
    const Operand& op = in.src[i];
    if (op.kind == OperandKind::reg && !op.negated) {
      s.row[i] = c.regs + op.reg * kWarpSize;
    } else {
      materialise_source(c, op, mask, s.scratch[i]);
      s.row[i] = s.scratch[i];
    }
  }
}

// One lane of d = f(a[, b[, c]]), masked to the destination's width.
template <unsigned N, typename F>
[[gnu::always_inline]] inline void map_one_lane(std::uint64_t* d, const SourceRows<N>& s,
                                                std::uint64_t keep, F& f, unsigned lane) {
  if constexpr (N == 1) {
    d[lane] = f(s.row[0][lane]) & keep;
  } else if constexpr (N == 2) {
    d[lane] = f(s.row[0][lane], s.row[1][lane]) & keep;
  } else {
    d[lane] = f(s.row[0][lane], s.row[1][lane], s.row[2][lane]) & keep;
  }
}

// A full warp: rows are whole registers, so a destination either is a source
// row or does not overlap it and lanes are independent (ivdep).
template <unsigned N, typename F>
[[gnu::always_inline]] inline void map_full_warp(std::uint64_t* d, const SourceRows<N>& s,
                                                 std::uint64_t keep, F& f) {
#pragma GCC ivdep
  for (unsigned lane = 0; lane < kWarpSize; ++lane) map_one_lane<N>(d, s, keep, f, lane);
}

#ifdef SMSIM_HOST_AVX2_PATHS
// The baseline x86-64 target has only SSE2, where the 64-bit register slots
// cost a shuffle to narrow and another to widen per 2 lanes and 32-bit
// multiplies are emulated; the same loop compiled for AVX2 runs 4 lanes per
// instruction. Same lambda, same results: only the host instructions differ.
template <unsigned N, typename F>
[[gnu::target("avx2"), gnu::noinline]] void map_full_warp_avx2(std::uint64_t* d,
                                                               const SourceRows<N>& s,
                                                               std::uint64_t keep, F& f) {
  map_full_warp<N>(d, s, keep, f);
}

// Only for `f` without float arithmetic, or whose one float operation is an
// explicit fma (host_isa.h says why).
template <unsigned N, typename F>
[[gnu::target(SMSIM_AVX512_TARGET), gnu::noinline]] void map_full_warp_avx512(
    std::uint64_t* d, const SourceRows<N>& s, std::uint64_t keep, F& f) {
  map_full_warp<N>(d, s, keep, f);
}
#endif

// What a lane function computes with: whether the AVX-512 copy may run it.
enum class LaneArithmetic { any, integer };

// d = f(a[, b[, c]]) per active lane, on raw 64-bit register slots.
template <unsigned N, LaneArithmetic kArithmetic = LaneArithmetic::any, typename F>
inline void map_lanes(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask, F&& f) {
  SourceRows<N> s;
  gather_sources<N>(c, in, mask, s);
  std::uint64_t sink[kWarpSize];
  std::uint64_t* d = in.dst[0].kind == OperandKind::reg ? c.regs + in.dst[0].reg * kWarpSize : sink;
  const std::uint64_t keep = width_mask(in.dst[0].bits);
  if (mask == UINT32_MAX) {
#ifdef SMSIM_HOST_AVX2_PATHS
    if (kArithmetic == LaneArithmetic::integer && kHostHasAvx512) {
      map_full_warp_avx512<N>(d, s, keep, f);
      return;
    }
    if (kHostHasAvx2) {
      map_full_warp_avx2<N>(d, s, keep, f);
      return;
    }
#endif
    map_full_warp<N>(d, s, keep, f);
    return;
  }
  for_each_lane(mask, [&](unsigned lane) { map_one_lane<N>(d, s, keep, f, lane); });
}

// map_lanes for integer and bit operations.
template <unsigned N, typename F>
inline void map_int_lanes(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask, F&& f) {
  map_lanes<N, LaneArithmetic::integer>(c, in, mask, static_cast<F&&>(f));
}

}  // namespace smsim::func
