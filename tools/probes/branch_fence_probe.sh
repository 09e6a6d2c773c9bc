#!/usr/bin/env bash
# Records branch_fence_probe and the micro throughput's first load launch on the
# recording GPU (tools/probes/README.md, "Branch, fence and first-load probe"),
# with and without ncu. Usage: branch_fence_probe.sh PROBE THROUGHPUT OUT_DIR
# (PROBE: nvcc -O3 -arch=sm_90 -cudart shared branch_fence_probe.cu;
#  THROUGHPUT: tests/timing/micro/throughput.cu built as the timing tests build it)
set -uo pipefail
probe=$1
throughput=$2
out=$3
mkdir -p "$out"
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
# The kernel goldens' ncu flags (tools/golden/timing.sh), one metric: one pass.
ncu_run=("$ncu" --clock-control none --csv --print-units base --metrics gpc__cycles_elapsed.max)
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu --format=csv,noheader
  date -u +%Y-%m-%dT%H:%M:%SZ
  "$ncu" --version | tail -1
} > "$out/env.txt" 2>&1
for r in 1 2 3; do echo "== run$r"; "$probe" branch; done > "$out/branch.txt" 2>&1
for r in 1 2; do echo "== run$r"; "$probe" fence; done > "$out/fence.txt" 2>&1
for mode in fresh memset copy; do
  for r in 1 2; do
    echo "== plain run$r $mode"; "$probe" loads "$mode"
    echo "== ncu run$r $mode"; "${ncu_run[@]}" "$probe" loads "$mode" | grep -v '^==PROF=='
  done
done > "$out/loads.txt" 2>&1
# The micro program itself: load_tput_w1 is its first load_kernel launch.
for r in 1 2; do
  echo "== plain run$r"; "$throughput"
  echo "== ncu run$r (first load_kernel launch profiled)"
  "${ncu_run[@]}" -k regex:load_kernel -c 1 "$throughput" | grep -v '^==PROF=='
done > "$out/throughput.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu --format=csv,noheader >> "$out/env.txt" 2>&1
