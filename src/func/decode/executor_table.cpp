#include "func/decode/executor_table.h"

#include <array>

namespace smsim::func {
namespace {

using isa::Opcode;

struct Entry {
  Opcode opcode;
  OpcodeExecution execution;
};

// Control-flow instructions are run by the warp loop; a selector is still
// needed for nothing there, so they carry none.
constexpr Entry kEntries[] = {
    {Opcode::Add, {.select = &select_arithmetic}},
    {Opcode::Sub, {.select = &select_arithmetic}},
    {Opcode::Mul, {.select = &select_arithmetic}},
    {Opcode::Mad, {.select = &select_arithmetic}},
    {Opcode::Div, {.select = &select_arithmetic}},
    {Opcode::Min, {.select = &select_arithmetic}},
    {Opcode::Max, {.select = &select_arithmetic}},
    {Opcode::Abs, {.select = &select_arithmetic}},
    {Opcode::Neg, {.select = &select_arithmetic}},
    {Opcode::Rem, {.select = &select_integer}},
    {Opcode::Dp4a, {.select = &select_integer}},
    {Opcode::Dp2a, {.select = &select_integer}},
    {Opcode::Addc, {.select = &select_carry}},
    {Opcode::Subc, {.select = &select_carry}},
    {Opcode::Madc, {.select = &select_carry}},
    {Opcode::Mul24, {.select = &select_integer}},
    {Opcode::Mad24, {.select = &select_integer}},
    {Opcode::Sad, {.select = &select_integer}},
    {Opcode::Popc, {.select = &select_integer}},
    {Opcode::Clz, {.select = &select_integer}},
    {Opcode::Brev, {.select = &select_integer}},
    {Opcode::Bfind, {.select = &select_integer}},
    {Opcode::Bfe, {.select = &select_integer}},
    {Opcode::Bfi, {.select = &select_integer}},
    {Opcode::Fns, {.select = &select_integer}},
    {Opcode::Bmsk, {.select = &select_integer}},
    {Opcode::Szext, {.select = &select_integer}},
    {Opcode::Fma, {.select = &select_float}},
    {Opcode::Sqrt, {.select = &select_float}},
    {Opcode::Rcp, {.select = &select_float}},
    {Opcode::Rsqrt, {.select = &select_float}},
    {Opcode::Sin, {.select = &select_float}},
    {Opcode::Cos, {.select = &select_float}},
    {Opcode::Lg2, {.select = &select_float}},
    {Opcode::Ex2, {.select = &select_float}},
    {Opcode::Tanh, {.select = &select_float}},
    {Opcode::Copysign, {.select = &select_float}},
    {Opcode::Testp, {.select = &select_float}},
    {Opcode::And, {.select = &select_logic}},
    {Opcode::Or, {.select = &select_logic}},
    {Opcode::Xor, {.select = &select_logic}},
    {Opcode::Not, {.select = &select_logic}},
    {Opcode::Cnot, {.select = &select_logic}},
    {Opcode::Lop3, {.select = &select_logic}},
    {Opcode::Shl, {.select = &select_logic}},
    {Opcode::Shr, {.select = &select_logic}},
    {Opcode::Shf, {.select = &select_logic}},
    {Opcode::Prmt, {.select = &select_logic}},
    {Opcode::Setp, {.select = &select_compare}},
    {Opcode::Set, {.select = &select_compare}},
    {Opcode::Selp, {.select = &select_compare}},
    {Opcode::Slct, {.select = &select_compare}},
    {Opcode::Cvt, {.select = &select_convert}},
    {Opcode::Mov, {.select = &select_move}},
    {Opcode::Cvta, {.select = &select_move}},
    {Opcode::Isspacep, {.select = &select_move}},
    {Opcode::Ld, {.select = &select_memory}},
    {Opcode::Ldu, {.select = &select_memory}},
    {Opcode::St, {.select = &select_memory}},
    {Opcode::Atom, {.select = &select_atomic}},
    {Opcode::Red, {.select = &select_atomic}},
    {Opcode::Vote, {.control = Control::warp_sync, .select = &select_warp}},
    {Opcode::Shfl, {.control = Control::warp_sync, .select = &select_warp}},
    {Opcode::Activemask, {.select = &select_warp}},
    {Opcode::Redux, {.control = Control::warp_sync, .select = &select_warp}},
    {Opcode::Match, {.control = Control::warp_sync, .select = &select_warp}},
    {Opcode::Elect, {.control = Control::warp_sync, .select = &select_warp}},
    {Opcode::Membar, {.select = &select_no_effect}},
    {Opcode::Fence, {.select = &select_no_effect}},
    {Opcode::Prefetch, {.select = &select_no_effect}},
    {Opcode::Prefetchu, {.select = &select_no_effect}},
    {Opcode::BarWarpSync, {.control = Control::warp_sync, .select = &select_no_effect}},
    {Opcode::Nanosleep, {.select = &select_no_effect}},
    {Opcode::Pmevent, {.select = &select_no_effect}},
    {Opcode::Vadd, {.select = &select_video}},
    {Opcode::Vsub, {.select = &select_video}},
    {Opcode::Vabsdiff, {.select = &select_video}},
    {Opcode::Vmin, {.select = &select_video}},
    {Opcode::Vmax, {.select = &select_video}},
    {Opcode::Vshl, {.select = &select_video}},
    {Opcode::Vshr, {.select = &select_video}},
    {Opcode::Vmad, {.select = &select_video}},
    {Opcode::Vset, {.select = &select_video}},
    {Opcode::Vadd2, {.select = &select_video}},
    {Opcode::Vsub2, {.select = &select_video}},
    {Opcode::Vavrg2, {.select = &select_video}},
    {Opcode::Vabsdiff2, {.select = &select_video}},
    {Opcode::Vmin2, {.select = &select_video}},
    {Opcode::Vmax2, {.select = &select_video}},
    {Opcode::Vset2, {.select = &select_video}},
    {Opcode::Vadd4, {.select = &select_video}},
    {Opcode::Vsub4, {.select = &select_video}},
    {Opcode::Vavrg4, {.select = &select_video}},
    {Opcode::Vabsdiff4, {.select = &select_video}},
    {Opcode::Vmin4, {.select = &select_video}},
    {Opcode::Vmax4, {.select = &select_video}},
    {Opcode::Vset4, {.select = &select_video}},
    {Opcode::CpAsync, {.select = &select_async_copy}},
    {Opcode::CpAsyncCommitGroup, {.select = &select_async_copy}},
    {Opcode::CpAsyncWaitGroup, {.select = &select_async_copy}},
    {Opcode::CpAsyncWaitAll, {.select = &select_async_copy}},
    {Opcode::CpAsyncBulk, {.select = &select_async_copy}},
    {Opcode::CpAsyncBulkCommitGroup, {.select = &select_async_copy}},
    {Opcode::CpAsyncBulkWaitGroup, {.select = &select_async_copy}},
    {Opcode::CpAsyncMbarrierArrive, {.select = &select_mbarrier}},
    {Opcode::MbarrierInit, {.select = &select_mbarrier}},
    {Opcode::MbarrierArrive, {.select = &select_mbarrier}},
    {Opcode::MbarrierArriveDrop, {.select = &select_mbarrier}},
    {Opcode::MbarrierTestWait, {.select = &select_mbarrier}},
    {Opcode::MbarrierTryWait, {.select = &select_mbarrier}},
    {Opcode::MbarrierPendingCount, {.select = &select_mbarrier}},
    {Opcode::MbarrierExpectTx, {.select = &select_mbarrier}},
    {Opcode::MbarrierCompleteTx, {.select = &select_mbarrier}},
    {Opcode::MbarrierInval, {.select = &select_mbarrier}},
    {Opcode::Mapa, {.select = &select_cluster}},
    {Opcode::Mma, {.select = &select_mma}},
    {Opcode::WmmaMma, {.select = &select_mma}},
    {Opcode::WmmaLoad, {.select = &select_wmma_memory}},
    {Opcode::WmmaStore, {.select = &select_wmma_memory}},
    {Opcode::Call, {.select = &select_builtin}},
    {Opcode::Tex, {.select = &select_texture}},
    {Opcode::Tld4, {.select = &select_texture}},
    {Opcode::Txq, {.select = &select_texture}},
    {Opcode::Suq, {.select = &select_texture}},
    {Opcode::Suld, {.select = &select_surface}},
    {Opcode::Sust, {.select = &select_surface}},
    {Opcode::Bra, {.control = Control::branch}},
    {Opcode::BrxIdx, {.control = Control::branch_indexed}},
    {Opcode::Exit, {.control = Control::exit}},
    {Opcode::Ret, {.control = Control::exit}},
    {Opcode::Trap, {.control = Control::trap}},
    {Opcode::Brkpt, {.control = Control::breakpoint}},
    {Opcode::Bar, {.control = Control::barrier}},
    {Opcode::Barrier, {.control = Control::barrier}},
    {Opcode::BarrierCluster, {.control = Control::barrier}},
};

constexpr std::array<OpcodeExecution, isa::kOpcodeCount> build() {
  std::array<OpcodeExecution, isa::kOpcodeCount> table{};
  for (const Entry& e : kEntries) table[static_cast<std::size_t>(e.opcode)] = e.execution;
  return table;
}

constexpr auto kTable = build();

}  // namespace

const OpcodeExecution& opcode_execution(isa::Opcode op) {
  return kTable[static_cast<std::size_t>(op)];
}

}  // namespace smsim::func
