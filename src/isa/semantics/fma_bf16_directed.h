// fma.rz/.rm/.rp on bf16 operands, as an H100 runs what CUDA 13.0's ptxas
// emits for them.
//
// ptxas (nvcc 13.0 -arch=sm_90, cuobjdump -sass of tools/probes/fp_rules_probe.cu)
// lowers the scalar .bf16 form to HADD2.F32 (each operand read as an *f16*
// and widened to f32), FFMA.RM/.RP/.RZ and F2F.F16.F32 (round to nearest):
// the operands are read as f16 bit patterns (bf16 1.0, 0x3f80, is f16
// 1.875), the product and sum are rounded to f32 in the named direction, the
// result is that f32 rounded to nearest f16, and .relu and .oob are dropped.
// The packed .bf16x2 form becomes HFMA2.BF16_V2 (.OOB/.RELU kept): fma.rn
// on bf16 halves, whatever the rounding modifier; the executor runs it as
// fma_half.
//
// Matches the H100 on the form sweep (tests/func/forms: the 12 scalar forms,
// 64 lanes each) and on 10,368 probe results (tools/probes/results).
#pragma once

#include <cstdint>

#include "isa/semantics/convert_float.h"
#include "isa/semantics/float_arith_f32.h"

namespace smsim::isa::sem {

inline uint16_t fma_bf16_directed(uint16_t a, uint16_t b, uint16_t c, Rounding mode) {
  const uint32_t sum = fma_f32(cvt_f32_from_f16(a, false), cvt_f32_from_f16(b, false),
                               cvt_f32_from_f16(c, false), mode, false, false);
  return cvt_f16_from_f32(sum, {.rounding = Rounding::nearest_even});
}

}  // namespace smsim::isa::sem
