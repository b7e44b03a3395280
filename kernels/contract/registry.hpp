#pragma once
// The table of every kernel. Families register themselves explicitly from one place.
#include <string>
#include <vector>

#include "kernels/contract/kernel.hpp"

namespace hwbench::kernels {

/// Kernels by name, in registration order.
class Registry {
 public:
  /// Adds a kernel; a second kernel of the same name replaces the first.
  void add(KernelSpec spec);
  /// The kernel called `name`, or nullptr.
  const KernelSpec* find(const std::string& name) const;
  /// Every kernel name, for did-you-mean.
  std::vector<std::string> names() const;
  /// Every kernel.
  const std::vector<KernelSpec>& all() const { return specs_; }

 private:
  std::vector<KernelSpec> specs_;
};

}  // namespace hwbench::kernels
