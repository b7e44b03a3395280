#pragma once
// Binds a kernel statement's words and values to its spec: positional arguments (here),
// parameters (kernel_parameters.hpp, checked generically against the spec's table, like fio's
// options) and measurement options (measurement_options.hpp).
#include <optional>
#include <set>

#include "base/platform/probe.hpp"
#include "kernels/contract/registry.hpp"
#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/check/binders/kernel_parameters.hpp"
#include "runtime/check/binders/measurement_options.hpp"
#include "runtime/check/evaluation/evaluator.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/sandbox/locations.hpp"

namespace hwbench::runtime::check {

/// What binding needs.
struct BindRequest {
  const kernels::Registry& registry;
  const sandbox::PathResolver& resolver;
  const Scope& scope;
  const platform::FileView& files;
  const platform::MachineProbe& machine;  ///< the memory each call is checked against
  lang::Diagnostics& diags;
  bool allow_exec = false;
  bool in_group = false;  ///< inside `time` or `parallel`: one run, no sampling options
  bool untimed = false;   ///< in setup or teardown
  /// Inside `interleave`: the block's rounds and slices set the samples, not `runs` or `until ci`.
  bool in_interleave = false;
  /// When set, a statement that runs programs without allow_exec is refused silently and
  /// recorded here: the checker reports the cause once for all of them.
  std::vector<const lang::recipe::Stmt*>* exec_refused = nullptr;
  /// When set, the causes already reported (an unknown kernel or location, a built-in location
  /// this machine lacks): a later statement with the same cause is refused without a second error.
  std::set<std::string>* reported_causes = nullptr;
};

/// Binds statement `s` (StmtKind::kernel). Errors go to req.diags. `cold` on a statement that
/// reads no existing file is refused: it would evict nothing and still record its samples cold.
/// A call holding more memory than req.machine has available gets a problem in its effects.
std::optional<plan::KernelStep> bind_kernel(const lang::recipe::Stmt& s, const BindRequest& req);

}  // namespace hwbench::runtime::check
