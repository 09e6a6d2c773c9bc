#!/usr/bin/env bash
# Builds the access-pattern microbenchmarks (tests/analysis/patterns), measures
# them with Nsight Compute on a machine with a GPU, and turns the measurement
# into the committed goldens.
#
# Usage: tools/golden/ncu_patterns.sh build BUILD_DIR
#        tools/golden/ncu_patterns.sh measure BUILD_DIR RESULT_DIR     (needs a GPU and ncu)
#        tools/golden/ncu_patterns.sh golden RESULT_DIR GOLDEN_DIR     (no GPU needed)
#        tools/golden/ncu_patterns.sh check GOLDEN_DIR                 (no GPU needed)
# Environment: NVCC, NCU, CUOBJDUMP (default: on PATH, else under /usr/local/cuda/bin).
#
# `measure` writes RESULT_DIR/{manifest.tsv, ncu.csv, ncu.log, metrics_used.txt,
# query_metrics.txt, patterns.sass, patterns.ptx}. `golden` joins them by launch
# index (ncu's kernel ID counts profiled launches from 0, and the program
# launches each pattern once, in table order) into GOLDEN_DIR/patterns.csv
# and GOLDEN_DIR/patterns.json, copies the raw files beside them, and runs
# `check` on the result. `check` confirms from the dynamic instruction counters
# that every pattern executed exactly its own memory instructions: one per
# warp of the pattern's kind (three for the whole 12-byte struct) and none of
# the other kinds, so a sink store that fired or a load moved behind a branch
# shows up as a failure.
set -euo pipefail

readonly repo_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
readonly source_dir="${repo_root}/tests/analysis/patterns"

tool() {
  local variable="$1" name="$2"
  if [[ -n "${!variable:-}" ]]; then echo "${!variable}"; return; fi
  command -v "${name}" || echo "/usr/local/cuda/bin/${name}"
}
nvcc_bin="$(tool NVCC nvcc)"

# The metrics issue 7 compares, then per-kind instruction counts that show the
# pattern ran exactly one memory instruction per warp.
readonly required_metrics="l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,\
l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,\
l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,\
l1tex__t_requests_pipe_lsu_mem_global_op_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,\
smsp__inst_executed.sum,\
smsp__thread_inst_executed_per_inst_executed.ratio"
readonly extra_metrics="smsp__sass_inst_executed_op_global_ld.sum,\
smsp__sass_inst_executed_op_global_st.sum,\
smsp__sass_inst_executed_op_shared_ld.sum,\
smsp__sass_inst_executed_op_shared_st.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_hit.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld_lookup_miss.sum"

usage() {
  echo "usage: $0 build BUILD_DIR | measure BUILD_DIR RESULT_DIR |" \
    "golden RESULT_DIR GOLDEN_DIR | check GOLDEN_DIR" >&2
  exit 2
}

build() {
  local build_dir="$1"
  mkdir -p "${build_dir}"
  (cd "${source_dir}" &&
    "${nvcc_bin}" -arch=sm_90 -cudart shared -o "${build_dir}/patterns" patterns.cu &&
    "${nvcc_bin}" -arch=sm_90 -ptx -o "${build_dir}/patterns.ptx" patterns.cu)
}

profile() {
  local build_dir="$1" result_dir="$2" metrics="$3"
  "${ncu_bin}" --metrics "${metrics}" --csv --print-units base --print-kernel-base mangled \
    --log-file "${result_dir}/ncu.csv" "${build_dir}/patterns" >"${result_dir}/ncu.log" 2>&1
}

measure() {
  local build_dir="$1" result_dir="$2"
  ncu_bin="$(tool NCU ncu)"
  mkdir -p "${result_dir}"
  "${build_dir}/patterns" --list >"${result_dir}/manifest.tsv"
  cp "${build_dir}/patterns.ptx" "${result_dir}/patterns.ptx"
  "$(tool CUOBJDUMP cuobjdump)" -sass "${build_dir}/patterns" >"${result_dir}/patterns.sass"
  "${ncu_bin}" --query-metrics >"${result_dir}/query_metrics.txt" 2>&1 || true
  # A metric name the installed ncu rejects fails the whole run: fall back to
  # the required list alone and say so.
  if profile "${build_dir}" "${result_dir}" "${required_metrics},${extra_metrics}"; then
    echo "${required_metrics},${extra_metrics}" >"${result_dir}/metrics_used.txt"
  else
    echo "ncu rejected the extra metrics; retrying with the required ones" >&2
    profile "${build_dir}" "${result_dir}" "${required_metrics}"
    echo "${required_metrics}" >"${result_dir}/metrics_used.txt"
  fi
}

