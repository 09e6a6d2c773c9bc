#!/usr/bin/env python3
"""Summarizes branch_fence_probe's fence.txt (tools/probes/README.md): per scope
and warps of the one block, the median over the scope's forms, with and without
a store before each fence, and both runs, of the cycles per fence; less the
loop's own cycles (the cta-scope median at one warp, whose fence costs nothing
measurable), which is what [sm_90.timing.fence] holds. Usage:
branch_fence_summary.py results/h100-2026-11-22-branch-fence/fence.txt"""
import re
import statistics
import sys

SCOPES = {
    "cta": ("membar_cta", "sc_cta", "acqrel_cta"),
    # fence.*.cluster runs as MEMBAR.ALL.GPU like the gpu scope, and costs the same
    "gpu": ("membar_gl", "sc_gpu", "acqrel_gpu", "threadfence", "sc_cluster", "acqrel_cluster"),
    "sys": ("membar_sys", "sc_sys", "acqrel_sys"),
}
LINE = re.compile(r"fence (\S+)\s+(store|nostore)\s+blocks=(\d+)\s+warps=(\d+)\s+([\d.]+) cycles/fence mean")


def main(path):
    samples = {}
    for line in open(path):
        m = LINE.search(line)
        if not m:
            continue
        form, _, blocks, warps, mean = m.groups()
        if blocks != "1":
            continue
        for scope, forms in SCOPES.items():
            if form in forms:
                samples.setdefault((scope, int(warps)), []).append(float(mean))
    loop = statistics.median(samples[("cta", 1)])
    warps = sorted({w for _, w in samples})
    print(f"loop (cta scope, one warp): {loop:.1f} cycles per iteration")
    print("warps = [" + ", ".join(str(w) for w in warps) + "]")
    for scope in SCOPES:
        cycles = [max(0, round(statistics.median(samples[(scope, w)]) - loop)) for w in warps]
        print(f"{scope}_cycles = [" + ", ".join(str(c) for c in cycles) + "]")


if __name__ == "__main__":
    main(sys.argv[1])
