#include "func/exec/sfu_table_source.h"

#include <cstdlib>

#ifndef SMSIM_DATA_DIR
#error "SMSIM_DATA_DIR must name the data/ directory"
#endif

namespace smsim::func {

std::shared_ptr<const SfuTableSource> SfuTableSource::shared_default() {
  static const std::shared_ptr<const SfuTableSource> source = [] {
    const char* env = std::getenv("SMSIM_DATA_DIR");
    const std::string data = env != nullptr && *env != '\0' ? env : SMSIM_DATA_DIR;
    return std::make_shared<const SfuTableSource>(data + "/sfu");
  }();
  return source;
}

}  // namespace smsim::func