golden() {
  local result_dir="$1" golden_dir="$2"
  mkdir -p "${golden_dir}"
  for file in manifest.tsv metrics_used.txt patterns.ptx; do
    cp "${result_dir}/${file}" "${golden_dir}/${file}"
  done
  # The SASS listing and ncu's raw CSV (1 MB together) are kept
  # zstd-compressed: the tracked tree has a size limit (check_repo_size.sh).
  for file in ncu.csv patterns.sass; do
    zstd -q -19 -f "${result_dir}/${file}" -o "${golden_dir}/${file}.zst"
  done
  python3 - "${result_dir}" "${golden_dir}" <<'PY'
import csv
import json
import re
import sys
from pathlib import Path

result_dir, golden_dir = Path(sys.argv[1]), Path(sys.argv[2])

# SASS per function: instructions without the NOP padding and the trailing
# branch-to-self every function ends with.
sass = {}
current = None
for line in (result_dir / "patterns.sass").read_text().splitlines():
    match = re.search(r"Function : (\S+)", line)
    if match:
        current = sass.setdefault(match.group(1), [])
        continue
    match = re.match(r"\s*/\*[0-9a-f]{4,}\*/\s+(.*?)\s*;?\s*/\*", line)
    if match and current is not None and not match.group(1).startswith("NOP"):
        current.append(match.group(1).rstrip(" ;"))
for instructions in sass.values():
    if instructions and re.match(r"BRA 0x[0-9a-f]+$", instructions[-1]):
        instructions.pop()
memory_op = re.compile(r"^(?:@!?U?P\w+\s+)?((?:LDG|STG|LDS|STS|LDL|STL|LD|ST)(?:\.\S+)?)\s")

manifest = list(csv.DictReader((result_dir / "manifest.tsv").open(), delimiter="\t"))

metrics_by_id = {}
kernel_by_id = {}
lines = (result_dir / "ncu.csv").read_text().splitlines()
header_at = next(i for i, l in enumerate(lines) if l.startswith('"ID"'))
for row in csv.DictReader(lines[header_at:]):
    launch = int(row["ID"])
    kernel_by_id[launch] = row["Kernel Name"]
    value = row["Metric Value"].replace(",", "")
    number = float(value)
    metrics_by_id.setdefault(launch, {})[row["Metric Name"]] = (
        int(number) if number.is_integer() and "ratio" not in row["Metric Name"] else number)

if len(metrics_by_id) != len(manifest):
    sys.exit(f"ncu profiled {len(metrics_by_id)} launches, manifest has {len(manifest)}")

records = []
for entry in manifest:
    launch = int(entry["index"])
    kernel = kernel_by_id[launch]
    instructions = sass.get(kernel)
    if instructions is None:
        sys.exit(f"no SASS for kernel {kernel}")
    memory = [m.group(1) for i in instructions if (m := memory_op.match(i))]
    records.append({
        "index": launch,
        "name": entry["name"],
        "threads": int(entry["threads"]),
        "byte_offset": int(entry["byte_offset"]),
        "description": entry["description"],
        "kernel": kernel,
        "sass_instructions": len(instructions),
        "sass_memory_instructions": " ".join(memory),
        "metrics": metrics_by_id[launch],
    })

metric_names = sorted({name for r in records for name in r["metrics"]})
(golden_dir / "patterns.json").write_text(json.dumps(records, indent=1) + "\n")
with (golden_dir / "patterns.csv").open("w", newline="") as out:
    writer = csv.writer(out)
    fixed = ["index", "name", "threads", "byte_offset", "sass_instructions",
             "sass_memory_instructions"]
    writer.writerow(fixed + metric_names + ["description"])
    for r in records:
        writer.writerow([r[k] for k in fixed] + [r["metrics"].get(m, "") for m in metric_names]
                        + [r["description"]])
print(f"{len(records)} patterns, {len(metric_names)} metrics -> {golden_dir}")
PY
  check "${golden_dir}"
}

check() {
  local golden_dir="$1"
  python3 - "${golden_dir}/patterns.json" <<'PY'
import json
import math
import sys

executed_counter = {
    "gld": "smsp__sass_inst_executed_op_global_ld.sum",
    "gst": "smsp__sass_inst_executed_op_global_st.sum",
    "sld": "smsp__sass_inst_executed_op_shared_ld.sum",
    "sst": "smsp__sass_inst_executed_op_shared_st.sum",
}
instructions_per_thread = {"gld_aos12_whole_struct": 3}
warp_size = 32

records = json.load(open(sys.argv[1]))
failures = []
for r in records:
    kind = r["name"].split("_")[0]
    if kind not in executed_counter:
        failures.append(f"{r['name']}: name does not start with gld/gst/sld/sst")
        continue
    warps = math.ceil(r["threads"] / warp_size)
    for other_kind, counter in executed_counter.items():
        if counter not in r["metrics"]:
            failures.append(f"{r['name']}: {counter} was not measured")
            continue
        expected = warps * instructions_per_thread.get(r["name"], 1) if other_kind == kind else 0
        if r["metrics"][counter] != expected:
            failures.append(f"{r['name']}: {counter} = {r['metrics'][counter]}, expected {expected}")
for failure in failures:
    print(failure, file=sys.stderr)
print(f"checked {len(records)} patterns: {len(failures)} failures")
sys.exit(1 if failures else 0)
PY
}

[[ $# -ge 2 ]] || usage
case "$1" in
  build) build "$(realpath -m "$2")" ;;
  measure)
    [[ $# -eq 3 ]] || usage
    measure "$(realpath -m "$2")" "$(realpath -m "$3")"
    ;;
  golden)
    [[ $# -eq 3 ]] || usage
    golden "$(realpath -m "$2")" "$(realpath -m "$3")"
    ;;
  check) check "$(realpath -m "$2")" ;;
  *) usage ;;
esac
