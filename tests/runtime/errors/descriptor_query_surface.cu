// A kernel holding a suq that reads the surface descriptor (.channel_data_type),
// which the driver cannot link: every call that loads any kernel of the
// program (its translation unit) fails with cudaErrorNotSupported, the
// innocent kernel of report.h too; nothing is sticky.
// nvcc-flags: -arch=sm_90
#define DESCRIPTOR_QUERY "suq.channel_data_type.b32"
#include "descriptor_query_case.h"
