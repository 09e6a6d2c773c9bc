// read_zstd_file: the whole-file reader of the repository's compressed text
// and golden files (the form sweep's module and goldens).
#include <gtest/gtest.h>
#include <zstd.h>

#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "isa/semantics/zstd_table.h"

namespace smsim::isa::sem {
namespace {

std::string temp_file(const std::string& name, const std::string& bytes) {
  const std::string path = (std::filesystem::temp_directory_path() /
                            (name + "." + std::to_string(::getpid()))).string();
  std::ofstream(path, std::ios::binary) << bytes;
  return path;
}

TEST(ZstdFile, ReadsBackWhatWasCompressed) {
  std::string text;
  for (int i = 0; i < 10000; ++i) text += "line " + std::to_string(i * 7919 % 1000) + "\n";
  std::string packed(ZSTD_compressBound(text.size()), '\0');
  packed.resize(ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 3));
  const std::string path = temp_file("zstd_file_ok", packed);
  std::string got, error;
  EXPECT_TRUE(read_zstd_file(path, got, error)) << error;
  EXPECT_EQ(got, text);
  std::filesystem::remove(path);
}

TEST(ZstdFile, RefusesMissingAndDamagedFiles) {
  std::string got, error;
  EXPECT_FALSE(read_zstd_file("/nonexistent/smsim.zst", got, error));
  EXPECT_NE(error.find("cannot open"), std::string::npos) << error;

  const std::string plain = temp_file("zstd_file_plain", "not compressed at all");
  EXPECT_FALSE(read_zstd_file(plain, got, error));
  EXPECT_NE(error.find("not a zstd frame"), std::string::npos) << error;
  std::filesystem::remove(plain);

  // A valid header whose data is cut short.
  const std::string text(4096, 'x');
  std::string packed(ZSTD_compressBound(text.size()), '\0');
  packed.resize(ZSTD_compress(packed.data(), packed.size(), text.data(), text.size(), 3));
  const std::string cut = temp_file("zstd_file_cut", packed.substr(0, packed.size() / 2));
  EXPECT_FALSE(read_zstd_file(cut, got, error));
  EXPECT_NE(error.find("corrupt"), std::string::npos) << error;
  EXPECT_TRUE(got.empty());
  std::filesystem::remove(cut);
}

}  // namespace
}  // namespace smsim::isa::sem
