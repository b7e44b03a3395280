#include "runtime/tools/bonnie/bonnie_import.hpp"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "kernels/disk/bonnie.hpp"
#include "runtime/tools/bonnie/bonnie_log.hpp"
#include "runtime/tools/bonnie/bonnie_log_csv.hpp"
#include "runtime/tools/bonnie/bonnie_log_table.hpp"
#include "runtime/tools/bonnie/bonnie_record.hpp"

namespace hwbench::runtime::tools::bonnie {

namespace {

using State = BonnieFigure::State;
using kernels::disk::bonnie_test_names;

/// What the log showed of one run: its tables, its CSV line, or both.
struct RunParts {
  std::optional<Parsed> table;  ///< both tables read into one
  bool io = false, files = false;
  BonnieLayout table_layout = BonnieLayout::v1_96;
  std::optional<Parsed> csv;
  BonnieLayout csv_layout = BonnieLayout::v1_96;
  std::size_t csv_line = 0;
  bool csv_header = false;

  bool empty() const { return !table && !csv; }
};

// Whether the table's rate text can come from the CSV's whole K/sec `csv`: equal, or (2.00's
// scaled rates) the same once the fraction bonnie++ dropped from the CSV is put back.
bool rate_agrees(const BonnieFigure& csv, const std::string& printed, std::size_t test, BonnieLayout layout,
                 const std::string& files) {
  if (bonnie_table_rate(csv, test, layout, files) == printed) return true;
  if (layout != BonnieLayout::v2_00 || csv.state != State::measured || test + 1 >= first_file_test) return false;
  BonnieFigure upper = csv;
  upper.rate += 0.999;
  return bonnie_table_rate(upper, test, layout, files) == printed;
}

/// The run of a table and a CSV line: the CSV's fields and figures, what only the table shows
/// (1.0x's version, 2.00's chunk), and the table's rate texts its figures do not print. Records
/// an error when they disagree.
std::optional<BonnieRun> merge(RunParts& parts, Log& log) {
  BonnieRun run = parts.csv->run;
  const BonnieRun& table = parts.table->run;
  const BonnieLayout layout = parts.csv_layout;
  if (run.version.empty()) run.version = table.version;
  if (layout == BonnieLayout::v2_00) run.io_chunk_size = table.io_chunk_size;
  for (std::size_t t = 0; t < tests; ++t) {
    const bool shown = t < first_file_test ? parts.io : parts.files;
    if (!shown) continue;
    const Printed& a = parts.csv->printed[t];
    const Printed& b = parts.table->printed[t];
    const std::string name(bonnie_test_names[t]);
    const bool misprinted =
        layout == BonnieLayout::v2_00 && t >= first_file_test && table.tests[t].state == State::measured;
    const bool rate_ok = misprinted || rate_agrees(run.tests[t], b.rate, t, layout, run.num_files);
    if (!rate_ok || a.cpu != b.cpu || a.latency != b.latency) {
      log.fail({parts.csv_line, 0}, fmt::format("the table and the CSV line disagree on {} ({} {} {} against {} {} {})",
                                                name, b.rate, b.cpu, b.latency, a.rate, a.cpu, a.latency));
      return std::nullopt;
    }
    if (bonnie_table_rate(run.tests[t], t, layout, run.num_files) != b.rate) run.table_rates[name] = b.rate;
  }
  return run;
}

class LogReader {
 public:
  LogReader(std::string_view text, const std::string& name) : log_(text, name) {}

  std::optional<std::vector<BonnieRun>> read(std::string& error, std::string& command) {
    const auto& lines = log_.lines();
    bool header = false;
    for (std::size_t i = 0; i < lines.size() && !log_.failed(); ++i) {
      const std::string& text = lines[i].text;
      const std::string trimmed = trim(text);
      if (command.empty() && (trimmed.starts_with("$ bonnie++") || trimmed.starts_with("bonnie++ ")))
        command = trimmed.substr(trimmed[0] == '$' ? 2 : 0);
      if (is_io_heading(text)) {
        if (!current_.empty()) finish();
        i += table(i, true) - 1;
      } else if (is_file_heading(text)) {
        if (current_.files || current_.csv) finish();
        i += table(i, false) - 1;
      } else if (is_csv_header(trimmed)) {
        header = true;
      } else {
        BonnieLayout layout{};
        auto csv = read_csv_line(log_, lines[i], layout);
        if (!csv) continue;
        if (current_.csv) finish();
        current_.csv = std::move(csv);
        current_.csv_layout = layout;
        current_.csv_line = lines[i].number;
        current_.csv_header = std::exchange(header, false);
      }
    }
    if (!log_.failed()) finish();
    if (!log_.failed() && runs_.empty()) log_.fail("no bonnie++ table or CSV line found");
    if (log_.failed()) {
      error = log_.error();
      return std::nullopt;
    }
    return std::move(runs_);
  }

