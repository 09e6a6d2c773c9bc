#include "arch/description_set.h"

#include <algorithm>
#include <set>

#include "arch/config_error.h"
#include "arch/gpu_model_fields.h"

namespace smsim::arch {

namespace {

namespace fs = std::filesystem;

toml::table parse_file(const fs::path& file) {
  try {
    return toml::parse_file(file.string());
  } catch (const toml::parse_error& error) {
    const auto& where = error.source().begin;
    throw ConfigError(file.string() + ":" + std::to_string(where.line) + ":" +
                      std::to_string(where.column) + ": " + std::string(error.description()));
  }
}

std::vector<fs::path> toml_files_in(const fs::path& dir) {
  std::vector<fs::path> files;
  std::error_code error;
  for (const auto& entry : fs::directory_iterator(dir, error)) {
    if (entry.is_regular_file() && entry.path().extension() == ".toml") {
      files.push_back(entry.path());
    }
  }
  if (error) throw ConfigError(dir.string() + ": cannot read directory: " + error.message());
  std::sort(files.begin(), files.end());
  return files;
}

// Child values replace parent values; tables present in both merge key by key.
void merge_into(toml::table& base, const toml::table& overlay) {
  for (const auto& [key, node] : overlay) {
    auto* base_table = base[key].as_table();
    const auto* overlay_table = node.as_table();
    if (base_table != nullptr && overlay_table != nullptr) {
      merge_into(*base_table, *overlay_table);
    } else {
      base.insert_or_assign(key, node);
    }
  }
}

}  // namespace

DescriptionSet DescriptionSet::read(const fs::path& config_dir) {
  if (!fs::is_directory(config_dir)) {
    throw ConfigError(config_dir.string() + ": GPU model directory not found");
  }
  DescriptionSet set;
  for (const auto& file : toml_files_in(config_dir / "arch")) {
    toml::table content = parse_file(file);
    for (auto& [key, node] : content) {
      auto* table = node.as_table();
      if (table == nullptr) {
        throw ConfigError(file.string() + ": top-level key '" + std::string(key.str()) +
                          "' must be a table describing one compute capability, e.g. [sm_90]");
      }
      set.add(
          {std::string(key.str()), DescriptionKind::kComputeCapability, file, std::move(*table)});
    }
  }
  for (const auto& file : toml_files_in(config_dir / "gpus")) {
    set.add({file.stem().string(), DescriptionKind::kGpu, file, parse_file(file)});
  }
  return set;
}

void DescriptionSet::add(Description description) {
  const auto existing = descriptions_.find(description.name);
  if (existing != descriptions_.end()) {
    throw ConfigError(description.file.string() + ": description '" + description.name +
                      "' is already defined in " + existing->second.file.string());
  }
  const std::string name = description.name;
  descriptions_.emplace(name, std::move(description));
}

toml::table DescriptionSet::resolve(const std::string& name) const {
  std::vector<std::string> chain;
  std::set<std::string> seen;
  for (std::string current = name;;) {
    const auto found = descriptions_.find(current);
    if (found == descriptions_.end()) {
      if (chain.empty())
        throw ConfigError("no GPU or compute capability description '" + name + "'");
      const auto& child = descriptions_.at(chain.back());
      throw ConfigError(child.file.string() + ": key 'inherits': '" + current +
                        "' is not a known GPU or compute capability description");
    }
    if (!seen.insert(current).second) {
      std::string cycle;
      for (const auto& link : chain) cycle += link + " -> ";
      throw ConfigError(found->second.file.string() + ": inheritance cycle: " + cycle + current);
    }
    chain.push_back(current);
    const auto* parent = found->second.table[kInheritsKey].as_string();
    if (found->second.table.contains(kInheritsKey) && parent == nullptr) {
      throw ConfigError(found->second.file.string() + ": key 'inherits' must be a string");
    }
    if (parent == nullptr) break;
    current = parent->get();
  }
  toml::table merged;
  for (auto link = chain.rbegin(); link != chain.rend(); ++link) {
    merge_into(merged, descriptions_.at(*link).table);
  }
  merged.erase(kInheritsKey);
  return merged;
}

}  // namespace smsim::arch
