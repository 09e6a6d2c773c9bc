// PTX constant expressions in immediate operands, written through inline asm since
// nvcc folds them itself: parentheses, arithmetic, shifts, bitwise and logical
// operators, comparisons and the ternary operator, all valid PTX that ptxas accepts.
__global__ void ptx_constant_expressions(unsigned* out, long long* wide) {
  unsigned a, b, c, d;
  long long w;
  asm("mov.u32 %0, ((1 + 2) * 3);" : "=r"(a));
  asm("add.u32 %0, %1, (4 << 1) | 0x10;" : "=r"(b) : "r"(a));
  asm("mov.u32 %0, (~0 & 0xff) ^ (7 %% 4);" : "=r"(c));
  asm("mov.u32 %0, (3 > 2) ? (10 / 3) : -1;" : "=r"(d));
  asm("mov.s64 %0, -(1 << 40) + (2 == 2) + (5 != 5) + !0;" : "=l"(w));
  unsigned t = threadIdx.x;
  out[4 * t] = a;
  out[4 * t + 1] = b;
  out[4 * t + 2] = c;
  out[4 * t + 3] = d;
  wide[t] = w;
}
