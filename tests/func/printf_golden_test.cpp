// The conformance program printf_output's kernels (nvcc's PTX in
// kernels/printf_output.ptx) against the output recorded on an H100
// (tests/conformance/golden/h100/printf_output.out), launched as its main()
// launches them.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <sstream>

#include "func/device.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

std::string read(const std::string& path) {
  std::ifstream in(path);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

class ParamBuilder {
 public:
  template <typename T>
  ParamBuilder& add(T v) {
    const std::size_t at = (bytes.size() + sizeof(T) - 1) / sizeof(T) * sizeof(T);
    bytes.resize(at + sizeof(T));
    std::memcpy(bytes.data() + at, &v, sizeof(T));
    return *this;
  }
  std::vector<std::byte> bytes;
};

TEST(PrintfGolden, MatchesTheH100) {
  const std::string dir = std::string(SMSIM_SOURCE_DIR);
  const std::string source = read(dir + "/tests/func/kernels/printf_output.ptx");
  ptx::Diagnostics diags("printf_output.ptx", source);
  const ptx::Module module = ptx::parse_and_check(source, diags);
  ASSERT_FALSE(diags.has_errors()) << diags.format();
  Device device(LaunchOptions{}, std::uint64_t{1} << 30);
  const LoadedModule loaded = device.load(module);
  const ModuleKernel* printf_kernel = loaded.find_kernel("_Z13printf_kernelifdxPKc");
  const ModuleKernel* per_block = loaded.find_kernel("_Z16per_block_kerneli");
  ASSERT_TRUE(printf_kernel && printf_kernel->kernel);
  ASSERT_TRUE(per_block && per_block->kernel);
  const char text[] = "smsim";
  const std::uint64_t device_text = device.allocate(sizeof text);
  device.copy_to_device(device_text, text, sizeof text);

  std::string output = "PROGRAM printf_output\n";
  auto launch = [&](const ModuleKernel& k, Dim3 block, const ParamBuilder& p) {
    const LaunchResult r = device.launch(k, {.block = block}, p.bytes);
    EXPECT_TRUE(r.ok()) << r.error.message;
    output += r.printf_output;
  };
  launch(*printf_kernel, {1},
         ParamBuilder()
             .add(1234)
             .add(3.14159f)
             .add(-2.718281828459045)
             .add(-1234567890123LL)
             .add(device_text));
  launch(*printf_kernel, {1},
         ParamBuilder()
             .add(-7)
             .add(-0.0f)
             .add(6.02214076e23)
             .add(0x7fffffffffffffffLL)
             .add(device_text));
  for (int b = 0; b < 3; ++b) launch(*per_block, {64}, ParamBuilder().add(b));
  output += "END printf_output\n";

  std::istringstream expected(read(dir + "/tests/conformance/golden/h100/printf_output.out"));
  std::istringstream actual(output);
  std::string want, got;
  int line = 0;
  while (std::getline(expected, want)) {
    ++line;
    ASSERT_TRUE(std::getline(actual, got)) << "missing line " << line << ": " << want;
    EXPECT_EQ(got, want) << "line " << line;
  }
  EXPECT_FALSE(std::getline(actual, got)) << "extra output: " << got;
}

}  // namespace
}  // namespace smsim::func
