#!/usr/bin/env bash
# Checks the PTX corpus against smsim's front end: every module must parse and check
# with no diagnostics (`smsim ptx-check`), and the module smsim prints back
# (`smsim ptx-check --print`) must be accepted by NVIDIA's ptxas for the module's own
# target, which shows the printer loses nothing ptxas needs.
#
# usage: check.sh SMSIM_BIN [OUTDIR] [--only GLOB] [--jobs N] [--keep DIR]
#   OUTDIR   corpus folder from generate.sh (default build-corpus/ptx)
#   --only   check only modules whose file name matches GLOB (e.g. '*.sm_90.default.ptx')
#   --jobs   parallel checks (default 2: the build machines have two shared cores)
#   --keep   keep the printed modules and all diagnostics under DIR
#   PTXAS_FLAGS overrides the ptxas optimisation flags (default -O0: acceptance is
#   decided by ptxas's parser and checker, so optimising would only cost time).
#   Exit status: 0 when every module passed, 1 when any failed (listed), 2 on usage errors.
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/../.." && pwd)
usage() {
  sed -n '/^# usage:/,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

smsim_bin=""
outdir=""
only="*.ptx"
jobs=2
keep=""
while (($#)); do
  case $1 in
    --only) (($# >= 2)) || usage; only=$2; shift 2 ;;
    --jobs) (($# >= 2)) || usage; jobs=$2; shift 2 ;;
    --keep) (($# >= 2)) || usage; keep=$2; shift 2 ;;
    -h|--help) usage 0 ;;
    -*) echo "check.sh: unknown option '$1'" >&2; usage ;;
    *)
      if [[ -z $smsim_bin ]]; then smsim_bin=$1
      elif [[ -z $outdir ]]; then outdir=$1
      else usage
      fi
      shift ;;
  esac
done
[[ -n $smsim_bin ]] || usage
[[ -n $outdir ]] || outdir=$repo_root/build-corpus/ptx
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "check.sh: --jobs needs a positive integer" >&2; exit 2; }
[[ -x $smsim_bin ]] || { echo "check.sh: '$smsim_bin' is not an executable smsim" >&2; exit 2; }
[[ -d $outdir ]] || { echo "check.sh: corpus folder '$outdir' does not exist (run generate.sh)" >&2; exit 2; }

ptxas_bin=${PTXAS:-}
if [[ -z $ptxas_bin ]]; then
  ptxas_bin=$(command -v ptxas || true)
  [[ -n $ptxas_bin ]] || ptxas_bin=/usr/local/cuda/bin/ptxas
fi
[[ -x $ptxas_bin ]] || { echo "check.sh: ptxas not found (set PTXAS or PATH)" >&2; exit 2; }

shopt -s nullglob
modules=("$outdir"/$only)
((${#modules[@]})) || { echo "check.sh: no modules match '$only' in $outdir" >&2; exit 1; }

workdir=$(mktemp -d)
trap 'rm -rf "$workdir"' EXIT
if [[ -n $keep ]]; then
  mkdir -p "$keep"
  workdir_keep=$(cd "$keep" && pwd)
else
  workdir_keep=$workdir
fi

# One module: prints "<name>\t<parse ok|FAIL>\t<ptxas ok|FAIL|skip>\t<reason>".
check_one() {
  local module=$1
  local name work target arch reason
  name=$(basename "$module" .ptx)
  work="$WORKDIR/$name"
  # A hung front end must fail the module, not the whole run.
  local rc=0
  timeout "$MODULE_TIMEOUT" "$SMSIM_BIN" ptx-check "$module" >"$work.check.out" 2>"$work.check.err" || rc=$?
  if ((rc == 124)); then
    printf '%s\tFAIL\tskip\tptx-check did not finish within %ss\n' "$name" "$MODULE_TIMEOUT"
    return 0
  fi
  if ((rc != 0)); then
    reason="ptx-check exit $rc: $(grep -m1 -E 'error|fatal|Sanitizer|runtime error' "$work.check.err" || head -c 300 "$work.check.err")"
    printf '%s\tFAIL\tskip\t%s\n' "$name" "${reason//$'\t'/ }"
    return 0
  fi
  if grep -q -E ': error:|Sanitizer|runtime error' "$work.check.err"; then
    reason="ptx-check exit 0 but reported: $(grep -m1 -E ': error:|Sanitizer|runtime error' "$work.check.err")"
    printf '%s\tFAIL\tskip\t%s\n' "$name" "${reason//$'\t'/ }"
    return 0
  fi
  rc=0
  timeout "$MODULE_TIMEOUT" "$SMSIM_BIN" ptx-check "$module" --print >"$work.printed.ptx" 2>"$work.print.err" || rc=$?
  if ((rc != 0)); then
    reason="ptx-check --print exit $rc: $(head -c 300 "$work.print.err")"
    printf '%s\tok\tFAIL\t%s\n' "$name" "${reason//$'\t'/ }"
    return 0
  fi
  target=$(grep -m1 -E '^[[:space:]]*\.target' "$module" | sed -E 's/^[[:space:]]*\.target[[:space:]]+//; s/[[:space:],].*//')
  arch=${target:-sm_${name##*.sm_}}
  arch=${arch%%.*}
  # shellcheck disable=SC2086  # PTXAS_FLAGS holds several flags
  if ! "$PTXAS_BIN" $PTXAS_FLAGS -arch="$arch" "$work.printed.ptx" -o /dev/null >"$work.ptxas.err" 2>&1; then
    reason="ptxas -arch=$arch rejects the printed module: $(grep -m1 -E 'error|fatal' "$work.ptxas.err" || head -c 300 "$work.ptxas.err")"
    if "$PTXAS_BIN" $PTXAS_FLAGS -arch="$arch" "$module" -o /dev/null >/dev/null 2>&1; then
      reason="$reason (the original module is accepted)"
    else
      reason="$reason (ptxas rejects the original module too)"
    fi
    printf '%s\tok\tFAIL\t%s\n' "$name" "${reason//$'\t'/ }"
    return 0
  fi
  printf '%s\tok\tok\t\n' "$name"
  [[ $KEEP_ALL == 1 ]] || rm -f "$work.printed.ptx" "$work.check.out"
}
export -f check_one
export SMSIM_BIN=$smsim_bin PTXAS_BIN=$ptxas_bin WORKDIR=$workdir_keep
export PTXAS_FLAGS=${PTXAS_FLAGS:--O0} MODULE_TIMEOUT=${MODULE_TIMEOUT:-300}
export KEEP_ALL=$([[ -n $keep ]] && echo 1 || echo 0)

start=$(date +%s)
results=$workdir/results.tsv
printf '%s\0' "${modules[@]}" | xargs -0 -n 1 -P "$jobs" bash -c 'check_one "$1"' _ >"$results"
elapsed=$(($(date +%s) - start))

total=$(wc -l <"$results")
parsed=$(awk -F'\t' '$2 == "ok"' "$results" | wc -l)
accepted=$(awk -F'\t' '$3 == "ok"' "$results" | wc -l)
failed=$(awk -F'\t' '$2 != "ok" || $3 != "ok"' "$results" | wc -l)
echo "$total modules: $parsed parsed+checked, $accepted accepted by ptxas, $failed failed (${elapsed}s)"
if ((failed)); then
  echo "failures:"
  awk -F'\t' '$2 != "ok" || $3 != "ok" { printf "  %s: %s\n", $1, $4 }' "$results" | sort
  exit 1
fi
