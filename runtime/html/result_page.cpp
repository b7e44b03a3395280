#include "runtime/html/result_page.hpp"

#include <filesystem>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/environment/environment_diff.hpp"
#include "runtime/html/report_charts.hpp"

namespace hwbench::runtime::html {

namespace {

// A fact as text: a string as it is, a list of them joined; "" for a table of facts (an
// importer's per-test details, which the report prints).
std::string json_fact(const nlohmann::json& value) {
  if (value.is_string()) return value.get<std::string>();
  if (value.is_array()) {
    std::vector<std::string> parts;
    for (const auto& item : value) parts.push_back(json_fact(item));
    return fmt::format("{}", fmt::join(parts, ", "));
  }
  return value.is_object() ? "" : value.dump();
}

std::string meta_of(const model::Result& result, const std::string& key) {
  const auto it = result.meta.find(key);
  return it == result.meta.end() ? "" : it->second;
}

std::string page_title(const model::Result& result) {
  if (const std::string title = meta_of(result, "title"); !title.empty()) return title;
  if (!result.recipe_file.empty()) return std::filesystem::path(result.recipe_file).stem().string();
  return "hwbench result";
}

// What the report statement asked for: `lines MB/s: mean, median`, `nbench`, `compare with "a.json"`.
std::string report_heading(const model::RenderedReport& report) {
  const auto& spec = report.spec;
  std::string heading(model::to_text(spec.style));
  if (!spec.unit.empty()) heading += " " + spec.unit;
  if (!spec.aggregates.empty()) heading += fmt::format(": {}", fmt::join(spec.aggregates, ", "));
  for (const auto& [name, value] : spec.options)
    heading += value.empty() ? " " + name : fmt::format(" {} {}", name, value);
  return heading;
}

std::string header_html(const model::Result& result) {
  std::string out = fmt::format("<header>\n<h1>{}</h1>\n", escape(page_title(result)));
  if (const auto source = meta_of(result, "source"); !source.empty())
    out += fmt::format("<p class=\"meta\">Source: {}</p>\n", escape(source));
  if (const auto note = meta_of(result, "note"); !note.empty())
    out += fmt::format("<p class=\"meta\">Note: {}</p>\n", escape(note));
  std::vector<std::string> facts;
  if (result.kind == model::ResultKind::published) {
    facts.push_back("published figures (no raw measurements; drawn hollow)");
  } else {
    if (!result.recipe_file.empty()) facts.push_back("recipe " + result.recipe_file);
    facts.push_back(fmt::format("run {}", model::to_text(result.status)));
    if (!result.started_utc.empty()) facts.push_back(fmt::format("{} to {}", result.started_utc, result.finished_utc));
  }
  for (const auto& [name, value] : result.parameters) facts.push_back(fmt::format("--set {}={}", name, value));
  out += fmt::format("<p class=\"meta\">{}</p>\n", escape(fmt::format("{}", fmt::join(facts, " · "))));
  if (result.status != model::RunStatus::complete && result.status != model::RunStatus::published &&
      !result.error.empty())
    out += fmt::format("<p class=\"meta\">The run did not complete: {}</p>\n", escape(result.error));
  return out + "</header>\n";
}

}  // namespace

Table environment_table(const model::Result& result) {
  Table table;
  table.caption = "The machine";
  table.header = {"fact", "value"};
  table.css_class = "environment";
  for (const auto& row : environment::diff_environments({&result}))
    table.rows.push_back({row.label, row.values.front()});
  if (result.kind == model::ResultKind::published && result.environment.is_object()) {
    // What the tool's log said of the machine (environment["nbench"]…); the facts of a capture,
    // which the rows above show, are not repeated.
    for (const auto& [tool, facts] : result.environment.items()) {
      if (!facts.is_object() || tool == "cpu" || tool == "cores" || tool == "memory" || tool == "kernel" ||
          tool == "compiler")
        continue;
      for (const auto& [name, value] : facts.items())
        if (const std::string text = json_fact(value); !text.empty()) table.rows.push_back({tool + " " + name, text});
    }
  }
  return table;
}

std::string result_page(const model::Result& result, const std::vector<model::RenderedReport>& reports,
                        std::string_view notes, const report::ComparedResults& compared) {
  std::string out = page_start(page_title(result) + " · hwbench");
  out += header_html(result);
  const Table environment = environment_table(result);
  if (!environment.rows.empty()) {
    out += "<section id=\"environment\">\n<h2>Environment</h2>\n";
    out += table_html(environment);
    out += "</section>\n";
  }
  const std::string* section = nullptr;
  for (std::size_t r = 0; r < reports.size(); ++r) {
    const model::RenderedReport& report = reports[r];
    if (!report.spec.section.empty() && (section == nullptr || *section != report.spec.section))
      out += fmt::format("<h2 class=\"section\">{}</h2>\n", escape(report.spec.section));
    section = &report.spec.section;
    out += fmt::format("<section class=\"report\" id=\"report-{}\">\n<h2>Report {}: {}</h2>\n", r + 1, r + 1,
                       escape(report_heading(report)));
    out += pre_html(report.text);
    for (const auto& figure : report_charts(result, report, compared)) out += figure_html(figure);
    out += "</section>\n";
  }
  if (const auto others = other_series_charts(result, reports); !others.empty()) {
    out +=
        "<section id=\"other-series\">\n<h2>The other series</h2>\n"
        "<p>Series no report above draws, in their own units, as <code>report summary</code> computes them.</p>\n";
    for (const auto& figure : others) out += figure_html(figure);
    out += "</section>\n";
  }
  Table unavailable;
  unavailable.caption = "Series this machine could not run, and why";
  unavailable.header = {"series", "why"};
  unavailable.css_class = "environment";
  for (const auto& series : result.series)
    if (!series.unavailable.empty()) unavailable.rows.push_back({series.label, series.unavailable});
  if (!unavailable.rows.empty())
    out += "<section id=\"unavailable\">\n<h2>Not run</h2>\n" + table_html(unavailable) + "</section>\n";
  if (!result.indices.empty()) {
    out += "<section id=\"indices\">\n<h2>Indices</h2>\n";
    for (const auto& figure : index_charts(result.indices)) out += figure_html(figure);
    out += "</section>\n";
  }
  if (!notes.empty()) out += "<section id=\"notes\">\n<h2>Notes</h2>\n" + pre_html(notes, "notes") + "</section>\n";
  return out + page_end();
}

}  // namespace hwbench::runtime::html
