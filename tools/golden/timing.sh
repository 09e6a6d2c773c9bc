#!/usr/bin/env bash
# Records the timing goldens on a machine with a real NVIDIA GPU, in one command.
#
#   tools/golden/timing.sh                      # writes tests/timing/golden/<gpu>/
#   tools/golden/timing.sh --tarball FILE.tgz   # packs <gpu>/ into FILE.tgz instead
#   tools/golden/timing.sh --build-only         # compiles everything, runs nothing (no GPU needed)
#   tools/golden/timing.sh --only NAME --out DIR  # records one program (repeatable), e.g. a new micro
#
# Microbenchmarks (tests/timing/micro/*.cu) print `CASE name cycles` lines from
# clock64() deltas; each runs three times and micro/NAME.out keeps the median
# of each case (micro/NAME.runs holds the three runs). Kernels
# (tests/timing/kernels/*.cu) run once plainly (kernels/NAME.out, their host
# checks) and once under Nsight Compute; kernels/NAME.metrics holds one line
# `KERNEL name metric value` per kernel launch and metric, the launch's name
# taken from the program's own `KERNEL name ok` line of the same position, and
# kernels/NAME.ncu.csv ncu's raw CSV. sass/NAME.sass (.sass.zst when over 100 KB) is cuobjdump's SASS of
# each binary (what the hardware ran for each PTX instruction).
# provenance.txt records the GPU, driver, nvcc and ncu versions, the date and
# the command.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
timing_dir=$repo/tests/timing
golden_root=$timing_dir/golden
arch=sm_90
tarball=""
build_only=0
only=()
runs=3
metrics=gpc__cycles_elapsed.max,sm__cycles_active.avg,dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors.sum,sm__warps_active.avg.pct_of_peak_sustained_active
# ncu leaves the clocks as they are (the microbenchmarks run at the same
# clocks); its default cache control flushes the caches before each kernel.
ncu_flags=(--clock-control none --csv --print-units base --metrics "$metrics")

usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; }

original_args=("$@")
while (($#)); do
  case $1 in
    --out) golden_root=$2; shift 2 ;;
    --tarball) tarball=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --only) only+=("$2"); shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "timing.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done

