#include "runtime/tools/stream/stream_report.hpp"

#include <algorithm>
#include <cmath>
#include <iterator>

#include <fmt/format.h>

#include "kernels/memory/memory.hpp"
#include "kernels/memory/stream_function.hpp"
#include "runtime/analysis/statistics.hpp"

namespace hwbench::runtime::tools::stream {

namespace {

namespace memory = kernels::memory;

const std::string hline(61, '-');

/// The value of parameter `name` in `set`, or "".
std::string stream_param(const model::ParamSet& set, const std::string& name) {
  const auto it = set.params.find(name);
  return it == set.params.end() ? "" : it->second;
}

/// A pass's figures: seconds and bytes of one unit of work.
struct Pass {
  double seconds = 0;
  double bytes = 0;
};

std::optional<StreamRow> row_of(const model::Series& series, const memory::StreamFunctionInfo& function,
                                std::uint64_t& elements) {
  std::vector<Pass> passes;
  for (const auto& s : series.samples) {
    if (s.wall_ns <= 0 || s.units == 0) continue;
    const double units = static_cast<double>(s.units);
    passes.push_back({static_cast<double>(s.wall_ns) / 1e9 / units, static_cast<double>(s.bytes) / units});
  }
  if (passes.empty()) return std::nullopt;
  StreamRow row;
  row.label = series.label;
  row.function = std::string(function.name);
  for (const auto& p : passes) row.rates.push_back(p.bytes / p.seconds / 1e6);
  // STREAM leaves out its first iteration, which pays for the first touch of cold caches and TLBs.
  const std::size_t skip = passes.size() > 1 ? 1 : 0;
  std::vector<double> times;
  std::transform(passes.begin() + static_cast<std::ptrdiff_t>(skip), passes.end(), std::back_inserter(times),
                 [](const Pass& p) { return p.seconds; });
  row.used = times.size();
  row.avg_time = analysis::mean(times);
  row.min_time = analysis::min(times);
  row.max_time = analysis::max(times);
  row.best_rate = 1e-6 * passes.front().bytes / row.min_time;
  elements = static_cast<std::uint64_t>(std::llround(passes.front().bytes / (function.words * sizeof(double))));
  return row;
}

void format_row(std::string& out, const std::string& label, const StreamRow& row) {
  out += fmt::format("{:<11s}{:12.1f}  {:11.6f}  {:11.6f}  {:11.6f}\n", label, row.best_rate, row.avg_time,
                     row.min_time, row.max_time);
}

void stream_header(std::string& out, const StreamTable& table) {
  constexpr double mib = 1024.0 * 1024.0;
  const double array_mib = static_cast<double>(table.elements) * sizeof(double) / mib;
  const std::size_t runs =
      table.rows.empty() ? (table.bound ? table.bound->rates.size() : 0) : table.rows.front().rates.size();
  out += hline + "\n";
  out += "hwbench stream, after STREAM version $Revision: 5.10 $\n";
  out += hline + "\n";
  out += fmt::format("This system uses {} bytes per array element.\n", sizeof(double));
  out += hline + "\n";
  out += fmt::format("Array size = {} (elements), Offset = 0 (elements)\n", table.elements);
  out += fmt::format("Memory per array = {:.1f} MiB (= {:.1f} GiB).\n", array_mib, array_mib / 1024.0);
  out += fmt::format("Total memory required = {:.1f} MiB (= {:.1f} GiB).\n", 3 * array_mib, 3 * array_mib / 1024.0);
  out += fmt::format("Each kernel will be executed {} times.\n", runs);
  out += " The *best* time for each kernel (excluding the first iteration)\n";
  out += " will be used to compute the reported bandwidth.\n";
  if (!table.threads.empty()) {
    out += hline + "\n";
    out += fmt::format("Number of Threads requested = {}\n", table.threads);
  }
  out += hline + "\n";
}

void format_bound(std::string& out, const StreamTable& table) {
  if (!table.bound) {
    out += "memcpy: not measured (add `stream memcpy` with the same elements and threads)\n";
    return;
  }
  // Two lines of hwbench's own under STREAM's layout, each within 80 columns.
  out += fmt::format("memcpy: {:.1f} MB/s, best of {} (the C library's, same arrays and threads)\n",
                     table.bound->best_rate, table.bound->used);
  if (table.copy_fraction) {
    out += fmt::format("Copy is {:.1f}% of memcpy", 100.0 * *table.copy_fraction);
    // The C library's large-copy path can run slower than STREAM's plain loop (it did on the
    // project's VM): then memcpy is a comparison, not a ceiling, and the line must not claim one.
    if (*table.copy_fraction > 1.0) out += ", so memcpy is no upper bound here";
    out += "\n";
  }
}

}  // namespace

std::vector<StreamTable> stream_tables(const model::Result& result) {
  std::vector<StreamTable> tables;
  for (const auto& series : result.series) {
    if (series.samples.empty() || !series.unavailable.empty()) continue;
    const model::ParamSet& first = series.params_of(series.samples.front());
    if (first.kernel != kernels::memory::kernel_name::stream) continue;
    const auto* function = memory::find_stream_function(stream_param(first, "FUNCTION"));
    if (function == nullptr) continue;
    std::uint64_t elements = 0;
    auto row = row_of(series, *function, elements);
    if (!row) continue;
    const std::string threads = stream_param(first, "threads");
    auto table = std::find_if(tables.begin(), tables.end(),
                              [&](const StreamTable& t) { return t.elements == elements && t.threads == threads; });
    if (table == tables.end()) {
      StreamTable fresh;
      fresh.elements = elements;
      fresh.threads = threads;
      tables.push_back(std::move(fresh));
      table = std::prev(tables.end());
    }
    // A second memcpy series of the same arrays is a row like any other; the first is the bound.
    if (function->function == memory::StreamFunction::memcpy && !table->bound)
      table->bound = std::move(*row);
    else
      table->rows.push_back(std::move(*row));
  }
  for (auto& table : tables) {
    const auto copy =
        std::find_if(table.rows.begin(), table.rows.end(), [](const StreamRow& r) { return r.function == "copy"; });
    if (table.bound && copy != table.rows.end()) table.copy_fraction = copy->best_rate / table.bound->best_rate;
  }
  return tables;
}

std::string format_stream_tables(const std::vector<StreamTable>& tables, bool validated) {
  if (tables.empty()) return "report stream: this result has no stream series\n";
  std::string out;
  for (const auto& table : tables) {
    if (!out.empty()) out += "\n";
    stream_header(out, table);
    out += "Function    Best Rate MB/s  Avg time     Min time     Max time\n";
    for (const auto& row : table.rows) {
      const auto* function = memory::find_stream_function(row.function);
      format_row(out, function != nullptr ? std::string(function->label) : row.label, row);
    }
    out += hline + "\n";
    if (validated) {
      out += fmt::format("Solution Validates: avg error less than {:e} on all three arrays\n", 1e-13);
      out += hline + "\n";
    }
    format_bound(out, table);
    out += hline + "\n";
  }
  return out;
}

model::RenderedReport render_stream_report(const model::Result& result, const model::ReportSpec& spec) {
  model::RenderedReport rendered;
  rendered.spec = spec;
  const auto tables = stream_tables(result);
  // Each statement validated its arrays when it finished, so a complete run is a validated one.
  rendered.text = format_stream_tables(
      tables, result.kind == model::ResultKind::run && result.status == model::RunStatus::complete);
  for (const auto& table : tables) {
    std::vector<const StreamRow*> rows;
    for (const auto& r : table.rows) rows.push_back(&r);
    if (table.bound) rows.push_back(&*table.bound);
    for (const StreamRow* r : rows) {
      model::ReportFigures f;
      f.label = r->label;
      f.values = r->rates;
      f.unit = "MB/s";
      f.aggregates = {{"best MB/s", r->best_rate},
                      {"avg time s", r->avg_time},
                      {"min time s", r->min_time},
                      {"max time s", r->max_time}};
      if (table.bound && r == &*table.bound && table.copy_fraction)
        f.aggregates.emplace_back("copy / memcpy", *table.copy_fraction);
      rendered.figures.push_back(std::move(f));
    }
  }
  return rendered;
}

}  // namespace hwbench::runtime::tools::stream
