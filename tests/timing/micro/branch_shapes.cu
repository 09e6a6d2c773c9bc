// What branches cost one sm_90 warp (docs/timing.md "Branches"): the branch
// kernels of tools/probes/branch_fence_probe.cu, whose H100 runs are this
// program's golden. Cases, in cycles per step of a dependent FFMA chain (one
// FFMA, or four independent ones for the `4` cases, then the branch):
// `chain`, `nottaken` (@q BRA to a cold block, q false), `taken` (@q BRA
// over 24 FFMAs), `diamond_t` / `diamond_n` (an if/else of 24 FFMAs a side,
// q true or false) against `chain25` (25 FFMAs a step); and `loop_K`, cycles
// per iteration of a loop of K dependent FFMAs. Each kernel runs twice, as in
// the probe; the second launch is printed.
#include "branch_kernels.cuh"
#include "micro.cuh"

template <int kKind>
void branch_case(const char* name, float* sink, long long* cycles, bool print) {
  constexpr int kSteps = 32;
  branch_kernel<kKind><<<1, 32>>>(0xffffffffu, 1.0001f, sink, cycles);
  const long long c = micro::read_cycles(cycles);
  if (print) micro::print_case(name, static_cast<double>(c) / kSteps);
}

template <int K>
void loop_case(float* sink, long long* cycles, bool print) {
  constexpr int kIterations = 64;
  loop_kernel<K><<<1, 32>>>(kIterations, 1.0001f, sink, cycles);
  const long long c = micro::read_cycles(cycles);
  if (print) micro::print_case("loop_", K, static_cast<double>(c) / kIterations);
}

int main() {
  micro::run_twice_print_second([](float* sink, long long* cycles, bool print) {
    branch_case<kChain>("chain", sink, cycles, print);
    branch_case<kNotTaken>("nottaken", sink, cycles, print);
    branch_case<kTaken>("taken", sink, cycles, print);
    branch_case<kChain4>("chain4", sink, cycles, print);
    branch_case<kNotTaken4>("nottaken4", sink, cycles, print);
    branch_case<kTaken4>("taken4", sink, cycles, print);
    branch_case<kDiamondTaken>("diamond_t", sink, cycles, print);
    branch_case<kDiamondNotTaken>("diamond_n", sink, cycles, print);
    branch_case<kChain25>("chain25", sink, cycles, print);
    loop_case<1>(sink, cycles, print);
    loop_case<2>(sink, cycles, print);
    loop_case<4>(sink, cycles, print);
    loop_case<8>(sink, cycles, print);
    loop_case<16>(sink, cycles, print);
    loop_case<32>(sink, cycles, print);
  });
  return 0;
}
