#pragma once
// Binds the command statements, `exec PROGRAM ARG… [OPTION…]` and `sh "LINE" [OPTION…]`
// (kernels/command/command.hpp): the program's words up to the first option word, each value
// interpolated with its locations resolved to real paths; then the options, the figures taken
// from the output and the measurement options every kernel takes.
#include <optional>
#include <string>
#include <vector>

#include "lang/recipe/ast.hpp"
#include "runtime/check/binders/kernel_binder.hpp"
#include "runtime/plan/plan.hpp"

namespace hwbench::runtime::check {

/// The tools whose importers can read a command's output (`import TOOL`).
const std::vector<std::string>& command_importers();

/// Binds statement `s`, a call of `spec` (exec or sh). Errors go to req.diags.
std::optional<plan::KernelStep> bind_command(const lang::recipe::Stmt& s, const BindRequest& req,
                                             const kernels::KernelSpec& spec);

}  // namespace hwbench::runtime::check
