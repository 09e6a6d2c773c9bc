#!/usr/bin/env python3
"""Writes semantics_probe_ops.inc: the list of PTX instructions the device
probe runs. Run: python3 tools/probes/gen_probe_ops.py > tools/probes/semantics_probe_ops.inc"""
import itertools, re

out = []
def ident(name):
    return "Op_" + re.sub(r"[^A-Za-z0-9]", "_", name)
def emit(macro, name, *args):
    out.append(f'{macro}({ident(name)}, "{name}", {", ".join(args)})')

R4 = ["rn", "rz", "rm", "rp"]
# f32 arithmetic, every rounding x ftz x sat
for op, mac in [("add", "B2"), ("sub", "B2"), ("mul", "B2"), ("fma", "T3")]:
    for r, ftz, sat in itertools.product(R4, ["", ".ftz"], ["", ".sat"]):
        emit(mac, f"{op}.{r}{ftz}{sat}.f32", "F", "f32")
for op, mac in [("add", "B2"), ("mul", "B2")]:
    for ftz, sat in itertools.product(["", ".ftz"], ["", ".sat"]):
        emit(mac, f"{op}{ftz}{sat}.f32", "F", "f32")
for r, ftz in itertools.product(R4, ["", ".ftz"]):
    emit("B2", f"div.{r}{ftz}.f32", "F", "f32")
    emit("U1", f"rcp.{r}{ftz}.f32", "F", "f32")
    emit("U1", f"sqrt.{r}{ftz}.f32", "F", "f32")
for ftz in ["", ".ftz"]:
    emit("B2", f"div.full{ftz}.f32", "F", "f32")
    emit("B2", f"div.approx{ftz}.f32", "F", "f32")
    for u in ["rcp", "sqrt", "rsqrt", "ex2", "lg2", "sin", "cos"]:
        emit("U1", f"{u}.approx{ftz}.f32", "F", "f32")
    emit("U1", f"abs{ftz}.f32", "F", "f32")
    emit("U1", f"neg{ftz}.f32", "F", "f32")
emit("U1", "tanh.approx.f32", "F", "f32")
for op in ["min", "max"]:
    for ftz, nan, xs in itertools.product(["", ".ftz"], ["", ".NaN"], ["", ".xorsign.abs"]):
        emit("B2", f"{op}{ftz}{nan}{xs}.f32", "F", "f32")
emit("B2", "copysign.f32", "F", "f32")
for t in ["finite", "infinite", "number", "notanumber", "normal", "subnormal"]:
    emit("TESTP", f"testp.{t}.f32", "F", "f32")
    emit("TESTP", f"testp.{t}.f64", "D", "f64")
