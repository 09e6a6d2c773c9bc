#!/usr/bin/env bash
# End-to-end checks of `smsim run` with real nvcc-built programs:
#   smsim_run_cli.sh SMSIM WORK_DIR
set -uo pipefail
smsim=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
nvcc=${NVCC:-nvcc}
mkdir -p "$work" && cd "$work" || exit 1
failures=0
check() {  # DESCRIPTION CONDITION...
  local what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}

"$nvcc" -cudart shared "$here/exit_status.cu" -o exit_status || exit 1
"$nvcc" "$here/exit_status.cu" -o exit_status_static || exit 1
"$nvcc" -cudart shared "$root/examples/device_query.cu" -o device_query || exit 1
"$nvcc" -cudart shared "$here/syncwarp_kernel.cu" -o syncwarp_kernel || exit 1
"$nvcc" -cudart shared "$here/spin_forever.cu" -o spin_forever || exit 1
"$nvcc" -cudart shared "$here/blocks_meet.cu" -o blocks_meet || exit 1
"$nvcc" -cudart shared "$here/errors/stack_overflow_recursion.cu" -o stack_overflow || exit 1

"$smsim" run -- ./exit_status >plain.out 2>plain.err
check "the program's exit status is smsim's" test $? -eq 3
check "stdout passes through unchanged" grep -qx "value 41" plain.out
check "stderr passes through unchanged" diff <(echo "to stderr") plain.err

"$smsim" run --summary --report run.json -- ./exit_status >summary.out 2>summary.err
check "--summary leaves stdout alone" diff plain.out summary.out
check "--summary writes to stderr" grep -q "^smsim: .*functional mode: 1 launches" summary.err
"$smsim" run --mode timing --summary -- ./exit_status >summary_timing.out 2>summary_timing.err
check "--summary names the timing mode" grep -q "^smsim: .*timing mode: 1 launches" summary_timing.err
check "--report writes the launches" grep -q '"kernel": "_Z11write_valuePi"' run.json

"$smsim" run -- ./exit_status_static >static.out 2>static.err
check "a statically linked program is refused with exit 2" test $? -eq 2
check "the refusal gives the -cudart shared fix" grep -q -- "-cudart shared" static.err
check "the refused program did not run" test ! -s static.out

"$smsim" run --gpu no-such-gpu -- ./exit_status >/dev/null 2>unknown.err
check "an unknown GPU is exit 2" test $? -eq 2

"$smsim" run --gpu a100 -- ./device_query >a100.out 2>&1
check "--gpu picks the model the device queries describe" grep -q "CC 8.0, 108 SMs" a100.out

"$smsim" run -- ./syncwarp_kernel >sync_h100.out 2>&1
check "bar.warp.sync runs on the H100 model" grep -qx "cudaSuccess cudaSuccess" sync_h100.out
"$smsim" run --gpu gtx1080 -- ./syncwarp_kernel >sync_cc61.out 2>&1
check "a CC 6.1 model refuses bar.warp.sync at load time" grep -q "bar.warp.sync needs sm_70 but the simulated GPU is sm_61" sync_cc61.out
check "and the launch fails" grep -qx "cudaErrorInvalidPtx cudaSuccess" sync_cc61.out

# The watchdog, both budgets, both modes: a kernel that never ends is stopped.
timeout 120 "$smsim" run --max-milliseconds 300 -- ./spin_forever >spin_ms.out 2>spin_ms.err
check "--max-milliseconds stops a kernel that never ends (exit 1)" test $? -eq 1
check "with cudaErrorLaunchTimeout at the synchronize" grep -qx "cudaSuccess cudaErrorLaunchTimeout" spin_ms.out
check "and says which budget ran out" grep -q "watchdog: running for more than 300 ms" spin_ms.err
check "naming the kernel once" grep -q "^smsim: kernel _Z12spin_foreverPVi: watchdog" spin_ms.err
timeout 120 "$smsim" run --mode timing --max-milliseconds 300 -- ./spin_forever >spin_tms.out 2>spin_tms.err
check "the time budget holds in timing mode" grep -qx "cudaSuccess cudaErrorLaunchTimeout" spin_tms.out
check "timing mode names the budget too" grep -q "watchdog: running for more than 300 ms" spin_tms.err
timeout 120 "$smsim" run --max-instructions 100000 -- ./spin_forever >spin_n.out 2>spin_n.err
check "--max-instructions stops it too" grep -qx "cudaSuccess cudaErrorLaunchTimeout" spin_n.out
check "naming the instruction budget" grep -q "watchdog: more than 100000 warp-instructions" spin_n.err
SMSIM_MAX_MILLISECONDS=soon timeout 120 "$smsim" run -- ./spin_forever >spin_bad.out 2>spin_bad.err
check "a malformed budget is refused, not ignored" grep -q "SMSIM_MAX_MILLISECONDS=soon: give a positive whole number" spin_bad.err

