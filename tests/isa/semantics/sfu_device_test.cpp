// Approximate SFU instructions against the H100: rcp/rsqrt/ex2/lg2/sin/cos/
// sqrt/tanh.approx.f32 must match bit for bit on every probe input (measured
// tables), and a malformed tanh table is refused, not read past.
#include <gtest/gtest.h>

#include <unistd.h>
#include <zstd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <tuple>
#include <vector>

#include "device_golden.h"
#include "isa/semantics/sfu_approx.h"
#include "measured_tables.h"
#include "probe_inputs.h"

namespace smsim::isa::sem {
namespace {

const SfuTables& tables() {
  return testing::sfu_tables();
}

const MufuTables& mufu() {
  return testing::mufu_tables();
}

uint32_t w(uint64_t x) {
  return static_cast<uint32_t>(x);
}

TEST(SfuOnDevice, RcpAndRsqrtAreBitExact) {
  for (bool ftz : {false, true}) {
    const std::string f = ftz ? ".ftz" : "";
    EXPECT_MATCHES_DEVICE("rcp.approx" + f + ".f32", [ftz](uint64_t a, uint64_t, uint64_t) {
      return rcp_approx_f32(tables(), w(a), ftz);
    });
    EXPECT_MATCHES_DEVICE("rsqrt.approx" + f + ".f32", [ftz](uint64_t a, uint64_t, uint64_t) {
      return rsqrt_approx_f32(tables(), w(a), ftz);
    });
  }
}

TEST(SfuOnDevice, DivApproxAndFullAreBitExact) {
  for (bool ftz : {false, true}) {
    const std::string f = ftz ? ".ftz" : "";
    EXPECT_MATCHES_DEVICE("div.approx" + f + ".f32", [ftz](uint64_t a, uint64_t b, uint64_t) {
      return div_approx_f32(tables(), w(a), w(b), ftz);
    });
    EXPECT_MATCHES_DEVICE("div.full" + f + ".f32", [ftz](uint64_t a, uint64_t b, uint64_t) {
      return div_full_f32(tables(), w(a), w(b), ftz);
    });
  }
}

TEST(SfuOnDevice, RcpAndRsqrtApproxF64AreBitExact) {
  EXPECT_MATCHES_DEVICE("rcp.approx.ftz.f64", [](uint64_t a, uint64_t, uint64_t) {
    return rcp_approx_ftz_f64(tables(), a);
  });
  EXPECT_MATCHES_DEVICE("rsqrt.approx.ftz.f64", [](uint64_t a, uint64_t, uint64_t) {
    return rsqrt_approx_ftz_f64(tables(), a);
  });
  // Without .ftz: the ftz estimate refined by ptxas's f64 step and slow path;
  // the device's results are not all correctly rounded (one is 0.5012 ulp off).
  EXPECT_MATCHES_DEVICE("rsqrt.approx.f64", [](uint64_t a, uint64_t, uint64_t) {
    return rsqrt_approx_f64(tables(), a);
  });
}

// The scalar tables are the device's own results (this checks the loader);
// the packed x2 forms check that each half behaves like the scalar form.
TEST(SfuOnDevice, HalfPrecisionTablesAndPackedForms) {
  for (HalfType t : {HalfType::f16, HalfType::bf16}) {
    const std::string ex2 = t == HalfType::f16 ? "ex2.approx.f16" : "ex2.approx.ftz.bf16";
    const std::string tanh = t == HalfType::f16 ? "tanh.approx.f16" : "tanh.approx.bf16";
    EXPECT_MATCHES_DEVICE(ex2, [t](uint64_t a, uint64_t, uint64_t) {
      return ex2_approx_half(tables(), t, static_cast<uint16_t>(a));
    });
    EXPECT_MATCHES_DEVICE(tanh, [t](uint64_t a, uint64_t, uint64_t) {
      return tanh_approx_half(tables(), t, static_cast<uint16_t>(a));
    });
    EXPECT_MATCHES_DEVICE(ex2 + "x2", [t](uint64_t a, uint64_t, uint64_t) {
      return on_halves(w(a), 0, 0, [t](uint16_t x, uint16_t, uint16_t) {
        return ex2_approx_half(tables(), t, x);
      });
    });
    EXPECT_MATCHES_DEVICE(tanh + "x2", [t](uint64_t a, uint64_t, uint64_t) {
      return on_halves(w(a), 0, 0, [t](uint16_t x, uint16_t, uint16_t) {
        return tanh_approx_half(tables(), t, x);
      });
    });
  }
}

TEST(SfuTables, MissingDirectoryIsADiagnosticNotACrash) {
  std::string error;
  EXPECT_FALSE(SfuTables::load("/nonexistent-smsim-dir", error).has_value());
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;
}

// Every probe input (specials, edge cases and random operands) of the f32
// MUFU functions, .ftz and not.
TEST(SfuOnDevice, MufuF32IsBitExact) {
  for (bool ftz : {false, true}) {
    const std::string f = ftz ? ".ftz" : "";
    EXPECT_MATCHES_DEVICE("ex2.approx" + f + ".f32", [ftz](uint64_t a, uint64_t, uint64_t) {
      return ex2_approx_f32(mufu(), w(a), ftz);
    });
    EXPECT_MATCHES_DEVICE("sqrt.approx" + f + ".f32", [ftz](uint64_t a, uint64_t, uint64_t) {
      return sqrt_approx_f32(mufu(), w(a), ftz);
    });
  }
  for (bool ftz : {false, true}) {
    const std::string f = ftz ? ".ftz" : "";
    EXPECT_MATCHES_DEVICE("lg2.approx" + f + ".f32", [ftz](uint64_t a, uint64_t, uint64_t) {
      return lg2_approx_f32(mufu(), w(a), ftz);
    });
  }
  EXPECT_MATCHES_DEVICE("sin.approx.f32",
                        [](uint64_t a, uint64_t, uint64_t) { return sin_approx_f32(mufu(), w(a)); });
  EXPECT_MATCHES_DEVICE("sin.approx.ftz.f32",
                        [](uint64_t a, uint64_t, uint64_t) { return sin_approx_f32(mufu(), w(a)); });
  EXPECT_MATCHES_DEVICE("cos.approx.f32",
                        [](uint64_t a, uint64_t, uint64_t) { return cos_approx_f32(mufu(), w(a)); });
  EXPECT_MATCHES_DEVICE("cos.approx.ftz.f32",
                        [](uint64_t a, uint64_t, uint64_t) { return cos_approx_f32(mufu(), w(a)); });
}

TEST(SfuOnDevice, TanhIsBitExact) {
  EXPECT_MATCHES_DEVICE("tanh.approx.f32",
                        [](uint64_t a, uint64_t, uint64_t) { return tanh_approx_f32(mufu(), w(a)); });
}

// Writes `words` as a zstd frame into a fresh folder and loads its tanh table.
bool load_tanh_words(const std::vector<uint32_t>& words, std::string& error) {
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("smsim-tanh-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::vector<char> packed(ZSTD_compressBound(words.size() * 4));
  const size_t size = ZSTD_compress(packed.data(), packed.size(), words.data(), words.size() * 4, 1);
  std::ofstream((dir / "tanh_approx_f32.d2.zst").string(), std::ios::binary)
      .write(packed.data(), static_cast<std::streamsize>(size));
  const MufuTables tables(dir.string());
  const bool loaded = tables.load(MufuTable::tanh, error);
  std::filesystem::remove_all(dir);
  return loaded;
}

TEST(MufuTables, MalformedTanhTableIsRefused) {
  std::string error;
  EXPECT_FALSE(load_tanh_words({120, 1, 5, 0}, error));  // not the file's size
  EXPECT_NE(error.find("expected a zstd frame"), std::string::npos) << error;
  const uint32_t n = MufuTables::kTanhWords;
  std::vector<uint32_t> words(n);
  // One block of M = 22 (2^22 + 2 words), then a header at word 2^22 + 2.
  words[0] = 120;
  words[1] = 22;
  const uint32_t next = (1u << 22) + 2;
  for (const auto& [at, field, m] : {std::tuple{0u, 255u, 1u},  // the infinity/NaN field
                                     std::tuple{0u, 120u, 24u},  // M above 23
                                     std::tuple{next, 122u, 1u},  // binades not consecutive
                                     std::tuple{next, 121u, 23u}}) {  // block past the end
    std::vector<uint32_t> bad = words;
    bad[at] = field;
    bad[at + 1] = m;
    error.clear();
    EXPECT_FALSE(load_tanh_words(bad, error)) << at << " " << field << " " << m;
    EXPECT_NE(error.find("malformed tanh table"), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace smsim::isa::sem
