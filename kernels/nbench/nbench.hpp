#pragma once
// The BYTEmark (nbench 2.2.3) family: ten tests behind one kernel, `nbench TEST`.
// Each test's object does, per counted unit, the same work as nbench 2.2.3 does per counted
// iteration (same sizes, generator, seeds and data), so iterations/sec compare across tools.
// Per-unit data set-up that nbench keeps outside its stopwatch runs through kernels::untimed().
#include <memory>
#include <string>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"

namespace hwbench::kernels::nbench {

/// Makes one test's kernel object for a call (the call's params are the `nbench` kernel's).
using TestFactory = std::unique_ptr<Kernel> (*)(const Call& call, const Context& ctx);

/// One of the ten tests.
struct TestInfo {
  std::string name;       ///< as written in recipes: "numeric_sort"
  std::string label;      ///< as nbench prints it: "NUMERIC SORT"
  std::string unit_help;  ///< what one counted unit is
  TestFactory make = nullptr;
};

/// The ten tests in nbench's order.
const std::vector<TestInfo>& tests();

/// The test called `name` ("numeric_sort"), or nullptr.
const TestInfo* find_test(const std::string& name);

/// Registers the family's kernels: `nbench TEST`, the ten BYTEmark tests.
void register_kernels(Registry& registry);

}  // namespace hwbench::kernels::nbench
