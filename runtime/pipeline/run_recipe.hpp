#pragma once
// The run stage as a library: a checked recipe in, a whole Result out (what the plan declares,
// the machine, the samples, what command steps' importers read, the indices), whoever asks:
// `hwbench run`, or a run another host sent (`run --remote-session`).
#include <string>
#include <vector>

#include "lang/common/source.hpp"
#include "runtime/check/checker.hpp"
#include "runtime/model/result.hpp"
#include "runtime/run/interpreter.hpp"

namespace hwbench::runtime::pipeline {

/// One run of a checked recipe.
struct RunRequest {
  const check::CheckedRecipe* checked = nullptr;  ///< required
  const lang::Source* source = nullptr;           ///< required: the recipe's file name and text, kept in the result
  std::vector<std::string> command_line;          ///< kept in the result
  run::RunOptions options;                        ///< the clock, observer, interruption flag and conditions sampler
};

/// A run's result, whatever its status, and what the run did to clean up after a failure.
struct RunRecord {
  model::Result result;
  std::vector<std::string> removed_after_failure;  ///< files of the run deleted because it did not complete
  std::vector<std::string> left_behind;            ///< files it could not delete, as "PATH (reason)"
};

/// Runs `request.checked` and assembles its Result: the plan's declarations, the environment,
/// the start and end times, the series, and what importers of command steps' output read (their
/// series in their sections' reports, their environment, baselines and indices where the recipe
/// has none of the same name); the indices computed last.
RunRecord run_recipe(const RunRequest& request);

/// The SHA-256 of `text` in lower-case hex: a result's recipe_sha256.
std::string sha256_hex(const std::string& text);

/// The time now in UTC, formatted by strftime's `format`.
std::string utc_stamp(const char* format);

}  // namespace hwbench::runtime::pipeline
