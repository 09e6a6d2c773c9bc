// A second translation unit linked into every program of the -rdc=true
// build (tests/runtime/run_examples.sh), so that its registration uses the
// prelinked fatbinary form with one PTX image per unit to link.
__device__ int smsim_second_unit_counter;

__device__ int smsim_second_unit_next() { return atomicAdd(&smsim_second_unit_counter, 1); }

__global__ void smsim_second_unit_kernel(int* out) { out[threadIdx.x] = smsim_second_unit_next(); }
