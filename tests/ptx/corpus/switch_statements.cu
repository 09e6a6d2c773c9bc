// Switch statements: dense switches that become jump tables (brx.idx), sparse ones that
// become compare chains, fall-through and nested switches.
__device__ __noinline__ int dense(int k, int x) {
  switch (k) {
    case 0:
      return x + 1;
    case 1:
      return x * 3;
    case 2:
      return x - 7;
    case 3:
      return x ^ 0x55;
    case 4:
      return x << 2;
    case 5:
      return x >> 1;
    case 6:
      return ~x;
    case 7:
      return x * x;
    case 8:
      return -x;
    case 9:
      return x | 0x100;
    case 10:
      return x & 0xff;
    case 11:
      return x % 13;
    default:
      return 0;
  }
}

__device__ __noinline__ int sparse(int k) {
  switch (k) {
    case -1000:
      return 1;
    case 3:
      return 2;
    case 4096:
      return 3;
    case 123456:
      return 4;
    case 0x7fffffff:
      return 5;
    default:
      return -1;
  }
}

__device__ __noinline__ float fallthrough(unsigned k, float x) {
  float r = 0.0f;
  switch (k % 4) {
    case 0:
      r += x;
      [[fallthrough]];
    case 1:
      r *= 2.0f;
      [[fallthrough]];
    case 2:
      switch (k / 4 % 3) {
        case 0:
          r -= 1.0f;
          break;
        case 1:
          r += 1.0f;
          break;
        default:
          r = -r;
          break;
      }
      break;
    default:
      r = x * x;
  }
  return r;
}

__global__ void switch_statements(const int* in, int* out, float* fout, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  int v = in[i];
  out[2 * i] = dense(v % 12, v);
  out[2 * i + 1] = sparse(v);
  fout[i] = fallthrough(static_cast<unsigned>(v), static_cast<float>(v));
}
