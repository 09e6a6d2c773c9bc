#pragma once
// Reads a whole file for the comparison tools; false when it cannot be read.
#include <fstream>
#include <sstream>
#include <string>

namespace smsim::timing_check {

inline bool read_text_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream text;
  text << in.rdbuf();
  out = text.str();
  return true;
}

}  // namespace smsim::timing_check
