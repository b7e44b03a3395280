#pragma once
// parse: the text of one `kernel NAME(…) [-> TYPE] { … }` definition -> lang::KernelDef.
// The recipe parser only captures a definition's text and where it starts (StmtKind::kernel_def);
// this small grammar of its own reads the definition, with every position mapped back to the
// recipe file's line and column.
#include <optional>
#include <string_view>

#include "lang/common/diagnostics.hpp"
#include "lang/common/source.hpp"
#include "lang/kernel/kernel_ast.hpp"

namespace hwbench::lang::kernel {

/// Parses the definition `text`, which starts at `start` in the recipe. The result has every
/// "as written" field filled (`text` included) and nothing resolved. On a syntax error, adds
/// one diagnostic and returns std::nullopt.
std::optional<KernelDef> parse_kernel(std::string_view text, SourceLoc start, Diagnostics& diags);

}  // namespace hwbench::lang::kernel
