#!/usr/bin/env bash
# The recursion depth at which cudaLimitStackSize overflows, against the H100
# (tools/probes/stack_depth_probe.cu, measured in
# tools/probes/results/h100-2026-11-22/stack_depth.txt):
#   stack_depth.sh SMSIM WORK_DIR
# Each activation takes the stack frame ptxas gives its function, and a call
# whose frame does not fit what is left of the limit fails the launch. That
# is the H100's boundary exactly for frames of 16 and 32 bytes; for frames of
# 120 and 344 bytes the H100 runs a little deeper than that sum allows (one
# activation more at 1024 bytes, 1 to 5 more at 8192: docs/func.md "Stack"),
# so those cases check smsim's own boundary, the sum model's.
set -uo pipefail
smsim=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
mkdir -p "$work" && cd "$work" || exit 1
"${NVCC:-nvcc}" -arch=sm_90 -cudart shared "$root/tools/probes/stack_depth_probe.cu" \
  -o stack_depth_probe || exit 1
failures=0
# VARIANT LIMIT DEPTH EXPECTED (0 = the default limit, 1024 bytes)
expect() {
  local out status
  out=$("$smsim" run -- ./stack_depth_probe "$1" "$2" "$3" 2>&1)
  status=$?
  if [[ $status -eq $([[ $4 == cudaSuccess ]] && echo 0 || echo 1) && $out == *"-> $4"* ]]; then
    echo "ok: variant $1 limit $2 depth $3 -> $4"
  else
    echo "FAILED: variant $1 limit $2 depth $3: expected $4, got (exit $status):"
    echo "$out"
    failures=$((failures + 1))
  fi
}
boundary() {  # VARIANT LIMIT DEEPEST_THAT_RUNS
  expect "$1" "$2" "$3" cudaSuccess
  expect "$1" "$2" $(($3 + 1)) cudaErrorIllegalAddress
}
# The H100's numbers.
boundary 2 0 63     # plain(): 16-byte frames, 64 activations of 1024 bytes
boundary 2 2048 127
boundary 2 8192 511
boundary 3 0 31     # recurse<3>: 32-byte frames
boundary 3 2048 63
boundary 3 8192 255
# The sum model's numbers (the H100: 8, 72, 2 and 23).
boundary 0 0 7      # recurse<16>: 120-byte frames, 8 fit 1024 bytes
boundary 0 8192 67
boundary 1 0 1      # recurse<64>: 344-byte frames
boundary 1 8192 22
if ((failures > 0)); then echo "FAIL: $failures case(s)"; exit 1; fi
echo "PASS"
