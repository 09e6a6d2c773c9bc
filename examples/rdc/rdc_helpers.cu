// The second translation unit of the rdc example.
__device__ int bias = 7;

__device__ int transform(int value) { return 3 * value + 1; }
