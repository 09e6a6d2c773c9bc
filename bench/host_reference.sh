#!/usr/bin/env bash
# A fixed single-thread CPU workload, to say how fast a machine's core is
# when timing_speed_bench's numbers from two machines are compared: prints
# the CPU seconds of 20 million iterations of a Python integer loop (no I/O,
# no memory beyond the interpreter's). Pin it like the bench:
#   taskset -c N bench/host_reference.sh
set -euo pipefail
python3 - <<'PY'
import time
start = time.process_time()
s = 0
for i in range(20_000_000):
    s += i * i & 1023
print(f"python_loop_s {time.process_time() - start:.3f}")
PY
