#include "isa/semantics/zstd_table.h"

#include <zstd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <memory>
#include <vector>

namespace smsim::isa::sem {

namespace {

// Reads the compressed file whole into `packed`.
bool read_packed(const std::string& path, std::string& packed, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open " + path;
    return false;
  }
  packed.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

// Reads the compressed file into `packed` and checks that it is one zstd
// frame of `bytes` bytes.
bool read_frame(const std::string& path, size_t bytes, std::string& packed, std::string& error) {
  if (!read_packed(path, packed, error)) {
    error = "cannot open SFU table " + path;
    return false;
  }
  if (ZSTD_getFrameContentSize(packed.data(), packed.size()) != bytes) {
    error = path + ": expected a zstd frame of " + std::to_string(bytes) + " bytes";
    return false;
  }
  return true;
}

}  // namespace

bool read_zstd_bytes(const std::string& path, void* out, size_t bytes, std::string& error) {
  std::string packed;
  if (!read_frame(path, bytes, packed, error)) return false;
  // Little-endian on disk, as on every host smsim builds for.
  const size_t got = ZSTD_decompress(out, bytes, packed.data(), packed.size());
  if (ZSTD_isError(got) || got != bytes) {
    error = path + ": corrupt zstd data";
    return false;
  }
  return true;
}

bool read_zstd_file(const std::string& path, std::string& out, std::string& error) {
  std::string packed;
  if (!read_packed(path, packed, error)) return false;
  const unsigned long long size = ZSTD_getFrameContentSize(packed.data(), packed.size());
  // A bound so that a damaged header cannot ask for an absurd allocation.
  constexpr unsigned long long kLargest = 1ull << 32;
  if (size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN || size > kLargest) {
    error = path + ": not a zstd frame with its size recorded";
    return false;
  }
  out.resize(size);
  const size_t got = ZSTD_decompress(out.data(), out.size(), packed.data(), packed.size());
  if (ZSTD_isError(got) || got != size) {
    out.clear();
    error = path + ": corrupt zstd data";
    return false;
  }
  return true;
}

bool stream_zstd(const std::string& path, size_t bytes, size_t unit,
                 const std::function<void(const unsigned char*, size_t)>& consume,
                 std::string& error) {
  std::string packed;
  if (!read_frame(path, bytes, packed, error)) return false;
  const std::unique_ptr<ZSTD_DCtx, size_t (*)(ZSTD_DCtx*)> context(ZSTD_createDCtx(),
                                                                   &ZSTD_freeDCtx);
  std::vector<unsigned char> buffer(size_t{1} << 20);
  ZSTD_inBuffer input{packed.data(), packed.size(), 0};
  size_t held = 0;  // bytes in buffer not yet handed on (less than one unit after each round)
  size_t total = 0;
  for (;;) {
    ZSTD_outBuffer output{buffer.data(), buffer.size(), held};
    const size_t status = ZSTD_decompressStream(context.get(), &output, &input);
    if (ZSTD_isError(status)) {
      error = path + ": corrupt zstd data";
      return false;
    }
    const size_t whole = output.pos - output.pos % unit;
    if (whole > 0) consume(buffer.data(), whole);
    total += whole;
    held = output.pos - whole;
    std::copy(buffer.begin() + static_cast<std::ptrdiff_t>(whole),
              buffer.begin() + static_cast<std::ptrdiff_t>(output.pos), buffer.begin());
    if (status == 0 && input.pos == input.size) break;
    if (whole == 0 && input.pos == input.size) break;  // truncated frame: no progress left
  }
  if (total != bytes || held != 0) {
    error = path + ": corrupt zstd data";
    return false;
  }
  return true;
}

}  // namespace smsim::isa::sem
