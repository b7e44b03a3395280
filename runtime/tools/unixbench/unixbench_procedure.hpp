#pragma once
// `hwbench reproduce` of a UnixBench report: the index tests it shows, one copy and N copies as
// the log ran them, each with as many samples as the log printed, the index scores whose tests
// are all there against the built-in George baseline, and `report unixbench` in the log's layout
// (docs/reproduce.md).
#include <string>
#include <string_view>

#include "runtime/model/result.hpp"
#include "runtime/record/recipe_writer.hpp"

namespace hwbench::runtime::tools::unixbench {

/// The recipe repeating the UnixBench run of `log`, citing the lines of `text`.
record::Procedure unixbench_procedure(const model::Result& log, std::string_view text, const std::string& name);

/// Records what the log's system block says of its machine (`CPU 0:`'s model, `OS:`'s kernel
/// release, `Machine:`) where a comparison reads it (environment::set_fact).
void unixbench_machine_facts(model::Result& log, std::string_view text);

}  // namespace hwbench::runtime::tools::unixbench
