#!/usr/bin/env bash
# Compiles small PTX kernels with ptxas and prints the arithmetic of the SASS,
# to measure when ptxas contracts mul+add into FFMA/DFMA and how it orders f64
# operands (docs/ptxas-rewrites.md). Needs ptxas (CUDA 13) and cuobjdump, e.g.
#   python3 -m venv /tmp/v && /tmp/v/bin/pip install nvidia-cuda-cuobjdump
#   CUOBJDUMP=$(find /tmp/v -name cuobjdump -type f) tools/probes/ptxas_rewrites_probe.sh
# Each case: a name, the type, the body (it sees %r1..%r4 = parameters a..d,
# %p1 = (e != 0), %rd2 = the output pointer) and extra ptxas options.
set -euo pipefail
PTXAS=${PTXAS:-ptxas}
CUOBJDUMP=${CUOBJDUMP:-cuobjdump}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

probe() {
  local name=$1 t=$2 body=$3
  shift 3
  cat >"$work/$name.ptx" <<EOP
.version 8.8
.target sm_90
.address_size 64
.visible .entry k(.param .u64 out, .param .$t a, .param .$t b, .param .$t c, .param .$t d, .param .u32 e)
{
  .reg .$t %r<40>;
  .reg .b64 %rd<3>;
  .reg .b32 %u<3>;
  .reg .pred %p<3>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  ld.param.$t %r1, [a];
  ld.param.$t %r2, [b];
  ld.param.$t %r3, [c];
  ld.param.$t %r4, [d];
  ld.param.u32 %u1, [e];
  setp.ne.u32 %p1, %u1, 0;
$body
  ret;
}
EOP
  "$PTXAS" -arch=sm_90 "$@" "$work/$name.ptx" -o "$work/$name.cubin"
  echo "== $name $*"
  "$CUOBJDUMP" -sass "$work/$name.cubin" | grep -oE '(@!?P[0-9] +)?[DF](FMA|MUL|ADD)[^;]*;'
}

st=$'st.global.f32 [%rd2], %r6;'
probe single f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; $st"
probe addend_first f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r3, %r5; $st"
probe also_stored f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; $st st.global.f32 [%rd2+4], %r5;"
probe also_multiplied f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; mul.f32 %r7, %r5, %r4; $st st.global.f32 [%rd2+4], %r7;"
probe two_adds f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; add.f32 %r7, %r5, %r4; $st st.global.f32 [%rd2+4], %r7;"
probe plus_itself f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r5; $st"
probe sub_product f32 "mul.f32 %r5, %r1, %r2; sub.f32 %r6, %r3, %r5; $st"
probe sub_addend f32 "mul.f32 %r5, %r1, %r2; sub.f32 %r6, %r5, %r3; $st"
probe neg f32 "mul.f32 %r5, %r1, %r2; neg.f32 %r7, %r5; add.f32 %r6, %r7, %r3; $st"
probe neg_stored f32 "mul.f32 %r5, %r1, %r2; neg.f32 %r7, %r5; add.f32 %r6, %r7, %r3; $st st.global.f32 [%rd2+4], %r7;"
probe two_products f32 "mul.f32 %r5, %r1, %r2; mul.f32 %r7, %r3, %r4; add.f32 %r6, %r7, %r5; $st"
probe first_stored f32 "mul.f32 %r5, %r1, %r2; mul.f32 %r7, %r3, %r4; add.f32 %r6, %r5, %r7; $st st.global.f32 [%rd2+4], %r5;"
probe mul_rn f32 "mul.rn.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; $st"
probe add_rz f32 "mul.f32 %r5, %r1, %r2; add.rz.f32 %r6, %r5, %r3; $st"
probe ftz_mul_only f32 "mul.ftz.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; $st"
probe ftz_both f32 "mul.ftz.f32 %r5, %r1, %r2; add.ftz.f32 %r6, %r5, %r3; $st"
probe sat_add f32 "mul.f32 %r5, %r1, %r2; add.sat.f32 %r6, %r5, %r3; $st"
probe sat_mul f32 "mul.sat.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; $st"
probe guarded_rewrite f32 "mul.f32 %r5, %r1, %r2; @%p1 add.f32 %r5, %r5, %r3; st.global.f32 [%rd2], %r5;"
probe phi f32 "mul.f32 %r5, %r1, %r2; @%p1 bra L1; mul.f32 %r5, %r3, %r4; L1: add.f32 %r6, %r5, %r3; $st"
probe other_block f32 "mul.f32 %r5, %r1, %r2; mov.f32 %r6, %r4; @!%p1 bra L2; add.f32 %r6, %r5, %r3; L2: $st"
# A mul source written again after the add (jnf's loop-carried recurrence).
probe rewritten_after f32 "mov.f32 %r8, %r1; mul.f32 %r5, %r8, %r2; sub.f32 %r6, %r5, %r3; mov.f32 %r8, %r6; st.global.f32 [%rd2], %r8;"
probe loop_recurrence f32 "mov.f32 %r8, %r1; neg.f32 %r9, %r3; mov.u32 %u2, 2; L1: mul.f32 %r5, %r8, %r2; sub.f32 %r6, %r5, %r9; mov.f32 %r9, %r8; mov.f32 %r8, %r6; add.s32 %u2, %u2, -1; setp.ne.s32 %p2, %u2, 0; @%p2 bra L1; st.global.f32 [%rd2], %r8;"
probe fmad_false f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; $st" --fmad=false
probe O0 f32 "mul.f32 %r5, %r1, %r2; add.f32 %r6, %r5, %r3; $st" -O0
st=$'st.global.f64 [%rd2], %r6;'
probe f64 f64 "mul.f64 %r5, %r1, %r2; add.f64 %r6, %r5, %r3; $st"
probe f64_sub f64 "mul.f64 %r5, %r1, %r2; sub.f64 %r6, %r3, %r5; $st"
# f64 operand order: %r6 is written before %r5, so ptxas puts it first.
probe f64_order_add f64 "mov.f64 %r6, %r2; mov.f64 %r5, %r1; add.f64 %r7, %r5, %r6; st.global.f64 [%rd2], %r7;"
probe f64_order_sub f64 "mov.f64 %r6, %r2; mov.f64 %r5, %r1; sub.f64 %r7, %r5, %r6; st.global.f64 [%rd2], %r7;"
probe f64_order_fma f64 "mov.f64 %r6, %r2; mov.f64 %r5, %r1; fma.rn.f64 %r7, %r5, %r6, %r3; st.global.f64 [%rd2], %r7;"
