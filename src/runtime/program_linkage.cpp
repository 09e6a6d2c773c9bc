#include "runtime/program_linkage.h"

#include <elf.h>

#include <cstdint>
#include <cstring>
#include <fstream>
#include <iterator>
#include <string_view>
#include <vector>

namespace smsim::runtime {
namespace {

constexpr std::string_view kCudartSoname = "libcudart.so.13";
constexpr std::string_view kFatbinSections[] = {".nv_fatbin", ".nvFatBinSegment"};

template <typename T>
bool read_at(const std::vector<char>& file, std::uint64_t offset, T& out) {
  if (offset > file.size() || sizeof(T) > file.size() - offset) return false;
  std::memcpy(&out, file.data() + offset, sizeof(T));
  return true;
}

std::string_view string_at(const std::vector<char>& file, std::uint64_t table_offset,
                           std::uint64_t table_size, std::uint64_t index) {
  if (index >= table_size || table_offset > file.size() || table_size > file.size() - table_offset) {
    return {};
  }
  const char* begin = file.data() + table_offset + index;
  return {begin, strnlen(begin, table_size - index)};
}

}  // namespace

CudartLinkage detect_cudart_linkage(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot read " + path;
    return CudartLinkage::unreadable;
  }
  const std::vector<char> file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  Elf64_Ehdr eh;
  if (!read_at(file, 0, eh) || std::memcmp(eh.e_ident, ELFMAG, SELFMAG) != 0 ||
      eh.e_ident[EI_CLASS] != ELFCLASS64) {
    error = path + " is not a 64-bit ELF program";
    return CudartLinkage::unreadable;
  }
  std::vector<Elf64_Shdr> sections(eh.e_shnum);
  for (std::size_t i = 0; i < sections.size(); ++i) {
    if (!read_at(file, eh.e_shoff + i * sizeof(Elf64_Shdr), sections[i])) {
      error = path + ": section headers are truncated";
      return CudartLinkage::unreadable;
    }
  }
  bool has_device_code = false;
  bool imports_cudart = false;
  if (eh.e_shstrndx < sections.size()) {
    const Elf64_Shdr& names = sections[eh.e_shstrndx];
    for (const Elf64_Shdr& s : sections) {
      const std::string_view name = string_at(file, names.sh_offset, names.sh_size, s.sh_name);
      for (std::string_view fatbin : kFatbinSections) has_device_code |= name == fatbin;
    }
  }
  for (const Elf64_Shdr& s : sections) {
    if (s.sh_type != SHT_DYNAMIC || s.sh_link >= sections.size()) continue;
    const Elf64_Shdr& strings = sections[s.sh_link];
    for (std::uint64_t off = 0; off + sizeof(Elf64_Dyn) <= s.sh_size; off += sizeof(Elf64_Dyn)) {
      Elf64_Dyn d;
      if (!read_at(file, s.sh_offset + off, d) || d.d_tag == DT_NULL) break;
      if (d.d_tag != DT_NEEDED) continue;
      imports_cudart |= string_at(file, strings.sh_offset, strings.sh_size, d.d_un.d_val) == kCudartSoname;
    }
  }
  if (imports_cudart) return CudartLinkage::shared;
  return has_device_code ? CudartLinkage::static_linked : CudartLinkage::none;
}

}  // namespace smsim::runtime
