#pragma once
// The lines that name what the run's `rm` globs left because the files appeared during the run
// but were not its own (model::LeftFiles): a warning at the end of `hwbench run`, and a note
// under the reports of its result, wherever they are rendered again.
#include <string>
#include <vector>

#include "runtime/model/result.hpp"

namespace hwbench::runtime::report {

/// One statement's left files in one line, the first ten named: "r.bench:9:12: rm disk:/out_*:
/// left 2 files that appeared during the run but are not its own: /d/out_1, /d/out_2" (past ten,
/// "… and 3 more").
std::string left_files_line(const model::LeftFiles& left);

/// left_files_line() of each statement of the result that left such files, in the run's order.
std::vector<std::string> left_files_notes(const model::Result& result);

}  // namespace hwbench::runtime::report
