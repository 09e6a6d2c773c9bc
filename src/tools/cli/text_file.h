#pragma once
// Reads a whole file as bytes into `text`: false when it cannot be opened or
// read. Shared by the CLI commands that read lists and reports.

#include <fstream>
#include <iterator>
#include <string>

namespace smsim::cli {

inline bool read_text_file(const std::string& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  text.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return !in.bad();
}

}  // namespace smsim::cli
