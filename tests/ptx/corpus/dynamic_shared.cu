// Dynamic (extern) shared memory of several element types carved from one buffer,
// a static shared array beside it, and a shared-memory tree reduction.
__global__ void dynamic_shared(const float* in, float* out, double* dout, int n) {
  extern __shared__ unsigned char dyn[];
  __shared__ int histogram[64];
  float* fbuf = reinterpret_cast<float*>(dyn);
  double* dbuf = reinterpret_cast<double*>(dyn + blockDim.x * sizeof(float) + 8 -
                                           (blockDim.x * sizeof(float)) % 8);
  int t = threadIdx.x;
  int i = blockIdx.x * blockDim.x + t;
  if (t < 64) histogram[t] = 0;
  float x = i < n ? in[i] : 0.0f;
  fbuf[t] = x;
  dbuf[t] = static_cast<double>(x) * x;
  __syncthreads();
  atomicAdd(&histogram[static_cast<int>(fabsf(x)) & 63], 1);
  for (unsigned stride = blockDim.x / 2; stride > 0; stride >>= 1) {
    if (t < stride) {
      fbuf[t] += fbuf[t + stride];
      dbuf[t] += dbuf[t + stride];
    }
    __syncthreads();
  }
  if (t == 0) {
    out[blockIdx.x] = fbuf[0] + static_cast<float>(histogram[0]);
    dout[blockIdx.x] = dbuf[0];
  }
}
