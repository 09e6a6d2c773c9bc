#!/usr/bin/env python3
"""Writes the PTX kernels of v8_cluster_probe.sh into DIR, one module each;
with --module FILE, all of them as one module (the engine's replay of the
H100 results, tests/func/v8_cluster_probe_test.cpp, reads
tests/func/kernels/v8_cluster_probe.ptx made so).

v8_*: ld.v8 / st.v8 of 8- and 16-bit elements in the global, shared, local
and generic spaces on 32 lanes (inputs and outputs as cubin_runner.cu sets
them up). ld kernels write the 8 elements, each zero-extended to 32 bits, to
out[lane * 32 ...]; `ldinit` kernels first set elements 1..7 to 0xa001 +
i - 1, which shows whether the load writes them. st kernels copy in[lane *
16 ...] to the space, store elements (lane << 8) | 0x11 * (i + 1) with
st.v8, and copy the 16 bytes back to out[lane * 16 ...]; `stoff` kernels
store at byte offset 1 (8-bit) or 2 (16-bit) of the lane's 16 bytes.

cl_*: one cluster-only instruction each, thread 0 writes its result to
out[0] and 1 to out[4] after it; `cl_*_req` is the same kernel with
.reqnctapercluster 1, 1, 1.
"""
import os
import sys

HEADER = ".version 9.0\n.target sm_90\n.address_size 64\n"
SPACES = ["global", "shared", "local", "generic"]


def prologue(space):
    lines = [".reg .b16 %h<10>;", ".reg .b32 %r<20>;", ".reg .b64 %rd<20>;"]
    if space == "shared":
        lines.append(".shared .align 16 .b8 sbuf[512];")
    if space == "local":
        lines.append(".local .align 16 .b8 lbuf[16];")
    lines += ["ld.param.u64 %rd1, [in_p];", "ld.param.u64 %rd2, [out_p];",
              "cvta.to.global.u64 %rd1, %rd1;", "cvta.to.global.u64 %rd2, %rd2;",
              "mov.u32 %r1, %tid.x;", "mul.wide.u32 %rd3, %r1, 16;",
              "add.u64 %rd4, %rd1, %rd3;", "add.u64 %rd9, %rd2, %rd3;",
              "ld.global.v4.u32 {%r2,%r3,%r4,%r5}, [%rd4];"]
    # %rd5: the lane's 16 bytes in the space, holding in[lane * 16 ...]
    if space in ("global", "generic"):
        lines += ["st.global.v4.u32 [%rd9], {%r2,%r3,%r4,%r5};", "mov.u64 %rd5, %rd9;"]
        if space == "generic":
            lines.append("cvta.global.u64 %rd5, %rd5;")
    elif space == "shared":
        lines += ["mov.u64 %rd6, sbuf;", "add.u64 %rd5, %rd6, %rd3;",
                  "st.shared.v4.u32 [%rd5], {%r2,%r3,%r4,%r5};"]
    else:
        lines += ["mov.u64 %rd5, lbuf;", "st.local.v4.u32 [%rd5], {%r2,%r3,%r4,%r5};"]
    return lines


def entry(name, body, extra=""):
    return (HEADER + f".visible .entry {name}(.param .u64 in_p, .param .u64 out_p){extra}\n{{\n"
            + "\n".join(body) + "\nret;\n}\n")


def space_suffix(space):
    return "" if space == "generic" else "." + space


def ld_kernel(space, t, init):
    body = prologue(space)
    if init:
        body += [f"mov.b16 %h{i}, {0xa001 + i - 2};" for i in range(2, 9)]
    body.append(f"ld{space_suffix(space)}.v8.{t} {{%h1,%h2,%h3,%h4,%h5,%h6,%h7,%h8}}, [%rd5];")
    body += ["mul.wide.u32 %rd7, %r1, 32;", "add.u64 %rd8, %rd2, %rd7;"]
    body += [f"cvt.u32.u16 %r{10 + i}, %h{i + 1};" for i in range(8)]
    body += ["st.global.v4.u32 [%rd8], {%r10,%r11,%r12,%r13};",
             "st.global.v4.u32 [%rd8+16], {%r14,%r15,%r16,%r17};"]
    return body


def st_kernel(space, t, offset):
    body = prologue(space)
    body += ["cvt.u16.u32 %h0, %r1;", "shl.b16 %h0, %h0, 8;"]
    body += [f"or.b16 %h{i + 1}, %h0, {0x11 * (i + 1)};" for i in range(8)]
    off = (1 if t.endswith("8") else 2) if offset else 0
    body.append(f"st{space_suffix(space)}.v8.{t} [%rd5+{off}], {{%h1,%h2,%h3,%h4,%h5,%h6,%h7,%h8}};")
    if space in ("shared", "local"):
        body += [f"ld.{space}.v4.u32 {{%r2,%r3,%r4,%r5}}, [%rd5];",
                 "st.global.v4.u32 [%rd9], {%r2,%r3,%r4,%r5};"]
    return body


