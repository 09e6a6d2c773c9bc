#!/usr/bin/env python3
"""Replays recordings of mma_sp_fp8_probe.cu (mma.sp m16n8k64 with fp8 inputs,
f32 accumulator) through candidate dot-product models and counts, per model
and per input distribution of the probe (case % 4), the results that match
the H100 bit for bit.

  python3 tools/probes/mma_sp_fp8_fit.py FILE[.zst|.xz] [A_FORMAT B_FORMAT] [--cases N]

The formats come from the file name (mma_sp_e5m2_e4m3.bin.zst: e5m2 A, e4m3
B; the probe's own mmasp_e5e4.bin likewise), else the arguments, else e4m3
e4m3. The models are written with Python integers,
exactly; see tools/probes/README.md "mma.sp fp8 probe" for what they test.
"""
import lzma
import re
import struct
import subprocess
import sys
from collections import Counter

WORDS = 128 + 128 + 128 + 32 + 128  # A, B, C, metadata, D per case


def decode_fp8(fmt, byte):
    """(sign, significand, exponent, native field exponent) or None for NaN/inf."""
    sign = -1 if byte & 0x80 else 1
    if fmt == 'e4m3':
        if byte & 0x7f == 0x7f:
            return None
        field, frac, fbits, bias = byte >> 3 & 15, byte & 7, 3, 7
    else:
        if byte & 0x7c == 0x7c:
            return None
        field, frac, fbits, bias = byte >> 2 & 31, byte & 3, 2, 15
    if field == 0:
        return (sign, frac, 1 - bias - fbits, 1 - bias)
    return (sign, frac | 1 << fbits, field - bias - fbits, field - bias)


def f16_field(m, e):
    """The field exponent of m * 2^e written as an f16 (F2FP unpacks exactly)."""
    return max(m.bit_length() - 1 + e, -14)


def f32_decode(w):
    sign = -1 if w >> 31 else 1
    field, frac = w >> 23 & 255, w & 0x7fffff
    if field == 0:
        return (sign, frac, -149, -126)
    return (sign, frac | 1 << 23, field - 150, field - 127)


def f32_toward_zero(total, e):
    """total * 2^e (total a signed integer) as f32 bits, toward zero."""
    if total == 0:
        return 0
    sign = 0x80000000 if total < 0 else 0
    m = abs(total)
    top = m.bit_length() - 1 + e
    if top > 127:
        return sign | 0x7f800000
    q = max(top, -126) - 23
    k = m >> (q - e) if q > e else m << (e - q)
    if k >> 23 == 0:
        return sign | k
    return sign | (q + 23 + 127) << 23 | (k & 0x7fffff)


def fused_step(terms, acc_bits, aligned=25):
    """One HMMA step: terms (sign, m, e, field) and the f32 accumulator aligned to
    the largest field exponent, truncated at 2^(E - aligned), summed, toward zero."""
    live = [t for t in terms if t[1]]
    acc = f32_decode(acc_bits)
    if acc[1]:
        live.append(acc)
    if not live:
        return 0x80000000 if acc_bits == 0x80000000 and all(t[0] < 0 for t in terms) else 0
    q = max(t[3] for t in live) - aligned
    total = 0
    for s, m, e, _ in live:
        total += s * (m >> (q - e) if q > e else m << (e - q))
    return f32_toward_zero(total, q)


def f32_add_nearest(a, b):
    """a + b in f32, round to nearest even (exact rational arithmetic)."""
    from fractions import Fraction

    def value(w):
        s, m, e, _ = f32_decode(w)
        return s * Fraction(m) * Fraction(2) ** e

    x = value(a) + value(b)
    if x == 0:
        return 0x80000000 if a == 0x80000000 and b == 0x80000000 else 0
    sign = 0x80000000 if x < 0 else 0
    x = abs(x)
    top = x.numerator.bit_length() - x.denominator.bit_length()
    while Fraction(2) ** top > x:
        top -= 1
    while Fraction(2) ** (top + 1) <= x:
        top += 1
    q = max(top, -126) - 23
    scaled = x / Fraction(2) ** q
    k, rest = divmod(scaled.numerator, scaled.denominator)
    twice = 2 * rest
    if twice > scaled.denominator or (twice == scaled.denominator and k & 1):
        k += 1
    if k >> 24:
        k >>= 1
        q += 1
    if q + 23 > 127:
        return sign | 0x7f800000
    if k >> 23 == 0:
        return sign | k
    return sign | (q + 23 + 127) << 23 | (k & 0x7fffff)


def product(x, y, fields):
    s, m, e = x[0] * y[0], x[1] * y[1], x[2] + y[2]
    if m == 0:
        return (s, 0, 0, 0)
    if fields == 'f16':
        return (s, m, e, f16_field(x[1], x[2]) + f16_field(y[1], y[2]))
    return (s, m, e, x[3] + y[3])


