#!/usr/bin/env bash
# Runs shared_window_probe.cu over a ladder of byte offsets (on a GPU machine).
#   tools/probes/shared_window_probe.sh OUTFILE
set -euo pipefail
out=$1
dir=$(mktemp -d)
nvcc -arch=sm_90 -o "$dir/probe" "$(dirname "$0")/shared_window_probe.cu"
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  date -u +%FT%TZ
  for off in 0x400 0x39000 0x40000 0x100000 0x400000 0x800000 0xFFFFFC 0x1000000 0x1000004 \
             0x1FFFFFC 0x2000000 0x4000000 0x8000000 0x40000000 0x80000000 0xFFFFFFFC; do
    "$dir/probe" "$off"
  done
} > "$out"