# Cluster-only instructions, each with the block's own shared addresses.
CLUSTER = {
    "st_async": ["mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r2], 4;",
                 "st.async.shared::cluster.mbarrier::complete_tx::bytes.u32 [%r1], 7, [%r2];",
                 "WAIT", "ld.shared.u32 %r5, [%r1];"],
    "red_async": ["st.shared.u32 [%r1], 5;",
                  "mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r2], 4;",
                  "red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.add.u32 [%r1], 3, [%r2];",
                  "WAIT", "ld.shared.u32 %r5, [%r1];"],
    "mapa": ["mapa.shared::cluster.u32 %r5, %r1, 0;", "sub.u32 %r5, %r5, %r1;"],
    "getctarank": ["getctarank.shared::cluster.u32 %r5, %r1;"],
    "barrier_cluster": ["barrier.cluster.arrive;", "barrier.cluster.wait;", "mov.u32 %r5, 9;"],
    "ld_cluster": ["st.shared.u32 [%r1], 11;", "ld.shared::cluster.u32 %r5, [%r1];"],
    "st_cluster": ["st.shared::cluster.u32 [%r1], 12;", "ld.shared.u32 %r5, [%r1];"],
    "atom_cluster": ["st.shared.u32 [%r1], 13;", "atom.shared::cluster.add.u32 %r5, [%r1], 1;"],
    "ctarank": ["mov.u32 %r5, %cluster_ctarank;"],
    "nctarank": ["mov.u32 %r5, %cluster_nctarank;"],
    "is_explicit": ["mov.pred %p2, %is_explicit_cluster;", "selp.u32 %r5, 1, 0, %p2;"],
    "fence_cluster": ["fence.acq_rel.cluster;", "mov.u32 %r5, 14;"],
    "mbarrier_remote": ["mapa.shared::cluster.u32 %r6, %r2, 0;",
                        "mbarrier.arrive.release.cluster.shared::cluster.b64 _, [%r6];",
                        "mbarrier.test_wait.parity.shared::cta.b64 %p2, [%r2], 0;",
                        "selp.u32 %r5, 1, 0, %p2;"],
    "bulk_copy": ["mbarrier.arrive.expect_tx.shared::cta.b64 %rd3, [%r2], 16;",
                  "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r3], [%rd1], 16, [%r2];",
                  "WAIT", "ld.shared.u32 %r5, [%r3];"],
    "cvta_cluster": ["cvta.shared::cluster.u64 %rd4, %rd5;", "ld.u32 %r5, [%rd4];"],
}


def cluster_kernel(steps):
    body = [".reg .pred %p<4>;", ".reg .b32 %r<10>;", ".reg .b64 %rd<10>;",
            ".shared .align 8 .b64 mbar;", ".shared .align 16 .b32 buf[4];",
            ".shared .align 16 .b32 bulk[4];",
            "ld.param.u64 %rd1, [in_p];", "ld.param.u64 %rd2, [out_p];",
            "cvta.to.global.u64 %rd1, %rd1;", "cvta.to.global.u64 %rd2, %rd2;",
            "mov.u32 %r0, %tid.x;", "setp.ne.u32 %p1, %r0, 0;", "@%p1 bra DONE;",
            "mov.u32 %r1, buf;", "mov.u32 %r2, mbar;", "mov.u32 %r3, bulk;",
            "mov.u64 %rd5, buf;", "st.shared.u32 [%r1], 10;",
            "mbarrier.init.shared::cta.b64 [%r2], 1;", "fence.mbarrier_init.release.cluster;"]
    for s in steps:
        if s == "WAIT":
            body += ["WAIT_LOOP:", "mbarrier.try_wait.parity.shared::cta.b64 %p2, [%r2], 0;",
                     "@!%p2 bra WAIT_LOOP;"]
        else:
            body.append(s)
    body += ["st.global.u32 [%rd2], %r5;", "st.global.u32 [%rd2+4], 1;", "DONE:"]
    return body


def main():
    kernels = []
    for space in SPACES:
        for t in ["b8", "s8", "u8"]:
            for init in (False, True):
                name = f"v8_ld{'init' if init else ''}_{space}_{t}"
                kernels.append((name, entry(name, ld_kernel(space, t, init)), 1024))
        for t in ["b8", "s8", "u8", "b16", "s16", "u16"]:
            for off in (False, True):
                name = f"v8_st{'off' if off else ''}_{space}_{t}"
                kernels.append((name, entry(name, st_kernel(space, t, off)), 512))
    for what, steps in CLUSTER.items():
        kernels.append((f"cl_{what}", entry(f"cl_{what}", cluster_kernel(steps)), 64))
        kernels.append((f"cl_{what}_req",
                        entry(f"cl_{what}_req", cluster_kernel(steps), "\n.reqnctapercluster 1, 1, 1"), 64))
    if sys.argv[1] == "--module":
        with open(sys.argv[2], "w") as f:
            f.write("// Generated by tools/probes/v8_cluster_probe.py --module; do not edit.\n")
            f.write(HEADER)
            for _, text, _ in kernels:
                f.write("\n" + text[len(HEADER):])
        return
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    with open(os.path.join(out, "kernels.txt"), "w") as f:
        for name, text, out_bytes in kernels:
            with open(os.path.join(out, name + ".ptx"), "w") as k:
                k.write(text)
            f.write(f"{name} {out_bytes}\n")


if __name__ == "__main__":
    main()
