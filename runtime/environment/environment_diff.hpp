#pragma once
// The environment diff under `hwbench compare`'s table: the facts of each result's machine (the
// machine's description, CPU, cores, memory, kernel, OS, compiler, filesystems) side by side,
// those that differ marked. A fact no result recorded is left out; one result that did not
// record it shows `-`.
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::environment {

/// One fact of the machines (CPU, cores, memory, kernel, OS, compiler, filesystems).
struct EnvironmentRow {
  std::string label;
  std::vector<std::string> values;  ///< one per result; "" when not recorded
  bool differs = false;             ///< two recorded values are not equal
};

/// Records `value` at `pointer` ("/cpu/model", "/kernel/release", "/compiler/version"…: the
/// places the diff reads) in `environment`, unless something is recorded there or `value` is "".
/// How a log's own lines about its machine join the comparison (`hwbench reproduce`).
void set_fact(nlohmann::json& environment, const char* pointer, const std::string& value);

/// The facts of `results`' environments, in the order above; only facts at least one result
/// recorded.
std::vector<EnvironmentRow> diff_environments(const std::vector<const model::Result*>& results);

/// The diff as text: an `  environment` header with one column per name, a row per fact (`* `
/// before a fact that differs, `-` for an unrecorded value), columns left-aligned two spaces
/// apart, then "* marks a fact that differs between the machines" when one does.
std::string format_environment_diff(const std::vector<EnvironmentRow>& rows, const std::vector<std::string>& names);

}  // namespace hwbench::runtime::environment
