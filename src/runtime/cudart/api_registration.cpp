// Registration entry points nvcc's generated host code calls before main
// (crt/host_runtime.h): one fatbinary per translation unit, then its kernels
// and variables.

#include <cuda_runtime_api.h>

#include <cstdio>

#include "runtime/cudart/api_guard.h"

using smsim::cudart::Context;
using smsim::runtime::ModuleRecord;

namespace {

ModuleRecord* module_of(void** handle) { return reinterpret_cast<ModuleRecord*>(handle); }

}  // namespace

extern "C" {

void** __cudaRegisterFatBinary(void* fat_cubin) {
  return smsim::cudart::unguarded_call([fat_cubin](Context& context) {
    return reinterpret_cast<void**>(context.register_fatbin(fat_cubin));
  });
}

void __cudaRegisterFatBinaryEnd(void** /*handle*/) {}

void __cudaUnregisterFatBinary(void** handle) {
  smsim::cudart::unguarded_call([handle](Context& context) {
    context.unregister(module_of(handle));
    return 0;
  });
}

void __cudaRegisterFunction(void** handle, const char* host_fun, char* /*device_fun*/,
                            const char* device_name, int /*thread_limit*/, uint3* /*tid*/,
                            uint3* /*bid*/, dim3* /*block_dim*/, dim3* /*grid_dim*/,
                            int* /*warp_size*/) {
  smsim::cudart::unguarded_call([&](Context& context) {
    context.register_function(module_of(handle), host_fun, device_name);
    return 0;
  });
}

void __cudaRegisterVar(void** handle, char* host_var, char* /*device_address*/,
                       const char* device_name, int /*ext*/, size_t size, int constant,
                       int /*global*/) {
  smsim::cudart::unguarded_call([&](Context& context) {
    context.register_variable(module_of(handle), host_var, device_name, size, constant != 0,
                              nullptr);
    return 0;
  });
}

void __cudaRegisterManagedVar(void** handle, void** host_var_pointer, char* /*device_address*/,
                              const char* device_name, int /*ext*/, size_t size, int constant,
                              int /*global*/) {
  smsim::cudart::unguarded_call([&](Context& context) {
    context.register_variable(module_of(handle), host_var_pointer, device_name, size,
                              constant != 0, host_var_pointer);
    return 0;
  });
}

// Host code calls this before touching a managed variable: the module is
// loaded so that the variable's host shadow points at its memory.
char __cudaInitModule(void** handle) {
  return smsim::cudart::unguarded_call([handle](Context& context) {
    if (!context.ready()) return char{0};
    ModuleRecord& module = *module_of(handle);
    if (context.load(module)) return char{1};
    std::fprintf(stderr, "smsim: %s\n", module.load_error.c_str());
    return char{0};
  });
}

}  // extern "C"
