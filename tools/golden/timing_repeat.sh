#!/usr/bin/env bash
# Measures the noise of the timing goldens on a machine with an NVIDIA GPU, in
# one command (about 100 s on an H100):
#
#   tools/golden/timing_repeat.sh OUT_DIR
#
# Kernels (tests/timing/kernels) run 5 times under ncu with the golden's flags
# (tools/golden/timing.sh), k_NAME_rN.csv/.out; once more with the counters of
# tools/golden/timing_counters.txt that ncu knows on gh100 (x_NAME.csv/.out;
# also for the load kernels of micro/throughput and the atomics of
# micro/sync_atomics); the microbenchmarks 5 times (micro_NAME_rN.out); and a
# copy of copies.cu whose offset_copy_0 is launched twice (k_copies_warm.*),
# which separates the program's first launch from the kernel. The committed
# files made from them: golden/h100/kernels/NAME.runs and NAME.counters,
# golden/h100/repeat/ (docs/timing.md, "Noise of the goldens").
set -uo pipefail
[[ $# -eq 1 ]] || { sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
repo=$(cd "$(dirname "$0")/../.." && pwd)
T=$repo/tests/timing
R=$1
W=$(mktemp -d "${TMPDIR:-/tmp}/smsim-repeat.XXXXXX")
trap 'rm -rf "$W"' EXIT
mkdir -p "$W/bin" "$R"
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
sed 's/^  run_offset<0>(b);/  run_offset<0>(b);\n  run_offset<0>(b);/' "$T/kernels/copies.cu" >"$T/kernels/copies_warm.cu"
for k in micro kernels; do
  for s in "$T/$k"/*.cu; do
    n=$(basename "$s" .cu)
    (cd "$T/$k" && "$nvcc" -cudart shared -arch=sm_90 "$n.cu" -o "$W/bin/$n") &
  done
done
wait
rm -f "$T/kernels/copies_warm.cu"
smi() { nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu,power.draw --format=csv; }
smi >"$R/smi_before.txt"
"$ncu" --version >"$R/ncu_version.txt"
"$ncu" --query-metrics --chip gh100 >"$R/query_metrics.txt" 2>&1
base=gpc__cycles_elapsed.max,sm__cycles_active.avg,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active
flags=(--clock-control none --csv --print-units base)
for n in arith_latency global_latency shared_memory sync_atomics throughput; do
  for r in 1 2 3 4 5; do timeout 60 "$W/bin/$n" >"$R/micro_${n}_r$r.out" 2>&1; done
done
for r in 1 2 3 4 5; do
  for n in copies dense reduction transpose; do
    timeout 90 "$ncu" "${flags[@]}" --metrics $base --log-file "$R/k_${n}_r$r.csv" "$W/bin/$n" \
      >"$R/k_${n}_r$r.out" 2>&1 || echo "ncu failed: $n run $r"
  done
done
timeout 60 "$ncu" "${flags[@]}" --metrics $base --log-file "$R/k_copies_warm.csv" "$W/bin/copies_warm" \
  >"$R/k_copies_warm.out" 2>&1 || echo "ncu failed: copies_warm"
# Only the counters this ncu knows (an unknown one stops the whole profile).
ext=""
for m in $(grep -v '^#' "$repo/tools/golden/timing_counters.txt"); do
  if grep -q "^${m%%.*} " "$R/query_metrics.txt"; then ext="$ext,$m"; else echo "$m" >>"$R/missing_metrics.txt"; fi
done
ext=${ext#,}
for n in copies dense reduction transpose; do
  timeout 120 "$ncu" "${flags[@]}" --metrics "$ext" --log-file "$R/x_$n.csv" "$W/bin/$n" >"$R/x_$n.out" 2>&1 ||
    echo "ncu failed: counters of $n"
done
timeout 90 "$ncu" "${flags[@]}" --metrics "$ext" -k regex:load_kernel --log-file "$R/x_throughput.csv" \
  "$W/bin/throughput" >"$R/x_throughput.out" 2>&1 || echo "ncu failed: counters of throughput"
timeout 60 "$ncu" "${flags[@]}" --metrics "$ext" -k regex:atomic --log-file "$R/x_sync_atomics.csv" \
  "$W/bin/sync_atomics" >"$R/x_sync_atomics.out" 2>&1 || echo "ncu failed: counters of sync_atomics"
smi >"$R/smi_after.txt"
echo "== wrote $R"
