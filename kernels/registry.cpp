#include "kernels/registry.hpp"

namespace hwbench::kernels {

void Registry::add(KernelSpec spec) {
  for (auto& s : specs_) {
    if (s.name == spec.name) {
      s = std::move(spec);
      return;
    }
  }
  specs_.push_back(std::move(spec));
}

const KernelSpec* Registry::find(const std::string& name) const {
  for (const auto& s : specs_)
    if (s.name == name) return &s;
  return nullptr;
}

std::vector<std::string> Registry::names() const {
  std::vector<std::string> out;
  for (const auto& s : specs_) out.push_back(s.name);
  return out;
}

Registry builtin_registry() {
  Registry r;
  register_core(r);
  register_files(r);
  register_nbench(r);
  register_crypto(r);
  register_memory(r);
  register_disk(r);
  register_system(r);
  return r;
}

}  // namespace hwbench::kernels
