// The two halves of CUDA's printf (func/ops/printf_format.h).

#include "func/ops/printf_format.h"

#include <gtest/gtest.h>

#include <bit>
#include <vector>

namespace smsim::func {
namespace {

std::string format(std::string_view f, const std::vector<std::uint64_t>& slots) {
  const auto out = printf_format_record(
      f, slots, [](std::uint64_t) -> std::optional<std::string> { return std::string("text"); });
  EXPECT_TRUE(out.has_value());
  return out ? out->text : std::string();
}

TEST(PrintfFormat, DeviceCopiesFourOrEightBytesPerConversion) {
  using V = std::vector<unsigned>;
  EXPECT_EQ(printf_device_argument_sizes("%d %u %x %c %hd"), (V{4, 4, 4, 4, 4}));
  EXPECT_EQ(printf_device_argument_sizes("%ld %lld %llx %f %e %s %p"), (V{8, 8, 8, 8, 8, 8, 8}));
  EXPECT_EQ(printf_device_argument_sizes("100%% %5.2f %-08d"), (V{8, 4}));
  EXPECT_EQ(printf_device_argument_sizes("%.*f %d"), (V{4}));
}

TEST(PrintfFormat, DeviceCopiesNothingForDoubleH) {
  EXPECT_EQ(printf_device_argument_sizes("%hd %hu %hhd %hhu %c%c%c\n"),
            (std::vector<unsigned>{4, 4, 4, 4, 4}));
}

// The printf_output golden: "short/char: 1234 64302 -46 210 Gsa". Five slots
// were copied; the host's sixth and seventh conversions read the format
// string's bytes 0 and 8.
TEST(PrintfFormat, ArgumentsPastTheCopiedSlotsAreFormatBytes) {
  const char* f = "short/char: %hd %hu %hhd %hhu %c%c%c\n";
  EXPECT_EQ(format(f, {1234, 64302, static_cast<std::uint32_t>(-46), 210, 'G'}),
            "short/char: 1234 64302 -46 210 Gsa\n");
  // Past the string's end the record holds zeros.
  EXPECT_EQ(format("%d%d%d", {7}), "7" + std::to_string(0x64256425) + "0");
}

TEST(PrintfFormat, HostFormatsLikeCuda) {
  EXPECT_EQ(format("int: %d %5d|%-5d|%05d %+d", {static_cast<std::uint32_t>(-3), 42, 42, 42, 42}),
            "int: -3    42|42   |00042 +42");
  EXPECT_EQ(format("%lld %llx", {static_cast<std::uint64_t>(-5), 0xfeedULL}), "-5 feed");
  EXPECT_EQ(format("%.3f %e",
                   {std::bit_cast<std::uint64_t>(3.14159), std::bit_cast<std::uint64_t>(-2.5)}),
            "3.142 -2.500000e+00");
  EXPECT_EQ(format("[%s] [%s]", {0x1000, 0}), "[text] [(null)]");
  EXPECT_EQ(format("loop %d: %.*f", {1, std::bit_cast<std::uint64_t>(3.0)}), "loop 1: %.*f");
}

}  // namespace
}  // namespace smsim::func
