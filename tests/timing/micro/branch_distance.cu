// What a taken forward branch costs one sm_90 warp by the instructions it
// skips, and where ptxas predicates the body instead (docs/timing.md
// "Branches"): the kernels of tools/probes/taken_distance_probe.cu, whose
// H100 runs are this program's golden. Cases, in cycles per step of a
// dependent FFMA chain: `chain` (no branch), `taken_fwd_N` (a taken `@q bra`
// over N FFMAs after each step; N <= 6 are if-converted by ptxas 13).
// Each kernel runs twice, as in the probe; the second launch is printed.
#include "micro.cuh"
#include "taken_distance_kernels.cuh"

template <int N>
void run_case(float* sink, long long* cycles, bool print) {
  taken_kernel<N><<<1, 32>>>(0xffffffffu, 1.0001f, sink, cycles);
  const double per_step = static_cast<double>(micro::read_cycles(cycles)) / 32;
  if (!print) return;
  if (N == 0) {
    micro::print_case("chain", per_step);
  } else {
    micro::print_case("taken_fwd_", N, per_step);
  }
}

int main() {
  micro::run_twice_print_second([](float* sink, long long* cycles, bool print) {
    run_case<0>(sink, cycles, print);
    run_case<2>(sink, cycles, print);
    run_case<3>(sink, cycles, print);
    run_case<4>(sink, cycles, print);
    run_case<6>(sink, cycles, print);
    run_case<8>(sink, cycles, print);
    run_case<10>(sink, cycles, print);
    run_case<12>(sink, cycles, print);
    run_case<16>(sink, cycles, print);
    run_case<20>(sink, cycles, print);
    run_case<24>(sink, cycles, print);
  });
  return 0;
}
