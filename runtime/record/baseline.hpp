#pragma once
// Baseline tables: a reference machine's figure per series label, loaded from TOML by
// `baseline NAME from "FILE.toml"`.
//
// File format (schema "hwbench-baseline/1"; see docs/baseline-format.md):
//
//   schema = "hwbench-baseline/1"
//   [[baseline]]                   # one or more
//   name = "p90"                   # required: what `baseline NAME from …` selects
//   machine = "Dell XPS 90, …"     # required: the reference machine
//   source = "nbench 2.2.3 …"      # required: where the figures come from
//   unit = "iter/s"                # required: the unit of every figure not given its own
//   [baseline.figures]             # series label -> number, or { value = N, unit = "lpm" }
//   "NUMERIC SORT" = 38.993
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::record {

/// Every baseline in the file at `path`. On failure std::nullopt, with `error` holding one
/// `FILE:LINE:COL: error: …` line per problem.
std::optional<std::vector<model::Baseline>> load_baselines(const std::string& path, std::string& error);

/// As load_baselines, from text already read; `name` is the file name used in messages.
std::optional<std::vector<model::Baseline>> parse_baselines(std::string_view text, const std::string& name,
                                                            std::string& error);

}  // namespace hwbench::runtime::record
