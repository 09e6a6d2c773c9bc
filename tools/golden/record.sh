#!/usr/bin/env bash
# Records the conformance goldens on a machine with a real NVIDIA GPU.
#
#   tools/golden/record.sh                      # writes tests/conformance/golden/<gpu>/
#   tools/golden/record.sh --tarball FILE.tgz   # packs <gpu>/ into FILE.tgz instead
#   tools/golden/record.sh --build-only         # compiles both builds, runs nothing (no GPU needed)
#
# Every program in tests/conformance/programs/ is compiled twice with stock
# nvcc and the shared runtime: for sm_90 (the golden build) and for nvcc's
# default target (compute_75 PTX, JIT-compiled by the driver). Both builds run;
# the sm_90 output is the golden, and default_target.txt says, per program,
# whether the default-target output is identical (with the diff if not).
# A program whose first line is "// conformance: requires sm_NN" is built for
# the golden target only.
# provenance.txt records the GPU, driver, CUDA version, date and the command.
set -euo pipefail

repo=$(cd "$(dirname "$0")/../.." && pwd)
programs_dir=$repo/tests/conformance/programs
golden_root=$repo/tests/conformance/golden
arch=sm_90
tarball=""
build_only=0
only=""
timeout_s=600
jobs=$(nproc 2>/dev/null || echo 4)
# Programs whose raw result bytes are kept too (approximate SFU operations,
# to be checked against documented error bounds rather than bit for bit).
raw_programs=" fast_intrinsics "

usage() {
  sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'
  echo "Options: --arch SM (default sm_90), --out DIR (instead of tests/conformance/golden),"
  echo "         --tarball FILE, --build-only, --only NAME[,NAME...], --jobs N, --timeout SECONDS"
}

original_args=("$@")
while (($#)); do
  case $1 in
    --arch) arch=$2; shift 2 ;;
    --out) golden_root=$2; shift 2 ;;
    --tarball) tarball=$2; shift 2 ;;
    --build-only) build_only=1; shift ;;
    --only) only=$2; shift 2 ;;
    --jobs) jobs=$2; shift 2 ;;
    --timeout) timeout_s=$2; shift 2 ;;
    -h | --help) usage; exit 0 ;;
    *) echo "record.sh: unknown option '$1'" >&2; usage >&2; exit 2 ;;
  esac
done

nvcc=${NVCC:-$(command -v nvcc || true)}
[[ -z $nvcc && -x /usr/local/cuda/bin/nvcc ]] && nvcc=/usr/local/cuda/bin/nvcc
if [[ -z $nvcc ]]; then
  echo "record.sh: nvcc not found (set NVCC or put it on PATH)" >&2
  exit 2
fi

