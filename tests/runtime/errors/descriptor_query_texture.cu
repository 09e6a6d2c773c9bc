// A kernel holding a txq that reads the texture descriptor (.channel_order),
// which the driver cannot link: every call that loads that kernel fails, the
// first with cudaErrorSymbolNotFound and later ones with cudaErrorUnknown;
// nothing is sticky and the other kernels of the program run.
// nvcc-flags: -arch=sm_90
#define DESCRIPTOR_QUERY "txq.channel_order.b32"
#include "descriptor_query_case.h"
