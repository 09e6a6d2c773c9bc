// Calls the engine makes for real (recursion, function pointers, device
// malloc), for the functional engine's tests (real_calls.ptx is generated from
// this file; see the command at its top).
#include <cstdio>

__device__ __noinline__ unsigned fib(unsigned n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// A local array in every frame: each activation needs its own.
__device__ __noinline__ unsigned frames(unsigned depth, unsigned seed) {
  volatile unsigned local[4];
  for (int i = 0; i < 4; ++i) local[i] = seed * (i + 1) + depth;
  if (depth == 0) return local[seed % 4];
  return local[(seed + depth) % 4] + frames(depth - 1, seed * 3 + 1);
}

__device__ __noinline__ int add_one(int x) { return x + 1; }
__device__ __noinline__ int square(int x) { return x * x; }
__device__ __noinline__ int negate(int x) { return -x; }
__device__ int (*const g_table[3])(int) = {add_one, square, negate};

// Lanes of one warp recurse to different depths and return at different times.
extern "C" __global__ void divergent_fib(unsigned* out) {
  const unsigned t = threadIdx.x;
  out[t] = fib(t % 13);
}

extern "C" __global__ void recursive_frames(unsigned* out) {
  const unsigned t = threadIdx.x;
  out[t] = frames(t % 9, t);
}

// Lanes of one warp call three different functions through one pointer call,
// then meet again after it (the activemask afterwards shows the reconvergence).
extern "C" __global__ void pointer_per_lane(int* out, unsigned* mask_after) {
  const int t = threadIdx.x;
  int (*f)(int) = g_table[t % 3];
  out[t] = f(t);
  mask_after[t] = __activemask();
}

// Only some lanes call; the others wait at the return address.
extern "C" __global__ void guarded_recursion(unsigned* out, unsigned* mask_after) {
  const unsigned t = threadIdx.x;
  unsigned v = 1000 + t;
  if (t % 4 == 1) v = fib(t % 11);
  mask_after[t] = __activemask();
  out[t] = v;
}

__device__ __noinline__ unsigned deep(unsigned n) {
  volatile unsigned pad[32];
  pad[n % 32] = n;
  return n == 0 ? 0 : deep(n - 1) + pad[n % 32];
}

extern "C" __global__ void recurse_deep(unsigned n, unsigned* out) { out[threadIdx.x] = deep(n); }

__device__ __noinline__ void countdown(int n) {
  if (n < 0) return;
  printf("countdown %d\n", n);
  countdown(n - 1);
}

extern "C" __global__ void printf_in_recursion() { countdown(2); }

struct Node {
  int value;
  Node* next;
};

// new/delete in a kernel: device malloc and free.
extern "C" __global__ void heap_list(int* out) {
  Node* head = nullptr;
  for (int i = 0; i < 4; ++i) {
    Node* n = new Node{static_cast<int>(threadIdx.x) * 10 + i, head};
    head = n;
  }
  int sum = 0;
  while (head != nullptr) {
    sum += head->value;
    Node* next = head->next;
    delete head;
    head = next;
  }
  out[threadIdx.x] = sum;
}
