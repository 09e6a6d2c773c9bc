#!/usr/bin/env python3
"""Re-lays out the f32.f16.f16.f16 m8n8k4 recordings of the first
mma_f64_f16_probe.cu run (2026-11-22), whose kernel read C and wrote D with an
8-word lane stride while the host laid out C (4 words a lane) and D (read back
as 4 words a lane) in 4-word strides (tools/probes/README.md says why and
which cases survive). Block b < 256 read its C and wrote its D inside the
buffers: lane l's C was host words 256b + 8l .. +3 and its D host words
256b + 8l .. +7. This writes those 256 cases in the fixed probe's layout:
per case A (64 words), B (64), C (128) and D (256).

  mma_f64_f16_relayout.py IN.bin OUT.bin
"""
import struct
import sys

CASES, NA, NB, NC_HOST = 512, 2, 2, 4


def main() -> None:
    src, dst = sys.argv[1], sys.argv[2]
    data = open(src, "rb").read()
    per = 32 * (NA + NB + 2 * NC_HOST)
    words = struct.unpack(f"<{len(data) // 4}I", data)
    assert len(words) == CASES * per, len(words)
    a, b, c, d = [], [], [], []
    for cs in range(CASES):
        at = cs * per
        a.append(words[at:at + 32 * NA])
        b.append(words[at + 32 * NA:at + 32 * (NA + NB)])
        c.extend(words[at + 32 * (NA + NB):at + 32 * (NA + NB + NC_HOST)])
        d.extend(words[at + 32 * (NA + NB + NC_HOST):at + per])
    out = []
    for blk in range(CASES // 2):
        out.extend(a[blk])
        out.extend(b[blk])
        for lane in range(32):
            out.extend(c[256 * blk + 8 * lane:256 * blk + 8 * lane + 4])
        out.extend(d[256 * blk:256 * blk + 256])
    open(dst, "wb").write(struct.pack(f"<{len(out)}I", *out))


if __name__ == "__main__":
    main()
