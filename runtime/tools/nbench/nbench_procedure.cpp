#include "runtime/tools/nbench/nbench_procedure.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "kernels/nbench/nbench.hpp"
#include "runtime/environment/environment_diff.hpp"
#include "runtime/tools/nbench/nbench_import.hpp"
#include "runtime/tools/nbench/nbench_log.hpp"

namespace hwbench::runtime::tools::nbench {

namespace {

/// The machine an nbench log names: its CPU line, and its OS line.
std::string nbench_machine(const model::Result& log) {
  if (!log.machine.empty()) return log.machine;
  const auto record = read_nbench_log(log);
  if (!record || record->runs.empty()) return "";
  const NbenchSystem& s = record->runs.front();
  std::string out = s.cpu.value_or("");
  if (s.os) out += (out.empty() ? "" : ", ") + *s.os;
  return out;
}

const model::Series* find_series(const model::Result& log, const std::string& label) {
  for (const auto& s : log.series)
    if (s.label == label) return &s;
  return nullptr;
}

}  // namespace

void nbench_machine_facts(model::Result& log) {
  const auto record = read_nbench_log(log);
  if (!record || record->runs.empty()) return;
  const NbenchSystem& s = record->runs.front();
  environment::set_fact(log.environment, "/cpu/model", s.cpu.value_or(""));
  if (s.os) {
    // "Linux 2.6.26-2-686": the kernel's name, then its release.
    const std::string os = *s.os;
    const auto space = os.find(' ');
    environment::set_fact(log.environment, "/kernel/sysname", os.substr(0, space));
    if (space != std::string::npos) environment::set_fact(log.environment, "/kernel/release", os.substr(space + 1));
  }
  environment::set_fact(log.environment, "/compiler/version", s.compiler.value_or(""));
}

record::Procedure nbench_procedure(const model::Result& log, std::string_view text, const std::string& name) {
  record::RecipeWriter w(text);
  w.header("BYTEmark (nbench 2.2.3), the tests it shows and nbench's indices", name, nbench_machine(log));
  w.statement("title \"BYTEmark (nbench 2.2.3) native mode benchmark\"");
  w.statement(fmt::format("source {}", record::RecipeWriter::quote("reproduced from " + name)));
  w.blank();
  w.statement("baseline p90 from \"builtin:nbench\"", "nbench's Pentium 90 column (ORIGINAL BYTEMARK RESULTS)");
  w.statement("baseline k6 from \"builtin:nbench\"", "its AMD K6/233 column (LINUX DATA BELOW)");
  w.blank();
  std::vector<std::string> present;
  std::size_t runs = 0;
  for (const auto& test : kernels::nbench::tests()) {
    const model::Series* s = find_series(log, test.label);
    if (s == nullptr) continue;
    present.push_back(test.label);
    runs = std::max(runs, s->samples.size());
    w.statement(fmt::format("series {} nbench {}", record::RecipeWriter::quote(test.label), test.name),
                w.cite_row(test.label));
  }
  if (present.size() < kernels::nbench::tests().size())
    w.comment(fmt::format("the log shows {} of nbench's 10 tests; the others are left out", present.size()));
  if (runs > 1)
    w.assumed(
        fmt::format("the log holds {} runs of nbench; this recipe runs each test once, to its "
                    "interval (hwbench run --blocks sets how many blocks)",
                    runs));
  w.blank();
  for (const auto& index : nbench_index_specs()) {
    const bool whole = std::all_of(index.series.begin(), index.series.end(), [&](const std::string& label) {
      return std::find(present.begin(), present.end(), label) != present.end();
    });
    if (!whole) continue;
    std::vector<std::string> quoted;
    for (const auto& label : index.series) quoted.push_back(record::RecipeWriter::quote(label));
    w.statement(fmt::format("index {} = geomean({}) vs {}", record::RecipeWriter::quote(index.label),
                            fmt::join(quoted, ", "), index.baseline),
                // The K6 block repeats the P90 block's labels, MEMORY INDEX aside.
                w.cite(index.label, index.baseline == "k6" && index.label != "MEMORY INDEX" ? 1 : 0));
  }
  w.blank();
  w.statement("report nbench", "the layout the log printed");
  w.statement("report iter/s mean, ci95, count");
  return w.finish("nbench");
}

}  // namespace hwbench::runtime::tools::nbench
