// Records the H100's wgmma.mma_async.sp results (sm_90a) for every form of
// wgmma_sp_cases.h, for the unit test that replays them
// (tests/func/ops/wgmma_sp_replay_test.cpp) and for fitting the numeric
// rule (tools/probes/README.md). The kernels are the PTX that
// wgmma_sp_cases.h writes, the text the test runs under smsim:
//   nvcc -std=c++17 -arch=sm_90a wgmma_sp_probe.cu -lcuda -o probe
//   ./probe ptx wgsp.ptx && ptxas -arch=sm_90a wgsp.ptx -o wgsp.cubin
//   ./probe run wgsp.cubin OUTDIR
// OUTDIR/wgmma_sp.bin: per form (in table order) per case, D as the
// threads store it (128 threads x d_regs words, thread-major), and
// OUTDIR/wgmma_sp.txt one line per form: name, cases, words, CUDA status.
#include <cuda.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "wgmma_sp_cases.h"

using namespace smsim::probe::wgsp;

static bool check(CUresult r, const char* what, std::string& status) {
  if (r == CUDA_SUCCESS) return true;
  const char* s = nullptr;
  cuGetErrorName(r, &s);
  status = std::string(what) + ": " + (s ? s : "?");
  return false;
}

int main(int argc, char** argv) {
  if (argc >= 3 && std::string(argv[1]) == "ptx") {
    std::ofstream(argv[2]) << module_ptx();
    return 0;
  }
  if (argc < 4 || std::string(argv[1]) != "run") {
    std::fprintf(stderr, "usage: %s ptx OUT.ptx | run CUBIN OUTDIR\n", argv[0]);
    return 2;
  }
  std::string status;
  CUdevice dev;
  CUcontext ctx;
  CUmodule mod;
  if (!check(cuInit(0), "init", status) || !check(cuDeviceGet(&dev, 0), "device", status) ||
      !check(cuCtxCreate(&ctx, nullptr, 0, dev), "context", status) ||
      !check(cuModuleLoad(&mod, argv[2]), "module", status)) {
    std::fprintf(stderr, "%s\n", status.c_str());
    return 1;
  }
  const std::string out = argv[3];
  FILE* bin = std::fopen((out + "/wgmma_sp.bin").c_str(), "wb");
  FILE* txt = std::fopen((out + "/wgmma_sp.txt").c_str(), "w");
  const auto& fs = forms();
  for (unsigned fi = 0; fi < fs.size(); ++fi) {
    const Form& f = fs[fi];
    const unsigned n = f.cases, dr = d_regs(f);
    std::vector<uint32_t> img, ctl, a, c, meta;
    for (unsigned cs = 0; cs < n; ++cs) {
      const Case k = make_case(f, fi, cs);
      img.insert(img.end(), k.image.begin(), k.image.end());
      ctl.insert(ctl.end(), k.ctl, k.ctl + kCtlWords);
      a.insert(a.end(), k.a.begin(), k.a.end());
      c.insert(c.end(), k.c.begin(), k.c.end());
      meta.insert(meta.end(), k.meta.begin(), k.meta.end());
    }
    std::vector<uint32_t> d(size_t{n} * 128 * dr, 0xdeadbeefu);
    status = "ok";
    CUfunction fn;
    CUdeviceptr p[6] = {};
    const std::vector<uint32_t>* src[5] = {&img, &ctl, &a, &c, &meta};
    bool ok = check(cuModuleGetFunction(&fn, mod, (std::string("wgsp_") + f.name).c_str()),
                    "function", status);
    for (int i = 0; ok && i < 5; ++i) {
      ok = check(cuMemAlloc(&p[i], src[i]->size() * 4), "alloc", status) &&
           check(cuMemcpyHtoD(p[i], src[i]->data(), src[i]->size() * 4), "copy", status);
    }
    ok = ok && check(cuMemAlloc(&p[5], d.size() * 4), "alloc", status);
    if (ok) {
      void* args[6] = {&p[0], &p[1], &p[2], &p[3], &p[4], &p[5]};
      ok = check(cuLaunchKernel(fn, n, 1, 1, 128, 1, 1, 0, nullptr, args, nullptr), "launch",
                 status) &&
           check(cuCtxSynchronize(), "sync", status) &&
           check(cuMemcpyDtoH(d.data(), p[5], d.size() * 4), "result", status);
    }
    for (auto q : p)
      if (q) cuMemFree(q);
    std::fwrite(d.data(), 4, d.size(), bin);
    std::fprintf(txt, "%s %u %zu %s\n", f.name, n, d.size(), status.c_str());
    std::printf("%s %u %zu %s\n", f.name, n, d.size(), status.c_str());
    if (!ok) break;  // a sticky error spoils the context
  }
  std::fclose(bin);
  std::fclose(txt);
  return 0;
}
