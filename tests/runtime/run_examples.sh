#!/usr/bin/env bash
# Builds every example (examples/) and conformance program
# (tests/conformance/programs/) three ways and runs each under `smsim run`
# with LD_BIND_NOW=1:
#   plain  nvcc -cudart shared                (zstd-compressed PTX)
#   rdc    nvcc -cudart shared -rdc=true      (with a second translation unit:
#          the example's own, or tests/runtime/second_unit.cu)
#   speed  nvcc -cudart shared --compress-mode=speed   (LZ4-compressed PTX)
# An example passes when it exits 0; a conformance program when its output
# matches its H100 golden (conformance_compare) and its exit status does.
#
#   run_examples.sh BUILD_DIR WORK_DIR [NAME_FILTER]
# BUILD_DIR holds bin/smsim, bin/conformance_compare and lib/libcudart.so.13.
set -uo pipefail
build=$(cd "$1" && pwd) work=$2 filter=${3:-}
root=$(cd "$(dirname "$0")/../.." && pwd)
nvcc=${NVCC:-nvcc}
jobs=${JOBS:-2}
mkdir -p "$work"
work=$(cd "$work" && pwd)
golden=$root/tests/conformance/golden/h100
second=$root/tests/runtime/second_unit.cu

one() {  # KIND NAME WAY
  local kind=$1 name=$2 way=$3 exe=$work/$2.$3 flags=(-cudart shared) srcs=()
  case $kind in
    example) srcs=("$root/examples/$name.cu");;
    rdc-example) srcs=("$root/examples/rdc/rdc_main.cu" "$root/examples/rdc/rdc_helpers.cu")
                 flags+=(-rdc=true);;
    conformance) srcs=("$name.cu")
                 # "// conformance: requires sm_90a": an arch-specific target (wgmma).
                 local arch
                 arch=$(head -1 "$root/tests/conformance/programs/$name.cu" |
                        sed -n 's|^// conformance: requires \(sm_[0-9]*a\)$|\1|p')
                 flags+=("-arch=${arch:-sm_90}");;
  esac
  case $way in
    rdc) [[ $kind == rdc-example ]] || flags+=(-rdc=true "$second");;
    speed) flags+=(--compress-mode=speed);;
  esac
  local dir=$root/examples
  [[ $kind == conformance ]] && dir=$root/tests/conformance/programs
  if ! (cd "$dir" && "$nvcc" "${flags[@]}" "${srcs[@]}" -o "$exe" >"$exe.build" 2>&1); then
    echo "FAIL $name.$way (nvcc)"; return
  fi
  (cd "$work" && LD_BIND_NOW=1 "$build/bin/smsim" run -- "$exe" >"$exe.out" 2>"$exe.err")
  local status=$?
  if [[ $kind != conformance ]]; then
    [[ $status == 0 ]] && echo "PASS $name.$way" || echo "FAIL $name.$way (exit $status)"
    return
  fi
  local expected=0
  expected=$(awk -v n="$name" '$1 == n {print $2}' "$golden/exit_codes.txt")
  if "$build/bin/conformance_compare" "$golden/$name.out" "$exe.out" >"$exe.diff" 2>&1 &&
     [[ $status == "${expected:-0}" ]]; then
    echo "PASS $name.$way"
  else
    echo "FAIL $name.$way (exit $status, expected ${expected:-0}; $(tail -1 "$exe.diff"))"
  fi
}
export -f one
export root work build nvcc golden second

{
  for f in "$root"/examples/*.cu; do echo "example $(basename "$f" .cu)"; done
  echo "rdc-example rdc"
  for f in "$root"/tests/conformance/programs/*.cu; do
    n=$(basename "$f" .cu)
    [[ $n == float_to_half_exhaustive ]] && continue  # minutes per run: ctest -L long
    echo "conformance $n"
  done
} | grep -E -- "${filter:-.}" | while read -r kind name; do
  for way in plain rdc speed; do echo "$kind $name $way"; done
done | xargs -P "$jobs" -L 1 bash -c 'one "$@"' _ | sort | tee "$work/summary.txt"
echo "passed $(grep -c '^PASS' "$work/summary.txt") of $(wc -l <"$work/summary.txt")"
