#include "kernels/contract/registry.hpp"

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

}  // namespace hwbench::kernels
