#include "device_golden.h"

#include <zstd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace smsim::isa::sem::testing {
namespace {

struct DeviceResults {
  std::map<std::string, DeviceRecord> records;
  std::vector<uint8_t> values;
};

DeviceResults load() {
  DeviceResults results;
  const std::string dir = device_results_dir();
  std::ifstream idx(dir + "/values.idx");
  if (!idx) throw std::runtime_error("cannot open " + dir + "/values.idx");
  std::string line;
  while (std::getline(idx, line)) {
    const size_t bar = line.find('|');
    if (bar == std::string::npos) throw std::runtime_error("bad index line: " + line);
    DeviceRecord r;
    r.name = line.substr(0, bar);
    std::istringstream fields(line.substr(bar + 1));
    uint32_t k[3] = {};
    fields >> k[0] >> k[1] >> k[2] >> r.result_bytes >> r.count >> r.offset;
    if (!fields) throw std::runtime_error("bad index line: " + line);
    for (int i = 0; i < 3; ++i) r.kinds[i] = static_cast<probe::InputKind>(k[i]);
    results.records[r.name] = r;
  }
  results.values = read_zstd_file(dir + "/values.bin.zst");
  return results;
}

const DeviceResults& results() {
  static const DeviceResults loaded = load();
  return loaded;
}

}  // namespace

std::vector<uint8_t> read_zstd_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error("cannot open " + path);
  const std::string packed((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN) {
    throw std::runtime_error(path + ": not a zstd frame with a recorded size");
  }
  std::vector<uint8_t> out(size);
  const size_t got = ZSTD_decompress(out.data(), out.size(), packed.data(), packed.size());
  if (ZSTD_isError(got) || got != size) throw std::runtime_error(path + ": corrupt zstd data");
  return out;
}

std::string device_results_dir() {
  return std::string(SMSIM_SOURCE_DIR) + "/tools/probes/results/h100-2026-11-22";
}

const DeviceRecord* find_device_record(const std::string& name) {
  const auto& records = results().records;
  const auto it = records.find(name);
  return it == records.end() ? nullptr : &it->second;
}

uint64_t device_result(const DeviceRecord& record, uint32_t index) {
  uint64_t value = 0;
  const uint8_t* p =
      results().values.data() + record.offset + uint64_t{index} * record.result_bytes;
  for (uint32_t i = 0; i < record.result_bytes; ++i) value |= uint64_t{p[i]} << (8 * i);
  return value;
}

uint64_t probe_operand(const DeviceRecord& record, uint32_t index, uint32_t operand) {
  return probe::probe_input(record.kinds[operand], probe::stream_of(record.name.c_str()), index,
                            operand);
}

uint32_t count_device_mismatches(const std::string& name, const Semantics& semantics) {
  const DeviceRecord* record = find_device_record(name);
  if (record == nullptr) return UINT32_MAX;
  const uint64_t mask =
      record->result_bytes == 8 ? ~uint64_t{0} : (uint64_t{1} << (8 * record->result_bytes)) - 1;
  // SMSIM_GOLDEN_VERBOSE=1 prints every disagreement instead of the first few.
  const bool verbose = std::getenv("SMSIM_GOLDEN_VERBOSE") != nullptr;
  uint32_t mismatches = 0;
  for (uint32_t i = 0; i < record->count; ++i) {
    const uint64_t a = probe_operand(*record, i, 0);
    const uint64_t b = probe_operand(*record, i, 1);
    const uint64_t c = probe_operand(*record, i, 2);
    const uint64_t want = device_result(*record, i);
    const uint64_t got = semantics(a, b, c) & mask;
    if (got == want) continue;
    if (++mismatches <= 6 || verbose) {
      std::printf("  %s #%u a=%llx b=%llx c=%llx: device %llx, simulator %llx\n", name.c_str(), i,
                  static_cast<unsigned long long>(a), static_cast<unsigned long long>(b),
                  static_cast<unsigned long long>(c), static_cast<unsigned long long>(want),
                  static_cast<unsigned long long>(got));
    }
  }
  return mismatches;
}

}  // namespace smsim::isa::sem::testing
