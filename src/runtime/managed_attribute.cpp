#include "runtime/managed_attribute.h"

#include <string_view>

namespace smsim::runtime {

int blank_managed_attributes(std::string& ptx) {
  constexpr std::string_view kAttribute = ".attribute(.managed)";
  int count = 0;
  for (std::size_t at = ptx.find(kAttribute); at != std::string::npos;
       at = ptx.find(kAttribute, at + kAttribute.size())) {
    ptx.replace(at, kAttribute.size(), kAttribute.size(), ' ');
    ++count;
  }
  return count;
}

}  // namespace smsim::runtime
