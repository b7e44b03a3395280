#pragma once
// The baseline files shipped in specs/baselines/, compiled into hwbench so that importers can
// recompute a log's indices wherever hwbench runs. The TOML files stay the one source: the
// build embeds them as they are.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::record {

/// The text of specs/baselines/STEM.toml as built in, or std::nullopt.
std::optional<std::string_view> builtin_baseline_text(std::string_view stem);

/// The stems of every built-in file ("nbench", "unixbench"), in name order.
std::vector<std::string> builtin_baseline_stems();

/// How a recipe names a built-in file: `baseline p90 from "builtin:nbench"`.
inline constexpr std::string_view builtin_baseline_prefix = "builtin:";

/// The baselines of specs/baselines/STEM.toml (file = "specs/baselines/STEM.toml"); empty when
/// there is no such file.
std::vector<model::Baseline> builtin_baselines(std::string_view stem);

}  // namespace hwbench::runtime::record
