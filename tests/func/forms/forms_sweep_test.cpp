// The form sweep (tools/forms/sweep.py): one kernel per catalog form of the
// register-to-register families, run by the engine on the inputs the H100 ran
// them on, compared bit for bit with the H100's results
// (golden/h100/sm_90.bin.zst, provenance in golden/h100/provenance.txt; the
// module and the goldens are kept zstd-compressed). Each kernel
// is loaded as a module of its own, so a form the engine refuses at load
// stays one refused form and is never counted as run. sm_90.pending lists
// every form that does not match yet, with why; a listed form that starts
// matching, or an unlisted one that stops, fails the test.

#include <gtest/gtest.h>

#include <cstring>
#include <fstream>
#include <iterator>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "func/device.h"
#include "isa/semantics/zstd_table.h"
#include "ptx/frontend.h"

namespace smsim::func {
namespace {

constexpr std::uint32_t kLanes = 64;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  EXPECT_TRUE(in) << "cannot read " << path;
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// The module and the goldens are large and are kept compressed.
std::string unzstd(const std::string& path) {
  std::string text, error;
  EXPECT_TRUE(isa::sem::read_zstd_file(path, text, error)) << error;
  return text;
}

std::string dir() {
  return std::string(SMSIM_SOURCE_DIR) + "/tests/func/forms/";
}

struct Entry {
  std::size_t index = 0;
  std::uint64_t offset = 0, bytes = 0;
  std::vector<std::size_t> cells;  // per result: bytes of one lane's value
  std::string form;    // form text, mnemonic<TAB>types<TAB>modifiers
  std::string kernel;  // the kernel's PTX
};

// Lines of `text` that are neither empty nor `#` comments.
std::vector<std::string> data_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') lines.push_back(line);
  }
  return lines;
}

std::vector<Entry> read_manifest(const std::string& sweep, const std::string& ptx) {
  std::vector<Entry> entries;
  for (const std::string& line : data_lines(slurp(dir() + sweep + ".manifest"))) {
    Entry e;
    std::istringstream f(line);
    std::string cells;
    f >> e.index >> e.offset >> e.bytes >> cells;
    for (std::istringstream c(cells); std::getline(c, cells, ',');) e.cells.push_back(std::stoul(cells));
    std::size_t at = 0;
    for (int field = 0; field < 4; ++field) at = line.find('\t', at) + 1;
    e.form = line.substr(at);
    entries.push_back(std::move(e));
  }
  // The module is a header, then per kernel a `// form N: ...` line and its text.
  const std::size_t first = ptx.find("// form 0:");
  EXPECT_NE(first, std::string::npos);
  std::size_t header_start = ptx.find(".version");
  const std::string header = ptx.substr(header_start, first - header_start);
  for (Entry& e : entries) {
    const std::string mark = "// form " + std::to_string(e.index) + ":";
    const std::size_t begin = ptx.find(mark);
    EXPECT_NE(begin, std::string::npos) << mark;
    if (begin == std::string::npos) continue;
    const std::size_t end = ptx.find("// form ", begin + mark.size());
    e.kernel = header + ptx.substr(begin, end == std::string::npos ? end : end - begin);
  }
  return entries;
}

// form text -> expected status ("mismatch" or "refused") and why.
std::map<std::string, std::string> read_pending(const std::string& sweep) {
  std::map<std::string, std::string> pending;
  for (const std::string& line : data_lines(slurp(dir() + sweep + ".pending"))) {
    // form text has two tabs; the status follows the third.
    std::size_t at = line.find('\t');
    at = line.find('\t', at + 1);
    at = line.find('\t', at + 1);
    const std::string form = line.substr(0, at);
    const std::string rest = at == std::string::npos ? "" : line.substr(at + 1);
    pending[form] = rest.substr(0, rest.find('\t'));
  }
  return pending;
}

std::string hex(const std::byte* p, std::size_t n) {
  static const char* digits = "0123456789abcdef";
  std::string s = "0x";
  for (std::size_t i = n; i-- > 0;) {
    s += digits[std::to_integer<unsigned>(p[i]) >> 4];
    s += digits[std::to_integer<unsigned>(p[i]) & 15];
  }
  return s;
}

std::string printable(std::string form) {
  for (char& c : form) c = c == '\t' ? ' ' : c;
  return form;
}

struct Outcome {
  std::string status;  // "match", "mismatch" or "refused"
  std::string detail;
};

