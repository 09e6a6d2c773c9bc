#!/bin/bash
# Runs discard_probe (built beside this script or at $PROBE) on the GPU and
# writes OUTDIR/{env,values,faults,initcheck,sass}.txt. Fault modes run one
# per process (errors are sticky), eight at a time; the setmaxnreg modes one
# at a time under an 8 s kill, since a warpgroup that waits for registers
# that never come hangs.
set -u
out=${1:?usage: discard_probe.sh OUTDIR}
probe=${PROBE:-$(dirname "$0")/discard_probe}
mkdir -p "$out" "$out/modes"
{
  nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.sm,clocks.mem --format=csv
  nvcc --version 2>/dev/null | tail -2
  date -u
} > "$out/env.txt"
start=$(date +%s.%N)
"$probe" values > "$out/values.txt" 2>&1
echo "values: $(awk "BEGIN { print $(date +%s.%N) - $start }") s" >> "$out/values.txt"
"$probe" list | grep -v '^sr_' | xargs -P 8 -I{} sh -c \
  "timeout -s KILL 20 '$probe' {} > '$out/modes/{}.txt' 2>&1 || echo 'mode {}: exit '\$? >> '$out/modes/{}.txt'"
for m in $("$probe" list | grep '^sr_'); do
  timeout -s KILL 8 "$probe" "$m" > "$out/modes/$m.txt" 2>&1 || echo "mode $m: exit $? (137: killed after 8 s)" >> "$out/modes/$m.txt"
done
for m in $("$probe" list); do cat "$out/modes/$m.txt"; done > "$out/faults.txt"
rm -r "$out/modes"
timeout -s KILL 60 compute-sanitizer --tool initcheck "$probe" initcheck > "$out/initcheck.txt" 2>&1
cuobjdump -sass "$probe" > "$out/sass.txt" 2>&1
