#!/usr/bin/env bash
# Runs first_write_probe on the recording GPU (tools/probes/README.md,
# "First-write probe"): every scenario twice, each its own process under ncu
# with the kernel goldens' flags (tools/golden/timing.sh), then the latency
# chains without ncu. Usage: first_write_probe.sh PROBE_BINARY OUT_DIR [RUNS NAME...]
# (with names: only those scenarios, RUNS times each, into OUT_DIR/scenarios2.csv,
# and no latency chains: the second recording)
set -euo pipefail
probe=$1
out=$2
shift 2
if (($#)); then
  runs=$1
  shift
  names=("$@")
  csv=scenarios2.csv
else
  runs=2
  mapfile -t names < <("$probe" list)
  csv=scenarios.csv
fi
mkdir -p "$out"
ncu=${NCU:-$(command -v ncu || echo /usr/local/cuda/bin/ncu)}
metrics=gpc__cycles_elapsed.max,sm__cycles_active.avg,dram__bytes_write.sum
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu --format=csv,noheader
  date -u +%Y-%m-%dT%H:%M:%SZ
  "$ncu" --version | tail -1
} > "$out/env.txt"
for ((run = 1; run <= runs; ++run)); do
  for name in "${names[@]}"; do
    echo "== run$run $name"
    "$ncu" --clock-control none --csv --print-units base --metrics "$metrics" "$probe" scenario "$name" |
      grep -v '^==PROF==' | sed "s/^/run$run $name /"
  done
done > "$out/$csv" 2>&1
[[ $csv == scenarios.csv ]] || exit 0
# The copies' cost with ncu's caches left as the previous launch left them.
"$ncu" --clock-control none --cache-control none --csv --print-units base --metrics "$metrics" \
  "$probe" scenario base 2>&1 | grep -v '^==PROF==' | sed 's/^/nocacheflush base /' >> "$out/scenarios.csv"
"$probe" latency > "$out/latency.txt" 2>&1
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem,temperature.gpu --format=csv,noheader >> "$out/env.txt"
(command -v cuobjdump >/dev/null && cuobjdump -sass "$probe" > "$out/probe.sass") || true