CMPS = ["eq", "ne", "lt", "le", "gt", "ge", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"]
for c in CMPS:
    emit("CMP", f"setp.{c}.f32", "F", "f32")
    emit("CMP", f"setp.{c}.ftz.f32", "F", "f32")
    emit("CMP", f"setp.{c}.f64", "D", "f64")
# f64
for op, mac in [("add", "B2"), ("sub", "B2"), ("mul", "B2"), ("fma", "T3"), ("div", "B2")]:
    for r in R4:
        emit(mac, f"{op}.{r}.f64", "D", "f64")
for r in R4:
    emit("U1", f"rcp.{r}.f64", "D", "f64")
    emit("U1", f"sqrt.{r}.f64", "D", "f64")
for n in ["rcp.approx.ftz.f64", "rsqrt.approx.f64", "rsqrt.approx.ftz.f64", "abs.f64", "neg.f64"]:
    emit("U1", n, "D", "f64")
for op in ["min", "max"]:
    emit("B2", f"{op}.f64", "D", "f64")
emit("B2", "copysign.f64", "D", "f64")
# f16 / bf16 and their pairs
for ty, reg, kind in [("f16", "H", "f16"), ("f16x2", "R", "f16x2")]:
    for op, mac in [("add", "B2"), ("sub", "B2"), ("mul", "B2"), ("fma", "T3")]:
        rn = "" if op != "fma" else ".rn"
        for ftz, sat in itertools.product(["", ".ftz"], ["", ".sat"]):
            emit(mac, f"{op}{rn}{ftz}{sat}.{ty}", reg, kind)
    emit("T3", f"fma.rn.relu.{ty}", reg, kind)
    emit("T3", f"fma.rn.ftz.relu.{ty}", reg, kind)
    emit("T3", f"fma.rn.oob.{ty}", reg, kind)
    emit("T3", f"fma.rn.oob.relu.{ty}", reg, kind)
    for op in ["min", "max"]:
        for ftz, nan, xs in itertools.product(["", ".ftz"], ["", ".NaN"], ["", ".xorsign.abs"]):
            emit("B2", f"{op}{ftz}{nan}{xs}.{ty}", reg, kind)
    for u in ["neg", "abs", "neg.ftz", "abs.ftz"]:
        emit("U1", f"{u}.{ty}", reg, kind)
    if ty == "f16x2":
        emit("U1", f"ex2.approx.{ty}", reg, kind)
        emit("U1", f"tanh.approx.{ty}", reg, kind)
for ty, reg, kind in [("bf16", "H", "bf16"), ("bf16x2", "R", "bf16x2")]:
    for op in ["add", "sub", "mul"]:
        emit("B2", f"{op}.rn.{ty}", reg, kind)
    emit("T3", f"fma.rn.{ty}", reg, kind)
    emit("T3", f"fma.rn.relu.{ty}", reg, kind)
    emit("T3", f"fma.rn.oob.{ty}", reg, kind)
    for op in ["min", "max"]:
        for nan, xs in itertools.product(["", ".NaN"], ["", ".xorsign.abs"]):
            emit("B2", f"{op}{nan}{xs}.{ty}", reg, kind)
    emit("U1", f"neg.{ty}", reg, kind)
    emit("U1", f"abs.{ty}", reg, kind)
    if ty == "bf16x2":
        emit("U1", f"ex2.approx.ftz.{ty}", reg, kind)
        emit("U1", f"tanh.approx.{ty}", reg, kind)
# exhaustive half sweeps of unary SFU forms
for n in ["ex2.approx.f16", "tanh.approx.f16", "ex2.approx.ftz.bf16", "tanh.approx.bf16"]:
    out.append(f'HS1({ident(n)}, "{n}", H)')
# conversions
INTS = {"s32": "R", "u32": "R", "s64": "L", "u64": "L", "s16": "H", "u16": "H"}
for it, reg in INTS.items():
    for r in ["rni", "rzi", "rmi", "rpi"]:
        emit("CVT", f"cvt.{r}.{it}.f32", reg, "F", "f32")
        emit("CVT", f"cvt.{r}.{it}.f64", reg, "D", "f64")
        emit("CVT", f"cvt.{r}.{it}.f16", reg, "H", "f16")
    emit("CVT", f"cvt.rzi.ftz.{it}.f32", reg, "F", "f32")
for it, reg in [("s32", "R"), ("u32", "R"), ("s64", "L"), ("u64", "L")]:
    kind = "u32" if reg == "R" else "u64"
    for r in R4:
        emit("CVT", f"cvt.{r}.f32.{it}", "F", reg, kind)
        emit("CVT", f"cvt.{r}.f64.{it}", "D", reg, kind)
        emit("CVT", f"cvt.{r}.f16.{it}", "H", reg, kind)
for r in R4:
    emit("CVT", f"cvt.{r}.f32.f64", "F", "D", "f64")
    emit("CVT", f"cvt.{r}.ftz.f32.f64", "F", "D", "f64")
    emit("CVT", f"cvt.{r}.f16.f32", "H", "F", "f32")
    emit("CVT", f"cvt.{r}.f16.f64", "H", "D", "f64")
    emit("CVT", f"cvt.{r}.bf16.f32", "H", "F", "f32")
    emit("CVT", f"cvt.{r}i.f32.f32", "F", "F", "f32")
    emit("CVT", f"cvt.{r}i.ftz.f32.f32", "F", "F", "f32")
    emit("CVT", f"cvt.{r}i.f64.f64", "D", "D", "f64")
emit("CVT", "cvt.ftz.sat.f32.f32", "F", "F", "f32")
emit("CVT", "cvt.sat.f32.f32", "F", "F", "f32")
emit("CVT", "cvt.sat.f64.f64", "D", "D", "f64")
for n in ["cvt.rn.sat.f16.f32", "cvt.rn.relu.f16.f32", "cvt.rn.relu.bf16.f32",
          "cvt.rn.satfinite.f16.f32", "cvt.rn.satfinite.bf16.f32", "cvt.rn.relu.satfinite.f16.f32"]:
    emit("CVT", n, "H", "F", "f32")
for n in ["cvt.f32.f16", "cvt.ftz.f32.f16", "cvt.f64.f16"]:
    emit("CVT", n, "D" if "f64" in n else "F", "H", "f16")
emit("CVT", "cvt.f32.bf16", "F", "H", "bf16")
emit("CVT", "cvt.f64.f32", "D", "F", "f32")
emit("CVT", "cvt.ftz.f64.f32", "D", "F", "f32")
for n in ["cvt.rna.tf32.f32", "cvt.rna.satfinite.tf32.f32"]:
    emit("CVT", n, "R", "F", "f32")
for n in ["cvt.rn.f16x2.f32", "cvt.rn.relu.f16x2.f32", "cvt.rz.f16x2.f32", "cvt.rn.bf16x2.f32",
          "cvt.rz.bf16x2.f32", "cvt.rn.satfinite.f16x2.f32"]:
    emit("X2", n, f'"{n} %0, %1, %2;"', "R", "F", "f32", "f32", "kRandomCount")
    out.append(f"REG({ident(n)})")
for f8 in ["e4m3x2", "e5m2x2"]:
    for relu in ["", ".relu"]:
        n = f"cvt.rn.satfinite{relu}.{f8}.f32"
        emit("X2", n, f'"{n} %0, %1, %2;"', "H", "F", "f32", "f32", "kRandomCount")
        out.append(f"REG({ident(n)})")
        n = f"cvt.rn.satfinite{relu}.{f8}.f16x2"
        emit("CVT", n, "H", "R", "f16x2")
    n = f"cvt.rn.f16x2.{f8}"
    emit("X1", n, f'"{n} %0, %1;"', "R", "H", "index16", "kHalfSweep")
    out.append(f"REG({ident(n)})")
    n = f"cvt.rn.relu.f16x2.{f8}"
    emit("X1", n, f'"{n} %0, %1;"', "R", "H", "index16", "kHalfSweep")
    out.append(f"REG({ident(n)})")
for src, reg, kind in [("s32", "R", "u32"), ("u32", "R", "u32"), ("s64", "L", "u64"), ("u64", "L", "u64")]:
    for dst in ["s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64"]:
        if dst == src: continue
        dreg = "L" if dst.endswith("64") else "R"
        if (dst, src) not in [("s64", "s32"), ("s64", "u32"), ("u64", "u32")]:
            emit("CVT", f"cvt.sat.{dst}.{src}", dreg, reg, kind)
        emit("CVT", f"cvt.{dst}.{src}", dreg, reg, kind)
for n in ["cvt.pack.sat.s16.s32", "cvt.pack.sat.u16.s32"]:
    emit("X2", n, f'"{n} %0, %1, %2;"', "R", "R", "u32", "u32", "kRandomCount")
    out.append(f"REG({ident(n)})")
for n in ["cvt.pack.sat.u8.s32.b32", "cvt.pack.sat.s8.s32.b32"]:
    emit("X3", n, f'"{n} %0, %1, %2, %3;"', "R", "R", "u32", "u32", "u32", "kRandomCount")
    out.append(f"REG({ident(n)})")
# integer
for n in ["div.u32", "div.s32", "rem.u32", "rem.s32", "mul.hi.u32", "mul.hi.s32", "mul.lo.u32",
          "mul24.hi.u32", "mul24.hi.s32", "mul24.lo.u32", "mul24.lo.s32", "add.sat.s32", "sub.sat.s32",
          "min.u32", "min.s32", "max.u32", "max.s32", "max.relu.s32", "min.relu.s32",
          "min.u16x2", "min.s16x2", "max.u16x2", "max.s16x2", "max.relu.s16x2", "min.relu.s16x2",
          "sad.u32", "sad.s32", "shl.b32", "shr.u32", "shr.s32", "fns.b32",
          "bmsk.clamp.b32", "bmsk.wrap.b32", "szext.clamp.s32", "szext.clamp.u32", "szext.wrap.s32",
          "szext.wrap.u32", "dp2a.lo.u32.u32", "dp2a.hi.s32.s32", "dp2a.lo.s32.u32", "dp2a.hi.u32.s32",
          "dp4a.u32.u32", "dp4a.s32.s32", "dp4a.s32.u32", "dp4a.u32.s32", "prmt.b32", "prmt.b32.f4e",
          "prmt.b32.b4e", "prmt.b32.rc8", "prmt.b32.ecl", "prmt.b32.ecr", "prmt.b32.rc16",
          "shf.l.clamp.b32", "shf.l.wrap.b32", "shf.r.clamp.b32", "shf.r.wrap.b32", "bfe.u32", "bfe.s32",
          "bfi.b32", "mad.hi.sat.s32", "mad.hi.u32", "mad.lo.s32", "mad24.hi.sat.s32", "mad24.hi.u32",
          "mad24.lo.u32"]:
    arity = 3 if n.split(".")[0] in ("sad", "fns", "dp2a", "dp4a", "prmt", "shf", "bfe", "bfi", "mad", "mad24") else 2
    if arity == 3:
        kinds = ["u32", "u32", "u32"]
        if n.startswith(("shf", "fns")): kinds[2] = "shift"
        if n.startswith("fns"): kinds[1] = "u32"
        if n.startswith("bfe"): kinds[1:] = ["shift", "shift"]
        if n.startswith("bfi"): kinds[2:] = ["shift"]; n_asm = f'"{n} %0, %1, %2, %3, %4;"'
        if n.startswith("bfi"):
            out.append(f'OP_HEAD({ident(n)}, "{n}", u32, u32, shift, kRandomCount) static constexpr uint32_t out_bytes = 4; __device__ static uint64_t eval(uint64_t a, uint64_t b, uint64_t c) {{ unsigned r; asm volatile("{n} %0, %1, %2, %3, %4;" : "=r"(r) : "r"((unsigned)a), "r"((unsigned)b), "r"(smsim::probe::bfi_position(c)), "r"(smsim::probe::bfi_length(c))); return r; }} }}; REG({ident(n)})')
            continue
        emit("X3", n, f'"{n} %0, %1, %2, %3;"', "R", "R", *kinds, "kRandomCount")
    else:
        kinds = ["u32", "shift" if n.startswith(("sh", "bmsk", "szext")) else "u32"]
        emit("X2", n, f'"{n} %0, %1, %2;"', "R", "R", *kinds, "kRandomCount")
    out.append(f"REG({ident(n)})")
for n in ["div.u64", "div.s64", "rem.u64", "rem.s64", "mul.hi.u64", "mul.hi.s64", "min.s64", "max.u64"]:
    emit("X2", n, f'"{n} %0, %1, %2;"', "L", "L", "u64", "u64", "kRandomCount"); out.append(f"REG({ident(n)})")
for n in ["shl.b64", "shr.u64", "shr.s64"]:
    emit("M2", n, f'"{n} %0, %1, %2;"', "L", "L", "R", "u64", "shift", "kRandomCount"); out.append(f"REG({ident(n)})")
for n in ["bfe.u64", "bfe.s64"]:
    out.append(f'OP_HEAD({ident(n)}, "{n}", u64, shift, shift, kRandomCount) static constexpr uint32_t out_bytes = 8; __device__ static uint64_t eval(uint64_t a, uint64_t b, uint64_t c) {{ unsigned long long r; asm volatile("{n} %0, %1, %2, %3;" : "=l"(r) : "l"(a), "r"((unsigned)b), "r"((unsigned)c)); return r; }} }}; REG({ident(n)})')
for n in ["mul.wide.u32", "mul.wide.s32"]:
    emit("X2", n, f'"{n} %0, %1, %2;"', "L", "R", "u32", "u32", "kRandomCount")
    out.append(f"REG({ident(n)})")
    # fix mixed classes below
for n in ["popc.b32", "clz.b32", "brev.b32", "bfind.u32", "bfind.s32", "bfind.shiftamt.u32",
          "bfind.shiftamt.s32", "cnot.b32", "abs.s32", "neg.s32", "not.b32"]:
    emit("X1", n, f'"{n} %0, %1;"', "R", "R", "u32", "kRandomCount"); out.append(f"REG({ident(n)})")
for n in ["popc.b64", "clz.b64", "bfind.u64", "bfind.s64"]:
    emit("X1", n, f'"{n} %0, %1;"', "R", "L", "u64", "kRandomCount"); out.append(f"REG({ident(n)})")
for lut in ["0x96", "0xe8", "0xca", "0x80", "0xfe", "0x1e", "0x6a", "0x00", "0xff", "0xb4"]:
    n = f"lop3.b32.{lut}"
    emit("X3", n, f'"lop3.b32 %0, %1, %2, %3, {lut};"', "R", "R", "u32", "u32", "u32", "kRandomCount"); out.append(f"REG({ident(n)})")
# carry chains: add.cc then addc, sub.cc/subc, mad.cc/madc
CC = {
 "addc.chain.u32": '"{ .reg .u32 t; add.cc.u32 t, %1, %2; addc.cc.u32 %0, %3, %1; addc.u32 t, 0, 0; add.u32 %0, %0, t; }"',
 "subc.chain.u32": '"{ .reg .u32 t; sub.cc.u32 t, %1, %2; subc.cc.u32 %0, %3, %1; subc.u32 t, 0, 0; xor.b32 %0, %0, t; }"',
 "madc.chain.u32": '"{ .reg .u32 t; mad.lo.cc.u32 t, %1, %2, %3; madc.hi.cc.u32 %0, %1, %2, t; addc.u32 t, 0, 0; add.u32 %0, %0, t; }"',
}
for n, a in CC.items():
    emit("X3", n, a, "R", "R", "u32", "u32", "u32", "kRandomCount"); out.append(f"REG({ident(n)})")
# video instructions
VID = [
 ("vadd.u32.u32.u32", "%0, %1, %2"), ("vadd.s32.s32.s32.sat", "%0, %1, %2"),
 ("vadd.s32.u32.s32.sat", "%0, %1.b2, %2.h1"), ("vadd.u32.s32.s32.sat.add", "%0, %1.b1, %2.b3, %3"),
 ("vsub.s32.s32.s32.sat.min", "%0, %1.h0, %2.h1, %3"), ("vabsdiff.u32.s32.s32.max", "%0, %1.b0, %2.b2, %3"),
 ("vmin.s32.s32.u32", "%0, %1.b3, %2"), ("vmax.u32.u32.s32.sat", "%0, %1, %2.h1"),
 ("vadd.u32.u32.u32", "%0.b1, %1.b0, %2.b2, %3"), ("vsub.s32.s32.s32.sat", "%0.h1, %1.h1, %2.h0, %3"),
 ("vshl.u32.u32.u32.clamp", "%0, %1, %2"), ("vshl.u32.u32.u32.wrap", "%0, %1, %2"),
 ("vshr.s32.s32.u32.clamp", "%0, %1, %2"), ("vshr.u32.u32.u32.wrap.add", "%0, %1.h1, %2, %3"),
 ("vmad.s32.s32.s32", "%0, %1.h0, %2.h1, %3"), ("vmad.u32.u32.u32.sat", "%0, %1, %2, %3"),
 ("vmad.s32.s32.s32.po", "%0, %1.b1, %2.b2, %3"), ("vmad.s32.s32.s32.sat.shr15", "%0, %1, -%2, %3"),
 ("vmad.u32.u32.u32.shr7", "%0, %1.b0, %2.b1, %3"), ("vmad.s32.u32.s32", "%0, -%1.h1, %2.h0, %3"), ("vmad.s32.s32.s32", "%0, %1.h1, %2.h0, -%3"),
 ("vset.u32.u32.lt", "%0, %1, %2"), ("vset.s32.u32.ge.add", "%0, %1.b3, %2.b0, %3"),
 ("vset.s32.s32.ne", "%0.b2, %1.h0, %2.h1, %3"),
 ("vadd2.u32.u32.u32", "%0, %1, %2, %3"), ("vadd2.s32.s32.s32.sat", "%0, %1, %2, %3"),
 ("vadd2.u32.u32.u32.add", "%0, %1, %2, %3"), ("vsub2.s32.s32.s32.sat", "%0, %1, %2, %3"),
 ("vavrg2.u32.u32.u32", "%0, %1, %2, %3"), ("vavrg2.s32.s32.s32.add", "%0, %1, %2, %3"),
 ("vabsdiff2.u32.u32.u32", "%0, %1, %2, %3"), ("vabsdiff2.s32.s32.s32.add", "%0, %1, %2, %3"),
 ("vmin2.s32.s32.s32", "%0, %1, %2, %3"), ("vmax2.u32.u32.u32.add", "%0, %1, %2, %3"),
 ("vset2.u32.u32.lt", "%0, %1, %2, %3"), ("vset2.s32.s32.ge.add", "%0, %1, %2, %3"),
 ("vadd4.u32.u32.u32.sat", "%0, %1, %2, %3"), ("vadd4.s32.s32.s32.add", "%0, %1, %2, %3"),
 ("vsub4.u32.u32.u32", "%0, %1, %2, %3"), ("vavrg4.u32.u32.u32", "%0, %1, %2, %3"),
 ("vavrg4.s32.s32.s32.sat", "%0, %1, %2, %3"), ("vabsdiff4.u32.u32.u32.add", "%0, %1, %2, %3"),
 ("vmin4.u32.u32.u32", "%0, %1, %2, %3"), ("vmax4.s32.s32.s32.add", "%0, %1, %2, %3"),
 ("vset4.s32.s32.gt", "%0, %1, %2, %3"), ("vset4.u32.u32.ne.add", "%0, %1, %2, %3"),
 ("vadd2.u32.u32.u32", "%0.h1, %1, %2, %3"), ("vsub4.s32.s32.s32.sat", "%0.b20, %1, %2, %3"),
]
seen = {}
for instr, ops in VID:
    n = f"{instr} {ops}"
    seen[n] = 1
    key = "vid_" + re.sub(r"[^A-Za-z0-9]", "_", n)
    nargs = ops.count("%")
    if nargs == 3:
        out.append(f'X2({key}, "{n}", "{instr} {ops};", R, R, u32, u32, kRandomCount) REG({key})')
    else:
        out.append(f'X3({key}, "{n}", "{instr} {ops};", R, R, u32, u32, u32, kRandomCount) REG({key})')
# flush-to-zero at the edge of the normal range: products near 2^-126
for n in ["mul.rn.ftz.f32", "mul.rz.ftz.f32", "mul.rp.ftz.f32", "mul.rm.ftz.f32", "fma.rn.ftz.f32",
          "fma.rp.ftz.f32", "mul.rn.f32", "fma.rn.f32"]:
    key = "edge_" + re.sub(r"[^A-Za-z0-9]", "_", n)
    asm = f'"{n} %0, %1, %2;"' if n.startswith("mul") else f'"{n} %0, %1, %2, %3;"'
    mac = "X2" if n.startswith("mul") else "X3"
    kinds = "f32_near_one, f32_near_normal_min" + ("" if mac == "X2" else ", f32_near_normal_min")
    out.append(f'{mac}({key}, "edge:{n}", {asm}, F, F, {kinds}, kRandomCount) REG({key})')
# video merges into a byte or half of c, with and without .sat
MERGES = []
for op in ["vadd", "vsub", "vabsdiff", "vmin", "vmax"]:
    for ty in ["s32.s32.s32", "u32.u32.u32", "s32.u32.s32"]:
        for sat in ["", ".sat"]:
            for dsel in [".h0", ".h1", ".b0", ".b3"]:
                MERGES.append((f"{op}.{ty}{sat}", f"%0{dsel}, %1, %2.h1, %3"))
for instr, ops in MERGES:
    n = f"{instr} {ops}"
    key = "vid_" + re.sub(r"[^A-Za-z0-9]", "_", n)
    out.append(f'X3({key}, "{n}", "{instr} {ops};", R, R, u32, u32, u32, kRandomCount) REG({key})')
# exhaustive 2^32 sweeps (digests only)
for n, ot in [("cvt.rn.f16.f32", "H"), ("cvt.rz.f16.f32", "H"), ("cvt.rm.f16.f32", "H"),
              ("cvt.rp.f16.f32", "H"), ("cvt.rn.bf16.f32", "H"), ("cvt.rz.bf16.f32", "H"),
              ("cvt.rna.satfinite.tf32.f32", "R"), ("cvt.rna.tf32.f32", "R"),
              ("rcp.approx.ftz.f32", "F"), ("rcp.approx.f32", "F"), ("rsqrt.approx.ftz.f32", "F"),
              ("rsqrt.approx.f32", "F"), ("sqrt.approx.f32", "F"), ("ex2.approx.ftz.f32", "F"),
              ("ex2.approx.f32", "F"), ("lg2.approx.ftz.f32", "F"), ("sin.approx.ftz.f32", "F"),
              ("cos.approx.ftz.f32", "F"), ("tanh.approx.f32", "F"), ("cvt.rni.s32.f32", "R")]:
    out.append(f'SW(Sweep_{re.sub(r"[^A-Za-z0-9]", "_", n)}, "{n}", {ot}, F)')
out.append("using SweepRcpApproxFtz = Sweep_rcp_approx_ftz_f32;")
out.append("using SweepRsqrtApproxFtz = Sweep_rsqrt_approx_ftz_f32;")
print("// Generated by tools/probes/gen_probe_ops.py; do not edit.")
print("\n".join(out))
