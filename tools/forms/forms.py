"""Instruction forms of the opcode table, spelled as PTX and checked by ptxas.

Shared by catalog.py (which forms exist on a target) and sweep.py (kernels
that execute them). The opcode table is read from `smsim isa-table`, never
copied here; ptxas is the independent judge of which candidates are valid.

A *form* is what the rest of smsim counts (isa/instruction_form.h): opcode,
type suffixes in slot order, modifiers in enum order; its text is
`mnemonic<TAB>types<TAB>modifiers`.
"""

import itertools
import json
import os
import re
import subprocess
import tempfile

# Opcodes whose operands are registers, predicates, immediates, addresses or
# data, so that a candidate instruction can be spelled from the table alone.
# Everything else (branches, calls, textures, matrix fragments, bulk copies)
# enters the catalog only through the corpus.
GENERIC_KINDS = {"reg", "pred", "imm", "reg_or_imm", "address", "data"}

# Above this many candidates an opcode gets the "one group at a time" rule
# instead of the full cross product (docs/opcode-coverage.md, "Form catalog").
FULL_PRODUCT_LIMIT = 120000

# Spelling order of modifier groups; ptxas rejects some orders
# (`cvt.ftz.rn` is an "illegal rounding modifier") and warns on others.
EARLY_GROUPS = ["Semantics", "Scope", "Space", "Rounding", "Compare"]
LATE_GROUPS = ["CacheOp", "L1Evict", "L2Evict", "L2Prefetch", "Vector"]
LATE_FLAGS = ["nc", "L2::cache_hint"]


def load_table(smsim):
    out = subprocess.run([smsim, "isa-table"], check=True, capture_output=True, text=True).stdout
    return json.loads(out)


class Table:
    def __init__(self, raw):
        self.raw = raw
        self.modifier_index = {m: i for i, m in enumerate(raw["modifiers"])}
        self.type_bits = {t["name"]: t["bits"] for t in raw["types"]}
        self.type_index = {t["name"]: i for i, t in enumerate(raw["types"])}
        self.opcodes = {o["mnemonic"]: o for o in raw["opcodes"]}
        self.group_of = {}
        for o in raw["opcodes"]:
            for g, members in o["modifier_groups"].items():
                for m in members:
                    self.group_of[m] = g
            for m in o["modifier_flags"]:
                self.group_of[m] = None

    def form_text(self, mnemonic, types, mods):
        mods = sorted(mods, key=lambda m: self.modifier_index[m])
        return f"{mnemonic}\t{'.'.join(types)}\t{'.'.join(mods)}"

    def spelling_order(self, mods):
        def key(m):
            g = self.group_of.get(m)
            if g in EARLY_GROUPS:
                return (0, EARLY_GROUPS.index(g))
            if g in LATE_GROUPS:
                return (3, LATE_GROUPS.index(g))
            if m in LATE_FLAGS:
                return (2, LATE_FLAGS.index(m))
            return (1, self.modifier_index[m])
        return sorted(mods, key=key)


def parse_form_text(line):
    mnemonic, types, mods = line.rstrip("\n").split("\t")
    return mnemonic, tuple(t for t in types.split(".") if t), tuple(m for m in mods.split(".") if m)


def is_generic(op):
    if op["min_sm"] > 90 or op["matrix_shape"]:
        return False
    return all(s["kind"] in GENERIC_KINDS for s in op["operands"]["slots"])


def type_combos(op):
    t = op["types"]
    slots = t["slots"]
    combos = []
    for n in range(t["min"], t["max"] + 1):
        if n == 0:
            combos.append(())
            continue
        combos.extend(itertools.product(*[slots[min(i, len(slots) - 1)] for i in range(n)]))
    return combos


# Groups that vary together in the one-group-at-a-time rule: a memory
# semantics other than weak or volatile takes a scope (`ld.acquire.gpu`).
JOINT_GROUPS = [("Semantics", "Scope")]


