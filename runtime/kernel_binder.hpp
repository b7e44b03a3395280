#pragma once
// Binds a kernel statement's words and values to its spec: positional arguments, parameters
// (checked generically against the spec's table, like fio's options) and measurement options.
#include <optional>

#include "kernels/registry.hpp"
#include "lang/ast.hpp"
#include "lang/diagnostics.hpp"
#include "runtime/evaluator.hpp"
#include "runtime/locations.hpp"
#include "runtime/plan.hpp"

namespace hwbench::runtime {

/// What binding needs.
struct BindRequest {
  const kernels::Registry& registry;
  const PathResolver& resolver;
  const Scope& scope;
  const kernels::FileView& files;
  lang::Diagnostics& diags;
  bool allow_exec = false;
  bool in_group = false;  ///< inside `time` or `parallel`: one run, no sampling options
  bool untimed = false;   ///< in setup or teardown
};

/// The measurement options every kernel takes.
const std::vector<std::string>& measurement_options();

/// Binds statement `s` (StmtKind::kernel). Errors go to req.diags.
std::optional<KernelStep> bind_kernel(const lang::Stmt& s, const BindRequest& req);

/// Parses a parameter default such as "1MiB" or "3s" into its base value.
double default_number(const kernels::ParamSpec& p);

}  // namespace hwbench::runtime
