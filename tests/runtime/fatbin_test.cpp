// The fatbinary reader on hand-built images: raw, zstd and LZ4 PTX entries,
// ELF entries, wrapper versions, corrupt headers.

#include "runtime/fatbin.h"

#include <gtest/gtest.h>
#include <lz4.h>
#include <zstd.h>

#include <cstring>
#include <string>
#include <vector>

#include "runtime/fatbin_layout.h"
#include "runtime/ptx_selection.h"

namespace smsim::runtime {
namespace {

constexpr std::uint64_t kFlags64BitLinux = 0x11;
constexpr std::uint16_t kEntryMarker = 0x0101;

struct EntrySpec {
  FatbinEntryKind kind = FatbinEntryKind::ptx;
  std::uint32_t sm = 90;
  std::string text;
  std::uint64_t compression = 0;  // layout::kFlagZstd, layout::kFlagLz4 or 0
};

std::string compress(const std::string& text, std::uint64_t how) {
  std::string out;
  if (how == layout::kFlagZstd) {
    out.resize(ZSTD_compressBound(text.size()));
    out.resize(ZSTD_compress(out.data(), out.size(), text.data(), text.size(), 3));
  } else {
    out.resize(static_cast<std::size_t>(LZ4_compressBound(static_cast<int>(text.size()))));
    out.resize(static_cast<std::size_t>(LZ4_compress_default(
        text.data(), out.data(), static_cast<int>(text.size()), static_cast<int>(out.size()))));
  }
  return out;
}

std::vector<unsigned char> build_fatbin(const std::vector<EntrySpec>& specs) {
  std::vector<unsigned char> entries;
  for (const EntrySpec& s : specs) {
    const std::string payload = s.compression != 0 ? compress(s.text, s.compression) : s.text;
    const std::size_t padded = (payload.size() + 7) / 8 * 8;
    layout::EntryHeader h{};
    h.kind = static_cast<std::uint16_t>(s.kind);
    h.unknown_0101 = kEntryMarker;
    h.header_size = sizeof h;
    h.payload_size = padded;
    h.compressed_size = s.compression != 0 ? static_cast<std::uint32_t>(payload.size()) : 0;
    h.sm = s.sm;
    h.flags = kFlags64BitLinux | s.compression;
    h.uncompressed_size = s.compression != 0 ? s.text.size() : 0;
    const auto* hb = reinterpret_cast<const unsigned char*>(&h);
    entries.insert(entries.end(), hb, hb + sizeof h);
    entries.insert(entries.end(), payload.begin(), payload.end());
    entries.resize(entries.size() + padded - payload.size(), 0);
  }
  layout::FatbinHeader fh{kFatbinMagic, 1, sizeof(layout::FatbinHeader), entries.size()};
  std::vector<unsigned char> image(sizeof fh + entries.size());
  std::memcpy(image.data(), &fh, sizeof fh);
  std::memcpy(image.data() + sizeof fh, entries.data(), entries.size());
  return image;
}

const std::string kPtx = ".version 9.0\n.target sm_75\n.address_size 64\n";

TEST(Fatbin, ReadsRawZstdAndLz4PtxEntries) {
  for (std::uint64_t how : {std::uint64_t{0}, layout::kFlagZstd, layout::kFlagLz4}) {
    const auto image = build_fatbin({{.sm = 75, .text = kPtx + std::string(3, '\0'), .compression = how}});
    std::string error;
    const Fatbin f = read_fatbin(image.data(), error);
    ASSERT_TRUE(error.empty()) << error;
    ASSERT_EQ(f.entries.size(), 1u);
    EXPECT_EQ(f.entries[0].payload, kPtx) << "compression flag " << how;
    EXPECT_EQ(f.entries[0].sm, 75u);
  }
}

TEST(Fatbin, RejectsABadMagic) {
  auto image = build_fatbin({{.text = kPtx}});
  image[0] ^= 0xFF;
  std::string error;
  read_fatbin(image.data(), error);
  EXPECT_NE(error.find("magic"), std::string::npos);
}

TEST(Fatbin, RejectsAnEntryLargerThanTheImage) {
  auto image = build_fatbin({{.text = kPtx}});
  layout::EntryHeader h;
  std::memcpy(&h, image.data() + sizeof(layout::FatbinHeader), sizeof h);
  h.payload_size = 1 << 20;
  std::memcpy(image.data() + sizeof(layout::FatbinHeader), &h, sizeof h);
  std::string error;
  read_fatbin(image.data(), error);
  EXPECT_NE(error.find("corrupt"), std::string::npos);
}

TEST(Fatbin, ReportsACorruptCompressedPayload) {
  auto image = build_fatbin({{.text = kPtx, .compression = layout::kFlagZstd}});
  image[sizeof(layout::FatbinHeader) + sizeof(layout::EntryHeader)] ^= 0xFF;
  std::string error;
  read_fatbin(image.data(), error);
  EXPECT_NE(error.find("zstd"), std::string::npos);
}

TEST(Fatbin, WrapperVersionOnePointsAtOneImage) {
  const auto image = build_fatbin({{.text = kPtx}});
  layout::Wrapper w{kFatbinWrapperMagic, 1, reinterpret_cast<std::uint64_t>(image.data()), 0};
  const FatbinImages images = read_fatbin_wrapper(&w);
  ASSERT_TRUE(images.error.empty()) << images.error;
  EXPECT_EQ(images.images.size(), 1u);
}

TEST(Fatbin, WrapperVersionTwoListsOneImagePerTranslationUnit) {
  const auto a = build_fatbin({{.text = kPtx}});
  const auto b = build_fatbin({{.text = kPtx}});
  const void* list[] = {a.data(), b.data(), nullptr};
  layout::Wrapper w{kFatbinWrapperMagic, 2, reinterpret_cast<std::uint64_t>(a.data()),
                    reinterpret_cast<std::uint64_t>(list)};
  const FatbinImages images = read_fatbin_wrapper(&w);
  ASSERT_TRUE(images.error.empty()) << images.error;
  EXPECT_EQ(images.images.size(), 2u);
}

TEST(Fatbin, WrapperWithABadMagicIsRefused) {
  layout::Wrapper w{0x12345678, 1, 0, 0};
  EXPECT_NE(read_fatbin_wrapper(&w).error.find("magic"), std::string::npos);
  EXPECT_FALSE(read_fatbin_wrapper(nullptr).error.empty());
}

TEST(PtxSelection, PicksTheNewestPtxNotAboveTheModeledCc) {
  const auto image = build_fatbin({{.sm = 52, .text = "a"},
                                   {.kind = FatbinEntryKind::elf, .sm = 80, .text = "elf"},
                                   {.sm = 80, .text = "b"},
                                   {.sm = 90, .text = "c"}});
  std::string error;
  const Fatbin f = read_fatbin(image.data(), error);
  EXPECT_EQ(choose_ptx(f, 86).entry->payload, "b");
  EXPECT_TRUE(choose_ptx(f, 86).note.empty());
  EXPECT_EQ(choose_ptx(f, 90).entry->payload, "c");
}

TEST(PtxSelection, FallsBackToTheNewestWithANote) {
  const auto image = build_fatbin({{.sm = 80, .text = "b"}, {.sm = 90, .text = "c"}});
  std::string error;
  const Fatbin f = read_fatbin(image.data(), error);
  const PtxChoice c = choose_ptx(f, 13);
  ASSERT_NE(c.entry, nullptr);
  EXPECT_EQ(c.entry->payload, "c");
  EXPECT_NE(c.note.find("compute_90"), std::string::npos);
}

// nvcc -arch=sm_90a embeds compute_90 PTX beside the compute_90a PTX (both
// say sm 90 in the fatbinary): an sm_90 GPU runs the arch-specific one, and
// no other GPU may run it.
TEST(PtxSelection, PrefersTheArchSpecificPtxOfTheSameSm) {
  const auto image = build_fatbin({{.sm = 90, .text = ".version 9.0\n.target sm_90\n"},
                                   {.sm = 90, .text = ".version 9.0\n.target sm_90a\n"}});
  std::string error;
  const Fatbin f = read_fatbin(image.data(), error);
  EXPECT_EQ(choose_ptx(f, 90).entry->payload, ".version 9.0\n.target sm_90a\n");
  EXPECT_EQ(choose_ptx(f, 100).entry->payload, ".version 9.0\n.target sm_90\n");
}

TEST(PtxSelection, ArchSpecificPtxAloneRunsOnlyOnItsSm) {
  const auto image = build_fatbin({{.sm = 90, .text = ".target sm_90a, texmode_independent\n"}});
  std::string error;
  const Fatbin f = read_fatbin(image.data(), error);
  EXPECT_EQ(choose_ptx(f, 90).entry->payload, ".target sm_90a, texmode_independent\n");
  EXPECT_TRUE(choose_ptx(f, 90).note.empty());
  // On another GPU it is still handed over (the loader then names each
  // instruction that GPU lacks), with a note.
  const PtxChoice other = choose_ptx(f, 100);
  ASSERT_NE(other.entry, nullptr);
  EXPECT_NE(other.note.find("sm_90a"), std::string::npos);
}

TEST(PtxSelection, NoPtxAtAll) {
  const auto image = build_fatbin({{.kind = FatbinEntryKind::elf, .sm = 90, .text = "elf"}});
  std::string error;
  EXPECT_EQ(choose_ptx(read_fatbin(image.data(), error), 90).entry, nullptr);
}

}  // namespace
}  // namespace smsim::runtime
