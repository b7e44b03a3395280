#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::plan {

bool keeps_own_series(const KernelStep& step) {
  bool imports = false;
  for (const auto& rule : step.figures) {
    if (rule.kind == FigureRule::Kind::importer)
      imports = true;
    else if (rule.label.empty())
      return true;
  }
  return !imports;
}

std::vector<const Step*> kernel_steps(const Step& step) {
  std::vector<const Step*> out;
  auto add = [&](auto&& self, const Step& s) -> void {
    if (s.kind == Step::Kind::kernel) {
      out.push_back(&s);
      return;
    }
    for (const auto& c : s.children) self(self, c);
    for (const auto& w : s.workers)
      for (const auto& c : w) self(self, c);
  };
  add(add, step);
  return out;
}

}  // namespace hwbench::runtime::plan
