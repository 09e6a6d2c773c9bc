#pragma once
// txq/suq queries that read the texture or surface descriptor, which the H100
// cannot run: ptxas lowers every txq query but .width/.height/.depth (and
// txq.level of those), and suq .channel_data_type/.channel_order/.array_size,
// through relocations against .nv.unified.texrefDescSize / .nv.surfrefDescSize
// that the driver does not resolve. A kernel holding one never starts
// (tools/probes/results/h100-2026-11-22/texture_queries.txt and v8_cluster.txt;
// the runtime reproduces which API call fails, docs/runtime.md).

#include <cstdint>
#include <optional>
#include <string>

#include "func/decode/instruction_spec.h"
#include "func/exec/launch_types.h"

namespace smsim::func {

struct DescriptorQuery {
  bool surface = false;  // suq: the whole module fails; txq: only its kernel
  std::string form;      // e.g. "txq.channel_order.b32"
  std::uint32_t ptx_line = 0;
};

// The query `s` makes, when it reads the descriptor.
std::optional<DescriptorQuery> descriptor_query_of(const InstructionSpec& s);

// What the H100 answers the first attempt to run `kernel` holding `q`:
// cudaErrorSymbolNotFound for txq, cudaErrorNotSupported for suq, with a
// diagnostic naming the query and its PTX line.
LaunchError descriptor_query_error(const std::string& kernel, const DescriptorQuery& q);

}  // namespace smsim::func
