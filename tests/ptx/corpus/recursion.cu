// Recursive device functions: the ABI call sequence with a real stack frame, recursive
// tree walks and mutual recursion that the compiler cannot inline away.
struct Node {
  int value;
  int left;
  int right;
};

__device__ __noinline__ unsigned long long factorial(unsigned n) {
  return n <= 1 ? 1ull : n * factorial(n - 1);
}

__device__ __noinline__ int fib(int n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__device__ __noinline__ int tree_sum(const Node* nodes, int index, int depth) {
  if (index < 0 || depth > 64) return 0;
  const Node& node = nodes[index];
  int locals[4] = {node.value, depth, index, 0};
  return locals[depth % 3] + tree_sum(nodes, node.left, depth + 1) +
         tree_sum(nodes, node.right, depth + 1);
}

__device__ __noinline__ bool is_odd(unsigned n);
__device__ __noinline__ bool is_even(unsigned n) {
  return n == 0 ? true : is_odd(n - 1);
}
__device__ __noinline__ bool is_odd(unsigned n) {
  return n == 0 ? false : is_even(n - 1);
}

__global__ void recursion(const Node* nodes, unsigned long long* out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  out[4 * i] = factorial(i % 20);
  out[4 * i + 1] = static_cast<unsigned long long>(fib(i % 16));
  out[4 * i + 2] = static_cast<unsigned long long>(tree_sum(nodes, 0, 0));
  out[4 * i + 3] = is_even(static_cast<unsigned>(i)) ? 1ull : 0ull;
}
