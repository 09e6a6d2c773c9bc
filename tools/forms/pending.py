#!/usr/bin/env python3
"""Rewrites tests/func/forms/sm_90.pending from a run of the form sweep test:
every form that mismatches the H100 or that the engine refuses at load, with
the status and the test's first words on why. Read the list before
committing it: a form leaves it only by matching.

  build/bin/func_forms_tests > sweep.log; tools/forms/pending.py sweep.log
"""

import re
import sys

LINE = re.compile(r"^(\S+) (\S*) (\S*): (mismatch|refused) but not pending\. (.*)$")


def main():
    log = sys.argv[1]
    out = sys.argv[2] if len(sys.argv) > 2 else "tests/func/forms/sm_90.pending"
    entries = []
    for line in open(log):
        m = LINE.match(line.rstrip("\n"))
        if not m:
            continue
        mnemonic, types, mods, status, why = m.groups()
        why = re.sub(r"\s+", " ", why).strip()
        if status == "mismatch":
            # The count and the first differing lane are enough to recognise it.
            why = "; ".join(why.split("; ")[:1])
        entries.append(f"{mnemonic}\t{types}\t{mods}\t{status}\t{why[:300]}")
    with open(out, "w") as f:
        f.write("# Forms of the form sweep that do not match the H100 yet (mismatch) or that the\n"
                "# engine refuses at load (refused): form text, status, what the test saw.\n"
                "# tests/func/forms/forms_sweep_test.cpp fails when a listed form changes status\n"
                "# and when an unlisted form does not match; written by tools/forms/pending.py.\n")
        for e in sorted(entries):
            f.write(e + "\n")
    print(f"{len(entries)} pending forms written to {out}", file=sys.stderr)


if __name__ == "__main__":
    main()
