#include "arch/gpu_database.h"

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <map>

#include "arch/config_error.h"
#include "arch/description_set.h"
#include "arch/gpu_model_builder.h"

namespace smsim::arch {

namespace {

std::string normalized(std::string_view name) {
  std::string key;
  for (const char c : name) {
    if (std::isalnum(static_cast<unsigned char>(c)) != 0) {
      key.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));
    }
  }
  return key;
}

std::vector<std::string> lookup_keys(const GpuModel& gpu) {
  std::vector<std::string> keys{normalized(gpu.name),
                                normalized(std::filesystem::path(gpu.source_file).stem().string())};
  for (const auto& alias : gpu.aliases) keys.push_back(normalized(alias));
  return keys;
}

void check_unique_names(const std::vector<GpuModel>& gpus) {
  std::map<std::string, const GpuModel*> owner;
  for (const auto& gpu : gpus) {
    for (const auto& key : lookup_keys(gpu)) {
      const auto [it, inserted] = owner.emplace(key, &gpu);
      if (!inserted && it->second != &gpu) {
        throw ConfigError(gpu.source_file + ": name or alias '" + key + "' is also used by " +
                          it->second->source_file);
      }
    }
  }
}

void check_representatives(const std::vector<GpuModel>& gpus) {
  std::map<ComputeCapability, const GpuModel*> chosen;
  for (const auto& gpu : gpus) {
    if (!gpu.representative) continue;
    const auto [it, inserted] = chosen.emplace(gpu.cc, &gpu);
    if (!inserted) {
      throw ConfigError(gpu.source_file + ": key 'representative': CC " + gpu.cc.to_string() +
                        " already has representative " + it->second->source_file);
    }
  }
}

}  // namespace

GpuDatabase GpuDatabase::load(const std::filesystem::path& config_dir) {
  const DescriptionSet descriptions = DescriptionSet::read(config_dir);
  GpuDatabase database;
  // Compute capabilities first, so that a fact missing from one is reported there and
  // not in the first GPU that inherits it.
  for (const auto kind : {DescriptionKind::kComputeCapability, DescriptionKind::kGpu}) {
    for (const auto& [name, description] : descriptions.all()) {
      if (description.kind != kind) continue;
      check_known_keys(description);
      GpuModel model = build_gpu_model(description, descriptions.resolve(name));
      auto& models = model.is_gpu ? database.gpus_ : database.compute_capabilities_;
      models.push_back(std::move(model));
    }
  }
  std::sort(database.compute_capabilities_.begin(), database.compute_capabilities_.end(),
            [](const GpuModel& a, const GpuModel& b) { return a.cc < b.cc; });
  for (std::size_t i = 1; i < database.compute_capabilities_.size(); ++i) {
    const auto& model = database.compute_capabilities_[i];
    if (model.cc == database.compute_capabilities_[i - 1].cc) {
      throw ConfigError(model.source_file + ": '" + model.name + "': CC " + model.cc.to_string() +
                        " is also described by '" + database.compute_capabilities_[i - 1].name +
                        "'");
    }
  }
  check_unique_names(database.gpus_);
  check_representatives(database.gpus_);
  return database;
}

const GpuModel* GpuDatabase::find(std::string_view name) const {
  const std::string wanted = normalized(name);
  if (wanted.empty()) return nullptr;
  for (const auto& gpu : gpus_) {
    const auto keys = lookup_keys(gpu);
    if (std::find(keys.begin(), keys.end(), wanted) != keys.end()) return &gpu;
  }
  for (const auto& sm : compute_capabilities_) {
    if (normalized(sm.name) == wanted) return &sm;
  }
  return nullptr;
}

const GpuModel* GpuDatabase::find(ComputeCapability cc) const {
  for (const auto& gpu : gpus_) {
    if (gpu.cc == cc && gpu.representative) return &gpu;
  }
  for (const auto& sm : compute_capabilities_) {
    if (sm.cc == cc) return &sm;
  }
  return nullptr;
}

std::string GpuDatabase::known_names() const {
  std::vector<std::string> names;
  for (const auto& gpu : gpus_) names.push_back(gpu.name);
  std::sort(names.begin(), names.end());
  std::string text;
  for (const auto& name : names) text += (text.empty() ? "" : ", ") + name;
  return text;
}

std::string GpuDatabase::known_compute_capabilities() const {
  std::string text;
  for (const auto& sm : compute_capabilities_) {
    text += (text.empty() ? "" : ", ") + sm.cc.to_string();
  }
  return text;
}

std::filesystem::path config_dir(std::string_view compiled_default) {
  const char* from_env = std::getenv(std::string(kConfigDirEnvVar).c_str());
  if (from_env != nullptr && *from_env != '\0') return from_env;
  return std::filesystem::path(compiled_default);
}

}  // namespace smsim::arch