Outcome run_one(Device& device, const Entry& e, std::uint64_t in, std::uint64_t out,
                const std::vector<std::byte>& golden) {
  ptx::Diagnostics diags("sweep", e.kernel);
  const ptx::Module module = ptx::parse_and_check(e.kernel, diags);
  if (diags.has_errors()) return {"refused", diags.format()};
  LoadedModule loaded = device.load(module);
  const ModuleKernel* k = loaded.find_kernel("f" + std::to_string(e.index));
  if (k == nullptr || !k->kernel) {
    std::string why = k == nullptr ? "kernel missing" : "";
    if (k != nullptr) {
      for (const std::string& err : k->errors) why += err + "; ";
    }
    device.unload(loaded);
    return {"refused", why};
  }
  device.memset(out, 0, e.bytes);
  std::vector<std::byte> params(16);
  std::memcpy(params.data(), &in, 8);
  std::memcpy(params.data() + 8, &out, 8);
  const LaunchResult r = device.launch(*k, {.block = {kLanes}}, params);
  device.unload(loaded);
  if (!r.ok()) return {"mismatch", "launch failed: " + r.error.message};
  std::vector<std::byte> got(e.bytes);
  device.copy_to_host(got.data(), out, e.bytes);
  if (e.offset + e.bytes > golden.size()) return {"mismatch", "golden too short"};
  const std::byte* want = golden.data() + e.offset;
  if (std::memcmp(got.data(), want, e.bytes) == 0) return {"match", ""};
  // Results are arrays of kLanes cells, each array aligned to its cell size.
  std::string detail;
  int shown = 0;
  std::size_t mismatched = 0, base = 0;
  for (std::size_t result = 0; result < e.cells.size(); ++result) {
    const std::size_t cell = e.cells[result];
    base = (base + cell - 1) / cell * cell;
    for (std::size_t lane = 0; lane < kLanes && base + cell * (lane + 1) <= e.bytes; ++lane) {
      const std::size_t at = base + cell * lane;
      if (std::memcmp(got.data() + at, want + at, cell) == 0) continue;
      ++mismatched;
      if (shown++ < 4) {
        detail += "result " + std::to_string(result) + " lane " + std::to_string(lane) +
                  ": engine " + hex(got.data() + at, cell) + ", H100 " + hex(want + at, cell) +
                  "; ";
      }
    }
    base += cell * kLanes;
  }
  return {"mismatch", std::to_string(mismatched) + " values differ: " + detail};
}

// One sweep per module with H100 goldens: `sm_90`, the register-to-register
// families, and `sm_90_memory`, the loads, stores, atomics, reductions and
// warp collectives (`tools/forms/sweep.py --family memory`).
class FormSweep : public ::testing::TestWithParam<const char*> {};

TEST_P(FormSweep, EveryFormMatchesTheH100OrIsPending) {
  const std::string sweep = GetParam();
  const std::string ptx = unzstd(dir() + sweep + ".ptx.zst");
  const std::string inputs = slurp(dir() + sweep + ".inputs");
  const std::string golden_text = unzstd(dir() + "golden/h100/" + sweep + ".bin.zst");
  const std::vector<std::byte> golden(reinterpret_cast<const std::byte*>(golden_text.data()),
                                      reinterpret_cast<const std::byte*>(golden_text.data()) +
                                          golden_text.size());
  const std::vector<Entry> entries = read_manifest(sweep, ptx);
  ASSERT_FALSE(entries.empty());
  std::map<std::string, std::string> pending = read_pending(sweep);

  Device device(LaunchOptions{}, std::uint64_t{1} << 30);
  const std::uint64_t in = device.allocate(inputs.size());
  device.copy_to_device(in, inputs.data(), inputs.size());
  std::uint64_t largest = 0;
  for (const Entry& e : entries) largest = std::max(largest, e.bytes);
  const std::uint64_t out = device.allocate(largest);

  std::map<std::string, std::size_t> counts;
  for (const Entry& e : entries) {
    const Outcome o = run_one(device, e, in, out, golden);
    ++counts[o.status];
    const auto listed = pending.find(e.form);
    const std::string expected = listed == pending.end() ? "match" : listed->second;
    if (listed != pending.end()) pending.erase(listed);
    if (o.status == expected) continue;
    ADD_FAILURE() << printable(e.form) << ": " << o.status << " but "
                  << (expected == "match" ? "not pending" : "pending as " + expected) << ". "
                  << o.detail;
  }
  for (const auto& [form, status] : pending) {
    ADD_FAILURE() << printable(form) << ": pending as " << status << " but not in the sweep";
  }
  std::printf("form sweep %s: %zu forms, %zu match the H100, %zu mismatch, %zu refused at load\n",
              sweep.c_str(), entries.size(), counts["match"], counts["mismatch"], counts["refused"]);
}

INSTANTIATE_TEST_SUITE_P(Sm90, FormSweep, ::testing::Values("sm_90", "sm_90_memory"));

}  // namespace
}  // namespace smsim::func
