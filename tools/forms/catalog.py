#!/usr/bin/env python3
"""Writes the form catalog of one target: every instruction form (opcode,
types, modifiers) that the stock ptxas accepts, the denominator of
`smsim isa-coverage --catalog` (docs/opcode-coverage.md, "Form catalog").

  tools/forms/catalog.py --smsim build/bin/smsim \
      --corpus ../main/build-corpus/ptx --out tests/isa/forms/sm_90.forms

Candidates come from the opcode table (`smsim isa-table`): for opcodes whose
operands can be spelled from the table, the full cross product of types x
modifier groups x flags when it has at most FULL_PRODUCT_LIMIT members, else
every type x every value of one group or flag with the others at the values
of the opcode's most frequent corpus form. ptxas -arch=sm_90 keeps the valid
ones. Every form of the corpus (nvcc output for the target) is added, and
every form of the hand-spelled modules (--spellings, default
tools/forms/*_spellings.<arch>.ptx: matrix opcodes, whose fragment operands
the table cannot spell and which no corpus module uses, and the bulk, tensor,
surface-reduction, mbarrier and wgmma forms of async_spellings.py), each of
which ptxas must accept whole and the front end must read.
With --base (a catalog of the target this one extends, e.g. sm_90 for
sm_90a), only the forms not in that catalog are written:

  tools/forms/catalog.py --smsim build/bin/smsim --arch sm_90a \
      --base tests/isa/forms/sm_90.forms --out tests/isa/forms/sm_90a.forms

Deterministic: the same table, corpus and ptxas give the same file.
"""

import argparse
import collections
import glob
import json
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import forms  # noqa: E402


def corpus_forms(smsim, paths, arch):
    """{form text: count} over the corpus modules of the target, and how many
    modules there were and how many of them the front end rejected."""
    files = []
    for p in paths:
        if os.path.isdir(p):
            files += sorted(glob.glob(os.path.join(p, f"*.{arch}.*.ptx")))
        else:
            files.append(p)
    if not files:
        return {}, 0, 0
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, "r.json")
        empty = os.path.join(d, "none")
        open(empty, "w").close()
        args = [smsim, "isa-coverage", empty, "--json", out]
        for f in files:
            args += ["--corpus", f]
        subprocess.run(args, check=True, capture_output=True)
        with open(out) as f:
            report = json.load(f)
    return ({c["form"]: c["count"] for c in report["corpus_forms"]}, len(files),
            report["summary"]["corpus_modules_rejected"])


def read_catalog(path):
    with open(path) as f:
        return {line.rstrip("\n") for line in f if line.strip() and not line.startswith("#")}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--smsim", default="build/bin/smsim")
    ap.add_argument("--corpus", action="append", default=[],
                    help="PTX file or folder of <name>.<arch>.<variant>.ptx modules")
    ap.add_argument("--arch", default="sm_90")
    ap.add_argument("--ptx-version", default="9.0")
    ap.add_argument("--ptxas", default="ptxas")
    ap.add_argument("--spellings", action="append",
                    help="PTX module of hand-spelled forms (default: "
                         "tools/forms/*_spellings.<arch>.ptx)")
    ap.add_argument("--base", help="catalog of the target this one extends: its forms "
                                   "are left out")
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    if args.spellings is None:
        here = os.path.dirname(os.path.abspath(__file__))
        args.spellings = sorted(glob.glob(os.path.join(here, f"*_spellings.{args.arch}.ptx")))
    for path in args.spellings:
        r = subprocess.run([args.ptxas, f"-arch={args.arch}", path, "-o", os.devnull],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit(f"ptxas refuses {path}:\n{r.stderr}")
    hand_forms, _, rejected = corpus_forms(args.smsim, args.spellings, args.arch)
    # A module the front end rejects contributes no forms; that must not pass silently.
    if rejected:
        sys.exit(f"smsim's front end rejects {rejected} hand-spelled module(s): "
                 f"run smsim ptx-check on {' '.join(args.spellings)}")

    table = forms.Table(forms.load_table(args.smsim))
    corpus, modules, _ = corpus_forms(args.smsim, args.corpus, args.arch)
    # The most frequent corpus form of each opcode sets the base modifiers.
    base = {}
    for text, count in sorted(corpus.items(), key=lambda kv: (-kv[1], kv[0])):
        mnemonic, _, mods = forms.parse_form_text(text)
        base.setdefault(mnemonic, mods)

    lines, owner = [], []
    rule = {}
    for op in table.raw["opcodes"]:
        if not forms.is_generic(op):
            continue
        full = forms.product_size(op) <= forms.FULL_PRODUCT_LIMIT
        rule[op["mnemonic"]] = "full" if full else "one-group"
        for types, mods in forms.candidate_forms(op, base.get(op["mnemonic"], ())):
            text = table.form_text(op["mnemonic"], types, mods)
            for _, spelled in forms.spellings(table, op, types, mods):
                lines.append(spelled)
                owner.append(text)
    print(f"{len(set(owner))} candidate forms, {len(lines)} spellings", file=sys.stderr)
    keep = forms.accepted(lines, args.arch, args.ptx_version, args.ptxas)
    valid = {owner[i] for i in keep}
    base_forms = read_catalog(args.base) if args.base else set()
    catalog = (set(valid) | set(corpus) | set(hand_forms)) - base_forms
    per_rule = collections.Counter(rule[forms.parse_form_text(t)[0]] for t in valid - base_forms)
    corpus_only = len(set(corpus) - valid - base_forms)
    spelled_only = len(set(hand_forms) - valid - set(corpus) - base_forms)
    command = "tools/forms/catalog.py --smsim build/bin/smsim --corpus ../main/build-corpus/ptx"
    if args.arch != "sm_90":
        command += f" --arch {args.arch}"
    if args.base:
        command += f" --base {os.path.relpath(args.base)}"

    ptxas_version = subprocess.run([args.ptxas, "--version"], capture_output=True,
                                   text=True).stdout.strip().splitlines()[-1]
    with open(args.out, "w") as f:
        f.write(f"# Form catalog of {args.arch}: one form per line, "
                "mnemonic<TAB>types<TAB>modifiers (isa/instruction_form.h).\n")
        f.write("# Generated by tools/forms/catalog.py; regenerate with\n")
        f.write(f"#   {command} --out {os.path.relpath(args.out)}\n")
        if args.base:
            f.write(f"# the forms {args.arch} has and {os.path.relpath(args.base)} does not\n")
        f.write(f"# validity oracle: {ptxas_version}, -arch={args.arch}, .version {args.ptx_version}\n")
        f.write(f"# {len(catalog)} forms: {per_rule['full']} from full cross products, "
                f"{per_rule['one-group']} from one-group-at-a-time products, "
                f"{corpus_only} only from the corpus ({modules} modules, {len(corpus)} forms), "
                f"{spelled_only} only from hand-spelled modules "
                f"({', '.join(os.path.relpath(p) for p in args.spellings)})\n")
        for text in sorted(catalog):
            f.write(text + "\n")
    print(f"{len(catalog)} forms written to {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