# --threads: a functional launch's blocks run on several host threads at once.
timeout 120 "$smsim" run --threads 2 --max-milliseconds 20000 -- ./blocks_meet >meet2.out 2>meet2.err
check "--threads 2 runs two blocks at once (one waits for the other)" grep -qx "cudaSuccess 1 1" meet2.out
timeout 120 "$smsim" run --max-milliseconds 300 -- ./blocks_meet >meet1.out 2>meet1.err
check "one host thread by default: the waiting block never sees the flag" grep -q "^cudaErrorLaunchTimeout" meet1.out
timeout 120 "$smsim" run --threads 4 -- ./exit_status >threads4.out 2>threads4.err
check "--threads 4 gives the program's output and status" test $? -eq 3 -a "$(cat threads4.out)" = "$(cat plain.out)"
for bad in 0 1025 two; do
  timeout 120 "$smsim" run --threads "$bad" -- ./exit_status >threads_bad.out 2>threads_bad.err
  check "--threads $bad is refused, not ignored" grep -q "SMSIM_THREADS=$bad: give a number of host threads from 1 to 1024" threads_bad.err
done

# A fault's diagnostic names the kernel once ("kernel K, PTX line N, ...").
"$smsim" run -- ./stack_overflow >overflow.out 2>overflow.err
check "a stack overflow names the kernel and PTX line" grep -q "^smsim: kernel _Z14recurse_kerneliPi, PTX line" overflow.err
check "and only once" test "$(grep -o "kernel _Z14recurse_kerneliPi" overflow.err | wc -l)" -eq 1

# --as-profiled: the first-touch walk of a region is charged as Nsight Compute's
# replay sees it (710 cycles per 32 MiB region, hopper.toml); a plain run charges
# the plain runs' walk (350 cycles per 1 MiB granule no earlier launch read;
# docs/timing.md, "First touch of a program's pages").
metric() {  # FILE NAME: the launch's metric NAME from a --report
  grep -o "\"$2\": [0-9]*" "$1" | head -1 | grep -o '[0-9]*$'
}
# syncwarp_kernel stores to a fresh buffer and reads it back: its load waits for the walk.
"$smsim" run --mode timing --report plain_run.json -- ./syncwarp_kernel >/dev/null 2>&1
"$smsim" run --mode timing --as-profiled --report profiled_run.json -- ./syncwarp_kernel >profiled.out 2>&1
check "--as-profiled leaves the program's output alone" grep -qx "cudaSuccess cudaSuccess" profiled.out
check "a plain timing run walks the granule its kernel touches" test "$(metric plain_run.json translation_walks)" = 1
check "a profiled run walks the region its kernel touches" test "$(metric profiled_run.json translation_walks)" = 1
check "and its launch takes longer by the difference of the walks (710 against 350)" \
  test "$(metric profiled_run.json gpc__cycles_elapsed.max)" -gt "$(( $(metric plain_run.json gpc__cycles_elapsed.max) + 250 ))"
"$smsim" run --as-profiled -- ./exit_status >/dev/null 2>profiled_functional.err
check "--as-profiled without --mode timing is refused with exit 2" test $? -eq 2
check "saying it needs the timing mode" grep -q -- "--as-profiled .*needs --mode timing" profiled_functional.err

LD_BIND_NOW=1 "$smsim" run -- ./device_query >bindnow.out 2>&1
check "LD_BIND_NOW=1 finds every symbol" test $? -eq 0

exit $((failures > 0))
