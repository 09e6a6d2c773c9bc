// Probe: one txq/suq query per binary (-DOP=txq|suq -DQUERY=name), to tell
// which queries the driver accepts. ptxas lowers the queries that read the
// descriptor (channel_data_type, channel_order, array_size, normalized_coords,
// num_mipmap_levels, num_samples, filter_mode, addr_mode_N,
// force_unnormalized_coords) through relocations against
// .nv.unified.texrefDescSize / .nv.surfrefDescSize; width/height/depth carry
// none. texture_queries_probe.cu (all queries in one module) saw every launch
// of its module fail with cudaErrorNotSupported on the H100.
// Build and run (device machine; one output file):
//   for q in width channel_data_type ...; do
//     nvcc -arch=sm_90 -cudart shared -DOP=txq -DQUERY=$q descriptor_query_probe.cu -o /tmp/txq_$q; done
//   /tmp/txq_width; ...
#include "../../tests/conformance/common/conformance.cuh"

#define STR2(x) #x
#define STR(x) STR2(x)

__global__ void query(unsigned long long handle, unsigned* out) {
  unsigned r;
  asm volatile(STR(OP) "." STR(QUERY) ".b32 %0, [%1];" : "=r"(r) : "l"(handle));
  *out = r;
}

int main() {
  const cudaChannelFormatDesc c = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a = nullptr;
  CONF_CHECK(cudaMalloc3DArray(&a, &c, make_cudaExtent(19, 7, 0), cudaArraySurfaceLoadStore));
  cudaResourceDesc r{};
  r.resType = cudaResourceTypeArray;
  r.res.array.array = a;
  unsigned long long handle = 0;
  const bool texture = std::strcmp(STR(OP), "txq") == 0;
  if (texture) {
    cudaTextureDesc t{};
    t.filterMode = cudaFilterModeLinear;
    t.addressMode[0] = cudaAddressModeWrap;
    t.addressMode[1] = cudaAddressModeMirror;
    t.addressMode[2] = cudaAddressModeBorder;
    t.normalizedCoords = 1;
    t.readMode = cudaReadModeNormalizedFloat;
    cudaTextureObject_t tex = 0;
    CONF_CHECK(cudaCreateTextureObject(&tex, &r, &t, nullptr));
    handle = tex;
  } else {
    cudaSurfaceObject_t s = 0;
    CONF_CHECK(cudaCreateSurfaceObject(&s, &r));
    handle = s;
  }
  unsigned* out = nullptr;
  CONF_CHECK(cudaMalloc(&out, sizeof(unsigned)));
  CONF_CHECK(cudaMemset(out, 0xff, sizeof(unsigned)));
  query<<<1, 1>>>(handle, out);
  const cudaError_t launch = cudaGetLastError();
  const cudaError_t sync = cudaDeviceSynchronize();
  unsigned value = 0;
  const cudaError_t copy = cudaMemcpy(&value, out, sizeof(value), cudaMemcpyDeviceToHost);
  std::printf("%s.%s launch=%s sync=%s copy=%s value=%08x\n", STR(OP), STR(QUERY),
              cudaGetErrorName(launch), cudaGetErrorName(sync), cudaGetErrorName(copy), value);
  return 0;
}
