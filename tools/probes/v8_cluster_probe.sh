#!/bin/sh
# Records on the GPU what ld.v8/st.v8 and the cluster-only instructions do
# (v8_cluster_probe.py writes the kernels; each is assembled by ptxas into a
# cubin, so the driver's JIT never sees it, disassembled with nvdisasm, and
# run by cubin_runner.cu; the cluster kernels once without and once with a
# cluster attribute of 1,1,1), and at which API call a module with a descriptor query fails
# (descriptor_query_api_probe.cu, lazy and eager module loading).
#   tools/probes/v8_cluster_probe.sh OUTDIR
set -u
out=$1
here=$(dirname "$0")
work=$(mktemp -d)
mkdir -p "$out"
"$here/v8_cluster_probe.py" "$work"
nvcc -O2 "$here/cubin_runner.cu" -o "$work/cubin_runner" -lcuda || exit 1
for op in TXQ SUQ BOTH; do
  nvcc -arch=sm_90 -cudart shared -D$op "$here/descriptor_query_api_probe.cu" -o "$work/dq_$op" || exit 1
done
{
  nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
  ptxas --version | tail -1
  while read -r k bytes; do
    if ! ptxas -arch=sm_90 "$work/$k.ptx" -o "$work/$k.cubin" 2>"$work/$k.err"; then
      echo "$k ptxas failed: $(head -c 200 "$work/$k.err")"; continue
    fi
    echo "SASS $k: $(nvdisasm -c "$work/$k.cubin" | grep -E '^ +/\*[0-9a-f]{4}\*/' |
      sed 's@/\*[0-9a-f]*\*/@@; s@ ;.*@@' | grep -vE ' (NOP|BRA)' | tr -s ' ' | paste -sd'|')"
    modes=plain
    case $k in cl_*) modes="plain cluster1";; esac
    for mode in $modes; do
      "$work/cubin_runner" "$work/$k.cubin" "$k" $mode 32 512 "$bytes"
    done
  done < "$work/kernels.txt"
  for op in TXQ SUQ BOTH; do
    for loading in LAZY EAGER; do
      echo "== descriptor query $op CUDA_MODULE_LOADING=$loading"
      CUDA_MODULE_LOADING=$loading "$work/dq_$op"
    done
  done
} > "$out/v8_cluster.txt" 2>&1
rm -rf "$work"
