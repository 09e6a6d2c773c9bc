#!/usr/bin/env bash
# Opcode coverage: runs the unit and conformance suites of an existing build
# tree with SMSIM_OPCODE_COVERAGE set, so that every kernel the engine
# launches records the instruction forms that ran, then reports them against
# the opcode table, against the forms of real nvcc 13 PTX and against the form
# catalog of sm_90 (docs/testing.md).
#   scripts/opcode_coverage.sh [BUILD_DIR]        (default: build)
# Writes BUILD_DIR/opcode-coverage.{records,txt,json}. The corpus is
# $SMSIM_COVERAGE_CORPUS (files or folders) when set, else the sm_90 default
# modules of build-corpus/ptx, else the ptx_corpus_quick output in BUILD_DIR,
# else tools/ptx-corpus/generate.sh --sm 90 --variant default into BUILD_DIR.
# The catalogs are $SMSIM_COVERAGE_CATALOG (files) when set, else
# tests/isa/forms/sm_90.forms and sm_90a.forms (the forms only sm_90a has); the
# report counts their union. The forms the H100 cannot run either come from each
# catalog's .h100_refused file beside it. Exit 1 when a catalog form is neither executed nor refused
# (or a refusal entry lacks its evidence or test).
set -euo pipefail
cd "$(dirname "$0")/.."
build=${1:-build}
records="$PWD/$build/opcode-coverage.records"
[[ $build = /* ]] && records="$build/opcode-coverage.records"
jobs=${SMSIM_COVERAGE_JOBS:-$(nproc)}

# The cmake target opcode-coverage runs this from inside a build of the same tree.
[[ -n ${SMSIM_COVERAGE_NO_BUILD:-} ]] || cmake --build "$build" -j"$jobs"
rm -f "$records"
# A failing test still exercised what it ran; the report is what is wanted here,
# and the failures are printed for whoever runs this.
SMSIM_OPCODE_COVERAGE="$records" \
  ctest --test-dir "$build" -L "unit|conformance" -LE "long|pending" -j"$jobs" --timeout 900 \
  | tail -n 15 || true

corpus=()
if [[ -n ${SMSIM_COVERAGE_CORPUS:-} ]]; then
  read -r -a corpus <<<"$SMSIM_COVERAGE_CORPUS"
elif compgen -G "build-corpus/ptx/*.sm_90.default.ptx" >/dev/null; then
  corpus=(build-corpus/ptx/*.sm_90.default.ptx)
elif [[ -d $build/tests/ptx/corpus/quick ]]; then
  corpus=("$build/tests/ptx/corpus/quick")
else
  tools/ptx-corpus/generate.sh --sm 90 --variant default "$build/ptx-corpus-sm90"
  corpus=("$build/ptx-corpus-sm90")
fi
args=()
for c in "${corpus[@]}"; do args+=(--corpus "$c"); done
# The form catalogs (tools/forms/catalog.py): every form ptxas accepts for sm_90,
# and the ones ptxas accepts only for sm_90a.
read -r -a catalogs <<<"${SMSIM_COVERAGE_CATALOG:-tests/isa/forms/sm_90.forms tests/isa/forms/sm_90a.forms}"
for catalog in "${catalogs[@]}"; do
  [[ -f $catalog ]] || continue
  args+=(--catalog "$catalog")
  refused=${catalog%.forms}.h100_refused
  [[ -f $refused ]] && args+=(--h100-refused "$refused")
done

touch "$records"
status=0
"$build/bin/smsim" isa-coverage "$records" "${args[@]}" --json "$build/opcode-coverage.json" \
  >"$build/opcode-coverage.txt" || status=$?
sed -n '1,/^$/p' "$build/opcode-coverage.txt"
echo "report: $build/opcode-coverage.txt, $build/opcode-coverage.json"
if [[ $status -ne 0 ]]; then
  echo "opcode coverage: catalog forms neither executed nor refused, or refusal entries that do not stand (see the report)" >&2
fi
exit "$status"