 private:
  // Reads the table at line i into the current run; the lines it spans (at least 1).
  std::size_t table(std::size_t i, bool io) {
    if (!current_.table) current_.table.emplace();
    BonnieLayout layout{};
    const std::size_t span =
        io ? read_io_table(log_, i, *current_.table, layout) : read_file_table(log_, i, *current_.table, layout);
    if (span == 0) return 1;
    (io ? current_.io : current_.files) = true;
    current_.table_layout = layout;
    return span;
  }

  void finish() {
    if (log_.failed() || current_.empty()) return;
    RunParts parts = std::exchange(current_, RunParts{});
    // The cells of a table the log does not show stay empty: read as tests that did not run.
    if (parts.table && !figures(*parts.table, parts.table_layout, true, log_)) return;
    std::optional<BonnieRun> run;
    if (parts.table && parts.csv)
      run = merge(parts, log_);
    else
      run = parts.csv ? parts.csv->run : parts.table->run;
    if (!run) return;
    run->shows_tables = parts.table.has_value();
    run->shows_csv = parts.csv.has_value();
    run->csv_header = parts.csv_header;
    runs_.push_back(std::move(*run));
  }

  Log log_;
  RunParts current_;
  std::vector<BonnieRun> runs_;
};

model::Series figure_series(const std::string& label) {
  model::Series s;
  s.label = label;
  return s;
}

// The unit a run's rate figure is kept in: a 2.00 table without its CSV line scaled it.
model::Figure rate_figure(const BonnieRun& run, std::size_t t) {
  const BonnieFigure& f = run.tests[t];
  // bonnie++ prints whole K/sec and whole files a second; 2.00's table, tenths of M or G at times.
  if (t + 1 >= first_file_test) return {f.rate, "ops/s", 1};
  if (bonnie_layout(run) == BonnieLayout::v2_00 && !run.shows_csv) {
    const std::string printed = bonnie_table_rate(f, t, BonnieLayout::v2_00, run.num_files);
    if (printed.ends_with('m')) return {f.rate / 1024, "MiB/s", support::printed_step(printed)};
    if (printed.ends_with('g')) return {f.rate / 1048576, "GiB/s", support::printed_step(printed)};
  }
  return {f.rate, "KiB/s", 1};
}

}  // namespace

std::optional<std::vector<BonnieRun>> parse_bonnie_log(std::string_view text, const std::string& name,
                                                       std::string& error) {
  std::string command;
  return LogReader(text, name).read(error, command);
}

model::Result bonnie_published_result(const std::vector<BonnieRun>& runs, std::string_view text,
                                      const std::string& name, const std::string& command) {
  model::Result r;
  r.kind = model::ResultKind::published;
  r.status = model::RunStatus::published;
  r.machine = runs.front().name;
  r.recipe_file = name;
  r.recipe_text = std::string(text);
  r.meta["title"] = runs.size() == 1
                        ? fmt::format("bonnie++ {} on {}", runs[0].version, runs[0].name)
                        : fmt::format("bonnie++ {} on {}, {} runs", runs[0].version, runs[0].name, runs.size());
  r.meta["source"] = name;
  if (!command.empty()) r.meta["note"] = command;
  std::vector<model::Series> series;
  const auto add = [&](const std::string& label, std::uint32_t run, const model::Figure& figure) {
    auto it = std::find_if(series.begin(), series.end(), [&](const model::Series& s) { return s.label == label; });
    if (it == series.end()) it = series.insert(series.end(), figure_series(label));
    model::Sample sample;
    sample.iteration = run;
    sample.figure = figure;
    it->add(std::move(sample), model::published_params());
  };
  BonnieLog log;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    const BonnieRun& run = runs[i];
    const auto n = static_cast<std::uint32_t>(i + 1);
    log.runs.push_back(log_run_of(run));
    for (std::size_t t = 0; t < tests; ++t) {
      const BonnieFigure& f = run.tests[t];
      const std::string label(bonnie_test_names[t]);
      if (f.state == State::measured) {
        if (f.rate_known) add(label, n, rate_figure(run, t));
        add(label + "_cpu", n, {f.cpu, "%CP", 1});
      }
      if (f.latency_ns > 0) {
        // The latency in the unit bonnie++ chose, so that the figure reads as the log does.
        const std::string text_form = bonnie_latency_text(f.latency_ns);
        const auto digits = text_form.find_first_not_of("0123456789");
        add(label + "_latency", n, {std::stod(text_form.substr(0, digits)), text_form.substr(digits), 1});
      }
    }
  }
  r.series = std::move(series);
  r.environment[environment_key] = log;
  model::ReportSpec spec;
  spec.style = model::report_style_from_text("bonnie").value();
  r.reports.push_back(spec);
  return r;
}

std::optional<model::Result> import_bonnie(std::string_view text, const std::string& name, std::string& error) {
  std::string command;
  const auto runs = LogReader(text, name).read(error, command);
  if (!runs) return std::nullopt;
  return bonnie_published_result(*runs, text, name, command);
}

}  // namespace hwbench::runtime::tools::bonnie
