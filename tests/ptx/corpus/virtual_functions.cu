// Indirect calls: function pointers in a device table and virtual functions of objects
// built on the device, which compile to call.uni through a prototype.
typedef float (*unary_op)(float);

__device__ float twice(float x) {
  return 2.0f * x;
}
__device__ float negate(float x) {
  return -x;
}
__device__ float square(float x) {
  return x * x;
}

__device__ unary_op g_ops[] = {twice, negate, square};

struct Shape {
  __device__ virtual ~Shape() {}
  __device__ virtual float area() const = 0;
  __device__ virtual int sides() const { return 0; }
};

struct Square : Shape {
  float side;
  __device__ explicit Square(float s) : side(s) {}
  __device__ float area() const override { return side * side; }
  __device__ int sides() const override { return 4; }
};

struct Circle : Shape {
  float radius;
  __device__ explicit Circle(float r) : radius(r) {}
  __device__ float area() const override { return 3.14159265f * radius * radius; }
};

__device__ __noinline__ float apply(unary_op op, float x) {
  return op(x);
}

__global__ void indirect_calls(const float* in, float* out, int* sides, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  float x = in[i];
  unary_op op = g_ops[i % 3];
  float r = apply(op, x) + op(x + 1.0f);
  Shape* shape = (i & 1) ? static_cast<Shape*>(new Square(x)) : new Circle(x);
  if (shape != nullptr) {
    r += shape->area();
    sides[i] = shape->sides();
    delete shape;
  }
  out[i] = r;
}
