#!/bin/bash
# Bisects the largest depth that runs, per variant and stack limit.
cd "$(dirname "$0")"  # run from tools/probes on a machine with the GPU
nvcc -arch=sm_90 -o probe stack_depth_probe.cu -Xptxas -v 2>&1 | grep -E "Compiling|stack frame|Function properties" | head -40
nvcc -arch=sm_90 -cudart shared -o probe_shared stack_depth_probe.cu
for variant in 0 1 2 3; do
  for limit in 0 2048 8192; do
    lo=0; hi=70000
    ./probe $variant $limit $hi >/dev/null && { echo "variant $variant limit $limit: $hi runs"; continue; }
    while (( hi - lo > 1 )); do
      mid=$(( (lo + hi) / 2 ))
      if ./probe $variant $limit $mid >/dev/null; then lo=$mid; else hi=$mid; fi
    done
    echo "variant $variant limit $limit: max depth $lo, fails at $hi: $(./probe $variant $limit $hi)"
  done
done
nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
