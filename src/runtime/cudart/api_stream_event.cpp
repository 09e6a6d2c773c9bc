// Streams and events. Every operation runs to completion when it is issued;
// the device timeline (runtime/device_timeline.h) places it in simulated
// time per stream, and events record and synchronize on that timeline.
// Handles are checked: an unknown or destroyed one is
// cudaErrorInvalidResourceHandle (the real runtime crashes inside the driver
// instead, see docs/runtime.md).

#include <cuda_runtime_api.h>

#include <new>

#include "runtime/cudart/api_guard.h"
#include "runtime/cudart/graph_records.h"
#include "runtime/cudart/stream_key.h"

using smsim::cudart::api_call;
using smsim::cudart::Context;
using smsim::cudart::stream_key;

namespace {

// Handles are addresses of these; their contents are never read.
struct StreamHandle {
  unsigned flags = 0;
  int priority = 0;
};
struct EventHandle {
  unsigned flags = 0;
};

bool valid_stream(Context& context, cudaStream_t stream) {
  return stream == nullptr || stream == cudaStreamLegacy || stream == cudaStreamPerThread ||
         context.streams().contains(stream);
}

smsim::runtime::EventRecord* find_event(Context& context, cudaEvent_t event) {
  const auto it = context.events().find(event);
  return it == context.events().end() ? nullptr : &it->second;
}

cudaError_t create_stream(Context& context, cudaStream_t* stream, unsigned flags, int priority) {
  if (stream == nullptr) return cudaErrorInvalidValue;
  auto* handle = new (std::nothrow) StreamHandle{flags, priority};
  if (handle == nullptr) return cudaErrorMemoryAllocation;
  *stream = reinterpret_cast<cudaStream_t>(handle);
  context.streams().insert(*stream);
  context.timeline().add_stream(*stream, (flags & cudaStreamNonBlocking) == 0);
  return cudaSuccess;
}

}  // namespace

extern "C" {

cudaError_t cudaStreamCreate(cudaStream_t* stream) {
  return api_call([&](Context& context) { return create_stream(context, stream, 0, 0); });
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t* stream, unsigned int flags) {
  return api_call([&](Context& context) { return create_stream(context, stream, flags, 0); });
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t* stream, unsigned int flags, int priority) {
  return api_call(
      [&](Context& context) { return create_stream(context, stream, flags, priority); });
}

cudaError_t cudaStreamDestroy(cudaStream_t stream) {
  return api_call([&](Context& context) {
    if (stream == nullptr || !context.streams().erase(stream))
      return cudaErrorInvalidResourceHandle;
    context.timeline().remove_stream(stream);
    delete reinterpret_cast<StreamHandle*>(stream);
    return cudaSuccess;
  });
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    context.timeline().host_waits(context.timeline().stream_done(stream_key(stream)));
    return cudaSuccess;
  });
}

