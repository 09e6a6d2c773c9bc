// Every sured form of the form catalog (tests/isa/forms/sm_90.forms, from
// tools/forms/async_spellings.sm_90.ptx) runs through the front end, loader
// and engine: one thread reduces a value into one element of a 4 x 2 x 2
// surface, and the expected surface is worked out here from the PTX ISA's
// rules: x counts bytes for sured.b and samples for sured.p; .s32/.s64 (and
// sured.p on a signed-integer surface) compare signed; inside the surface
// only the addressed element changes. Outside, .clamp reduces into the
// nearest edge element, .zero drops the update and .trap fails the launch
// with an illegal address.

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "catalog_forms.h"
#include "engine_harness.h"
#include "module_fixture.h"

namespace smsim::func {
namespace {

using testing::ParamBytes;

struct SuredForm {
  std::string frag, op, geometry, type, clamp;
  std::string spelling() const {
    return "sured." + frag + "." + op + "." + geometry + "." + type + "." + clamp;
  }
  unsigned bytes() const { return type.ends_with("64") ? 8 : 4; }
  int dims() const { return geometry[0] - '0'; }
};

std::vector<SuredForm> catalog_sured_forms() {
  std::vector<SuredForm> out;
  for (const testing::CatalogForm& c : testing::catalog_forms("sured")) {
    SuredForm f;
    f.type = c.type;
    for (const std::string& m : c.modifiers) {
      if (m == "b" || m == "p") f.frag = m;
      else if (m == "1d" || m == "2d" || m == "3d") f.geometry = m;
      else if (m == "trap" || m == "clamp" || m == "zero") f.clamp = m;
      else f.op = m;
    }
    out.push_back(f);
  }
  return out;
}

const std::vector<SuredForm>& forms() {
  static const std::vector<SuredForm> f = catalog_sured_forms();
  return f;
}

// One kernel per form: (surface, x, y, z, value); one thread.
std::string module_text() {
  std::string t = ".version 9.0\n.target sm_90\n.address_size 64\n";
  for (std::size_t i = 0; i < forms().size(); ++i) {
    const SuredForm& f = forms()[i];
    const char* coords = f.dims() == 1 ? "{%r1}" : f.dims() == 2 ? "{%r1, %r2}" : "{%r1, %r2, %r3, %r3}";
    t += ".visible .entry k" + std::to_string(i) +
         "(.param .u64 s, .param .u32 x, .param .u32 y, .param .u32 z, .param .u64 v)\n{\n"
         "  .reg .b32 %r<6>;\n  .reg .b64 %rd<4>;\n"
         "  ld.param.u64 %rd1, [s];\n  ld.param.u32 %r1, [x];\n  ld.param.u32 %r2, [y];\n"
         "  ld.param.u32 %r3, [z];\n  ld.param.u64 %rd2, [v];\n  cvt.u32.u64 %r4, %rd2;\n  " +
         f.spelling() + " [%rd1, " + coords + "], " + (f.bytes() == 8 ? "%rd2" : "%r4") +
         ";\n  ret;\n}\n";
  }
  return t;
}

const std::string& module_source() {
  static const std::string text = module_text();
  return text;
}

constexpr int kWidth = 4, kHeight = 2, kDepth = 2;

// The reduction as the PTX ISA defines it, on `bits`-wide values.
std::uint64_t reduce(const SuredForm& f, std::uint64_t old, std::uint64_t v) {
  const unsigned bits = f.bytes() * 8;
  const std::uint64_t mask = bits == 64 ? ~0ull : (1ull << bits) - 1;
  const bool is_signed = f.frag == "p" || f.type[0] == 's';
  auto signed_of = [&](std::uint64_t x) {
    return bits == 64 ? static_cast<std::int64_t>(x) : std::int64_t{static_cast<std::int32_t>(x)};
  };
  auto less = [&](std::uint64_t a, std::uint64_t b) {
    return is_signed ? signed_of(a) < signed_of(b) : a < b;
  };
  if (f.op == "add") return (old + v) & mask;
  if (f.op == "and") return old & v;
  if (f.op == "or") return old | v;
  if (f.op == "min") return less(v, old) ? v : old;
  if (f.op == "max") return less(old, v) ? v : old;
  ADD_FAILURE() << "no reference for " << f.spelling();
  return old;
}

class SurfaceReduceForms : public testing::ModuleTest {
 protected:
  SurfaceReduceForms() : ModuleTest("surface_reduce_forms", module_source().c_str()) {}