nvcc=${NVCC:-$(command -v nvcc || true)}
[[ -z $nvcc && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
[[ -n $nvcc ]] || { echo "timing.sh: nvcc not found (set NVCC or put it on PATH)" >&2; exit 2; }

work=$(mktemp -d "${TMPDIR:-/tmp}/smsim-timing.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin"

# Compiled from their own folder with relative names, as the conformance recorder does.
build() {
  local kind=$1 source=$2 name
  name=$(basename "$source" .cu)
  (cd "$timing_dir/$kind" && "$nvcc" -cudart shared -arch=$arch "$name.cu" -o "$work/bin/$name") ||
    { echo "timing.sh: build of $kind/$name.cu failed" >&2; exit 1; }
}
start=$(date +%s)
built=()
for kind in micro kernels; do
  for source in "$timing_dir/$kind"/*.cu; do
    if ((${#only[@]})) && [[ ! " ${only[*]} " =~ " $(basename "$source" .cu) " ]]; then continue; fi
    build "$kind" "$source"
    built+=("$kind $(basename "$source" .cu)")
  done
done
echo "== built ${#built[@]} programs in $(($(date +%s) - start)) s"
if ((build_only)); then exit 0; fi

command -v nvidia-smi >/dev/null || { echo "timing.sh: nvidia-smi not found: no NVIDIA GPU here" >&2; exit 2; }
ncu=${NCU:-$(command -v ncu || true)}
[[ -n $ncu ]] || { echo "timing.sh: ncu not found (set NCU or put it on PATH)" >&2; exit 2; }
gpu_name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
case $gpu_name in
  *H200*) gpu=h200 ;;
  *H100*) gpu=h100 ;;
  *) gpu=$(echo "$gpu_name" | tr 'A-Z' 'a-z' | sed 's/^nvidia //; s/[^a-z0-9]\+/_/g; s/_$//') ;;
esac
out=$work/out/$gpu
mkdir -p "$out/micro" "$out/kernels" "$out/sass"

# The median of each case over the runs, in the first run's order; a case
# missing from a run, or a run with other cases, fails the recording.
median_of_runs() {
  python3 - "$@" <<'PY'
import sys
runs = []
for path in sys.argv[1:]:
    cases = {}
    order = []
    for line in open(path):
        parts = line.split()
        if len(parts) == 3 and parts[0] == "CASE":
            cases[parts[1]] = float(parts[2])
            order.append(parts[1])
    runs.append((order, cases))
order = runs[0][0]
for other, _ in runs[1:]:
    if other != order:
        sys.exit("runs printed different cases")
for name in order:
    values = sorted(cases[name] for _, cases in runs)
    print(f"CASE {name} {values[len(values) // 2]:.2f}")
PY
}

# Pairs ncu's launches (by ID, in launch order) with the program's KERNEL
# lines. ncu's CSV rows are read from its log file and, should that version
# print them with the program's output instead, from there.
ncu_metrics() {
  python3 - "$1" "$2" "$3" <<'PY'
import csv, sys
names = [l.split()[1] for l in open(sys.argv[2]) if l.startswith("KERNEL ")]
rows = []
lines = [l for path in (sys.argv[1], sys.argv[3]) for l in open(path) if l.startswith('"')]
for row in csv.DictReader(lines):
    rows.append((int(row["ID"]), row["Metric Name"], row["Metric Value"].replace(",", "")))
ids = sorted({r[0] for r in rows})
if len(ids) != len(names):
    sys.exit(f"ncu saw {len(ids)} launches, the program printed {len(names)} KERNEL lines")
for launch, metric, value in sorted(rows):
    print(f"KERNEL {names[ids.index(launch)]} {metric} {value}")
PY
}

echo "== running on $gpu_name ($gpu)"
for entry in "${built[@]}"; do
  read -r kind name <<<"$entry"
  bin=$work/bin/$name
  # The SASS without its encodings: which machine instructions each PTX one became.
  if command -v cuobjdump >/dev/null; then
    cuobjdump -sass "$bin" 2>&1 | sed -E 's@ */\* 0x[0-9a-f]{16} \*/@@; /^ *$/d' >"$out/sass/$name.sass" || true
    # A listing over 100 KB (arith_latency's unrolled chains: 464 KB) is kept
    # zstd-compressed: the tracked tree has a size limit (check_repo_size.sh).
    if (($(stat -c %s "$out/sass/$name.sass") > 100000)); then
      zstd -q -19 --rm -f "$out/sass/$name.sass"
    fi
  fi
  if [[ $kind == micro ]]; then
    : >"$out/micro/$name.runs"
    files=()
    for ((r = 1; r <= runs; r++)); do
      "$bin" >"$work/run$r.out"
      sed "s/^/run$r: /" "$work/run$r.out" >>"$out/micro/$name.runs"
      files+=("$work/run$r.out")
    done
    median_of_runs "${files[@]}" >"$out/micro/$name.out"
    echo "   micro $name: $(grep -c '^CASE ' "$out/micro/$name.out") cases"
  else
    "$bin" >"$out/kernels/$name.out"
    "$ncu" "${ncu_flags[@]}" --log-file "$out/kernels/$name.ncu.csv" "$bin" >"$work/ncu_app.out" ||
      echo "timing.sh: ncu failed on $name" >&2
    grep -v '^"' "$work/ncu_app.out" | cmp -s - "$out/kernels/$name.out" ||
      echo "timing.sh: $name printed differently under ncu" >&2
    ncu_metrics "$out/kernels/$name.ncu.csv" "$out/kernels/$name.out" "$work/ncu_app.out" \
      >"$out/kernels/$name.metrics" || echo "timing.sh: no ncu metrics for $name" >&2
    echo "   kernels $name: $(grep -c '^KERNEL ' "$out/kernels/$name.out") launches," \
      "$(grep -c ' WRONG$' "$out/kernels/$name.out" || true) wrong"
  fi
done

{
  echo "gpu: $gpu_name"
  nvidia-smi --query-gpu=driver_version,compute_cap,memory.total,clocks.sm,clocks.max.sm,clocks.mem --format=csv |
    sed 's/^/nvidia-smi: /'
  nvidia-smi -q | grep -E 'Driver Version|CUDA Version|Product Name|VBIOS Version' | sed 's/^ */nvidia-smi -q: /' || true
  echo "nvcc: $("$nvcc" --version | tail -2 | tr '\n' ' ')"
  echo "ncu: $("$ncu" --version | tail -1)"
  echo "ncu flags: ${ncu_flags[*]}"
  echo "host: $(uname -srm)"
  echo "date: $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
  # A copy of the tree on a remote GPU machine passes the commit in (its own
  # git metadata, if any, may lag behind the files it carries).
  if [[ -n ${SMSIM_GOLDEN_COMMIT:-} ]]; then
    echo "commit: $SMSIM_GOLDEN_COMMIT"
  elif git -C "$repo" rev-parse HEAD >/dev/null 2>&1; then
    echo "commit: $(git -C "$repo" rev-parse HEAD)$(git -C "$repo" diff --quiet -- tests/timing tools/golden || echo ' (timing files modified)')"
  else
    echo "commit: unknown"
  fi
  echo "command: tools/golden/timing.sh$(printf ' %q' "${original_args[@]}")"
  echo "build: cd tests/timing/{micro,kernels} && nvcc -cudart shared -arch=$arch NAME.cu"
  echo "microbenchmark runs per program: $runs (median per case)"
} >"$out/provenance.txt"

if [[ -n $tarball ]]; then
  tar -C "$work/out" -czf "$tarball" "$gpu"
  echo "== packed $gpu/ into $tarball"
else
  mkdir -p "$golden_root"
  rm -rf "${golden_root:?}/$gpu"
  cp -r "$out" "$golden_root/$gpu"
  echo "== wrote $golden_root/$gpu"
fi
cat "$out/provenance.txt"
cat "$out"/micro/*.out
cat "$out"/kernels/*.metrics | grep gpc__cycles_elapsed.max
