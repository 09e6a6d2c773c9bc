#pragma once
// PTX text of the replay kernels of tests/func/ops: each lane loads its own
// words of a recorded case and stores its results, as the probes' kernels do.

#include <string>

namespace smsim::func::testing {

// "{%p0, %p1, ...}" for registers first..first+count-1 of prefix p.
inline std::string reg_list(const char* prefix, unsigned first, unsigned count) {
  std::string s = "{";
  for (unsigned i = 0; i < count; ++i) {
    s += (i ? ", %" : "%") + std::string(prefix) + std::to_string(first + i);
  }
  return s + "}";
}

// Lane %r1's `count` words of the buffer `param` points to, loaded (op "ld")
// into or stored (op "st") from registers `prefix`first.. on.
inline std::string lane_words(const char* op, const char* prefix, unsigned first, unsigned count,
                              const std::string& param) {
  std::string s = "  ld.param.u64 %rd1, [" + param + "];\n  mul.wide.u32 %rd2, %r1, " +
                  std::to_string(4 * count) + ";\n  add.u64 %rd3, %rd1, %rd2;\n";
  for (unsigned i = 0; i < count; ++i) {
    const std::string reg = "%" + std::string(prefix) + std::to_string(first + i);
    const std::string addr = "[%rd3+" + std::to_string(4 * i) + "]";
    s += std::string("  ") + op + ".global.b32 " +
         (op[0] == 'l' ? reg + ", " + addr : addr + ", " + reg) + ";\n";
  }
  return s;
}

// An sm_90 module of one replay kernel per form.
template <class Forms, class KernelText>
std::string replay_module(const Forms& forms, KernelText kernel_text) {
  std::string t = ".version 9.0\n.target sm_90\n.address_size 64\n";
  for (const auto& f : forms) t += kernel_text(f);
  return t;
}

}  // namespace smsim::func::testing