def modifier_choices(op):
    """Per group: None or one member (a tuple of modifiers); per flag: absent
    or present. Joint groups are one choice over their cross product."""
    groups = dict(op["modifier_groups"])
    choices = []
    for joint in JOINT_GROUPS:
        if all(g in groups for g in joint):
            members = [[None] + groups.pop(g) for g in joint]
            choices.append([tuple(m for m in pick if m) or None
                            for pick in itertools.product(*members)])
    choices += [[None] + [(m,) for m in members] for members in groups.values()]
    choices += [[None, (f,)] for f in op["modifier_flags"]]
    return choices


def flatten(pick):
    return tuple(m for choice in pick if choice for m in choice)


def product_size(op):
    n = len(type_combos(op))
    for c in modifier_choices(op):
        n *= len(c)
    return n


def candidate_forms(op, corpus_mods=()):
    """(types, modifiers) candidates: the full cross product when it is small,
    else every type x every value of one group or flag, the others at their
    base value (the modifiers the opcode's most frequent corpus form carries)."""
    choices = modifier_choices(op)
    out = []
    if product_size(op) <= FULL_PRODUCT_LIMIT:
        for types in type_combos(op):
            for pick in itertools.product(*choices):
                out.append((types, flatten(pick)))
        return out
    base = [None] * len(choices)
    for i, c in enumerate(choices):
        # The choice whose modifiers the corpus form carries, the largest first.
        for value in sorted((v for v in c if v), key=len, reverse=True):
            if all(m in corpus_mods for m in value):
                base[i] = value
                break
    for types in type_combos(op):
        seen = set()
        for i, c in enumerate(choices):
            for value in c:
                pick = list(base)
                pick[i] = value
                mods = tuple(sorted(flatten(pick)))
                if mods not in seen:
                    seen.add(mods)
                    out.append((types, mods))
        # Each group also without the base modifiers (e.g. generic `ld`).
        for i, c in enumerate(choices):
            for value in c:
                mods = tuple(sorted(value)) if value else ()
                if mods not in seen:
                    seen.add(mods)
                    out.append((types, mods))
    return out


# ---- spelling ----

REG_PREFIX = {1: "%p", 8: "%h", 16: "%h", 32: "%r", 64: "%rd", 128: "%q"}

REG_DECLS = (".reg .pred %p<16>;\n.reg .b16 %h<32>;\n.reg .b32 %r<64>;\n"
             ".reg .b64 %rd<32>;\n.reg .b128 %q<8>;\n")


def operand_bits(table, op, ref, types, mods):
    def slot(i):
        if not types:
            return 32
        return table.type_bits[types[min(i, len(types) - 1)]]
    if ref.startswith("slot") and ref != "slot0_wide":
        return slot(int(ref[4]))
    if ref == "slot0_wide":
        return slot(0) * (2 if "wide" in mods else 1)
    return {"pred": 1, "b16": 16, "b32": 32, "b64": 64, "size_t": 64, "none": 32}[ref]


def vector_width(mods):
    for m in mods:
        if m in ("v2", "v4", "v8"):
            return int(m[1])
    return 1


class RegAlloc:
    """Fresh register names per width, so every operand is distinct."""

    def __init__(self):
        self.next = {}

    def __call__(self, bits):
        bits = max(bits, 16) if bits != 1 else 1
        prefix = REG_PREFIX[bits]
        n = self.next.get(prefix, 1)
        self.next[prefix] = n + 1
        return f"{prefix}{n}"


