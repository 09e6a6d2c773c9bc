#!/usr/bin/env python3
"""Where ptxas (sm_90) stops if-converting a forward branch, by what the body holds.

For each body kind and length n, writes a PTX kernel `@p bra L; <n instructions>; L:` (p from a
parameter, so ptxas cannot fold it), compiles it with ptxas and counts the conditional BRAs left in
`cuobjdump -sass` (0: the body became predicated code) and the body's machine instructions.
Prints one line per kind: the largest n predicated, the smallest n kept, and per n `n:kept/sass`.
The timing model's [sm_90.timing.issue] if-conversion weights are fitted to this table
(docs/timing.md, "What ptxas makes of the PTX").

  python3 -m venv build/cudatools && build/cudatools/bin/pip install nvidia-cuda-cuobjdump
  CUOBJDUMP=$(find build/cudatools -name cuobjdump -type f) tools/probes/if_conversion_probe.py
"""
import os
import re
import subprocess
import sys
import tempfile

PTXAS = os.environ.get("PTXAS", "ptxas")
CUOBJDUMP = os.environ.get("CUOBJDUMP", "cuobjdump")

HEAD = """.version 8.8
.target sm_90
.address_size 64
.shared .align 16 .b32 s[512];
.visible .entry k(.param .u64 out, .param .u32 a, .param .u32 b, .param .f32 fa, .param .f32 fb, .param .u32 e)
{
  .reg .b32 %v<80>;
  .reg .b32 %x;
  .reg .f32 %g<80>;
  .reg .f32 %f;
  .reg .b64 %rd<4>;
  .reg .pred %p<3>;
  ld.param.u64 %rd1, [out];
  cvta.to.global.u64 %rd2, %rd1;
  ld.param.u32 %v70, [a];
  ld.param.u32 %v71, [b];
  ld.param.f32 %g70, [fa];
  ld.param.f32 %g71, [fb];
  ld.param.u32 %v72, [e];
  setp.ne.u32 %p1, %v72, 0;
  mov.u32 %x, %v71;
  mov.f32 %f, %g71;
"""


def body(kind, n):
    """(instructions before the branch, the body, instructions after the join)."""
    pre, inner, post = [], [], []
    for i in range(n):
        if kind == "ld_shared":
            pre.append(f"mov.u32 %v{i}, 0;")
            inner.append(f"ld.shared.u32 %v{i}, [s+{32 * i}];")
            post.append(f"st.global.u32 [%rd2+{4 * i}], %v{i};")
        elif kind == "ld_shared_reg":  # through a register holding the variable's address (set before)
            if i == 0:
                pre.append("mov.u32 %v79, s;")
            pre.append(f"mov.u32 %v{i}, 0;")
            inner.append(f"ld.shared.u32 %v{i}, [%v79+{32 * i}];")
            post.append(f"st.global.u32 [%rd2+{4 * i}], %v{i};")
        elif kind == "st_shared_reg":
            if i == 0:
                pre.append("mov.u32 %v79, s;")
            inner.append(f"st.shared.u32 [%v79+{32 * i}], %v70;")
        elif kind == "st_shared":
            inner.append(f"st.shared.u32 [s+{32 * i}], %v70;")
        elif kind == "ld_global":
            pre.append(f"mov.u32 %v{i}, 0;")
            inner.append(f"ld.global.u32 %v{i}, [%rd2+{32 * i}];")
            post.append(f"st.global.u32 [%rd2+{4 * i + 512}], %v{i};")
        elif kind == "st_global":
            inner.append(f"st.global.u32 [%rd2+{32 * i}], %v70;")
        elif kind == "int_dep":  # x = x * x + a: one IMAD each, nothing to merge
            inner.append("mad.lo.u32 %x, %x, %x, %v70;")
        elif kind == "int_add":  # x = x + a: ptxas merges pairs into IADD3
            inner.append(f"add.u32 %x, %x, %v{70 + i % 2};")
        elif kind == "int_ind":  # independent: each result stored after the join
            pre.append(f"mov.u32 %v{i}, 0;")
            inner.append(f"xor.b32 %v{i}, %v70, {i + 1};")
            post.append(f"st.global.u32 [%rd2+{4 * i}], %v{i};")
        elif kind == "ffma_dep_fed":  # as ffma_dep, after an FFMA of the chain before the branch
            if i == 0:
                pre.append("fma.rn.f32 %f, %f, %g70, %g70;")
            inner.append("fma.rn.f32 %f, %f, %f, %g71;")
        elif kind == "ffma_dep":  # f = f * f + fb, as taken_distance_probe.cu's bodies
            inner.append("fma.rn.f32 %f, %f, %f, %g71;")
        elif kind == "ffma_ind":
            pre.append(f"mov.f32 %g{i}, 0f00000000;")
            inner.append(f"fma.rn.f32 %g{i}, %g70, %g71, 0f3F8{i:05X};")
            post.append(f"st.global.f32 [%rd2+{4 * i}], %g{i};")
        elif kind == "reduce_step":  # the reductions' s[t] += s[t + k]: 6 PTX instructions a step
            if i == 0:
                pre.append("mov.u32 %v79, s;")
            inner += [f"shl.b32 %v{2 * i}, %v70, {2 + i};", f"add.u32 %v{2 * i + 1}, %v{2 * i}, %v79;",
                      f"ld.shared.u32 %v{40 + i}, [%v{2 * i + 1}];",
                      f"ld.shared.u32 %v{60 + i % 10}, [%v{2 * i + 1}+{4 * (i + 1)}];",
                      f"add.u32 %v{40 + i}, %v{40 + i}, %v{60 + i % 10};",
                      f"st.shared.u32 [%v{2 * i + 1}], %v{40 + i};"]
        elif kind == "lds_ffma":  # a shared load feeding a dependent FFMA, n pairs
            inner += [f"ld.shared.f32 %g{i}, [s+{32 * i}];", f"fma.rn.f32 %f, %f, %g{i}, %g71;"]
        elif kind == "lds_int":  # a shared load and an integer op, n pairs
            inner += [f"ld.shared.u32 %v{i}, [s+{32 * i}];", f"mad.lo.u32 %x, %x, %v{i}, %v70;"]
        elif kind == "sts_int":  # an integer op and a shared store, n pairs
            inner += ["mad.lo.u32 %x, %x, %x, %v70;", f"st.shared.u32 [s+{32 * i}], %x;"]
        else:
            raise ValueError(kind)
    post += ["st.global.u32 [%rd2+1024], %x;", "st.global.f32 [%rd2+1028], %f;"]
    return pre, inner, post


