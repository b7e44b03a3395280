#pragma once
// `settle DURATION` and `settle until stable [PATH] [max DURATION]`: what the run waits for
// between setup and the first timed statement (runtime/run/settle.hpp runs it).
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"
#include "runtime/check/evaluation/evaluator.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/sandbox/locations.hpp"
#include "runtime/sandbox/virtual_fs.hpp"

namespace hwbench::runtime::check {

/// The longest wait, and the longest `max`, a settle may ask for.
inline constexpr double kSettleMaxSeconds = 3600;
/// `settle until stable` without `max`: the most it may take.
inline constexpr double kSettleDefaultMax = 120;

/// What bind_settle looks at besides the statement: the recipe's values, its locations, the
/// files as setup leaves them, and the file system type of a path.
struct SettleRequest {
  const Scope& scope;
  const sandbox::PathResolver& resolver;
  const sandbox::VirtualFs& files;
  const std::vector<plan::PlannedFile>& creates;  ///< every file the run has created so far, in order
  std::function<std::string(const std::string&)> filesystem_type;
  lang::Diagnostics& diags;
};

/// Binds a `settle` statement (its place in the recipe is the checker's affair). The probed
/// file is the one named, which setup must create, or else the largest file setup created that
/// still exists (the first of equals); a file on tmpfs or ramfs is refused, as its reads never
/// reach storage.
std::optional<plan::Settle> bind_settle(const lang::recipe::Stmt& s, const SettleRequest& req);

}  // namespace hwbench::runtime::check
