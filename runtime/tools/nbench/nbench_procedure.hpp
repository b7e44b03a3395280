#pragma once
// `hwbench reproduce` of an nbench log: the tests the log shows, in nbench's order, with the
// indices whose tests are all there, against the built-in P90 and K6 baselines, and
// `report nbench` (docs/reproduce.md).
#include "runtime/model/result.hpp"
#include "runtime/record/recipe_writer.hpp"

namespace hwbench::runtime::tools::nbench {

/// The recipe repeating the nbench run of `log` (the published Result of an nbench log or of a
/// published file), citing the lines of `text`; `name` is the log's file name.
record::Procedure nbench_procedure(const model::Result& log, std::string_view text, const std::string& name);

/// Records what the log's LINUX DATA block says of its machine (CPU, OS as kernel name and
/// release, C compiler) where a comparison reads it (environment::set_fact).
void nbench_machine_facts(model::Result& log);

}  // namespace hwbench::runtime::tools::nbench