def model(products, c, split, fields, c_where):
    """split: 'parity' (packed chunks p // 2 even, then odd: the two
    HMMA.SP.16832 of ptxas' lowering), 'halves' (packed 0-15, then 16-31) or
    'one' (all 32 in one step); c_where: 'after' (FADD) or 'first' (fused)."""
    terms = [product(x, y, fields) for x, y in products]
    if split == 'parity':
        steps = [[t for p, t in enumerate(terms) if p // 2 % 2 == k] for k in (0, 1)]
    elif split == 'halves':
        steps = [terms[:16], terms[16:]]
    else:
        steps = [terms]
    acc = c if c_where == 'first' else 0
    for step in steps:
        acc = fused_step(step, acc)
    return f32_add_nearest(c, acc) if c_where == 'after' else acc


def dot_products(words, fa, fb):
    """Per output (row i, column j): the 32 selected (a, b) pairs, c and d."""
    a_w, b_w, c_w, e_w, d_w = (words[0:128], words[128:256], words[256:384], words[384:416],
                               words[416:544])
    nibble = e_w[0] & 0xf  # the probe repeats one nibble everywhere
    pick = (nibble & 3, nibble >> 2 & 3)
    a = [[0] * 32 for _ in range(16)]
    b = [[0] * 8 for _ in range(64)]
    c = [[0] * 8 for _ in range(16)]
    d = [[0] * 8 for _ in range(16)]
    for lane in range(32):
        g, t = lane >> 2, lane & 3
        for r in range(4):
            for j in range(4):
                a[g + 8 * (r & 1)][4 * t + j + 16 * (r >> 1)] = a_w[4 * lane + r] >> 8 * j & 0xff
                b[4 * t + j + 16 * r][g] = b_w[4 * lane + r] >> 8 * j & 0xff
            c[g + 8 * (r >> 1)][2 * t + (r & 1)] = c_w[4 * lane + r]
            d[g + 8 * (r >> 1)][2 * t + (r & 1)] = d_w[4 * lane + r]
    for i in range(16):
        for j in range(8):
            pairs = [(decode_fp8(fa, a[i][p]), decode_fp8(fb, b[4 * (p // 2) + pick[p % 2]][j]))
                     for p in range(32)]
            yield pairs, c[i][j], d[i][j]


MODELS = {
    'sm90 lowering (f16 fields, chunk parity, C after)': ('parity', 'f16', 'after'),
    'fp8 fields, chunk parity, C after': ('parity', 'fp8', 'after'),
    'f16 fields, halves 0-15/16-31, C after': ('halves', 'f16', 'after'),
    'f16 fields, chunk parity, C fused first': ('parity', 'f16', 'first'),
    'one step of 32, C after (the former engine model)': ('one', 'fp8', 'after'),
}


def main(argv):
    cases = None
    if '--cases' in argv:
        k = argv.index('--cases')
        cases = int(argv[k + 1])
        del argv[k:k + 2]
    path = argv[1]
    fa, fb = (argv[2], argv[3]) if len(argv) > 3 else ('e4m3', 'e4m3')
    named = re.search(r'(e[45]m[32])_(e[45]m[32])\.bin|mmasp_e([45])e([45])\.bin', path)
    if named and len(argv) <= 3:
        short = {'4': 'e4m3', '5': 'e5m2'}
        fa, fb = named.groups()[:2] if named.group(1) else (short[named.group(3)],
                                                             short[named.group(4)])
    if path.endswith('.zst'):
        raw = subprocess.run(['zstd', '-dc', path], check=True, capture_output=True).stdout
    else:
        raw = (lzma.open if path.endswith('.xz') else open)(path, 'rb').read()
    total = len(raw) // (4 * WORDS)
    n = total if cases is None else min(cases, total)
    hits = {name: Counter() for name in MODELS}
    seen = Counter()
    for cs in range(n):
        words = struct.unpack_from(f'<{WORDS}I', raw, cs * 4 * WORDS)
        for pairs, c, d in dot_products(words, fa, fb):
            seen[cs % 4] += 1
            for name, args in MODELS.items():
                if model(pairs, c, *args) == d:
                    hits[name][cs % 4] += 1
    print(f'{path}: {fa} x {fb}, {n} cases, {sum(seen.values())} dot products')
    for name in MODELS:
        per = ' '.join(f'{hits[name][k]}/{seen[k]}' for k in sorted(seen))
        print(f'  {sum(hits[name].values()):7d}  {name}  (per distribution 0-3: {per})')


if __name__ == '__main__':
    main(sys.argv)