cudaError_t cudaStreamQuery(cudaStream_t stream) {
  return api_call([&](Context& context) {
    return valid_stream(context, stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaStreamGetFlags(cudaStream_t stream, unsigned int* flags) {
  return api_call([&](Context& context) {
    if (flags == nullptr) return cudaErrorInvalidValue;
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    *flags =
        context.streams().contains(stream) ? reinterpret_cast<StreamHandle*>(stream)->flags : 0;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamGetPriority(cudaStream_t stream, int* priority) {
  return api_call([&](Context& context) {
    if (priority == nullptr) return cudaErrorInvalidValue;
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    *priority =
        context.streams().contains(stream) ? reinterpret_cast<StreamHandle*>(stream)->priority : 0;
    return cudaSuccess;
  });
}

cudaError_t cudaDeviceGetStreamPriorityRange(int* least, int* greatest) {
  return api_call([&](Context&) {
    // The range CUDA reports for GPUs since Volta: 0 (least) to -5 (greatest).
    constexpr int kGreatestPriority = -5;
    if (least != nullptr) *least = 0;
    if (greatest != nullptr) *greatest = kGreatestPriority;
    return cudaSuccess;
  });
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event, unsigned int /*flags*/) {
  return api_call([&](Context& context) {
    const auto* record = find_event(context, event);
    if (!valid_stream(context, stream) || record == nullptr) {
      return cudaErrorInvalidResourceHandle;
    }
    if (record->recorded) context.timeline().wait(stream_key(stream), record->time_ns);
    return cudaSuccess;
  });
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void* user_data) {
  bool captured = false;
  const cudaError_t e = api_call([&](Context& context) {
    if (fn == nullptr) return cudaErrorInvalidValue;
    if (!valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    CUgraphNode_st node;
    node.type = cudaGraphNodeTypeHost;
    node.host = cudaHostNodeParams{.fn = fn, .userData = user_data};
    captured = smsim::cudart::capture(stream, std::move(node));
    return cudaSuccess;
  });
  // Outside the lock: the callback may not call CUDA, but may take its time.
  if (e == cudaSuccess && !captured) fn(user_data);
  return e;
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream, cudaStreamCallback_t callback,
                                  void* user_data, unsigned int flags) {
  const cudaError_t e = api_call([&](Context& context) {
    if (callback == nullptr || flags != 0) return cudaErrorInvalidValue;
    return valid_stream(context, stream) ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
  if (e == cudaSuccess) callback(stream, cudaSuccess, user_data);
  return e;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t* event, unsigned int flags) {
  return api_call([&](Context& context) {
    if (event == nullptr) return cudaErrorInvalidValue;
    auto* handle = new (std::nothrow) EventHandle{flags};
    if (handle == nullptr) return cudaErrorMemoryAllocation;
    *event = reinterpret_cast<cudaEvent_t>(handle);
    context.events()[*event] = {.recorded = false, .timing = (flags & cudaEventDisableTiming) == 0};
    return cudaSuccess;
  });
}

cudaError_t cudaEventCreate(cudaEvent_t* event) {
  return cudaEventCreateWithFlags(event, 0);
}

cudaError_t cudaEventDestroy(cudaEvent_t event) {
  return api_call([&](Context& context) {
    if (!context.events().erase(event)) return cudaErrorInvalidResourceHandle;
    delete reinterpret_cast<EventHandle*>(event);
    return cudaSuccess;
  });
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream) {
  return api_call([&](Context& context) {
    auto* record = find_event(context, event);
    if (record == nullptr || !valid_stream(context, stream)) return cudaErrorInvalidResourceHandle;
    record->recorded = true;
    record->time_ns = context.timeline().record(stream_key(stream));
    return cudaSuccess;
  });
}

cudaError_t cudaEventRecordWithFlags(cudaEvent_t event, cudaStream_t stream,
                                     unsigned int /*flags*/) {
  return cudaEventRecord(event, stream);
}

cudaError_t cudaEventQuery(cudaEvent_t event) {
  return api_call([&](Context& context) {
    return find_event(context, event) != nullptr ? cudaSuccess : cudaErrorInvalidResourceHandle;
  });
}

cudaError_t cudaEventSynchronize(cudaEvent_t event) {
  return smsim::cudart::api_sync_call([&](Context& context) {
    const auto* record = find_event(context, event);
    if (record == nullptr) return cudaErrorInvalidResourceHandle;
    if (record->recorded) context.timeline().host_waits(record->time_ns);
    return cudaSuccess;
  });
}

cudaError_t cudaEventElapsedTime(float* ms, cudaEvent_t start, cudaEvent_t end) {
  return api_call([&](Context& context) {
    if (ms == nullptr) return cudaErrorInvalidValue;
    const auto* a = find_event(context, start);
    const auto* b = find_event(context, end);
    // Measured: unrecorded or non-timing events are invalid handles here.
    if (a == nullptr || b == nullptr || !a->recorded || !b->recorded || !a->timing || !b->timing) {
      return cudaErrorInvalidResourceHandle;
    }
    constexpr double kNanosecondsPerMillisecond = 1e6;
    *ms = static_cast<float>((b->time_ns - a->time_ns) / kNanosecondsPerMillisecond);
    return cudaSuccess;
  });
}

}  // extern "C"
