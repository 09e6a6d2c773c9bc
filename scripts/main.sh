#!/usr/bin/env bash
# The main job on a fresh machine: installs what is missing, builds smsim, then
# compiles the bundled example with this machine's nvcc and runs it under smsim:
# first the unmodified program end to end (`smsim run`), then its PTX alone.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh
scripts/build.sh build

example=examples/vector_add.cu
out=build/examples
mkdir -p "$out"
nvcc -ptx -arch=sm_90 -O3 "$example" -o "$out/vector_add.ptx"
nvcc -cudart shared "$example" -o "$out/vector_add"

echo "== smsim run --gpu h100 --summary -- $out/vector_add"
build/bin/smsim run --gpu h100 --summary -- "$out/vector_add"

echo "== smsim ptx-check $out/vector_add.ptx"
build/bin/smsim ptx-check "$out/vector_add.ptx"
echo "== smsim occupancy: vector_add's launch (256 threads, registers from ptxas) on an H100"
regs=$(ptxas -v -arch=sm_90 "$out/vector_add.ptx" -o /dev/null 2>&1 | sed -n 's/.*Used \([0-9]*\) registers.*/\1/p' | head -1)
build/bin/smsim occupancy --gpu h100 --threads 256 --regs "${regs:-16}" --smem 0