names=()
for source in "$programs_dir"/*.cu; do
  name=$(basename "$source" .cu)
  if [[ -n $only && ",$only," != *",$name,"* ]]; then continue; fi
  names+=("$name")
done
if ((${#names[@]} == 0)); then
  echo "record.sh: no programs selected in $programs_dir" >&2
  exit 2
fi

work=$(mktemp -d "${TMPDIR:-/tmp}/smsim-golden.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/bin/$arch" "$work/bin/default" "$work/log"

# Compiles from the programs folder with a relative source name: the path that
# nvcc sees ends up in assert messages, so it must not depend on the checkout.
compile() {
  local target=$1 name=$2
  local flags=(-cudart shared)
  [[ $target != default ]] && flags+=("-arch=$target")
  mkdir -p "$work/bin/$target"
  (cd "$programs_dir" && "$nvcc" "${flags[@]}" "$name.cu" -o "$work/bin/$target/$name") \
    >"$work/log/build-$target-$name.txt" 2>&1 || echo "$target $name" >>"$work/log/build-failures.txt"
}
export -f compile
export nvcc programs_dir work

# A program whose first line says "// conformance: requires sm_NN" uses
# instructions without a fallback on older targets: it gets no default-target build.
needs_newer_target() { head -1 "$programs_dir/$1.cu" | grep -q '^// conformance: requires sm_'; }
# "// conformance: requires sm_90a": an arch-specific target (wgmma) that the
# golden build uses instead of $arch.
golden_target() {
  local wanted
  wanted=$(head -1 "$programs_dir/$1.cu" | sed -n 's|^// conformance: requires \(sm_[0-9]*a\)$|\1|p')
  echo "${wanted:-$arch}"
}

echo "== building ${#names[@]} programs for $arch and the default target with $nvcc (-j$jobs)"
start=$(date +%s)
for name in "${names[@]}"; do
  echo "$(golden_target "$name") $name"
  needs_newer_target "$name" || echo "default $name"
done | xargs -P "$jobs" -n 2 bash -c 'compile "$0" "$1"'
echo "== build took $(($(date +%s) - start)) s"
if [[ -s $work/log/build-failures.txt ]]; then
  echo "record.sh: some builds failed:" >&2
  while read -r target name; do
    echo "--- $target $name" >&2
    head -30 "$work/log/build-$target-$name.txt" >&2
  done <"$work/log/build-failures.txt"
  exit 1
fi
if ((build_only)); then
  echo "== build only: all ${#names[@]} programs compiled"
  exit 0
fi

command -v nvidia-smi >/dev/null || { echo "record.sh: nvidia-smi not found: no NVIDIA GPU here" >&2; exit 2; }
gpu_name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
case $gpu_name in
  *H200*) gpu=h200 ;;
  *H100*) gpu=h100 ;;
  *) gpu=$(echo "$gpu_name" | tr 'A-Z' 'a-z' | sed 's/^nvidia //; s/[^a-z0-9]\+/_/g; s/_$//') ;;
esac
out=$work/out/$gpu
mkdir -p "$out"

# Runs one program; stdout is the result, stderr and the exit status are kept.
run_program() {
  local target=$1 name=$2 dest=$3
  local raw_dir=""
  if [[ $target != default && $raw_programs == *" $name "* ]]; then
    raw_dir=$dest/raw/$name
    mkdir -p "$raw_dir"
  fi
  local t0 t1 status=0
  t0=$(date +%s.%N)
  (cd "$dest" && CONF_RAW_DIR=$raw_dir timeout "$timeout_s" "$work/bin/$target/$name" \
    >"$dest/$name.out" 2>"$dest/$name.err") || status=$?
  t1=$(date +%s.%N)
  echo "$name $status" >>"$dest/exit_codes.txt"
  awk -v n="$name" -v a="$t0" -v b="$t1" 'BEGIN { printf "%s %.3f\n", n, b - a }' >>"$dest/seconds.txt"
  [[ -s $dest/$name.err ]] || rm -f "$dest/$name.err"
}

echo "== running on $gpu_name ($gpu)"
mkdir -p "$work/default" "$work/again"
for name in "${names[@]}"; do
  run_program "$(golden_target "$name")" "$name" "$out"
  needs_newer_target "$name" || run_program default "$name" "$work/default"
  # A second run of the golden build: a golden must not depend on the run.
  run_program "$(golden_target "$name")" "$name" "$work/again"
  echo "   $name: exit $(awk -v n="$name" '$1 == n {print $2}' "$out/exit_codes.txt"), \
$(grep -c '^CASE ' "$out/$name.out" || true) cases, $(awk -v n="$name" '$1 == n {print $2}' "$out/seconds.txt") s"
done
sort -o "$out/exit_codes.txt" "$out/exit_codes.txt"
sort -o "$out/seconds.txt" "$out/seconds.txt"

{
  echo "# Default-target build (nvcc without -arch: compute_75 PTX, JIT-compiled by the driver)"
  echo "# compared with the $arch build, program by program."
  identical=0
  compared=0
  for name in "${names[@]}"; do
    if needs_newer_target "$name"; then
      echo "$name not built for the default target ($(head -1 "$programs_dir/$name.cu" | sed 's|^// conformance: ||'))"
      continue
    fi
    compared=$((compared + 1))
    if cmp -s "$out/$name.out" "$work/default/$name.out"; then
      echo "$name identical"
      identical=$((identical + 1))
    else
      echo "$name DIFFERENT"
      diff "$out/$name.out" "$work/default/$name.out" | head -400 | sed 's/^/    /' || true
    fi
  done
  echo "# $identical of $compared programs identical"
} >"$out/default_target.txt"

{
  echo "# The $arch build run twice: programs whose output changed between the runs."
  repeatable=0
  for name in "${names[@]}"; do
    if cmp -s "$out/$name.out" "$work/again/$name.out"; then
      repeatable=$((repeatable + 1))
    else
      echo "$name NOT REPEATABLE"
      diff "$out/$name.out" "$work/again/$name.out" | head -20 | sed 's/^/    /' || true
    fi
  done
  echo "# $repeatable of ${#names[@]} programs repeatable"
} >"$out/repeatability.txt"

{
  echo "gpu: $gpu_name"
  nvidia-smi --query-gpu=driver_version,compute_cap,memory.total,clocks.max.sm --format=csv | sed 's/^/nvidia-smi: /'
  nvidia-smi -q | grep -E 'Driver Version|CUDA Version|Product Name|Product Architecture|VBIOS Version' | sed 's/^ */nvidia-smi -q: /' || true
  echo "nvcc: $("$nvcc" --version | tail -2 | tr '\n' ' ')"
  echo "host: $(uname -srm)"
  echo "date: $(date -u '+%Y-%m-%dT%H:%M:%SZ')"
  # A copy of the tree without .git (a remote GPU machine) passes the commit in.
  if git -C "$repo" rev-parse HEAD >/dev/null 2>&1; then
    echo "commit: $(git -C "$repo" rev-parse HEAD)$(git -C "$repo" diff --quiet -- tests/conformance tools/golden || echo ' (conformance files modified)')"
  else
    echo "commit: ${SMSIM_GOLDEN_COMMIT:-unknown}"
  fi
  echo "command: tools/golden/record.sh$(printf ' %q' "${original_args[@]}")"
  echo "build: cd tests/conformance/programs && nvcc -cudart shared -arch=$arch NAME.cu (golden; -arch=sm_90a for programs whose first line requires it); nvcc -cudart shared NAME.cu (default target)"
  echo "programs: ${#names[@]}"
  echo "case lines: $(cat "$out"/*.out | grep -c '^CASE ')"
  echo "all lines: $(cat "$out"/*.out | wc -l)"
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
tail -1 "$out/default_target.txt"
tail -1 "$out/repeatability.txt"
