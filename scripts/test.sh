#!/usr/bin/env bash
# The whole default test suite on a fresh machine: installs what is missing,
# builds the normal tree and runs every test except those labelled `long`,
# then builds an ASan+UBSan tree and runs the `unit` tests under it.
#   Long/exhaustive cases:  scripts/test.sh --long   (runs `ctest -L long` too)
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/setup.sh

run_long=0
[[ ${1:-} == --long ]] && run_long=1
jobs=$(nproc)

scripts/build.sh build
ctest --test-dir build -LE "long|pending" -j"$jobs" --output-on-failure --timeout 900

scripts/build.sh build-asan -DSMSIM_SANITIZE=ON -DSMSIM_BENCH=OFF -DSMSIM_CUDA_PROGRAMS=OFF -DCMAKE_BUILD_TYPE=Debug
ASAN_OPTIONS=detect_leaks=1:abort_on_error=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
  ctest --test-dir build-asan -L unit -j"$jobs" --output-on-failure --timeout 900

if ((run_long)); then
  ctest --test-dir build -L long -j"$jobs" --output-on-failure --timeout 7200
fi
