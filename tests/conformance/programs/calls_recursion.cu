// Calls: recursion (with a real stack), device function pointers chosen per
// lane, virtual functions on objects built in the kernel, and non-inlined
// calls with many and large arguments.
#include "../common/conformance.cuh"

using namespace conf;

using u32 = uint32_t;

constexpr int kThreads = 128;
constexpr int kBlocks = 2;
constexpr int kTotal = kThreads * kBlocks;

__device__ __noinline__ u32 fib(u32 n) {
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

__device__ __noinline__ u32 ackermann(u32 m, u32 n) {
  if (m == 0) return n + 1;
  if (n == 0) return ackermann(m - 1, 1);
  return ackermann(m - 1, ackermann(m, n - 1));
}

// Recursion with a local array in every frame (stack frames in local memory).
__device__ __noinline__ u32 frame_sum(u32 depth, u32 seed) {
  u32 local[8];
  for (int i = 0; i < 8; ++i) local[i] = seed * (i + 1) + depth;
  if (depth == 0) return local[seed % 8];
  return local[(seed + depth) % 8] + frame_sum(depth - 1, seed ^ (seed << 3));
}

__device__ __noinline__ u32 op_add(u32 a, u32 b) {
  return a + b;
}
__device__ __noinline__ u32 op_mul(u32 a, u32 b) {
  return a * b;
}
__device__ __noinline__ u32 op_xor(u32 a, u32 b) {
  return a ^ b;
}
__device__ __noinline__ u32 op_rot(u32 a, u32 b) {
  return __funnelshift_l(a, a, b);
}
using BinaryOp = u32 (*)(u32, u32);
__device__ BinaryOp g_ops[4] = {op_add, op_mul, op_xor, op_rot};

struct Shape {
  __device__ virtual ~Shape() {}
  __device__ virtual u32 area() const = 0;
  __device__ virtual u32 kind() const { return 0; }
};
struct Rect : Shape {
  u32 w, h;
  __device__ Rect(u32 w_, u32 h_) : w(w_), h(h_) {}
  __device__ u32 area() const override { return w * h; }
  __device__ u32 kind() const override { return 1; }
};
struct Tri : Shape {
  u32 b, h;
  __device__ Tri(u32 b_, u32 h_) : b(b_), h(h_) {}
  __device__ u32 area() const override { return b * h / 2; }
};
struct Square : Rect {
  __device__ explicit Square(u32 s) : Rect(s, s) {}
  __device__ u32 kind() const override { return 2; }
};

struct Big {
  u32 words[12];
  double d;
};
__device__ __noinline__ Big transform(Big in, u32 a, u32 b, u32 c, u32 d, u32 e, u32 f, u32 g,
                                      u32 h) {
  Big out = in;
  for (int i = 0; i < 12; ++i) out.words[i] = in.words[11 - i] * a + b - c + (d ^ e) + f * g - h;
  out.d = in.d * 0.5 + static_cast<double>(a);
  return out;
}

enum Slot { kFib, kAckermann, kFrames, kPointer, kPointerChain, kVirtual, kBigArgs, kSlots };

__global__ void calls_kernel(const u32* in, u32* out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  const u32 v = in[t];
  auto put = [&](Slot s, u32 value) { out[s * kTotal + t] = value; };
  put(kFib, fib(v % 20u));
  put(kAckermann, ackermann(v % 3u, v % 5u));
  put(kFrames, frame_sum(v % 24u, v));
  put(kPointer, g_ops[v % 4u](v, v >> 7));
  u32 chain = v;
  for (int i = 0; i < 8; ++i) chain = g_ops[(chain >> i) % 4u](chain, static_cast<u32>(i) + 1u);
  put(kPointerChain, chain);
  Shape* shape = nullptr;
  switch (v % 3u) {
    case 0:
      shape = new Rect(v % 100u, (v >> 8) % 100u);
      break;
    case 1:
      shape = new Tri(v % 91u, (v >> 9) % 77u);
      break;
    default:
      shape = new Square((v >> 3) % 50u);
      break;
  }
  put(kVirtual, shape ? shape->area() * 4u + shape->kind() : 0xffffffffu);
  delete shape;
  Big big{};
  for (int i = 0; i < 12; ++i) big.words[i] = v + static_cast<u32>(i) * 0x01000193u;
  big.d = static_cast<double>(v);
  const Big r = transform(big, v & 7u, v >> 29, 3, v, 5, 6, 7, v >> 16);
  u32 h = 0;
  for (int i = 0; i < 12; ++i) h = h * 33u + r.words[i];
  put(kBigArgs, h ^ static_cast<u32>(__double_as_longlong(r.d) >> 20));
}

int main() {
  begin("calls_recursion");
  CONF_CHECK(cudaDeviceSetLimit(cudaLimitStackSize, 16 * 1024));
  std::vector<u32> in(kTotal);
  Rng rng(0xca11ull);
  for (auto& v : in) v = rng.next32();
  DeviceBuffer<u32> din(in);
  DeviceBuffer<u32> out(static_cast<size_t>(kSlots) * kTotal);
  calls_kernel<<<kBlocks, kThreads>>>(din.get(), out.get());
  CONF_CHECK_LAUNCH();
  print_slots(
      "calls", out.download(), kTotal,
      {"recursive_fib", "recursive_ackermann", "recursive_frames_with_arrays", "function_pointer",
       "function_pointer_chain", "virtual_functions", "large_struct_arguments"});
  return 0;
}
