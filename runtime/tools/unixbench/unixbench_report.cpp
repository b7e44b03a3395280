#include "runtime/tools/unixbench/unixbench_report.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <limits>
#include <map>

#include <fmt/format.h>
#include <fmt/printf.h>

#include "runtime/analysis/indices.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/record/baseline.hpp"
#include "runtime/tools/unixbench/unixbench_log.hpp"

namespace hwbench::runtime::tools::unixbench {

namespace {

constexpr double nan = std::numeric_limits<double>::quiet_NaN();

/// UnixBench tests outside the George index that a run may hold, with their units.
const std::vector<std::pair<std::string, std::string>>& other_tests() {
  static const std::vector<std::pair<std::string, std::string>> table = {
      {"Arithmetic Test (type = short)", "lps"},
      {"Arithmetic Test (type = int)", "lps"},
      {"Arithmetic Test (type = long)", "lps"},
      {"Arithmetic Test (type = float)", "lps"},
      {"Arithmetic Test (type = double)", "lps"},
      {"Arithoh", "lps"},
      {"C Compiler Throughput", "lpm"},
      {"Dc: sqrt(2) to 99 decimal places", "lpm"},
      {"Recursion Test -- Tower of Hanoi", "lps"},
      {"Shell Scripts (16 concurrent)", "lpm"},
      {"File Read 1024 bufsize 2000 maxblocks", "KiB/s"},
      {"File Write 1024 bufsize 2000 maxblocks", "KiB/s"},
      {"File Read 256 bufsize 500 maxblocks", "KiB/s"},
      {"File Write 256 bufsize 500 maxblocks", "KiB/s"},
      {"File Read 4096 bufsize 8000 maxblocks", "KiB/s"},
      {"File Write 4096 bufsize 8000 maxblocks", "KiB/s"},
  };
  return table;
}

std::string option(const model::ReportSpec& spec, const std::string& name, const std::string& fallback) {
  auto it = spec.options.find(name);
  return it == spec.options.end() || it->second.empty() ? fallback : it->second;
}

const model::Baseline* george(const model::Result& result) {
  for (const auto& b : result.baselines)
    if (b.name == "george") return &b;
  return nullptr;
}

/// "2026-11-27T10:51:52Z" -> {"Fri Nov 27 2026", "10:51:52"}; the text as it is when it is not a stamp.
std::pair<std::string, std::string> day_and_time(const std::string& stamp) {
  int y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0;
  if (std::sscanf(stamp.c_str(), "%d-%d-%dT%d:%d:%d", &y, &mo, &d, &h, &mi, &s) != 6) return {stamp, {}};
  const std::chrono::year_month_day ymd{std::chrono::year{y}, std::chrono::month{static_cast<unsigned>(mo)},
                                        std::chrono::day{static_cast<unsigned>(d)}};
  if (!ymd.ok()) return {stamp, {}};
  static const char* const days[] = {"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"};
  static const char* const months[] = {"Jan", "Feb", "Mar", "Apr", "May", "Jun",
                                       "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"};
  const unsigned wd = std::chrono::weekday{std::chrono::sys_days{ymd}}.c_encoding();
  return {fmt::format("{} {} {:02} {}", days[wd], months[mo - 1], d, y), fmt::format("{:02}:{:02}:{:02}", h, mi, s)};
}

/// An imported log's run times live in its UnixbenchLog (published files keep no started_utc):
/// the block's own span when the log held more than one run, else the whole log's; a run's in
/// the Result. `field` picks the start or the end.
std::string run_time(const std::optional<UnixbenchLog>& log, long long copies, std::string UnixbenchRunSpan::*field,
                     std::optional<std::string> UnixbenchLog::*whole, const std::string& fallback) {
  if (!log) return fallback;
  for (const auto& run : log->runs)
    if (run.copies == copies) return run.*field;
  return ((*log).*whole).value_or(fallback);
}

/// "2026-11-27T10:51:52Z" for a Unix time in nanoseconds.
std::string utc_stamp(std::int64_t unix_ns) {
  const std::chrono::sys_seconds t{std::chrono::seconds{unix_ns / 1'000'000'000}};
  const auto day = std::chrono::floor<std::chrono::days>(t);
  const std::chrono::year_month_day ymd{day};
  const std::chrono::hh_mm_ss hms{t - day};
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", static_cast<int>(ymd.year()),
                     static_cast<unsigned>(ymd.month()), static_cast<unsigned>(ymd.day()), hms.hours().count(),
                     hms.minutes().count(), hms.seconds().count());
}

/// The block's span: its first sample's start to its last sample's end, when the samples carry
/// their start times; the whole run's otherwise.
std::string run_line(const model::Result& result, const std::optional<UnixbenchLog>& log,
                     const std::vector<const model::Series*>& block, long long copies) {
  std::int64_t first = 0, last = 0;
  for (const model::Series* series : block)
    for (const auto& sample : series->samples) {
      if (sample.start_unix_ns <= 0) continue;
      if (first == 0 || sample.start_unix_ns < first) first = sample.start_unix_ns;
      last = std::max(last, sample.start_unix_ns + sample.wall_ns);
    }
  const std::string started =
      first > 0 ? utc_stamp(first)
                : run_time(log, copies, &UnixbenchRunSpan::started_utc, &UnixbenchLog::started_utc, result.started_utc);
  const std::string finished = first > 0 ? utc_stamp(last)
                                         : run_time(log, copies, &UnixbenchRunSpan::finished_utc,
                                                    &UnixbenchLog::finished_utc, result.finished_utc);
  const auto [day, start] = day_and_time(started);
  const auto end = day_and_time(finished).second;
  if (start.empty()) return fmt::format("{} - {}", started, finished);
  return fmt::format("{} {} - {}", day, start, end.empty() ? finished : end);
}

long long cores(const nlohmann::json& env) {
  if (env.is_object() && env.contains("cores") && env["cores"].is_object() && env["cores"].contains("logical") &&
      env["cores"]["logical"].is_number_integer())
    return env["cores"]["logical"].get<long long>();
  return 1;
}

/// The printed time and sample count an imported log keeps for `label`.
std::optional<UnixbenchPrintedTest> printed_test(const std::optional<UnixbenchLog>& log, const std::string& label) {
  if (!log) return std::nullopt;
  const auto it = log->tests.find(label);
  if (it == log->tests.end()) return std::nullopt;
  return it->second;
}

/// The row for `series` (the test `label`) in `unit` (an hwbench unit), or std::nullopt when it
/// has no figure.
std::optional<UnixbenchRow> make_row(const std::optional<UnixbenchLog>& log, const model::Series& series,
                                     const std::string& label, const std::string& unit) {
  // The lowest third of the passes by count is dropped; the figure is the kept passes' geometric
  // mean and the time their mean time.
  const auto passes = analysis::unixbench_kept_passes(series, unit);
  if (passes.empty()) return std::nullopt;
  UnixbenchRow row;
  row.label = label;
  row.series = series.label;
  row.unit = unixbench_printed_unit(unit);
  const std::size_t kept = passes.size();
  std::vector<double> values;
  double seconds = 0;
  for (const auto& p : passes) {
    values.push_back(p.value);
    seconds += p.seconds;
  }
  row.figure = analysis::geomean(values);
  row.seconds = seconds / static_cast<double>(kept);
  row.samples = static_cast<int>(kept);
  if (const auto printed = printed_test(log, series.label)) {
    row.seconds = printed->time.value_or(row.seconds);
    row.samples = printed->samples.value_or(row.samples);
  }
  return row;
}

std::string plural(long long n, const char* one, const char* many) { return n == 1 ? one : many; }

/// The block of the series in `block`, which run with `copies` copies.
UnixbenchBlock make_block(const model::Result& result, const std::optional<UnixbenchLog>& log,
                          const std::vector<const model::Series*>& block, long long copies, const model::Baseline* base,
                          const std::vector<std::string>& index) {
  UnixbenchBlock out;
  out.copies = copies;
  out.run_line = run_line(result, log, block, copies);
  for (const model::Series* series : block) {
    const std::string label = unixbench_copies_label(series->label).first;
    std::string unit;
    const bool indexed = std::find(index.begin(), index.end(), label) != index.end();
    if (const model::Figure* f = base ? analysis::baseline_figure(*base, label) : nullptr) unit = f->unit;
    for (const auto& [other, u] : other_tests())
      if (unit.empty() && other == label) unit = u;
    if (unit.empty()) continue;
    auto row = make_row(log, *series, label, unit);
    if (!row) continue;
    if (indexed) row->baseline = analysis::baseline_figure(*base, label)->value;
    out.rows.push_back(std::move(*row));
  }
  std::stable_sort(out.rows.begin(), out.rows.end(), [](const auto& a, const auto& b) { return a.label < b.label; });
  double log_sum = 0;
  std::size_t counted = 0;
  for (const auto& row : out.rows) {
    if (!row.baseline) continue;
    const double ratio = row.figure / *row.baseline;
    if (ratio > 1e-6) log_sum += std::log(ratio);
    ++counted;
  }
  out.partial = counted < index.size() || index.empty();
  out.score = counted == 0 ? nan : 10 * std::exp(log_sum / static_cast<double>(counted));
  return out;
}

std::string format_block(const UnixbenchBlock& b, const std::string& layout, long long cpus) {
  std::string out;
  if (layout == "4.1") {
    for (const auto& row : b.rows)
      out += fmt::sprintf("%-40s %9.1f %-5s (%.1f secs, %d samples)\n", row.label, row.figure, row.unit, row.seconds,
                          row.samples);
    out += "\n                     INDEX VALUES\n";
    out += fmt::sprintf("%-40s%12s%11s%11s\n\n", "TEST", "BASELINE", "RESULT", "INDEX");
    for (const auto& row : b.rows)
      if (row.baseline)
        out += fmt::sprintf("%-40s%12.1f%11.1f%11.1f\n", row.label, *row.baseline, row.figure,
                            row.figure / *row.baseline * 10);
    out += fmt::sprintf("%74s\n", "=========");
    out += fmt::sprintf("%-63s%11.1f\n", "     FINAL SCORE", b.score);
    return out;
  }
  out += std::string(72, '-') + "\n";
  out += fmt::format("Benchmark Run: {}\n", b.run_line);
  out += fmt::format("{} {} in system; running {} parallel {} of tests\n\n", cpus, plural(cpus, "CPU", "CPUs"),
                     b.copies, plural(b.copies, "copy", "copies"));
  for (const auto& row : b.rows)
    out += fmt::sprintf("%-40s %12.1f %-5s (%.1f s, %d samples)\n", row.label, row.figure, row.unit, row.seconds,
                        row.samples);
  out += "\n";
  out += fmt::sprintf("%-40s %12s %12s %8s\n",
                      b.partial ? "System Benchmarks Partial Index" : "System Benchmarks Index Values", "BASELINE",
                      "RESULT", "INDEX");
  for (const auto& row : b.rows)
    if (row.baseline)
      out += fmt::sprintf("%-40s %12.1f %12.1f %8.1f\n", row.label, *row.baseline, row.figure,
                          row.figure / *row.baseline * 10);
  out += fmt::sprintf("%-40s %12s %12s %8s\n", "", "", "", "========");
  out += fmt::sprintf("%-66s %8.1f\n",
                      b.partial ? "System Benchmarks Index Score (Partial Only)" : "System Benchmarks Index Score",
                      b.score);
  return out;
}

}  // namespace

std::pair<std::string, long long> unixbench_copies_label(const std::string& label) {
  return analysis::split_copies_label(label);
}

std::string unixbench_unit(const std::string& printed) {
  if (printed == "KBps") return "KiB/s";
  if (printed == "lps" || printed == "lpm" || printed == "MWIPS") return printed;
  return {};
}

std::string unixbench_printed_unit(const std::string& unit) { return unit == "KiB/s" ? "KBps" : unit; }

std::vector<std::string> unixbench_index_labels(const model::Baseline& base, const std::string& layout) {
  std::vector<std::string> labels;
  for (const auto& [label, figure] : base.figures)
    if (layout != "4.1" || label != "Shell Scripts (1 concurrent)") labels.push_back(label);
  return labels;
}

UnixbenchReport build_unixbench_report(const model::Result& result, const model::ReportSpec& spec) {
  UnixbenchReport out;
  out.layout = option(spec, "layout", "5") == "4.1" ? "4.1" : "5";
  out.cpus = cores(result.environment);
  long long copies = 1;
  try {
    copies = std::max(1LL, std::stoll(option(spec, "copies", "1")));
  } catch (const std::exception&) {
    copies = 1;
  }
  const model::Baseline* base = george(result);
  const std::vector<std::string> index = base ? unixbench_index_labels(*base, out.layout) : std::vector<std::string>{};
  std::map<long long, std::vector<const model::Series*>> blocks;
  blocks[copies];  // the plain labels' block is printed even when empty, as before
  for (const auto& series : result.series) {
    const long long n = unixbench_copies_label(series.label).second;
    blocks[n == 0 ? copies : n].push_back(&series);
  }
  const auto log = read_unixbench_log(result);  // read once, for every block's rows and run times
  for (const auto& [n, block] : blocks)
    if (n == copies || !block.empty()) out.blocks.push_back(make_block(result, log, block, n, base, index));
  return out;
}

std::string format_unixbench_report(const UnixbenchReport& r) {
  std::string out;
  for (const auto& block : r.blocks) {
    if (!out.empty()) out += "\n";
    out += format_block(block, r.layout, r.cpus);
  }
  return out;
}

model::RenderedReport render_unixbench_report(const model::Result& result, const model::ReportSpec& spec) {
  const UnixbenchReport data = build_unixbench_report(result, spec);
  model::RenderedReport record;
  record.spec = spec;
  record.text = format_unixbench_report(data);
  for (const auto& block : data.blocks)
    for (const auto& row : block.rows) {
      model::ReportFigures f;
      f.label = row.series;
      f.aggregates = {{"unixbench", row.figure}, {"index", row.baseline ? row.figure / *row.baseline * 10 : nan}};
      record.figures.push_back(std::move(f));
    }
  return record;
}

std::vector<report::IndexChart> unixbench_index_charts(const model::Result& result,
                                                       const model::RenderedReport& record) {
  const UnixbenchReport data = build_unixbench_report(result, record.spec);
  std::vector<report::IndexChart> out;
  std::size_t next = 0;  // the record's figures follow the blocks' rows in order
  for (const auto& block : data.blocks) {
    report::IndexChart chart;
    chart.unit = "index (George = 10)";
    for (const auto& row : block.rows) {
      const model::ReportFigures* figures = next < record.figures.size() ? &record.figures[next] : nullptr;
      ++next;
      if (!row.baseline || figures == nullptr) continue;
      double index = std::nan("");
      for (const auto& [name, value] : figures->aggregates)
        if (name == "index") index = value;
      chart.bars.push_back({row.label, row.figure, row.unit, *row.baseline, index});
    }
    if (chart.bars.empty()) continue;
    const std::string copies = fmt::format("{} {}", block.copies, block.copies == 1 ? "copy" : "copies");
    const std::string score = fmt::format("{:.1f}", block.score);
    chart.score_label = block.partial ? "Index Score (Partial Only)" : "Index Score";
    chart.score_row = "System Benchmarks Index Score";
    chart.score = block.score;
    chart.title = fmt::format("UnixBench index, {}", copies);
    chart.caption = fmt::format("UnixBench index per test, {} (score {})", copies, score);
    chart.table_caption = fmt::format("UnixBench index values, {}", copies);
    out.push_back(std::move(chart));
  }
  return out;
}

}  // namespace hwbench::runtime::tools::unixbench
