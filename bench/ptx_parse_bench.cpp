// PTX front-end throughput: parse + check of one large module, in MB/s.
// SMSIM_BENCH_PTX=path picks a real module (e.g. the largest of the nvcc
// corpus); without it a module of about 24 MB is synthesized in-process from
// instruction mixes nvcc emits.

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iterator>
#include <string>

#include "ptx/frontend.h"
#include "ptx/lexer.h"

namespace {

constexpr int kSynthesizedBlocks = 60000;

std::string synthesize_module() {
  std::string text =
      ".version 9.0\n.target sm_90\n.address_size 64\n\n"
      ".global .align 4 .b8 table[64] = {1, 2, 3, 4, 5, 6, 7, 8};\n\n"
      ".func (.param .b32 func_retval0) helper(.param .b32 helper_param_0)\n{\n"
      "\t.reg .b32 %r<3>;\n\tld.param.b32 %r1, [helper_param_0];\n\tadd.s32 %r2, %r1, 1;\n"
      "\tst.param.b32 [func_retval0], %r2;\n\tret;\n}\n\n"
      ".visible .entry big(\n\t.param .u64 big_param_0,\n\t.param .u32 big_param_1\n)\n"
      ".maxntid 256, 1, 1\n{\n"
      "\t.reg .pred %p<8>;\n\t.reg .b32 %r<64>;\n\t.reg .f32 %f<64>;\n\t.reg .b64 %rd<64>;\n\n"
      "\tld.param.u64 %rd1, [big_param_0];\n\tld.param.u32 %r1, [big_param_1];\n"
      "\tcvta.to.global.u64 %rd2, %rd1;\n\tmov.u32 %r2, %tid.x;\n";
  text.reserve(kSynthesizedBlocks * 420);
  for (int i = 0; i < kSynthesizedBlocks; ++i) {
    text += fmt::format(
        "$L__BB0_{0}:\n"
        "\t.loc\t1 {0} 5\n"
        "\tmad.lo.s32 \t%r3, %r2, {1}, %r1;\n"
        "\tmul.wide.s32 \t%rd3, %r3, 4;\n"
        "\tadd.s64 \t%rd4, %rd2, %rd3;\n"
        "\tld.global.f32 \t%f1, [%rd4+{2}];\n"
        "\tfma.rn.f32 \t%f2, %f1, 0f3F800000, %f3;\n"
        "\tsetp.lt.s32 \t%p1, %r3, %r1;\n"
        "\t@%p1 bra \t$L__BB0_{3};\n"
        "\tst.global.f32 \t[%rd4], %f2;\n"
        "\tshfl.sync.down.b32 \t%r4|%p2, %r3, 16, 31, -1;\n"
        "\t{{ // callseq {0}\n"
        "\t.param .b32 param0;\n\tst.param.b32 \t[param0], %r4;\n\t.param .b32 retval0;\n"
        "\tcall.uni (retval0), helper, (param0);\n\tld.param.b32 \t%r5, [retval0];\n"
        "\t}}\n",
        i, i % 97 + 1, (i % 16) * 4, i + 1);
  }
  text += fmt::format("$L__BB0_{}:\n\tret;\n}}\n", kSynthesizedBlocks);
  return text;
}

const std::string& module_text() {
  static const std::string text = [] {
    if (const char* path = std::getenv("SMSIM_BENCH_PTX")) {
      std::ifstream in(path, std::ios::binary);
      if (in)
        return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::fprintf(stderr, "ptx_parse_bench: cannot read SMSIM_BENCH_PTX=%s; synthesizing\n", path);
    }
    return synthesize_module();
  }();
  return text;
}

void BM_ParseAndCheck(benchmark::State& state) {
  const std::string& text = module_text();
  std::size_t instructions = 0;
  for (auto _ : state) {
    smsim::ptx::Diagnostics diags("bench.ptx", text);
    const smsim::ptx::Module module = smsim::ptx::parse_and_check(text, diags);
    if (diags.has_errors()) {
      state.SkipWithError(diags.format().substr(0, 2000).c_str());
      return;
    }
    instructions = 0;
    for (const auto& f : module.functions) instructions += f.instructions.size();
    benchmark::DoNotOptimize(module);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
  state.counters["module_MB"] = static_cast<double>(text.size()) / 1e6;
  state.counters["instructions"] = static_cast<double>(instructions);
}
BENCHMARK(BM_ParseAndCheck)->Unit(benchmark::kMillisecond)->MinTime(2.0);

void BM_LexOnly(benchmark::State& state) {
  const std::string& text = module_text();
  for (auto _ : state) {
    smsim::ptx::Lexer lexer(text);
    std::size_t tokens = 0;
    while (lexer.next().kind != smsim::ptx::TokenKind::End) ++tokens;
    benchmark::DoNotOptimize(tokens);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * text.size()));
}
BENCHMARK(BM_LexOnly)->Unit(benchmark::kMillisecond)->MinTime(1.0);

}  // namespace

BENCHMARK_MAIN();
