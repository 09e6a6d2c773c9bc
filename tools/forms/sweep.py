#!/usr/bin/env python3
"""Writes the form sweep: one PTX kernel per catalog form of the families it
covers, each applying the form to 64 lanes of fixed inputs (special values of
the operand's type: signed zeros, subnormals, infinities, NaNs, limits, then
random values; every lane different) and storing every result. The H100
goldens of these kernels (tools/forms/runner.cu) and the engine test
(tests/func/forms/forms_sweep_test.cpp) read what this writes:

  tools/forms/sweep.py --smsim build/bin/smsim \
      --catalog tests/isa/forms/sm_90.forms --out tests/func/forms/sm_90

  OUT.ptx        the module: a header, then `// form N: <form text>` and kernel fN
                 (params: .u64 in, .u64 out), one per form
  OUT.inputs     the input buffer every kernel reads (little endian)
  OUT.manifest   per kernel: N, output offset, output bytes, the cell size of
                 each result (one array of 64 cells per result), form text
  OUT.skipped    catalog forms of these families that ptxas rejects in a kernel

Deterministic: the same catalog and table give the same files.
The repository keeps OUT.ptx and the recorded goldens zstd-compressed
(`zstd -19 OUT.ptx`, `zstd -19 golden/h100/OUT.bin`; the engine test reads
the .zst files); the runner takes the plain files.
"""

import argparse
import os
import random
import struct
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forms  # noqa: E402

LANES = 64

# The families this sweep executes: register-to-register instructions whose
# result depends only on their operands.
SWEPT = set("""abs add addc bfe bfi bfind bmsk brev clz copysign cos div dp2a dp4a ex2
fma fns lg2 mad mad24 madc max min mul mul24 neg popc rcp rem rsqrt sad sin sqrt sub subc
szext tanh testp and cnot lop3 not or prmt shf shl shr xor selp set setp slct cvt cvt.pack mov
vadd vsub vabsdiff vmin vmax vshl vshr vmad vset vadd2 vsub2 vavrg2 vabsdiff2 vmin2 vmax2
vset2 vadd4 vsub4 vavrg4 vabsdiff4 vmin4 vmax4 vset4""".split())

# Immediates the table calls `imm`: a value that exercises the operation.
IMMEDIATES = {"lop3": "0x6A"}

CARRY_OPCODES = {"addc", "subc", "madc"}

# Warp collectives: their last source operand is the member mask.
MEMBERMASK_OPCODES = {"shfl", "vote", "match", "redux", "elect"}

# The memory family: loads, stores and atomics in every state space a kernel
# can address without a cluster or a call, and the warp collectives.
MEMORY = {"ld", "ldu", "st", "atom", "red", "shfl", "vote", "match", "redux", "activemask",
          "elect"}
FAMILIES = {"alu": SWEPT, "memory": MEMORY}


# ---- input values ----

def f32_bits(x):
    return struct.unpack("<I", struct.pack("<f", x))[0]


def f64_bits(x):
    return struct.unpack("<Q", struct.pack("<d", x))[0]


def float_specials(exp_bits, man_bits):
    """Bit patterns of a binary float format: zeros, subnormals, normals at
    the limits, infinities, NaNs, and values that round in every mode."""
    sign = 1 << (exp_bits + man_bits)
    inf = ((1 << exp_bits) - 1) << man_bits
    one = ((1 << (exp_bits - 1)) - 1) << man_bits
    quiet = 1 << (man_bits - 1)
    pos = [0, 1, quiet - 1 if man_bits > 1 else 1, (1 << man_bits) - 1, 1 << man_bits,
           inf - 1, inf, inf | quiet, inf | 1, inf | quiet | 5, one, one | quiet,
           one + (1 << man_bits), one - 1, one + 1, one | (quiet >> 1) | 1]
    return [v | s for v in pos for s in (0, sign)]


def int_specials(bits):
    m = (1 << bits) - 1
    top = 1 << (bits - 1)
    return [0, 1, m, top, top - 1, top + 1, m - 1, 2, 3, 5, 7, 8, 15, 16, 17, 31, 32, 33,
            63, 64, 0x55555555 & m, 0xAAAAAAAA & m, 0x80 & m, 0x7F, 0xFF & m, 0x100 & m]


FLOAT_FORMATS = {"f16": (5, 10), "bf16": (8, 7), "f32": (8, 23), "tf32": (8, 23), "f64": (11, 52)}


