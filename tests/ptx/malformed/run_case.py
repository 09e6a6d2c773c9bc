#!/usr/bin/env python3
"""Runs `smsim ptx-check` on one malformed PTX case and checks its diagnostic.

A case file starts with two header lines:
    // expect: <substring of the expected diagnostic message>
    // line: <line the diagnostic must point at>
The case passes when smsim
  * exits with status exactly 1 (diagnostics; not 0, not 2, not a signal),
  * prints an error diagnostic `FILE:LINE:COL: error: MESSAGE` for that line whose
    MESSAGE contains the expected substring,
  * prints no sanitizer report, and
  * finishes within the time limit (a hang is a failure).

usage: run_case.py SMSIM_BIN CASE.ptx [--timeout SECONDS]
Exit status: 0 pass, 1 fail, 2 bad usage or a case file without its header.
"""
import os
import re
import subprocess
import sys

DEFAULT_TIMEOUT_S = 10.0
EXIT_DIAGNOSTICS = 1
# Shown stderr is capped: a 1 MB identifier echoed back would drown the report.
SHOWN_STDERR_BYTES = 4000
SANITIZER_MARKERS = (
    "ERROR: AddressSanitizer",
    "ERROR: LeakSanitizer",
    "runtime error:",
    "WARNING: AddressSanitizer",
    "ERROR: UndefinedBehaviorSanitizer",
)
# FILE:LINE:COL: error: MESSAGE. Only MESSAGE is searched for the expected text, since
# case file names repeat the words of their expectations.
DIAGNOSTIC = re.compile(r":(\d+):(\d+): error: (.*)$")


def read_header(path):
    """Returns (expected substring, expected line) from the case's first two lines."""
    with open(path, "rb") as f:
        first = f.readline().decode("utf-8", "replace").rstrip("\r\n")
        second = f.readline().decode("utf-8", "replace").rstrip("\r\n")
    expect_prefix, line_prefix = "// expect: ", "// line: "
    if not first.startswith(expect_prefix) or not first[len(expect_prefix):].strip():
        raise ValueError(f"{path}:1: the first line must be '// expect: <substring>'")
    if not second.startswith(line_prefix) or not second[len(line_prefix):].strip().isdigit():
        raise ValueError(f"{path}:2: the second line must be '// line: <number>'")
    return first[len(expect_prefix):].strip(), int(second[len(line_prefix):])


def shown(text):
    if len(text) <= SHOWN_STDERR_BYTES:
        return text
    return text[:SHOWN_STDERR_BYTES] + f"\n... ({len(text) - SHOWN_STDERR_BYTES} more characters)"


def check(smsim, case, timeout_s):
    """Returns the list of failed expectations (empty when the case passes)."""
    expect, line = read_header(case)
    env = dict(os.environ)
    # Make sanitizer builds report rather than abort silently, and keep leaks fatal.
    env.setdefault("ASAN_OPTIONS", "detect_leaks=1")
    env.setdefault("UBSAN_OPTIONS", "print_stacktrace=1")
    try:
        proc = subprocess.run([smsim, "ptx-check", case], stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, timeout=timeout_s, env=env)
    except subprocess.TimeoutExpired:
        return [f"did not finish within {timeout_s:g}s (a hang)"]
    stderr = proc.stderr.decode("utf-8", "replace")
    failures = []
    if proc.returncode < 0:
        failures.append(f"killed by signal {-proc.returncode} (a crash)")
    elif proc.returncode != EXIT_DIAGNOSTICS:
        failures.append(f"exit status {proc.returncode}, expected {EXIT_DIAGNOSTICS}")
    for marker in SANITIZER_MARKERS:
        if marker in stderr:
            failures.append(f"sanitizer report on stderr ('{marker}')")
            break
    errors = []
    for text_line in stderr.splitlines():
        match = DIAGNOSTIC.search(text_line)
        if match:
            errors.append((int(match.group(1)), match.group(3)))
    at_line = [text for (l, text) in errors if l == line]
    if not any(expect in text for text in at_line):
        if not errors:
            failures.append("no 'FILE:LINE:COL: error: ' diagnostic on stderr")
        elif not at_line:
            seen = ", ".join(str(l) for (l, _) in errors[:5])
            failures.append(f"no error diagnostic at line {line} (errors at line {seen})")
        else:
            failures.append(f"the error at line {line} does not contain '{expect}'")
    if failures:
        failures.append("stderr was:\n" + shown(stderr))
    return failures


def main(argv):
    args = argv[1:]
    timeout_s = DEFAULT_TIMEOUT_S
    if "--timeout" in args:
        at = args.index("--timeout")
        try:
            timeout_s = float(args[at + 1])
        except (IndexError, ValueError):
            sys.stderr.write("run_case.py: --timeout needs a number of seconds\n")
            return 2
        del args[at:at + 2]
    if len(args) != 2:
        sys.stderr.write(__doc__)
        return 2
    smsim, case = args
    try:
        failures = check(smsim, case, timeout_s)
    except (OSError, ValueError) as e:
        sys.stderr.write(f"run_case.py: {e}\n")
        return 2
    if failures:
        print(f"FAIL {case}")
        for failure in failures:
            print("  " + failure)
        return 1
    print(f"ok   {case}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