def compile_case(work, kind, n):
    pre, inner, post = body(kind, n)
    lines = pre + ["@%p1 bra L;"] + inner + ["L:"] + post + ["ret;", "}"]
    ptx = HEAD + "".join(f"  {line}\n" for line in lines)
    src, cubin = os.path.join(work, "k.ptx"), os.path.join(work, "k.cubin")
    with open(src, "w") as f:
        f.write(ptx)
    subprocess.run([PTXAS, "-arch=sm_90", src, "-o", cubin], check=True)
    sass = subprocess.run([CUOBJDUMP, "-sass", cubin], check=True, capture_output=True,
                          text=True).stdout
    instructions = re.findall(r"/\*[0-9a-f]{4}\*/\s+([^;]*);", sass)
    instructions = [i for i in instructions if not i.startswith("NOP")]
    kept = sum(1 for i in instructions if re.match(r"@!?P\d+\s+BRA", i))
    return kept, len(instructions), len(inner)


KINDS = {"ld_shared": 24, "st_shared": 16, "ld_shared_reg": 12, "st_shared_reg": 12, "ld_global": 8, "st_global": 8, "int_dep": 24,
         "int_add": 32, "int_ind": 24, "ffma_dep": 12, "ffma_dep_fed": 12, "ffma_ind": 16, "reduce_step": 4,
         "lds_ffma": 8, "lds_int": 10, "sts_int": 8}


def main():
    kinds = sys.argv[1:] or list(KINDS)
    with tempfile.TemporaryDirectory() as work:
        base = compile_case(work, "ffma_dep", 0)[1]
        print(f"# ptxas: {subprocess.run([PTXAS, '--version'], capture_output=True, text=True).stdout.splitlines()[-1]}")
        print(f"# kind: largest n predicated, smallest n kept; n:ptx_instructions:kept_bras:sass_instructions (without a body: {base})")
        for kind in kinds:
            cells, last_pred, first_kept = [], 0, None
            for n in range(1, KINDS[kind] + 1):
                kept, sass, ptx = compile_case(work, kind, n)
                cells.append(f"{n}:{ptx}:{kept}:{sass}")
                if kept == 0 and first_kept is None:
                    last_pred = n
                if kept and first_kept is None:
                    first_kept = n
            print(f"{kind}: predicated <= {last_pred}, kept from {first_kept}; {' '.join(cells)}")


if __name__ == "__main__":
    main()
