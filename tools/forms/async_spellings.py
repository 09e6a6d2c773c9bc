#!/usr/bin/env python3
"""Writes the hand-spelled form modules of the opcodes whose operands the
opcode table cannot spell (tensor maps, branch tables, surfaces, mbarrier
completions, wgmma descriptors), for tools/forms/catalog.py --spellings:

  tools/forms/async_spellings.py            # both modules below

  tools/forms/async_spellings.sm_90.ptx     brx.idx, the bulk groups,
      cp.async.bulk, cp.async.bulk.tensor, cp.reduce.async.bulk(.tensor), red.async, sured,
      cp.async.bulk.prefetch(.tensor), discard, applypriority, mbarrier.*
  tools/forms/async_spellings.sm_90a.ptx    wgmma.*, setmaxnreg

Every spelling of the PTX ISA's syntax for these opcodes (each dimension,
direction, load mode, completion, multicast, cache hint, operation and type)
is a candidate; ptxas of the target keeps the ones it accepts (the lines it
names in errors are dropped until it accepts the kernel), so each module is
accepted whole. Deterministic: the same ptxas gives the same files.
"""

import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forms  # noqa: E402

REDUCTIONS = ["add", "min", "max", "inc", "dec", "and", "or", "xor"]


def mods(*parts):
    return ".".join(p for p in parts if p)


def coords(d):
    return "{" + ", ".join(f"%r{10 + i}" for i in range(d)) + "}"


def im2col_offsets(d):
    return "{" + ", ".join(f"%rs{1 + i}" for i in range(d - 2)) + "}"


def bulk_copies():
    out = []
    for dst, src, completion in [("shared::cluster", "global", "mbarrier::complete_tx::bytes"),
                                 ("shared::cta", "global", "mbarrier::complete_tx::bytes"),
                                 ("shared::cluster", "shared::cta", "mbarrier::complete_tx::bytes"),
                                 ("global", "shared::cta", "bulk_group")]:
        for mc in ["", "multicast::cluster"]:
            for hint in ["", "L2::cache_hint"]:
                if completion == "bulk_group":
                    ops = ["[%rd3]", "[%r1]", "64"]
                else:
                    ops = ["[%r1]", "[%rd3]" if src == "global" else "[%r3]", "64", "[%r2]"]
                ops += ["%rs9"] if mc else []
                ops += ["%rd2"] if hint else []
                head = mods("cp.async.bulk", dst, src, completion, mc, hint)
                out.append(f"{head} {', '.join(ops)};")
    return out


def tensor_copies():
    out = {"tensor_load": [], "tensor_store": [], "tensor_reduce": [], "tensor_prefetch": []}
    for d in range(1, 6):
        for dst in ["shared::cluster", "shared::cta"]:
            for mode in ["", "tile", "im2col", "im2col_no_offs"]:
                for mc in ["", "multicast::cluster"]:
                    for hint in ["", "L2::cache_hint"]:
                        ops = ["[%r1]", f"[%rd1, {coords(d)}]", "[%r2]"]
                        ops += [im2col_offsets(d)] if mode == "im2col" else []
                        ops += ["%rs9"] if mc else []
                        ops += ["%rd2"] if hint else []
                        head = mods("cp.async.bulk.tensor", f"{d}d", dst, "global", mode,
                                    "mbarrier::complete_tx::bytes", mc, hint)
                        out["tensor_load"].append(f"{head} {', '.join(ops)};")
        for mode in ["", "tile", "im2col", "im2col_no_offs"]:
            for hint in ["", "L2::cache_hint"]:
                ops = f"[%rd1, {coords(d)}], [%r1]" + (", %rd2" if hint else "")
                head = mods("cp.async.bulk.tensor", f"{d}d", "global", "shared::cta", mode,
                            "bulk_group", hint)
                out["tensor_store"].append(f"{head} {ops};")
                for op in REDUCTIONS:
                    head = mods("cp.reduce.async.bulk.tensor", f"{d}d", "global", "shared::cta",
                                op, mode, "bulk_group", hint)
                    out["tensor_reduce"].append(f"{head} {ops};")
        for mode in ["", "tile", "im2col"]:
            for hint in ["", "L2::cache_hint"]:
                ops = [f"[%rd1, {coords(d)}]"]
                ops += [im2col_offsets(d)] if mode == "im2col" else []
                ops += ["%rd2"] if hint else []
                head = mods("cp.async.bulk.prefetch.tensor", f"{d}d", "L2", "global", mode, hint)
                out["tensor_prefetch"].append(f"{head} {', '.join(ops)};")
    return out


