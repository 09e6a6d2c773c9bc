/* The answer of every exported CUDA runtime function smsim does not implement
   (see not_supported_stubs.c): says once on stderr which function was called
   and returns cudaErrorNotSupported. Shared by C and C++. */
#pragma once

#ifdef __cplusplus
extern "C" {
#endif

int smsim_not_supported(int index, const char* name);

#ifdef __cplusplus
}
#endif
