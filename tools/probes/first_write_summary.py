#!/usr/bin/env python3
"""One line per launch of first_write_probe.sh's ncu CSV (scenarios*.csv):
run, scenario, launch index, kernel, gpc__cycles_elapsed.max, sm__cycles_active.avg,
dram__bytes_write.sum. Usage: first_write_summary.py FILE.csv"""
import collections
import csv
import sys

rows = collections.defaultdict(dict)
for line in open(sys.argv[1]):
    if '"' not in line or not line.startswith(("run", "nocacheflush")):
        continue
    run, scenario, rest = line.split(" ", 2)
    r = next(csv.reader([rest]))
    if r[0] == "ID":
        continue
    rows[(scenario, run, int(r[0]), r[4].split("(")[0])][r[12]] = r[14]
for (scenario, run, launch, kernel), m in sorted(rows.items()):
    print(f"{run:13s} {scenario:14s} {launch} {kernel:13s} "
          f"cycles {m.get('gpc__cycles_elapsed.max'):>7s} "
          f"sm_active {m.get('sm__cycles_active.avg'):>9s} dram_write {m.get('dram__bytes_write.sum')}")