VALUE_REG = {"b16": "%rs20", "b32": "%r20", "u32": "%r20", "s32": "%r20", "b64": "%rd20",
             "u64": "%rd20", "s64": "%rd20", "f16": "%rs20", "bf16": "%rs20", "f32": "%f20",
             "f64": "%fd20", "f16x2": "%r20", "bf16x2": "%r20"}


def bulk_reductions():
    out = []
    for op in REDUCTIONS:
        for t in VALUE_REG:
            for noftz in ["", "noftz"]:
                head = mods("cp.reduce.async.bulk", "shared::cluster", "shared::cta",
                            "mbarrier::complete_tx::bytes", op, noftz, t)
                out.append(f"{head} [%r1], [%r3], 64, [%r2];")
                for hint in ["", "L2::cache_hint"]:
                    head = mods("cp.reduce.async.bulk", "global", "shared::cta", "bulk_group",
                                hint, op, noftz, t)
                    out.append(f"{head} [%rd3], [%r3], 64{', %rd2' if hint else ''};")
    return out


def async_reductions():
    out = []
    for op in REDUCTIONS:
        for t, reg in VALUE_REG.items():
            for sem, scope in [("", ""), ("relaxed", "cluster"), ("release", "cluster"),
                               ("relaxed", "gpu"), ("release", "gpu")]:
                head = mods("red.async", sem, scope, "shared::cluster",
                            "mbarrier::complete_tx::bytes", op, t)
                out.append(f"{head} [%r1], {reg}, [%r2];")
            for sem, scope in [("", ""), ("relaxed", "gpu"), ("release", "gpu"), ("release", "sys")]:
                for mmio in ["", "mmio"]:
                    for noftz in ["", "noftz"]:
                        for hint in ["", "L2::cache_hint"]:
                            head = mods("red.async", sem, mmio, scope, "global", hint, op, noftz, t)
                            out.append(f"{head} [%rd3], {reg}{', %rd2' if hint else ''};")
    return out


SURFACE_COORDS = {"1d": "{%r10}", "2d": "{%r10, %r11}", "3d": "{%r10, %r11, %r12, %r13}",
                  "a1d": "{%r10, %r11}", "a2d": "{%r10, %r11, %r12, %r13}"}


def surface_reductions():
    out = []
    for frag in ["b", "p"]:
        for op in REDUCTIONS + ["exch", "cas"]:
            for geom, xyz in SURFACE_COORDS.items():
                for t in ["b32", "u32", "s32", "f32", "b64", "u64", "s64", "f64"]:
                    for clamp in ["trap", "clamp", "zero"]:
                        reg = "%rd20" if "64" in t else "%r20"
                        out.append(f"{mods('sured', frag, op, geom, t, clamp)} [%rd1, {xyz}], {reg};")
    return out