  // A surface of the form's element size, every element `fill`; sured.p's
  // format is a signed integer one so that its min/max compare signed.
  std::uint64_t surface(const SuredForm& f, std::uint64_t fill) {
    const std::size_t elements = std::size_t{kWidth} * kHeight * kDepth;
    std::vector<std::uint8_t> bytes(elements * f.bytes());
    for (std::size_t e = 0; e < elements; ++e) std::memcpy(&bytes[e * f.bytes()], &fill, f.bytes());
    TextureHeader h;
    h.surface = true;
    h.dimensions = static_cast<std::uint8_t>(f.dims());
    h.format = isa::sem::TexelFormat{.channels = static_cast<std::uint8_t>(f.bytes() / 4),
                                     .channel_bytes = 4,
                                     .kind = isa::sem::TexelKind::signed_int};
    base_ = upload(bytes);
    h.base = base_;
    h.width = kWidth;
    h.height = f.dims() >= 2 ? kHeight : 1;
    h.depth = f.dims() == 3 ? kDepth : 1;
    h.row_pitch = std::uint64_t{f.bytes()} * kWidth;
    h.slice_pitch = h.row_pitch * kHeight;
    elements_ = static_cast<std::size_t>(h.width) * h.height * h.depth;
    return device_.create_texture(h);
  }
  std::vector<std::uint64_t> elements(const SuredForm& f) {
    const auto bytes = download<std::uint8_t>(base_, elements_ * f.bytes());
    std::vector<std::uint64_t> out(elements_);
    for (std::size_t e = 0; e < elements_; ++e) std::memcpy(&out[e], &bytes[e * f.bytes()], f.bytes());
    return out;
  }
  LaunchResult run(std::size_t i, std::uint64_t surf, int x, int y, int z, std::uint64_t v) {
    const SuredForm& f = forms()[i];
    const int x_units = f.frag == "b" ? x * static_cast<int>(f.bytes()) : x;
    const ModuleKernel& k = kernel(("k" + std::to_string(i)).c_str());
    for (const std::string& e : k.errors) ADD_FAILURE() << f.spelling() << ": " << e;
    return device_.launch(k, LaunchConfig{.grid = {1}, .block = {1}},
                          ParamBytes().add(surf).add(x_units).add(y).add(z).add(v).span());
  }
  // Element index of (x, y, z) in the form's surface.
  static std::size_t index(const SuredForm& f, int x, int y, int z) {
    const int rows = f.dims() >= 2 ? kHeight : 1;
    return (static_cast<std::size_t>(z) * rows + y) * kWidth + x;
  }

  std::uint64_t base_ = 0;
  std::size_t elements_ = 0;
};

// Old and new values on which signed and unsigned order differ, carries
// wrap and every bit operation changes something.
constexpr std::uint64_t kOld = 0xf0f0fff0f0f0fff0ull, kValue = 0x0ff000100ff00010ull;

TEST_F(SurfaceReduceForms, TheCatalogHoldsEveryForm) {
  // 13 (op, type) pairs of sured.b and 7 of sured.p, per geometry (3) and clamp mode (3).
  EXPECT_EQ(forms().size(), 180u);
}

TEST_F(SurfaceReduceForms, InsideOnlyTheAddressedElementChanges) {
  for (std::size_t i = 0; i < forms().size(); ++i) {
    const SuredForm& f = forms()[i];
    const std::uint64_t mask = f.bytes() == 8 ? ~0ull : 0xffffffffull;
    const std::uint64_t surf = surface(f, kOld & mask);
    const int y = f.dims() >= 2 ? 1 : 0, z = f.dims() == 3 ? 1 : 0;
    const LaunchResult r = run(i, surf, 2, y, z, kValue & mask);
    ASSERT_TRUE(r.ok()) << f.spelling() << ": " << r.error.message;
    const auto got = elements(f);
    for (std::size_t e = 0; e < got.size(); ++e) {
      const std::uint64_t want =
          e == index(f, 2, y, z) ? reduce(f, kOld & mask, kValue & mask) : kOld & mask;
      EXPECT_EQ(got[e], want) << f.spelling() << " element " << e;
    }
  }
}

TEST_F(SurfaceReduceForms, OutsideClampReducesTheEdgeZeroDropsTrapFaults) {
  for (std::size_t i = 0; i < forms().size(); ++i) {
    const SuredForm& f = forms()[i];
    const std::uint64_t mask = f.bytes() == 8 ? ~0ull : 0xffffffffull;
    const std::uint64_t surf = surface(f, kOld & mask);
    const LaunchResult r = run(i, surf, kWidth + 3, 0, 0, kValue & mask);
    if (f.clamp == "trap") {
      EXPECT_FALSE(r.ok()) << f.spelling() << " outside the surface must fault";
      continue;
    }
    ASSERT_TRUE(r.ok()) << f.spelling() << ": " << r.error.message;
    const auto got = elements(f);
    for (std::size_t e = 0; e < got.size(); ++e) {
      const bool edge = f.clamp == "clamp" && e == index(f, kWidth - 1, 0, 0);
      EXPECT_EQ(got[e], edge ? reduce(f, kOld & mask, kValue & mask) : kOld & mask)
          << f.spelling() << " element " << e;
    }
  }
}

}  // namespace
}  // namespace smsim::func
