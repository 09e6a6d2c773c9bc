#!/usr/bin/env bash
# Builds the PTX corpus: every CUDA source in tests/ptx/corpus/ and examples/,
# compiled by this machine's nvcc to PTX for several targets and flag variants.
# The corpus is what the PTX front end must accept, so it is regenerated from
# source and never committed.
#
# usage: generate.sh [--sm "75 80 90 120"] [--variant "default O0 lineinfo G"]
#                    [--source "NAME ..."] [--jobs N] [--force] [OUTDIR]
#   OUTDIR defaults to build-corpus/ptx under the repository root.
#   Output: OUTDIR/<source>.sm_<NN>.<variant>.ptx; compiler logs in OUTDIR/logs/.
#   --source limits the run to the named sources (basenames without .cu).
#   A module newer than its source and than its variant's flags stamp
#   (OUTDIR/logs/flags.<variant>, rewritten when nvcc or the flags change) is kept.
#   Exit status: 0 when every compile succeeded, 1 when any failed (listed), 2 on usage errors.
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/../.." && pwd)
nvcc_bin=${NVCC:-}
if [[ -z $nvcc_bin ]]; then
  nvcc_bin=$(command -v nvcc || true)
  [[ -n $nvcc_bin ]] || nvcc_bin=/usr/local/cuda/bin/nvcc
fi

sms="75 80 90 120"
variants="default O0 lineinfo G"
# Two jobs: the build machines have two cores shared by everyone.
jobs=2
force=0
only_sources=""
outdir=""

usage() {
  sed -n '/^# usage:/,/^[^#]/{/^#/p}' "$0" | sed 's/^# \{0,1\}//' >&2
  exit "${1:-2}"
}

while (($#)); do
  case $1 in
    --sm) (($# >= 2)) || usage; sms=$2; shift 2 ;;
    --variant) (($# >= 2)) || usage; variants=$2; shift 2 ;;
    --jobs) (($# >= 2)) || usage; jobs=$2; shift 2 ;;
    --source) (($# >= 2)) || usage; only_sources=$2; shift 2 ;;
    --force) force=1; shift ;;
    -h|--help) usage 0 ;;
    -*) echo "generate.sh: unknown option '$1'" >&2; usage ;;
    *) [[ -z $outdir ]] || usage; outdir=$1; shift ;;
  esac
done
[[ -n $outdir ]] || outdir=$repo_root/build-corpus/ptx
[[ $jobs =~ ^[1-9][0-9]*$ ]] || { echo "generate.sh: --jobs needs a positive integer" >&2; exit 2; }
[[ -x $nvcc_bin ]] || { echo "generate.sh: nvcc not found (set NVCC or PATH)" >&2; exit 2; }

variant_flags() {
  case $1 in
    default) echo "-O3" ;;
    O0) echo "-O0 -Xcicc -O0" ;;
    lineinfo) echo "-O3 -lineinfo" ;;
    G) echo "-G" ;;
    *) return 1 ;;
  esac
}
for v in $variants; do
  variant_flags "$v" >/dev/null || { echo "generate.sh: unknown variant '$v'" >&2; exit 2; }
done
for sm in $sms; do
  [[ $sm =~ ^[0-9]+a?$ ]] || { echo "generate.sh: bad --sm entry '$sm' (want e.g. 90)" >&2; exit 2; }
done

shopt -s nullglob
sources=("$repo_root"/tests/ptx/corpus/*.cu "$repo_root"/examples/*.cu)
((${#sources[@]})) || { echo "generate.sh: no CUDA sources found" >&2; exit 1; }
if [[ -n $only_sources ]]; then
  selected=()
  for want in $only_sources; do
    found=""
    for src in "${sources[@]}"; do
      [[ $(basename "$src" .cu) == "$want" ]] && found=$src
    done
    [[ -n $found ]] || { echo "generate.sh: no source named '$want'" >&2; exit 2; }
    selected+=("$found")
  done
  sources=("${selected[@]}")
fi

# Module names are source basenames, so two sources with one name would overwrite each other.
declare -A seen=()
for src in "${sources[@]}"; do
  name=$(basename "$src" .cu)
  if [[ -n ${seen[$name]:-} ]]; then
    echo "generate.sh: two sources named $name: ${seen[$name]} and $src" >&2
    exit 1
  fi
  seen[$name]=$src
done

mkdir -p "$outdir/logs"
outdir=$(cd "$outdir" && pwd)
# Partial outputs of an interrupted run are never valid modules.
rm -f "$outdir"/*.ptx.tmp.*

# A module must be rebuilt when its flags or the compiler change, not only its source:
# each variant's stamp file holds both and is rewritten only when they differ.
nvcc_version=$("$nvcc_bin" --version | tail -n 1)
for v in $variants; do
  stamp="$outdir/logs/flags.$v"
  want="$nvcc_version $(variant_flags "$v")"
  [[ -f $stamp && $(cat "$stamp") == "$want" ]] || echo "$want" >"$stamp"
done

# One job per line: source, sm, variant.
jobfile=$(mktemp)
trap 'rm -f "$jobfile"' EXIT
for src in "${sources[@]}"; do
  for sm in $sms; do
    for v in $variants; do
      printf '%s\t%s\t%s\n' "$src" "$sm" "$v" >>"$jobfile"
    done
  done
done

compile_one() {
  local src=$1 sm=$2 variant=$3
  local name out log tmp
  name=$(basename "$src" .cu)
  out="$OUTDIR/$name.sm_$sm.$variant.ptx"
  log="$OUTDIR/logs/$name.sm_$sm.$variant.log"
  if ((!FORCE)) && [[ -s $out && $out -nt $src && $out -nt $OUTDIR/logs/flags.$variant ]]; then
    echo "ok   $name.sm_$sm.$variant (up to date)"
    return 0
  fi
  tmp="$out.tmp.$$"
  # shellcheck disable=SC2046  # the variant's flags are meant to split into words
  if "$NVCC_BIN" -ptx -arch="sm_$sm" $(variant_flags "$variant") -I"$(dirname "$src")" \
      "$src" -o "$tmp" >"$log" 2>&1; then
    mv -f "$tmp" "$out"
    echo "ok   $name.sm_$sm.$variant"
  else
    rm -f "$tmp" "$out"
    echo "FAIL $name.sm_$sm.$variant (see $log)"
  fi
}
export -f compile_one variant_flags
export OUTDIR=$outdir FORCE=$force NVCC_BIN=$nvcc_bin

total=$(wc -l <"$jobfile")
echo "generate.sh: $total compiles (${#sources[@]} sources; sm: $sms; variants: $variants) into $outdir, $jobs jobs"
start=$(date +%s)
results=$(mktemp)
trap 'rm -f "$jobfile" "$results"' EXIT
tr '\t' '\n' <"$jobfile" | tr '\n' '\0' | xargs -0 -n 3 -P "$jobs" bash -c 'compile_one "$@"' _ |
  tee "$results"
elapsed=$(($(date +%s) - start))

failed=$(grep -c '^FAIL' "$results" || true)
echo "generate.sh: $total modules, $((total - failed)) compiled, $failed failed, ${elapsed}s wall"
if ((failed)); then
  echo "generate.sh: failed compiles:" >&2
  grep '^FAIL' "$results" >&2
  exit 1
fi
