#!/usr/bin/env bash
# Builds the runtime error-matrix programs (tests/runtime/errors/*.cu) the way
# users build for smsim (stock nvcc, default flags, -cudart shared) and, on a
# machine with a GPU, runs each one and records its stdout, stderr (when not
# empty) and exit status as goldens.
#
# Usage: tools/golden/errors.sh build BUILD_DIR
#        tools/golden/errors.sh run BUILD_DIR RESULT_DIR
#        tools/golden/errors.sh check GOLDEN_DIR   (no GPU: every program has a
#          complete golden, every golden a program; a program that exited
#          normally reached its innocent calls)
# Environment: NVCC (default: nvcc on PATH, else /usr/local/cuda/bin/nvcc),
#              JOBS (parallel compiles, default 2),
#              CASE_TIMEOUT_S (seconds before a hanging case is killed, default 20).
# A killed hang is recorded with the timeout's exit status 124.
set -euo pipefail

readonly repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly source_dir="${repo_root}/tests/runtime/errors"
nvcc_bin="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
jobs="${JOBS:-2}"
case_timeout_s="${CASE_TIMEOUT_S:-20}"

usage() {
  echo "usage: $0 build BUILD_DIR | run BUILD_DIR RESULT_DIR | check GOLDEN_DIR" >&2
  exit 2
}

build_all() {
  local build_dir="$1"
  mkdir -p "${build_dir}"
  # Compile from inside the source folder so __FILE__ (printed by a failing
  # device assert) is the bare file name, the same on every machine. A
  # program that needs more than the default flags names them on a line
  # `// nvcc-flags: ...` (Hopper-only instructions: -arch=sm_90).
  (cd "${source_dir}" && ls -1 ./*.cu | sed 's|^\./||; s|\.cu$||' |
    NVCC_BIN="${nvcc_bin}" BUILD_DIR="${build_dir}" xargs -P "${jobs}" -I{} sh -c \
      '"$NVCC_BIN" -cudart shared $(sed -n "s@^// nvcc-flags: @@p" "$1.cu") -o "$BUILD_DIR/$1" "$1.cu"' \
      sh {})
}

run_all() {
  local build_dir="$1" result_dir="$2"
  mkdir -p "${result_dir}"
  local program name status
  for program in "${source_dir}"/*.cu; do
    name="$(basename "${program}" .cu)"
    status=0
    timeout -k 5 "${case_timeout_s}" "${build_dir}/${name}" \
      >"${result_dir}/${name}.stdout" 2>"${result_dir}/${name}.stderr" || status=$?
    echo "${status}" >"${result_dir}/${name}.exit"
    [[ -s "${result_dir}/${name}.stderr" ]] || rm -f "${result_dir}/${name}.stderr"
    echo "${name}: exit ${status}"
  done
}

check_goldens() {
  local golden_dir="$1" failures=0 program name status
  for program in "${source_dir}"/*.cu; do
    name="$(basename "${program}" .cu)"
    if [[ ! -f "${golden_dir}/${name}.stdout" || ! -f "${golden_dir}/${name}.exit" ]]; then
      echo "${name}: no golden stdout/exit" >&2
      failures=$((failures + 1))
      continue
    fi
    status="$(cat "${golden_dir}/${name}.exit")"
    if ! [[ "${status}" =~ ^[0-9]+$ ]]; then
      echo "${name}: exit status '${status}' is not a number" >&2
      failures=$((failures + 1))
    elif [[ "${status}" == 0 && "${name}" != error_strings ]] &&
      ! grep -q '^STATE innocent calls$' "${golden_dir}/${name}.stdout"; then
      echo "${name}: exited 0 without reaching its innocent calls" >&2
      failures=$((failures + 1))
    fi
  done
  for golden in "${golden_dir}"/*.stdout; do
    name="$(basename "${golden}" .stdout)"
    if [[ ! -f "${source_dir}/${name}.cu" ]]; then
      echo "${name}: golden without a program" >&2
      failures=$((failures + 1))
    fi
  done
  echo "checked $(ls "${source_dir}"/*.cu | wc -l) programs: ${failures} failures"
  [[ "${failures}" -eq 0 ]]
}

[[ $# -ge 2 ]] || usage
case "$1" in
  build) build_all "$(realpath -m "$2")" ;;
  run)
    [[ $# -eq 3 ]] || usage
    run_all "$(realpath -m "$2")" "$(realpath -m "$3")"
    ;;
  check) check_goldens "$(realpath -m "$2")" ;;
  *) usage ;;
esac
