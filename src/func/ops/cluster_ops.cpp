// mapa: the address of the same shared-memory location in another block of
// the cluster (generic_windows.h encodes the target block's rank in a
// shared::cluster address). getctarank: the rank of the block whose shared
// memory an address names, the inverse. A generic input outside the shared window is
// not a shared-memory address and is returned unchanged. The block's own
// rank maps to its plain shared::cta offset, which is also how a launch
// without clusters (every block a cluster of one) sees it.

#include <fmt/format.h>

#include "func/exec/exec_context.h"
#include "func/memory/generic_windows.h"
#include "func/ops/executor_selection.h"

namespace smsim::func {
namespace {

void map_shared(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t address = read(c, in.src[0], lane);
    const auto rank = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    write(c, in.dst[0], lane,
          rank == c.block.cluster_rank ? address & kClusterOffsetMask
                                       : cluster_shared_address(address, rank));
  });
}

void map_generic(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t address = read(c, in.src[0], lane);
    const auto rank = static_cast<std::uint32_t>(read(c, in.src[1], lane));
    if (!in_shared_window(address)) {
      write(c, in.dst[0], lane, address);
      return;
    }
    const std::uint64_t offset = from_generic(MemorySpace::shared, address);
    write(c, in.dst[0], lane,
          to_generic(MemorySpace::shared, rank == c.block.cluster_rank
                                              ? offset & kClusterOffsetMask
                                              : cluster_shared_address(offset, rank)));
  });
}

// A shared::cluster offset without a rank is the block's own memory (a
// shared::cta address is a valid shared::cluster address).
std::uint32_t rank_of(const ExecContext& c, std::uint64_t offset) {
  return cluster_rank_of(offset, c.block.cluster_rank);
}

void rank_shared(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    write(c, in.dst[0], lane, rank_of(c, read(c, in.src[0], lane)));
  });
}

// A generic address outside the shared window names no block's shared
// memory (undefined in the PTX ISA): the engine answers the block's own rank.
void rank_generic(ExecContext& c, const DecodedInstruction& in, std::uint32_t mask) {
  for_each_lane(mask, [&](unsigned lane) {
    const std::uint64_t address = read(c, in.src[0], lane);
    write(c, in.dst[0], lane,
          in_shared_window(address) ? rank_of(c, from_generic(MemorySpace::shared, address))
                                    : c.block.cluster_rank);
  });
}

// The .u32 generic forms take the low 32 bits of a generic address. The
// shared window starts at a multiple of 4 GiB, so those bits are the
// shared::cluster address, and the H100 answers exactly as the
// .shared::cluster forms do (mapa.u32 of a truncated generic address gives the
// truncated mapa.u64 result; tools/probes/results/h100-2026-11-22/spaces.txt).
bool shared_form(const InstructionSpec& spec, const DecodedInstruction& in) {
  return in.space == MemorySpace::shared ||
         (in.space == MemorySpace::generic && isa::type_bits(spec.type()) == 32);
}

}  // namespace

ExecFn select_cluster(const InstructionSpec& spec, DecodedInstruction& in, std::string& why) {
  if (spec.opcode == isa::Opcode::Getctarank) {
    if (in.dst_count != 1 || in.src_count != 1) {
      why = "getctarank needs a destination and an address";
      return nullptr;
    }
    if (in.space != MemorySpace::shared && in.space != MemorySpace::generic) {
      why = "getctarank takes a .shared::cluster or a generic address";
      return nullptr;
    }
    return shared_form(spec, in) ? &rank_shared : &rank_generic;
  }
  if (in.dst_count != 1 || in.src_count != 2) {
    why = fmt::format("{} needs a destination, an address and a rank",
                      isa::opcode_mnemonic(spec.opcode));
    return nullptr;
  }
  return shared_form(spec, in) ? &map_shared : &map_generic;
}

}  // namespace smsim::func
