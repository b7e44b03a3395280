#include "runtime/import/bonnie/bonnie_import.hpp"

#include <fmt/format.h>

#include "kernels/disk/bonnie.hpp"
#include "runtime/import/bonnie/bonnie_log.hpp"
#include "runtime/import/bonnie/bonnie_log_csv.hpp"
#include "runtime/import/bonnie/bonnie_log_table.hpp"

namespace hwbench::runtime::import::bonnie {

using model::Figure;
using model::ReportSpec;
using model::Result;
using model::ResultKind;
using model::RunStatus;
using model::Sample;
using model::Series;
using model::report_style_from_text;
using report::BonnieFigure;
using report::BonnieRun;
using report::bonnie_latency_text;

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

bool agree(const Parsed& csv, const Parsed& table, Log& log) {
  for (std::size_t t = 0; t < tests; ++t) {
    const Printed& a = csv.printed[t];
    const Printed& b = table.printed[t];
    if (a.rate != b.rate || a.cpu != b.cpu || a.latency != b.latency) {
      log.fail(fmt::format("the table and the CSV line disagree on {} ({} {} {} against {} {} {})", bonnie_test_names[t],
                           b.rate, b.cpu, b.latency, a.rate, a.cpu, a.latency));
      return false;
    }
  }
  return true;
}

/// Reads the log; `command` gets its `$ bonnie++ …` line, if it shows one. With both a CSV line
/// and a table the CSV is taken, and the table must agree with it.
std::optional<BonnieRun> read_log(std::string_view text, const std::string& name, std::string& error,
                                  std::string& command) {
  Log log(text, name);
  const auto read = [&]() -> std::optional<Parsed> {
    std::optional<Parsed> csv = read_csv_line(log, command);
    if (log.failed()) return std::nullopt;
    std::optional<Parsed> table = read_tables(log);
    if (log.failed()) return std::nullopt;
    if (!csv && !table) {
      log.fail("no bonnie++ table or CSV line found");
      return std::nullopt;
    }
    if (csv && table && !agree(*csv, *table, log)) return std::nullopt;
    return csv ? csv : table;
  };
  auto parsed = read();
  if (!parsed) {
    error = log.error();
    return std::nullopt;
  }
  return parsed->run;
}

Series figure_series(const std::string& label, double value, const std::string& unit) {
  Series s;
  s.label = label;
  Sample sample;
  sample.iteration = 1;
  sample.figure = Figure{value, unit};
  s.add(std::move(sample), model::published_params());
  return s;
}

}  // namespace

std::optional<BonnieRun> parse_bonnie_log(std::string_view text, const std::string& name, std::string& error) {
  std::string command;
  return read_log(text, name, error, command);
}

Result bonnie_published_result(const BonnieRun& run, std::string_view text, const std::string& name,
                               const std::string& command) {
  Result r;
  r.kind = ResultKind::published;
  r.status = RunStatus::published;
  r.machine = run.name;
  r.recipe_file = name;
  r.recipe_text = std::string(text);
  r.meta["title"] = fmt::format("bonnie++ {} on {}", run.version, run.name);
  r.meta["source"] = name;
  if (!command.empty()) r.meta["note"] = command;
  nlohmann::json b = {
      {"format_version", run.format_version}, {"bonnie_version", run.version},   {"name", run.name},
      {"concurrency", run.concurrency},       {"seed", run.seed},                {"file_size", run.file_size},
      {"io_chunk_size", run.io_chunk_size},   {"num_files", run.num_files},      {"max_size", run.max_size},
      {"min_size", run.min_size},             {"num_dirs", run.num_dirs},        {"file_chunk_size", run.file_chunk_size},
  };
  if (run.format_version == "1.98") {
    b["seeks"] = run.seeks;
    b["seek_proc_count"] = run.seek_proc_count;
  }
  nlohmann::json quick = nlohmann::json::array();
  for (std::size_t t = 0; t < tests; ++t) {
    const BonnieFigure& f = run.tests[t];
    const std::string label(bonnie_test_names[t]);
    if (f.state == State::too_quick) quick.push_back(label);
    if (f.state == State::measured) {
      r.series.push_back(figure_series(label, f.rate, t < 5 ? "KiB/s" : "ops/s"));
      r.series.push_back(figure_series(label + "_cpu", f.cpu, "%CP"));
    }
    if (f.latency_ns > 0) {
      // The latency in the unit bonnie++ chose, so that the figure reads as the log does.
      const std::string text_form = bonnie_latency_text(f.latency_ns);
      const auto digits = text_form.find_first_not_of("0123456789");
      r.series.push_back(figure_series(label + "_latency", std::stod(text_form.substr(0, digits)), text_form.substr(digits)));
    }
  }
  b["too_quick"] = quick;
  r.environment["bonnie"] = b;
  ReportSpec spec;
  spec.style = report_style_from_text("bonnie").value();
  r.reports.push_back(spec);
  return r;
}

std::optional<Result> import_bonnie(std::string_view text, const std::string& name, std::string& error) {
  std::string command;
  const auto run = read_log(text, name, error, command);
  if (!run) return std::nullopt;
  return bonnie_published_result(*run, text, name, command);
}

}  // namespace hwbench::runtime::import::bonnie
