// Records the form sweep's results on a real GPU through the CUDA driver API:
// loads the sweep (tools/forms/sweep.py) as PTX, one module per kernel (the
// header before `// form 0:` plus that kernel's text, as the engine test
// does) or with --whole-module as one module, launches every kernel of the
// manifest on one block of 64 threads with the shared inputs and its own
// output range, and writes the whole output buffer.
//   nvcc -O2 tools/forms/runner.cu -o runner -lcuda
//   ./runner SWEEP.ptx SWEEP.inputs SWEEP.manifest OUT.bin [--whole-module]
// Prints the GPU, driver and per-phase times on stderr; exit 1 on any error.

#include <cuda.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>
#include <vector>

namespace {

void check(CUresult r, const char* what) {
  if (r == CUDA_SUCCESS) return;
  const char* msg = nullptr;
  cuGetErrorString(r, &msg);
  std::fprintf(stderr, "%s: %s\n", what, msg ? msg : "?");
  std::exit(1);
}

std::string slurp(const char* path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "cannot read %s\n", path);
    std::exit(1);
  }
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct Entry {
  std::string index;
  unsigned long long offset;
};

CUmodule load(const std::string& ptx) {
  static char log[1 << 14];
  log[0] = 0;
  CUjit_option opts[] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES};
  void* vals[] = {log, reinterpret_cast<void*>(sizeof log)};
  CUmodule module;
  const CUresult loaded = cuModuleLoadDataEx(&module, ptx.c_str(), 2, opts, vals);
  if (loaded != CUDA_SUCCESS) std::fprintf(stderr, "JIT log:\n%s\n", log);
  check(loaded, "cuModuleLoadDataEx");
  return module;
}

// The text of kernel `index`: from its `// form N:` line to the next one.
std::string kernel_text(const std::string& ptx, const std::string& index) {
  const std::string mark = "// form " + index + ":";
  const std::size_t begin = ptx.find(mark);
  if (begin == std::string::npos) {
    std::fprintf(stderr, "no %s in the module\n", mark.c_str());
    std::exit(1);
  }
  const std::size_t end = ptx.find("// form ", begin + mark.size());
  return ptx.substr(begin, end == std::string::npos ? end : end - begin);
}

}  // namespace

int main(int argc, char** argv) {
  const bool whole = argc == 6 && std::string(argv[5]) == "--whole-module";
  if (argc != 5 && !whole) {
    std::fprintf(stderr, "usage: %s SWEEP.ptx SWEEP.inputs SWEEP.manifest OUT.bin [--whole-module]\n",
                 argv[0]);
    return 2;
  }
  const std::string ptx = slurp(argv[1]);
  const std::string inputs = slurp(argv[2]);
  std::vector<Entry> entries;
  unsigned long long out_bytes = 0;
  {
    std::istringstream m(slurp(argv[3]));
    std::string line;
    while (std::getline(m, line)) {
      if (line.empty()) continue;
      if (line[0] == '#') {
        const auto at = line.find("output bytes ");
        if (at != std::string::npos) out_bytes = std::stoull(line.substr(at + 13));
        continue;
      }
      std::istringstream f(line);
      std::string n;
      unsigned long long offset = 0;
      f >> n >> offset;
      entries.push_back({n, offset});
    }
  }
  check(cuInit(0), "cuInit");
  CUdevice dev;
  check(cuDeviceGet(&dev, 0), "cuDeviceGet");
  char name[256];
  cuDeviceGetName(name, sizeof name, dev);
  int driver = 0;
  cuDriverGetVersion(&driver);
  std::fprintf(stderr, "device: %s, driver API %d\n", name, driver);
  CUcontext ctx;
  check(cuCtxCreate(&ctx, nullptr, 0, dev), "cuCtxCreate");

  const auto t0 = std::chrono::steady_clock::now();
  const std::string header = ptx.substr(0, ptx.find("// form 0:"));
  std::vector<CUmodule> modules;
  if (whole) {
    modules.push_back(load(ptx));
  } else {
    for (const Entry& e : entries) {
      // Named before the JIT runs, so that a crash inside it says which kernel.
      std::fprintf(stderr, "load f%s\n", e.index.c_str());
      std::fflush(stderr);
      modules.push_back(load(header + kernel_text(ptx, e.index)));
    }
  }
  const auto t1 = std::chrono::steady_clock::now();

  CUdeviceptr in = 0, out = 0;
  check(cuMemAlloc(&in, inputs.size()), "cuMemAlloc in");
  check(cuMemcpyHtoD(in, inputs.data(), inputs.size()), "copy in");
  check(cuMemAlloc(&out, out_bytes), "cuMemAlloc out");
  check(cuMemsetD8(out, 0, out_bytes), "memset out");
  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Entry& e = entries[i];
    const std::string name = "f" + e.index;
    CUfunction f;
    check(cuModuleGetFunction(&f, modules[whole ? 0 : i], name.c_str()), name.c_str());
    CUdeviceptr o = out + e.offset;
    void* params[] = {&in, &o};
    check(cuLaunchKernel(f, 1, 1, 1, 64, 1, 1, 0, nullptr, params, nullptr), name.c_str());
  }
  check(cuCtxSynchronize(), "synchronize");
  std::vector<char> host(out_bytes);
  check(cuMemcpyDtoH(host.data(), out, out_bytes), "copy out");
  const auto t2 = std::chrono::steady_clock::now();
  std::ofstream(argv[4], std::ios::binary).write(host.data(), static_cast<std::streamsize>(host.size()));
  std::fprintf(stderr, "%zu kernels, %llu output bytes; JIT %.1f s, launches %.1f s\n", entries.size(),
               out_bytes, std::chrono::duration<double>(t1 - t0).count(),
               std::chrono::duration<double>(t2 - t1).count());
  return 0;
}
