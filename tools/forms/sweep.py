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
    for i, (role, bits) in enumerate(roles):
        s = slots[min(i, len(slots) - 1)]
        if "{" in ops[i] or role == "address":
            return None
        if role == "imm":
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
    cells, offset = [], 0
    for reg, bits in outs:
        cell = max(bits // 8, 4)
        offset = (offset + cell - 1) // cell * cell
        if bits == 1:
            body.append(f"selp.u32 %sv, 1, 0, {reg};")
            reg, bits = "%sv", 32
        body.append(f"mad.wide.u32 %oa, %lane, {cell}, %out;\nst.global.b{bits} [%oa+{offset}], {reg};")
        cells.append(cell)
        offset += cell * LANES
    text = (f".visible .entry f{index}(.param .u64 in_p, .param .u64 out_p)\n{{\n" + forms.REG_DECLS +
            ".reg .b32 %lane, %sv, %cy;\n.reg .b64 %in, %out, %ia, %oa;\n"
            "ld.param.u64 %in, [in_p];\nld.param.u64 %out, [out_p];\n"
            "cvta.to.global.u64 %in, %in;\ncvta.to.global.u64 %out, %out;\n"
            "mov.u32 %lane, %tid.x;\n" + "\n".join(body) + "\nret;\n}\n")
    return text, offset, cells


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--smsim", default="build/bin/smsim")
    ap.add_argument("--catalog", default="tests/isa/forms/sm_90.forms")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--ptx-version", default="9.0")
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--out", required=True, help="path prefix of the files written")
    args = ap.parse_args()
    table = forms.Table(forms.load_table(args.smsim))
    catalog = [l.rstrip("\n") for l in open(args.catalog) if l.strip() and not l.startswith("#")]
    todo = []
    for text in catalog:
        mnemonic, types, mods = forms.parse_form_text(text)
        if mnemonic in SWEPT:
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
        chunks, index_of = [], []
        for n, (text, op, types, mods, counts) in enumerate(pending):
            k = kernel(table, op, types, mods, counts[attempt[text]], n, inputs)
            chunks.append(k)
        module = header
        spans = []
        for n, k in enumerate(chunks):
            if k is None:
                spans.append(None)
                continue
            start = module.count("\n") + 1
            module += k[0]
            spans.append((start, module.count("\n")))
        ok, bad, err = forms.ptxas_errors(module, args.arch, args.ptxas)
        if not ok and not bad:
            sys.exit("ptxas failed without naming a line:\n" + err[-2000:])
        retry = []
        for n, item in enumerate(pending):
            text, counts = item[0], item[4]
            failed = spans[n] is None or any(spans[n][0] <= b <= spans[n][1] for b in bad)
            if not failed:
                chosen[text] = counts[attempt[text]]
            elif attempt[text] + 1 < len(counts):
                attempt[text] += 1
                retry.append(item)
            else:
                skipped.append(text)
        if not retry and all(t[0] in chosen or t[0] in skipped for t in todo):
            break
        pending = retry
    # The final module, in catalog order, with fresh kernel numbers.
    module, manifest, offset = header, [], 0
    for text, op, types, mods, counts in todo:
        if text not in chosen:
            continue
        n = len(manifest)
        ptx, size, cells = kernel(table, op, types, mods, chosen[text], n, inputs)
        module += f"// form {n}: {text}\n" + ptx
        manifest.append(f"{n}\t{offset}\t{size}\t{','.join(map(str, cells))}\t{text}")
        offset += (size + 255) // 256 * 256
    ok, bad, err = forms.ptxas_errors(module, args.arch, args.ptxas)
    if not ok:
        sys.exit("the final sweep module does not assemble:\n" + err[-2000:])
    gen = ("// Generated by tools/forms/sweep.py from " + args.catalog +
           "; regenerate with\n//   tools/forms/sweep.py --smsim build/bin/smsim --catalog " +
           args.catalog + " --out " + args.out + "\n")
    with open(args.out + ".ptx", "w") as f:
        f.write(gen + module)
    with open(args.out + ".inputs", "wb") as f:
        f.write(inputs.blob)
    with open(args.out + ".manifest", "w") as f:
        f.write(gen.replace("//", "#") + f"# lanes {LANES}, output bytes {offset}\n")
        f.write("\n".join(manifest) + "\n")
    with open(args.out + ".skipped", "w") as f:
        f.write(gen.replace("//", "#") + "# catalog forms of the swept families that no kernel spelling assembles\n")
        f.write("".join(s + "\n" for s in sorted(skipped)))
    print(f"{len(manifest)} kernels, {len(skipped)} skipped, inputs {len(inputs.blob)} B, "
          f"outputs {offset} B", file=sys.stderr)


if __name__ == "__main__":
    main()
