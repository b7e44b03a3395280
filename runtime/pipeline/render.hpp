#pragma once
// The render stage as a library: a Result in, its reports (in a format, within a width), the
// notes under them and its HTML page out, each report rendered once; and the comparison of
// several results. `hwbench run`, `report` and `compare`, and a run on hosts all render here.
#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "runtime/analysis/compare.hpp"
#include "runtime/model/result.hpp"
#include "runtime/report/report.hpp"

namespace hwbench::runtime::pipeline {

/// How a result is rendered.
struct RenderOptions {
  report::Format format = report::Format::text;
  std::size_t width = 0;  ///< the columns the generic text layouts keep within; 0: no limit
  bool html = false;      ///< the HTML page too
};

/// A result rendered.
struct RenderedResult {
  std::string text;                            ///< every report, then the notes, as printed
  std::vector<model::RenderedReport> reports;  ///< each report as rendered in that format (kept in a result file)
  std::string html;                            ///< the page, when asked for
};

/// Renders every report of `result` (report_specs) once: the files its `compare` reports name
/// are read first (read_compared); the page is made of the text rendering (the same one when
/// `options.format` is text).
RenderedResult render_result(const model::Result& result, const RenderOptions& options);

/// A result or published file read for rendering (or reruns joined by `+`,
/// record::load_compared), its indices recomputed from its figures (never trusted from the
/// file); nullopt with `error` when it cannot be read.
std::optional<model::Result> load_result(const std::string& path, std::string& error);

/// The result files of one recipe's reruns joined into one (record::load_reruns), its indices
/// recomputed as load_result's; nullopt with `error` when one cannot be read or joined.
std::optional<model::Result> load_joined(const std::vector<std::string>& paths, std::string& error);

/// The reports `result` declares, or when it declares none default ones: a table of the series
/// with their mean, median, stdev, min and max, one per measure their natural units are of (MB/s
/// for byte rates, ops/s for operation rates, a time or an amount in the series' own unit), so
/// that every series shows.
std::vector<model::ReportSpec> report_specs(const model::Result& result);

/// Every file the `compare` reports of `result` name, read (or why not), before anything renders;
/// a `compare with section` report gets that section of `result` itself.
report::ComparedResults read_compared(const model::Result& result);

/// Renders every report of `result` to `out`, the generic ones within `width` columns (0: no
/// limit), keeping each rendered report in `keep` when it is given, then the notes.
void render_all(const model::Result& result, report::Format format, std::size_t width, std::ostream& out,
                std::vector<model::RenderedReport>* keep);
/// As above, with the files the `compare` reports name already read.
void render_all(const model::Result& result, const report::ComparedResults& compared, report::Format format,
                std::size_t width, std::ostream& out, std::vector<model::RenderedReport>* keep);

/// hwbench's own lines under the reports (the run's verdict, what `settle` did, the files its `rm`
/// left that appeared during the run): in text wrapped to `width`; "" in CSV, which holds figures
/// only.
std::string report_notes(const model::Result& result, report::Format format, std::size_t width);

/// The HTML page of `result` (runtime/html/result_page.hpp): its reports as render_all prints
/// them in text within `width`, with their charts and the notes.
std::string result_html(const model::Result& result, std::size_t width);

/// The comparison of `results`, named `names` (the first the base): with `html` the page,
/// otherwise the table with the original tools' notes (tools::comparison_notes) and the
/// environment's differences, as `hwbench compare` prints it, its notes wrapped to `width`
/// columns (0: no limit).
std::string render_comparison(const std::vector<model::Result>& results, const std::vector<std::string>& names,
                              const analysis::CompareOptions& options, bool html, std::size_t width);
/// The same, from the comparison of `results` already made (analysis::compare_results with
/// `options`), for a caller that uses it further.
std::string render_comparison(const std::vector<const model::Result*>& results, const analysis::Comparison& comparison,
                              const analysis::CompareOptions& options, bool html, std::size_t width);

}  // namespace hwbench::runtime::pipeline
