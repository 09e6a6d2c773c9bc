#!/usr/bin/env python3
"""Writes the malformed PTX cases that are too big or too binary to commit.

Each case gets the same two header lines as the committed ones (`// expect:` and
`// line:`), so run_case.py treats both alike. Output is deterministic: the
pseudo-random garbage comes from a fixed-seed linear congruential generator, so a
failure reproduces byte for byte.

usage: gen_cases.py OUTDIR          write every case into OUTDIR
       gen_cases.py --list          print the case names, one a line
"""
import os
import sys

HEADER = b".version 9.0\n.target sm_90\n.address_size 64\n"
KERNEL_OPEN = b"\n.visible .entry k()\n{\n\t.reg .b32 %r<4>;\n"
MEGABYTE = 1 << 20


def lcg_bytes(seed, count):
    """Deterministic pseudo-random bytes (the Numerical Recipes LCG constants)."""
    state = seed
    out = bytearray(count)
    for i in range(count):
        state = (state * 1664525 + 1013904223) & 0xFFFFFFFF
        out[i] = state >> 24
    return bytes(out)


def lines_before(body, marker):
    """1-based line, counted after the two header lines, of the first marker."""
    return body[: body.index(marker)].count(b"\n") + 3


def with_marker(expect, body, marker):
    """Case whose diagnostic line is where `marker` first appears in `body`."""
    return expect, lines_before(body, marker), body


def nested_braces_initializer():
    depth = 10_000
    body = HEADER + b"\n.global .u32 g[1] = " + b"{" * depth + b"1" + b"}" * depth + b";\n"
    return with_marker("nested deeper", body, b".global")


def nested_parens_expression():
    depth = 100_000
    body = (HEADER + KERNEL_OPEN + b"\tmov.u32 %r1, " + b"(" * depth + b"1" + b")" * depth +
            b";\n\tret;\n}\n")
    return with_marker("nested deeper", body, b"\tmov.u32")


def nested_parens_unclosed():
    body = HEADER + KERNEL_OPEN + b"\tmov.u32 %r1, " + b"(" * 100_000
    return with_marker("nested deeper", body, b"\tmov.u32")


def nested_blocks():
    depth = 10_000
    body = HEADER + KERNEL_OPEN + b"\t" + b"{" * depth + b"\n\t" + b"}" * depth + b"\n\tret;\n}\n"
    return with_marker("nested deeper", body, b"\t{")


def overlong_global_identifier():
    body = HEADER + b"\n.global .u32 " + b"a" * MEGABYTE + b";\n"
    return with_marker("identifier too long", body, b".global")


def overlong_register_identifier():
    body = HEADER + KERNEL_OPEN + b"\t.reg .b32 %" + b"r" * MEGABYTE + b";\n\tret;\n}\n"
    return with_marker("identifier too long", body, b"\t.reg .b32 %rr")


def overlong_label_identifier():
    label = b"$L" + b"x" * MEGABYTE
    body = HEADER + KERNEL_OPEN + b"\tbra.uni " + label + b";\n" + label + b":\n\tret;\n}\n"
    return with_marker("identifier too long", body, b"\tbra.uni")


def nul_in_instruction():
    body = HEADER + KERNEL_OPEN + b"\tadd.s32 %r1, %r2,\x00 %r3;\n\tret;\n}\n"
    return with_marker("invalid character", body, b"\tadd.s32")


def nul_in_directive():
    body = b".version 9.0\n.tar\x00get sm_90\n.address_size 64\n"
    return with_marker("invalid character", body, b".tar")


def nul_in_string():
    body = HEADER + b'\n.file 1 "/tmp/ker\x00nel.cu"\n'
    return with_marker("invalid character", body, b".file")


def crlf_undefined_label():
    text = (HEADER + KERNEL_OPEN + b"\tmov.u32 %r1, 1;\n\tbra.uni $L__missing;\n\tret;\n}\n")
    body = text.replace(b"\n", b"\r\n")
    return with_marker("undefined label", body, b"\tbra.uni")


def crlf_truncated_instruction():
    body = (HEADER + KERNEL_OPEN).replace(b"\n", b"\r\n") + b"\tadd.s32 %r1, %r2,"
    return with_marker("unexpected end of file", body, b"\tadd.s32")


def garbage(seed, size):
    def build():
        # A leading 0xff byte guarantees the first token is already invalid.
        body = b"\xff" + lcg_bytes(seed, size)
        return "invalid character", 3, body
    return build


def garbage_after_header():
    body = HEADER + KERNEL_OPEN + b"\t\xfe" + lcg_bytes(7, 4096) + b"\n}\n"
    return with_marker("invalid character", body, b"\t\xfe")


def elf_instead_of_ptx():
    body = b"\x7fELF\x02\x01\x01\x00" + lcg_bytes(3, 1024)
    return "invalid character", 3, body


def many_unknown_opcodes():
    # 100,000 bad lines: the front end must stop or at least stay fast.
    body = HEADER + KERNEL_OPEN + b"\tfrobnicate;\n" * 100_000 + b"\tret;\n}\n"
    return with_marker("unknown opcode", body, b"\tfrobnicate")


CASES = {
    "gen_nesting_10000_braces_in_initializer": nested_braces_initializer,
    "gen_nesting_100000_parens": nested_parens_expression,
    "gen_nesting_100000_parens_unclosed": nested_parens_unclosed,
    "gen_nesting_10000_blocks": nested_blocks,
    "gen_overlong_global_identifier_1mb": overlong_global_identifier,
    "gen_overlong_register_identifier_1mb": overlong_register_identifier,
    "gen_overlong_label_identifier_1mb": overlong_label_identifier,
    "gen_nul_in_instruction": nul_in_instruction,
    "gen_nul_in_directive": nul_in_directive,
    "gen_nul_in_string": nul_in_string,
    "gen_crlf_undefined_label": crlf_undefined_label,
    "gen_crlf_truncated_instruction": crlf_truncated_instruction,
    "gen_binary_garbage_small": garbage(1, 64),
    "gen_binary_garbage_64k": garbage(2, 64 * 1024),
    "gen_binary_garbage_1m": garbage(3, MEGABYTE),
    "gen_binary_garbage_after_header": garbage_after_header,
    "gen_elf_instead_of_ptx": elf_instead_of_ptx,
    "gen_many_unknown_opcodes": many_unknown_opcodes,
}


def write_all(outdir):
    os.makedirs(outdir, exist_ok=True)
    for name, build in CASES.items():
        expect, line, body = build()
        data = f"// expect: {expect}\n// line: {line}\n".encode() + body
        path = os.path.join(outdir, name + ".ptx")
        # Rewrite only on change so the build tree's timestamps stay quiet.
        try:
            with open(path, "rb") as f:
                if f.read() == data:
                    continue
        except FileNotFoundError:
            pass
        with open(path, "wb") as f:
            f.write(data)


def main(argv):
    if len(argv) != 2 or argv[1] in ("-h", "--help"):
        sys.stderr.write(__doc__)
        return 2
    if argv[1] == "--list":
        print("\n".join(CASES))
        return 0
    write_all(argv[1])
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