def mbarriers():
    out = []
    for space in ["", "shared", "shared::cta"]:
        bar = "[%r2]" if space else "[%rd4]"
        out.append(f"{mods('mbarrier.init', space, 'b64')} {bar}, 32;")
        out.append(f"{mods('mbarrier.inval', space, 'b64')} {bar};")
        for sem, scope in [("", ""), ("release", "cta"), ("release", "cluster"),
                           ("relaxed", "cta"), ("relaxed", "cluster")]:
            for sp in [space, "shared::cluster"]:
                b = "[%r2]" if sp else "[%rd4]"
                for op in ["mbarrier.expect_tx", "mbarrier.complete_tx"]:
                    out.append(f"{mods(op, sem, scope, sp, 'b64')} {b}, 16;")
                for op in ["mbarrier.arrive", "mbarrier.arrive_drop"]:
                    plain = mods(op, sem, scope, sp, "b64")
                    out += [f"{plain} %rd6, {b};", f"{plain} _, {b};", f"{plain} %rd6, {b}, 2;"]
                    tx = mods(op, "expect_tx", sem, scope, sp, "b64")
                    out += [f"{tx} %rd6, {b}, 16;", f"{tx} _, {b}, 16;"]
                    nc = mods(op, "noComplete", sem, scope, sp, "b64")
                    out.append(f"{nc} %rd6, {b}, 1;")
        for sem, scope in [("", ""), ("acquire", "cta"), ("acquire", "cluster"),
                           ("relaxed", "cta"), ("relaxed", "cluster")]:
            for parity in ["", "parity"]:
                state = "1" if parity else "%rd6"
                for op in ["mbarrier.test_wait", "mbarrier.try_wait"]:
                    out.append(f"{mods(op, parity, sem, scope, space, 'b64')} %p1, {bar}, {state};")
                out.append(f"{mods('mbarrier.try_wait', parity, sem, scope, space, 'b64')} "
                           f"%p1, {bar}, {state}, 1000;")
    out.append("mbarrier.pending_count.b64 %r30, %rd5;")
    return out


def sm_90_sections():
    s = {"brx": ["brx.idx %r1, T;", "brx.idx.uni %r1, T;"],
         "bulk_group": ["cp.async.bulk.commit_group;", "cp.async.bulk.wait_group 0;",
                        "cp.async.bulk.wait_group.read 0;"],
         "bulk_copy": bulk_copies()}
    s.update(tensor_copies())
    s["bulk_prefetch"] = [f"{mods('cp.async.bulk.prefetch', 'L2', 'global', h)} [%rd3], 256"
                          f"{', %rd2' if h else ''};" for h in ["", "L2::cache_hint"]]
    s["bulk_reduce"] = bulk_reductions()
    s["red_async"] = async_reductions()
    s["sured"] = surface_reductions()
    s["discard"] = [f"{mods('discard', sp, 'L2')} [%rd3], 128;" for sp in ["", "global"]]
    s["applypriority"] = [f"{mods('applypriority', sp, 'L2::evict_normal')} [%rd3], 128;"
                          for sp in ["", "global"]]
    s["mbarrier"] = mbarriers()
    return s


def wgmma_type_combos():
    """(D, A, B, K of the dense shape, extra modifiers) of the PTX ISA's wgmma."""
    combos = [(d, "f16", "f16", 16, "") for d in ["f16", "f32"]]
    combos += [("f32", "bf16", "bf16", 16, ""), ("f32", "tf32", "tf32", 8, "")]
    combos += [(d, a, b, 32, "") for d in ["f16", "f32"] for a in ["e4m3", "e5m2"]
               for b in ["e4m3", "e5m2"]]
    combos += [("s32", a, b, 32, sat) for a in ["s8", "u8"] for b in ["s8", "u8"]
               for sat in ["", "satfinite"]]
    combos.append(("s32", "b1", "b1", 256, "and.popc"))
    return combos


