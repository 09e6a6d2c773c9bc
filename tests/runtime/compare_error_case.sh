#!/usr/bin/env bash
# Runs one error-matrix program (tests/runtime/errors/NAME.cu) against smsim's
# libcudart.so.13 and compares its stdout, stderr and exit status with what
# the same program gave on an H100 (errors/golden/).
#
#   compare_error_case.sh NAME WORK_DIR CUDART_LIB_DIR
#
# Two documented differences are allowed (docs/runtime.md):
# - memcpy_overlapping's host-to-host line shows the host C library's memcpy
#   on the measuring machine; that one line is not compared;
# - a destroyed or bogus stream/event handle crashes the real driver
#   (exit 139); smsim returns cudaErrorInvalidResourceHandle instead, so the
#   golden must be a prefix of smsim's output, the next line must report that
#   error, and the program must exit 0.
set -uo pipefail
name=$1 work=$2 libdir=$3
here=$(cd "$(dirname "$0")" && pwd)
src_dir=$here/errors
golden=$src_dir/golden
nvcc=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
mkdir -p "$work"
exe=$work/$name
if [[ ! -x $exe || $src_dir/$name.cu -nt $exe || $src_dir/report.h -nt $exe ]]; then
  # Built from the program's folder so that __FILE__ is the bare name.
  # Extra flags from a `// nvcc-flags: ...` line, as tools/golden/errors.sh.
  flags=$(sed -n 's@^// nvcc-flags: @@p' "$src_dir/$name.cu")
  # shellcheck disable=SC2086
  (cd "$src_dir" && "$nvcc" -cudart shared $flags -o "$exe" "$name.cu") || { echo "FAIL: nvcc"; exit 1; }
fi
(cd "$work" && LD_LIBRARY_PATH=$libdir LD_BIND_NOW=1 "$exe" >"$work/$name.stdout" 2>"$work/$name.stderr")
status=$?
expected_status=$(cat "$golden/$name.exit")
host_dependent='^VALUES host after forward overlapping copy'
ok=1
if [[ $expected_status == 139 ]]; then
  lines=$(wc -l <"$golden/$name.stdout")
  if ! head -n "$lines" "$work/$name.stdout" | diff "$golden/$name.stdout" - ; then ok=0; fi
  next=$(sed -n "$((lines + 1))p" "$work/$name.stdout")
  if [[ $next != *"-> cudaErrorInvalidResourceHandle" ]]; then
    echo "expected cudaErrorInvalidResourceHandle where the driver crashed, got: $next"; ok=0
  fi
  [[ $status == 0 ]] || { echo "exit status $status, expected 0 (the driver's crash is not reproduced)"; ok=0; }
else
  if ! diff <(grep -v "$host_dependent" "$golden/$name.stdout") \
            <(grep -v "$host_dependent" "$work/$name.stdout"); then ok=0; fi
  [[ $status == "$expected_status" ]] || { echo "exit status $status, expected $expected_status"; ok=0; }
  if [[ -f $golden/$name.stderr ]]; then
    diff "$golden/$name.stderr" "$work/$name.stderr" || ok=0
  fi
fi
if [[ $ok == 0 ]]; then
  echo "--- smsim stderr:"; head -c 2000 "$work/$name.stderr"
  echo "FAIL: $name"; exit 1
fi
echo "PASS: $name"