def spell_operands(table, op, types, mods, count, regs=None):
    """Operand strings and, per operand, (role, bits) with role in
    dest/src/pred_dest/pred_src/imm/address. None when a slot cannot be
    spelled generically."""
    regs = regs or RegAlloc()
    slots = op["operands"]["slots"]
    spelled, roles = [], []
    for i in range(count):
        s = slots[min(i, len(slots) - 1)]
        kind, ref = s["kind"], s["type"]
        if kind == "pred":
            spelled.append(regs(1))
            roles.append(("pred_dest" if s["dest"] else "pred_src", 1))
        elif kind == "imm":
            spelled.append("1")
            roles.append(("imm", 32))
        elif kind == "address":
            spelled.append(f"[{regs(64)}]")
            roles.append(("address", 64))
        elif kind in ("reg", "reg_or_imm", "data"):
            bits = operand_bits(table, op, ref, types, mods)
            if ref == "pred":
                bits = 1
            role = "dest" if s["dest"] else "src"
            n = vector_width(mods) if kind == "data" else 1
            if n > 1:
                spelled.append("{" + ", ".join(regs(bits) for _ in range(n)) + "}")
            else:
                spelled.append(regs(bits))
            roles.append((role if bits != 1 else "pred_" + role, bits))
        else:
            return None, None
    return spelled, roles


def operand_counts(op):
    lo, hi = op["operands"]["min"], op["operands"]["max"]
    return list(range(lo, min(hi, lo + 2) + 1))


def spellings(table, op, types, mods):
    """Every candidate spelling of one form (one per operand count)."""
    head = ".".join([op["mnemonic"]] + table.spelling_order(mods) + list(types))
    out = []
    for n in operand_counts(op):
        ops, _ = spell_operands(table, op, types, mods, n)
        if ops is None:
            continue
        out.append((n, f"{head} {', '.join(ops)};" if ops else f"{head};"))
    return out


# ---- ptxas ----

PTX_HEADER = ".version {version}\n.target {target}\n.address_size 64\n"
ERROR_LINE = re.compile(r"line (\d+); error")


def ptxas_errors(ptx_text, arch, ptxas="ptxas", opt="-O0"):
    """(ok, set of line numbers with errors, ptxas's messages). -O0 for
    validity (fast); the sweep checks its modules at ptxas's default -O3,
    what the driver's JIT uses, since ptxas crashes at -O3 on some forms it
    accepts at -O0 (ld/st.v8.b16)."""
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "c.ptx")
        with open(path, "w") as f:
            f.write(ptx_text)
        r = subprocess.run([ptxas, f"-arch={arch}", opt, path, "-o", os.path.join(d, "c.cubin")],
                           capture_output=True, text=True)
    lines = {int(m.group(1)) for m in ERROR_LINE.finditer(r.stderr)}
    return r.returncode == 0, lines, r.stderr


def accepted(lines, arch, version, ptxas="ptxas", chunk=20000):
    """Indices of the instruction lines that ptxas accepts: each chunk is one
    kernel; lines that errors name are dropped and the rest recompiled until
    ptxas accepts the whole kernel (errors of later passes show only once the
    earlier ones are gone); a failure naming no line is bisected."""
    keep = []
    for start in range(0, len(lines), chunk):
        keep.extend(_accepted_chunk(list(range(start, min(start + chunk, len(lines)))), lines,
                                    arch, version, ptxas))
    return keep


def _kernel(idx, lines, arch, version):
    head = PTX_HEADER.format(version=version, target=arch)
    head += ".visible .entry candidates(.param .u64 p)\n{\n" + REG_DECLS
    first = head.count("\n") + 1
    body = "\n".join(lines[i] for i in idx)
    return head + body + "\nret;\n}\n", first


def _accepted_chunk(idx, lines, arch, version, ptxas):
    while idx:
        text, first = _kernel(idx, lines, arch, version)
        ok, bad, _ = ptxas_errors(text, arch, ptxas)
        if ok:
            return idx
        bad_idx = {idx[n - first] for n in bad if 0 <= n - first < len(idx)}
        if bad_idx:
            idx = [i for i in idx if i not in bad_idx]
            continue
        if len(idx) == 1:
            return []
        half = len(idx) // 2
        return (_accepted_chunk(idx[:half], lines, arch, version, ptxas) +
                _accepted_chunk(idx[half:], lines, arch, version, ptxas))
    return []
