#pragma once
// The error GpuDatabase::load reports: a message that names the file and the key.

#include <stdexcept>
#include <string>

namespace smsim::arch {

class ConfigError : public std::runtime_error {
 public:
  explicit ConfigError(const std::string& message) : std::runtime_error(message) {}
};

}  // namespace smsim::arch
