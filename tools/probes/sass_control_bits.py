#!/usr/bin/env python3
"""Prints the scheduling control bits of each SASS instruction of a cubin's kernels.

cuobjdump and nvdisasm print the instructions but not how they wait for each
other; sm_70 and later encode that in the top bits of each 128-bit
instruction: bits 105-108 stall cycles, 109 yield, 110-112 the scoreboard a
variable-latency result is counted on (write; 7: none), 113-115 the one its
source registers are released on (read; 7: none), 116-121 the scoreboards the
instruction waits for (to drain to zero), 122-125 operand reuse. (The layout
of the public microbenchmarking work on Volta; it reads consistently here:
each LDG names a write scoreboard, and each FADD that consumes one waits on it.)

  nvcc -cubin -arch=sm_90 -o k.cubin k.cu
  python3 sass_control_bits.py k.cubin [LISTING] [KERNEL ...]

LISTING: `cuobjdump -sass` of the same code, to name each instruction (the
offsets must match: the same nvcc). KERNEL: mangled names (default: all);
KERNEL=LISTED names the listing's function LISTED for it (a golden listing
recorded under another name).
Used for docs/timing.md, "Load bursts" (results/h100-2026-11-22-loads/scoreboards.txt).
"""
import re
import struct
import sys


def text_sections(path):
    """{kernel: bytes} of the ELF's .text.<kernel> sections (ELF64, little-endian)."""
    data = open(path, "rb").read()
    if data[:4] != b"\x7fELF" or data[4] != 2:
        sys.exit(f"{path}: not an ELF64 cubin")
    shoff, = struct.unpack_from("<Q", data, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", data, 0x3A)
    headers = [struct.unpack_from("<IIQQQQIIQQ", data, shoff + i * shentsize) for i in range(shnum)]
    names = headers[shstrndx]
    sections = {}
    for h in headers:
        start = names[4] + h[0]
        name = data[start:data.index(b"\0", start)].decode()
        if name.startswith(".text."):
            sections[name[len(".text."):]] = data[h[4]:h[4] + h[5]]
    return sections


def listing(path):
    """{kernel: {offset: instruction text}} from cuobjdump -sass output."""
    result, current = {}, None
    for line in open(path):
        m = re.search(r"Function : (\S+)", line)
        if m:
            current = result.setdefault(m.group(1), {})
            continue
        m = re.match(r"\s*/\*([0-9a-f]{4})\*/\s+(.*?)\s*;", line)
        if m and current is not None:
            current.setdefault(int(m.group(1), 16), m.group(2))
    return result


def board(value):
    return "-" if value == 7 else f"SB{value}"


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    try:
        sections = text_sections(sys.argv[1])
        texts = listing(sys.argv[2]) if len(sys.argv) > 2 else {}
    except (OSError, struct.error, ValueError, UnicodeDecodeError) as e:
        sys.exit(f"sass_control_bits: {e}")
    kernels = sys.argv[3:] or sorted(sections)
    for argument in kernels:
        kernel, _, listed = argument.partition("=")
        if kernel not in sections:
            sys.exit(f"{kernel}: no such kernel in {sys.argv[1]} (have: {' '.join(sorted(sections))})")
        print(f"== {kernel}")
        print("offset stall yield write read  wait    instruction")
        code, names = sections[kernel], texts.get(listed or kernel, {})
        for offset in range(0, len(code) - 15, 16):
            _, high = struct.unpack_from("<QQ", code, offset)
            control = high >> 41
            stall, yield_bit = control & 0xF, (control >> 4) & 1
            write, read, wait = (control >> 5) & 7, (control >> 8) & 7, (control >> 11) & 0x3F
            waits = ",".join(f"SB{b}" for b in range(6) if wait >> b & 1) or "-"
            text = names.get(offset, "")
            print(f"{offset:04x}   {stall:5d} {yield_bit:5d} {board(write):>5} {board(read):>5}  "
                  f"{waits:7s} {text}")


if __name__ == "__main__":
    main()