def sm_90a_sections():
    s = {"wgmma": ["wgmma.fence.sync.aligned;", "wgmma.commit_group.sync.aligned;",
                   "wgmma.wait_group.sync.aligned 0;"],
         # ptxas takes .s32 as well as the PTX ISA's .u32.
         "setmaxnreg": ["setmaxnreg.inc.sync.aligned.u32 240;",
                        "setmaxnreg.dec.sync.aligned.u32 40;",
                        "setmaxnreg.inc.sync.aligned.s32 240;",
                        "setmaxnreg.dec.sync.aligned.s32 40;"]}
    for d, a, b, k, extra in wgmma_type_combos():
        dreg = {"f16": "{%r21, %r22}", "s32": "{%r21, %r22, %r23, %r24}"}.get(d, "{%f1, %f2, %f3, %f4}")
        floating = d != "s32"
        transposable = a in ("f16", "bf16")
        # scale-d, then imm-scale-a/b and the transposes the types allow.
        imms = ", 1" + (", -1, -1" if floating else "")
        for sparse in ["", ".sp"]:
            sat = "satfinite." if extra == "satfinite" else ""
            tail = f".{extra}" if extra and extra != "satfinite" else ""
            head = (f"wgmma.mma_async{sparse}.sync.aligned.m64n8k{k * (2 if sparse else 1)}."
                    f"{sat}{d}.{a}.{b}{tail}")
            meta = ", %r40, 0" if sparse else ""
            s["wgmma"].append(f"{head} {dreg}, %rd1, %rd2{meta}{imms}"
                              f"{', 0, 0' if transposable else ''};")
            if a != "b1":
                s["wgmma"].append(f"{head} {dreg}, {{%r31, %r32, %r33, %r34}}, %rd2{meta}{imms}"
                                  f"{', 0' if transposable else ''};")
    return s


DECLS = ("  .reg .pred %p<8>;\n  .reg .b16 %rs<32>;\n  .reg .b32 %r<64>;\n  .reg .b64 %rd<32>;\n"
         "  .reg .f32 %f<32>;\n  .reg .f64 %fd<32>;\n")


def kernel(name, lines):
    text = f".visible .entry {name}_forms(.param .u64 p)\n{{\n{DECLS}"
    if name == "brx":
        text += "  T: .branchtargets L0, L1;\n"
    text += "".join(f"  {line}\n" for line in lines)
    if name == "brx":
        text += "L0:\nL1:\n"
    return text + "  ret;\n}\n"


def accepted(name, lines, arch, version, ptxas):
    """The lines ptxas accepts in one kernel: error lines dropped until it
    accepts the rest; a failure naming no line is bisected."""
    head = forms.PTX_HEADER.format(version=version, target=arch)
    while lines:
        text = head + kernel(name, lines)
        ok, bad, _ = forms.ptxas_errors(text, arch, ptxas)
        if ok:
            return lines
        first = text.splitlines().index(f"  {lines[0]}") + 1
        drop = {n - first for n in bad if 0 <= n - first < len(lines)}
        if not drop:
            if len(lines) == 1:
                return []
            half = len(lines) // 2
            return (accepted(name, lines[:half], arch, version, ptxas) +
                    accepted(name, lines[half:], arch, version, ptxas))
        lines = [line for i, line in enumerate(lines) if i not in drop]
    return []


def write_module(path, arch, sections, version, ptxas):
    here = os.path.relpath(__file__, os.getcwd())
    text = (f"// Hand-spelled instruction forms of {arch} for the form catalog "
            "(tools/forms/catalog.py).\n"
            f"// Generated by {here}; every candidate spelling that ptxas -arch={arch}\n"
            f"// (.version {version}) accepts, so the module assembles whole.\n")
    text += forms.PTX_HEADER.format(version=version, target=arch)
    for name, lines in sections.items():
        kept = accepted(name, list(dict.fromkeys(lines)), arch, version, ptxas)
        print(f"{arch} {name}: {len(kept)} of {len(lines)} spellings", file=sys.stderr)
        if kept:
            text += "\n" + kernel(name, kept)
    with open(path, "w") as f:
        f.write(text)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--ptx-version", default="9.0")
    ap.add_argument("--out-dir", default=os.path.dirname(os.path.abspath(__file__)))
    args = ap.parse_args()
    for arch, sections in [("sm_90", sm_90_sections()), ("sm_90a", sm_90a_sections())]:
        write_module(os.path.join(args.out_dir, f"async_spellings.{arch}.ptx"), arch, sections,
                     args.ptx_version, args.ptxas)


if __name__ == "__main__":
    main()