def lane_values(type_name, bits, k):
    """LANES values of one operand (k-th source) of type type_name."""
    rng = random.Random(f"{type_name}/{bits}/{k}")
    if type_name in FLOAT_FORMATS:
        e, m = FLOAT_FORMATS[type_name]
        specials = float_specials(e, m)

        def rand():
            if rng.random() < 0.5:
                return rng.getrandbits(bits)
            # A moderate value with a random mantissa: results stay finite.
            exp = ((1 << (e - 1)) - 1) + rng.randint(-6, 6)
            return (rng.getrandbits(1) << (e + m)) | (exp << m) | rng.getrandbits(m)
    elif type_name in ("f16x2", "bf16x2"):
        half = type_name[:-2]
        lo, hi = lane_values(half, 16, 2 * k), lane_values(half, 16, 2 * k + 1)
        return [a | (b << 16) for a, b in zip(lo, hi)]
    else:
        specials = int_specials(bits)

        def rand():
            return rng.getrandbits(bits) if rng.random() < 0.7 else rng.randint(0, 40)
    # Specials rotate with the operand, so lanes pair them differently.
    step = 5 * k + 1
    n = len(specials)
    vals = [specials[(i * step + k) % n] for i in range(min(n, LANES // 2))]
    while len(vals) < LANES:
        vals.append(rand())
    return [v & ((1 << bits) - 1) for v in vals]


class Inputs:
    """The shared input buffer: one array of LANES values per (type, bits,
    operand index), each at an offset aligned to its element size."""

    def __init__(self):
        self.blob = bytearray()
        self.where = {}

    def array(self, type_name, bits, k):
        key = (type_name, bits, k)
        if key not in self.where:
            size = max(bits // 8, 1)
            while len(self.blob) % 16:
                self.blob.append(0)
            self.where[key] = len(self.blob)
            for v in lane_values(type_name, bits, k):
                self.blob += v.to_bytes(size, "little")
        return self.where[key]

    def array_bytes(self, type_name, bits, n, k):
        """LANES groups of n elements (vector operands): element j of every
        lane comes from operand array k * 8 + j, so elements differ."""
        key = (type_name, bits, n, k, "vector")
        if key not in self.where:
            if n == 1:
                self.where[key] = self.array(type_name if type_name in FLOAT_FORMATS or
                                             type_name in ("f16x2", "bf16x2") else f"b{bits}",
                                             bits, k)
                return self.where[key]
            cols = [lane_values(type_name if type_name in FLOAT_FORMATS or
                                type_name in ("f16x2", "bf16x2") else f"b{bits}", bits, k * 8 + j)
                    for j in range(n)]
            size = bits // 8
            while len(self.blob) % 16:
                self.blob.append(0)
            self.where[key] = len(self.blob)
            for lane in range(LANES):
                for j in range(n):
                    self.blob += cols[j][lane].to_bytes(size, "little")
        return self.where[key]


# ---- kernels ----

def operand_type(table, op, ref, types):
    if ref.startswith("slot") and types:
        i = 0 if ref == "slot0_wide" else int(ref[4])
        return types[min(i, len(types) - 1)]
    return {"b16": "b16", "b32": "b32", "b64": "b64", "pred": "pred"}.get(ref, "b32")


def kernel(table, op, types, mods, count, index, inputs):
    """PTX of kernel f<index> and its output cells [(bits)], or None."""
    regs = forms.RegAlloc()
    ops, roles = forms.spell_operands(table, op, types, mods, count, regs)
    if ops is None:
        return None
    slots = op["operands"]["slots"]
    body, outs = [], []
    mnemonic = op["mnemonic"]
    src_k = 0
    last_src = max((i for i, (role, _) in enumerate(roles) if role == "src"), default=-1)
    for i, (role, bits) in enumerate(roles):
        s = slots[min(i, len(slots) - 1)]
        if "{" in ops[i] or role == "address":
            return None
        if mnemonic in MEMBERMASK_OPCODES and i == last_src:
            # Every lane of both warps takes part.
            ops[i] = "0xffffffff"
        elif role == "imm":
            ops[i] = IMMEDIATES.get(mnemonic, "1")
        elif role in ("src", "pred_src"):
            t = "pred" if role == "pred_src" else operand_type(table, op, s["type"], types)
            if t == "pred":
                at = inputs.array("u32", 32, src_k)
                body.append(f"mad.wide.u32 %ia, %lane, 4, %in;\nld.global.b32 %sv, [%ia+{at}];")
                body.append(f"setp.ne.b32 {ops[i]}, %sv, 0;")
            elif bits == 8 or table.type_bits.get(t, bits) == 8 and bits == 16:
                signed = t.startswith("s")
                at = inputs.array(t, 8, src_k)
                body.append(f"mad.wide.u32 %ia, %lane, 1, %in;\n"
                            f"ld.global.{'s8' if signed else 'u8'} {ops[i]}, [%ia+{at}];")
            else:
                vt = t if table.type_bits.get(t) == bits else f"b{bits}"
                at = inputs.array(vt, bits, src_k)
                body.append(f"mad.wide.u32 %ia, %lane, {bits // 8}, %in;\n"
                            f"ld.global.b{bits} {ops[i]}, [%ia+{at}];")
            src_k += 1
        elif role in ("dest", "pred_dest"):
            outs.append((ops[i], bits))
    carry = "cc" in mods or mnemonic in CARRY_OPCODES
    if carry:
        # CC.CF comes from the lanes' inputs; what the form leaves in CC.CF is
        # read back by an addc and stored as one more result.
        at = inputs.array("u32", 32, 7)
        body.append(f"mad.wide.u32 %ia, %lane, 4, %in;\nld.global.b32 %sv, [%ia+{at}];")
        body.append("add.cc.u32 %sv, %sv, %sv;")
    head = ".".join([mnemonic] + table.spelling_order(mods) + list(types))
    body.append(f"{head} {', '.join(ops)};" if ops else f"{head};")
    if carry:
        body.append("addc.u32 %cy, 0, 0;")
        outs.append(("%cy", 32))
    if not outs:
        return None
    offset, cells = store_results(body, outs)
    return wrap(index, body), offset, cells


def store_results(body, outs, offset=0, cells=None):
    """Stores each (register, bits) result as an array of LANES cells after
    `offset`; returns the end offset and the cell sizes."""
    cells = [] if cells is None else cells
    for reg, bits in outs:
        cell = max(bits // 8, 4)
        offset = (offset + cell - 1) // cell * cell
        if bits == 1:
            body.append(f"selp.u32 %sv, 1, 0, {reg};")
            reg, bits = "%sv", 32
        body.append(f"mad.wide.u32 %oa, %lane, {cell}, %out;\nst.global.b{bits} [%oa+{offset}], {reg};")
        cells.append(cell)
        offset += cell * LANES
    return offset, cells


def wrap(index, body, decls="", module_decls=""):
    return (module_decls + f".visible .entry f{index}(.param .u64 in_p, .param .u64 out_p)\n{{\n" +
            forms.REG_DECLS + ".reg .b32 %lane, %sv, %cy;\n.reg .b64 %in, %out, %ia, %oa;\n" + decls +
            "ld.param.u64 %in, [in_p];\nld.param.u64 %out, [out_p];\n"
            "cvta.to.global.u64 %in, %in;\ncvta.to.global.u64 %out, %out;\n"
            "mov.u32 %lane, %tid.x;\n" + "\n".join(body) + "\nret;\n}\n")



# ---- memory kernels ----

# Where a memory form's state space puts its data (shared::cluster addresses
# the block's own shared memory: a launch without clusters is a cluster of one).
SPACE_KIND = {"global": "global", "shared": "shared", "shared::cta": "shared",
              "shared::cluster": "shared", "local": "local", "const": "const"}


def vector_regs(regs, n, bits):
    names = [regs(bits) for _ in range(n)]
    return names, (names[0] if n == 1 else "{" + ", ".join(names) + "}")


def raw_load(body, inputs, t, ebits, n, k, spelled):
    """Loads this lane's n elements of input array (t, k) into `spelled`."""
    stride = n * ebits // 8
    at = inputs.array_bytes(t, ebits, n, k)
    vec = f".v{n}" if n > 1 else ""
    body.append(f"mad.wide.u32 %ia, %lane, {stride}, %in;\n"
                f"ld.global{vec}.b{ebits} {spelled}, [%ia+{at}];")


def memory_kernel(table, op, types, mods, count, index, inputs):
    """ld/ldu/st/atom/red in one state space: the lane's data goes through the
    form and every value it produces (loaded registers, the old value, the
    memory after a store or an atomic) is stored; collectives go through
    kernel()."""
    mnemonic = op["mnemonic"]
    if mnemonic not in ("ld", "ldu", "st", "atom", "red"):
        return kernel(table, op, types, mods, count, index, inputs)
    spaces = [m for m in mods if table.group_of.get(m) == "Space"]
    kind = SPACE_KIND.get(spaces[0], None) if spaces else "generic"
    if kind is None or (kind == "const" and mnemonic != "ld") or len(types) != 1:
        return None
    t = types[0]
    ebits = table.type_bits[t]
    n = forms.vector_width(mods)
    stride = n * ebits // 8
    if stride * LANES > 4096 or ebits < 8:
        return None
    regs = forms.RegAlloc()
    body, decls, module_decls = [], "", ""
    policy = ""
    if "L2::cache_hint" in mods:
        decls += ".reg .b64 %pol;\n"
        body.append("createpolicy.fractional.L2::evict_last.b64 %pol, 1.0;")
        policy = ", %pol"
    head = ".".join([mnemonic] + table.spelling_order(mods) + list(types))
    outs_offset, cells = 0, []

    def address(base_reg, region_offset=0, own=True):
        """%ma: this lane's element (or the next lane's, own=False) in the space."""
        lane = "%lane" if own else "%nl"
        if kind in ("global", "generic"):
            body.append(f"mad.wide.u32 %ma, {lane}, {stride}, {base_reg};")
            if region_offset:
                body.append(f"add.s64 %ma, %ma, {region_offset};")
            if kind == "generic":
                body.append("cvta.global.u64 %ma, %ma;")
        elif kind == "shared":
            body.append(f"mov.u64 %sb, sm;\nmad.wide.u32 %ma, {lane}, {stride}, %sb;")
        elif kind == "local":
            body.append("mov.u64 %ma, lm;")
        elif kind == "const":
            body.append(f"mov.u64 %sb, cm{index};\nmad.wide.u32 %ma, {lane}, {stride}, %sb;")

    decls += ".reg .b64 %ma, %sb;\n.reg .b32 %nl;\n"
    if kind == "shared":
        decls += ".shared .align 16 .b8 sm[4096];\n"
    if kind == "local":
        decls += ".local .align 16 .b8 lm[16];\n"
    body.append("add.u32 %nl, %lane, 1;\nrem.u32 %nl, %nl, 64;")
    vec = f".v{n}" if n > 1 else ""
    raw = f"{vec}.b{ebits}"
    if mnemonic in ("ld", "ldu"):
        # The data: the input array itself (global, generic), or a copy of it
        # in shared, local or constant memory; shared reads the next lane's.
        at = inputs.array_bytes(t, ebits, n, 0)
        if kind == "const":
            data = inputs.blob[at:at + stride * LANES]
            module_decls = (f".const .align 16 .b8 cm{index}[{len(data)}] = {{" +
                            ", ".join(str(b) for b in data) + "};\n")
        if kind in ("shared", "local"):
            tmp, spelled = vector_regs(regs, n, ebits)
            raw_load(body, inputs, t, ebits, n, 0, spelled)
            address(None)
            body.append(f"st.{kind}{raw} [%ma], {spelled};")
            if kind == "shared":
                body.append("bar.sync 0;")
        if kind in ("global", "generic"):
            address("%in", at)
        else:
            address(None, own=kind != "shared")
        dst, spelled = vector_regs(regs, n, ebits)
        body.append(f"{head} {spelled}, [%ma]{policy};")
        outs_offset, cells = store_results(body, [(r, max(ebits, 16)) for r in dst])
    elif mnemonic == "st":
        src, spelled = vector_regs(regs, n, ebits)
        raw_load(body, inputs, t, ebits, n, 0, spelled)
        if kind in ("global", "generic"):
            # Straight into the output: one array of LANES elements.
            address("%out")
            body.append(f"{head} [%ma], {spelled}{policy};")
            outs_offset, cells = stride * LANES, [stride]
        else:
            address(None)
            body.append(f"{head} [%ma], {spelled}{policy};")
            back, spelled_back = vector_regs(regs, n, ebits)
            body.append(f"ld.{kind}{raw} {spelled_back}, [%ma];")
            outs_offset, cells = store_results(body, [(r, max(ebits, 16)) for r in back])
    else:
        # atom/red: each lane its own element, so the results do not depend on
        # the order of the lanes: memory starts as input 0, the operands are
        # inputs 1 and 2 (cas compares with the memory's value on even lanes).
        init, spelled_init = vector_regs(regs, n, ebits)
        raw_load(body, inputs, t, ebits, n, 0, spelled_init)
        if kind in ("global", "generic"):
            address("%out")
            body.append(f"st.global{raw} [%ma], {spelled_init};" if kind == "global" else
                        f"st{raw} [%ma], {spelled_init};")
        elif kind == "shared":
            address(None)
            body.append(f"st.shared{raw} [%ma], {spelled_init};")
        else:
            return None
        b, spelled_b = vector_regs(regs, n, ebits)
        raw_load(body, inputs, t, ebits, n, 1, spelled_b)
        operands = spelled_b
        if "cas" in mods:
            if n != 1:
                return None
            body.append("and.b32 %sv, %lane, 1;\nsetp.eq.b32 %p15, %sv, 0;")
            body.append(f"selp.b{max(ebits, 16) if ebits != 128 else 64} {b[0]}, {init[0]}, {b[0]}, %p15;"
                        if ebits != 128 else f"@%p15 mov.b128 {b[0]}, {init[0]};")
            c, spelled_c = vector_regs(regs, n, ebits)
            raw_load(body, inputs, t, ebits, n, 2, spelled_c)
            operands += ", " + spelled_c
        if mnemonic == "atom":
            d, spelled_d = vector_regs(regs, n, ebits)
            body.append(f"{head} {spelled_d}, [%ma], {operands}{policy};")
        else:
            d = []
            body.append(f"{head} [%ma], {operands}{policy};")
        if kind == "shared":
            back, spelled_back = vector_regs(regs, n, ebits)
            body.append(f"ld.shared{raw} {spelled_back}, [%ma];")
            outs_offset, cells = store_results(body, [(r, max(ebits, 16)) for r in back + d])
        else:
            outs_offset, cells = store_results(body, [(r, max(ebits, 16)) for r in d],
                                               offset=stride * LANES, cells=[stride])
    return wrap(index, body, decls, module_decls), outs_offset, cells


def check_kernels(header, kernels, args, group=40):
    """(kernels ptxas rejects, kernels on which it crashes), by index; None
    counts as rejected. Kernels are assembled in groups, each as one module
    with the header: a whole sweep module can exceed what one module may
    hold (64 KB of constants) and ptxas crashes on that instead of saying
    so. Runner and test load every kernel as a module of its own."""
    failed, crashed = {i for i, k in enumerate(kernels) if k is None}, set()
    present = [i for i, k in enumerate(kernels) if k is not None]
    for g in range(0, len(present), group):
        idx = present[g:g + group]
        module, spans = header, []
        for i in idx:
            start = module.count("\n") + 1
            module += kernels[i]
            spans.append((start, module.count("\n")))
        ok, bad, err = forms.ptxas_errors(module, args.arch, args.ptxas, "-O3")
        if ok:
            continue
        if not bad:
            found = crashing(header, {i: kernels[i] for i in idx}, args)
            if not found:
                sys.exit("ptxas failed without naming a line:\n" + err[-2000:])
            crashed |= found
            # The others are assembled again without the crashing ones.
            rest = [i if i not in found else None for i in idx]
            sub_failed, sub_crashed = check_kernels(
                header, [kernels[i] if i is not None else None for i in rest], args, group)
            failed |= {rest[j] for j in sub_failed if rest[j] is not None}
            crashed |= {rest[j] for j in sub_crashed if rest[j] is not None}
            continue
        for i, (lo, hi) in zip(idx, spans):
            if any(lo <= b <= hi for b in bad):
                failed.add(i)
    return failed, crashed


def crashing(header, kernels, args):
    """Indices of the kernels on which ptxas fails without naming a line."""
    def fails(idx):
        text = header + "".join(kernels[i] for i in idx)
        ok, bad, _ = forms.ptxas_errors(text, args.arch, args.ptxas, "-O3")
        return not ok and not bad
    found, stack = set(), [sorted(kernels)]
    while stack:
        idx = stack.pop()
        if not idx or not fails(idx):
            continue
        if len(idx) == 1:
            found.add(idx[0])
            continue
        stack += [idx[:len(idx) // 2], idx[len(idx) // 2:]]
    return found


# Forms (catalog text) whose sweep kernel crashes the H100 driver's JIT
# (cuModuleLoadDataEx segfaults) although ptxas 13.0 assembles it.
JIT_CRASHES = "tools/forms/driver_jit_crashes.txt"


def read_jit_crashes():
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "driver_jit_crashes.txt")
    with open(path) as f:
        return {line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--smsim", default="build/bin/smsim")
    ap.add_argument("--catalog", default="tests/isa/forms/sm_90.forms")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--ptx-version", default="9.0")
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--family", choices=sorted(FAMILIES), default="alu")
    ap.add_argument("--out", required=True, help="path prefix of the files written")
    args = ap.parse_args()
    swept = FAMILIES[args.family]
    make = memory_kernel if args.family == "memory" else kernel
    table = forms.Table(forms.load_table(args.smsim))
    catalog = [l.rstrip("\n") for l in open(args.catalog) if l.strip() and not l.startswith("#")]
    todo = []
    for text in catalog:
        mnemonic, types, mods = forms.parse_form_text(text)
        if mnemonic in swept:
            op = table.opcodes[mnemonic]
            todo.append((text, op, types, mods, forms.operand_counts(op)))
    inputs = Inputs()
    header = forms.PTX_HEADER.format(version=args.ptx_version, target=args.arch)
    # Try each form with its fewest operands, then with more, until ptxas
    # takes the kernel; one ptxas run per round over all pending kernels.
    chosen, skipped = {}, []
    attempt = {t[0]: 0 for t in todo}
    pending = [t for t in todo]
    while pending:
        kernels = [make(table, op, types, mods, counts[attempt[text]], n, inputs)
                   for n, (text, op, types, mods, counts) in enumerate(pending)]
        # ptxas -O3 crashes on some groups of memory kernels that it assembles
        # one by one (the runner and the test load one kernel per module).
        failed, crashed = check_kernels(header, [k[0] if k else None for k in kernels], args,
                                        1 if args.family == "memory" else 400)
        retry = []
        for n, item in enumerate(pending):
            text, counts = item[0], item[4]
            if n in crashed:
                skipped.append(text + "\tptxas crashes on its kernel")
            elif n not in failed:
                chosen[text] = counts[attempt[text]]
            elif attempt[text] + 1 < len(counts):
                attempt[text] += 1
                retry.append(item)
            else:
                skipped.append(text)
        pending = retry
    # The final module, in catalog order, with fresh kernel numbers. A form
    # whose kernel crashes the GPU driver's JIT keeps its number and output
    # range (so the recorded goldens keep their layout) but is left out.
    jit_crashes = read_jit_crashes()
    module, manifest, offset, n = header, [], 0, 0
    for text, op, types, mods, counts in todo:
        if text not in chosen:
            continue
        ptx, size, cells = make(table, op, types, mods, chosen[text], n, inputs)
        if text in jit_crashes:
            skipped.append(text + "\tthe H100 driver's JIT crashes on its kernel (" + JIT_CRASHES + ")")
        else:
            module += f"// form {n}: {text}\n" + ptx
            manifest.append(f"{n}\t{offset}\t{size}\t{','.join(map(str, cells))}\t{text}")
        n += 1
        offset += (size + 255) // 256 * 256
    gen = ("// Generated by tools/forms/sweep.py from " + args.catalog +
           "; regenerate with\n//   tools/forms/sweep.py --smsim build/bin/smsim --catalog " +
           args.catalog + " --out " + args.out +
           ("" if args.family == "alu" else f" --family {args.family}") + "\n")
    with open(args.out + ".ptx", "w") as f:
        f.write(gen + module)
    with open(args.out + ".inputs", "wb") as f:
        f.write(inputs.blob)
    with open(args.out + ".manifest", "w") as f:
        f.write(gen.replace("//", "#") + f"# lanes {LANES}, output bytes {offset}\n")
        f.write("\n".join(manifest) + "\n")
    with open(args.out + ".skipped", "w") as f:
        f.write(gen.replace("//", "#") + "# catalog forms of the swept families that no kernel spelling assembles\n"
                "# (not swept: they show as never executed in the coverage report)\n")
        f.write("".join(s + "\n" for s in sorted(skipped)))
    print(f"{len(manifest)} kernels, {len(skipped)} skipped, inputs {len(inputs.blob)} B, "
          f"outputs {offset} B", file=sys.stderr)


if __name__ == "__main__":
    main()
