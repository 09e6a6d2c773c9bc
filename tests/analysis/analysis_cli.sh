#!/usr/bin/env bash
# End-to-end checks of the access analysis through the CLI:
#   analysis_cli.sh SMSIM WORK_DIR
set -uo pipefail
smsim=$1 work=$2
here=$(cd "$(dirname "$0")" && pwd)
nvcc=${NVCC:-nvcc}
mkdir -p "$work" && cd "$work" || exit 1
failures=0
check() {  # DESCRIPTION CONDITION...
  local what=$1; shift
  if "$@"; then echo "ok: $what"; else echo "FAILED: $what"; failures=$((failures + 1)); fi
}
# The value of metric $2 in report $1 (the first kernel's).
metric() { grep -o "\"$2\": [0-9.]*" "$1" | head -1 | sed 's/.*: //'; }

cp "$here/access_profile.cu" . || exit 1
"$nvcc" -arch=sm_90 -lineinfo -cudart shared access_profile.cu -o access_profile || exit 1

"$smsim" run -- ./access_profile >plain.out 2>plain.err
"$smsim" run --profile -- ./access_profile >profile.out 2>profile.err
check "--profile leaves stdout alone" diff plain.out profile.out
check "--profile prints the summary" grep -q "^smsim profile: .*1 launch" profile.err
check "--profile names the kernel" grep -q "_Z10access_mixPKfPf (1 launch)" profile.err
check "--profile counts the shared conflicts" grep -q "stores 32 wavefronts, 31 bank conflicts" profile.err
check "--profile lists the worst lines" grep -q "worst PTX lines:" profile.err
check "the worst line is the conflicting store, with its CUDA line" \
  grep -q "1\. _Z10access_mixPKfPf PTX line [0-9]* (.*access_profile.cu:12): .*shared memory" profile.err
check "divergence is explained" grep -q "branch: .*diverge" profile.err

"$smsim" run --report run.json -- ./access_profile >report.out 2>report.err
check "the report lists kernels" grep -q '"kernels": \[' run.json
check "each kernel has its mangled name" grep -q '"name": "_Z10access_mixPKfPf"' run.json
check "grid and block are arrays" grep -q '"grid": \[1, 1, 1\], "block": \[32, 1, 1\]' run.json
check "shared store conflicts (ncu name)" \
  test "$(metric run.json l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum)" = 31
check "shared store wavefronts" \
  test "$(metric run.json l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum)" = 32
check "shared load wavefronts" \
  test "$(metric run.json l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum)" = 32
for name in l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum \
    l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum \
    l1tex__t_requests_pipe_lsu_mem_global_op_st.sum l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum \
    smsp__inst_executed.sum smsp__thread_inst_executed_per_inst_executed.ratio \
    smsp__sass_average_branch_targets_threads_uniform.pct; do
  check "the report has $name" grep -q "\"$name\": [0-9]" run.json
done
check "the global store is one request of 4 sectors" \
  test "$(metric run.json l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum)" = 4

"$smsim" annotate -- ./access_profile >annotate.out 2>annotate.err
check "annotate runs the program first" grep -q "^out\[31\] = 0" annotate.out
check "annotate shows the CUDA source line" grep -q "access_profile.cu:12: *tile\[t \* 32\] = in\[t \* 2\];" annotate.out
check "annotate shows counts beside the store" grep -q "^ *1  32.0  sst 32.0 wf/inst *| *st.shared" annotate.out
"$smsim" annotate -o listing.txt -- ./access_profile >annotate2.out 2>&1
check "annotate -o writes the listing to the file" grep -q "st.shared" listing.txt
check "annotate -o leaves stdout to the program" diff plain.out annotate2.out

exit $((failures > 0))
