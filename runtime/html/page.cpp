#include "runtime/html/page.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "base/chart/svg.hpp"

namespace hwbench::runtime::html {

namespace {

// The style sheet. Marks take their series' colour from the chart (the Okabe–Ito palette reads
// the same on light and dark); text, grids and the summary marks take the scheme's colours.
constexpr std::string_view style_sheet = R"css(
:root { color-scheme: light dark; --fg: #1b1b1b; --bg: #ffffff; --muted: #555555; --grid: #dddddd; --band: #f3f3f3; --link: #0060a0; }
@media (prefers-color-scheme: dark) {
  :root { --fg: #e6e6e6; --bg: #141414; --muted: #a6a6a6; --grid: #3b3b3b; --band: #222222; --link: #7cc4f2; }
}
body { font: 15px/1.45 system-ui, sans-serif; color: var(--fg); background: var(--bg); max-width: 62rem; margin: 0 auto; padding: 1rem 1.25rem 3rem; }
a { color: var(--link); }
h1 { font-size: 1.6rem; margin: 0.5rem 0; }
h2 { font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 1px solid var(--grid); }
h3 { font-size: 1.05rem; margin-top: 1.6rem; }
.meta { color: var(--muted); margin: 0.2rem 0; }
pre { font: 13px/1.3 ui-monospace, "DejaVu Sans Mono", monospace; background: var(--band); padding: 0.75rem; overflow-x: auto; }
figure { margin: 1.2rem 0 0.4rem; }
figcaption { font-weight: 600; margin-bottom: 0.3rem; }
svg.chart { display: block; max-width: 100%; height: auto; font: 12px system-ui, sans-serif; }
svg.chart text { fill: var(--fg); }
svg.chart .caption, svg.chart .legend text { fill: var(--muted); }
svg.chart .grid { stroke: var(--grid); }
svg.chart .frame, svg.chart .origin { stroke: var(--muted); }
svg.chart .band { fill: var(--band); }
svg.chart .key { fill: var(--muted); }
svg.chart .sample { fill-opacity: 0.65; }
svg.chart .sample.published { fill: none; stroke-width: 1.5; }
svg.chart .mean { stroke: var(--fg); stroke-width: 2; }
svg.chart .ci { stroke: var(--fg); stroke-width: 2; fill: none; }
svg.chart .median { fill: var(--bg); stroke: var(--fg); stroke-width: 1.5; }
svg.chart .box rect { fill: none; stroke-width: 1.5; }
svg.chart .key-box { fill: none; stroke: var(--muted); }
svg.chart .whisker, svg.chart .box-median { stroke: var(--fg); }
svg.chart .run { fill: none; stroke-width: 1.5; }
svg.chart .run-key { stroke-width: 3; }
svg.chart .reference { stroke: var(--fg); stroke-dasharray: 4 3; }
svg.chart .interval { stroke: var(--fg); stroke-width: 1.5; fill: none; }
svg.chart .heading { font-weight: 600; }
table { border-collapse: collapse; margin: 0.4rem 0 1rem; font-size: 0.9rem; }
caption { text-align: left; color: var(--muted); padding-bottom: 0.2rem; }
th, td { padding: 0.15rem 0.6rem; border-bottom: 1px solid var(--grid); text-align: right; vertical-align: top; }
th:first-child, td:first-child { text-align: left; }
thead th { border-bottom: 2px solid var(--muted); }
tr.differs { font-weight: 600; }
table.environment td, table.environment th { text-align: left; }
footer { margin-top: 3rem; color: var(--muted); font-size: 0.85rem; }
@media print {
  :root { --fg: #000000; --bg: #ffffff; --muted: #444444; --grid: #cccccc; --band: #ffffff; }
  body { max-width: none; padding: 0; font-size: 10.5pt; }
  pre { white-space: pre-wrap; border: 1px solid #999999; }
  figure, table, pre { break-inside: avoid; }
  h2, h3 { break-after: avoid; }
}
)css";

}  // namespace

std::string escape(std::string_view text) { return chart::escape_xml(text); }

std::string page_start(std::string_view title) {
  return fmt::format(
      "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\"/>\n"
      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"/>\n"
      "<meta name=\"generator\" content=\"hwbench\"/>\n<title>{}</title>\n<style>{}</style>\n</head>\n<body>\n",
      escape(title), style_sheet);
}

std::string page_end() {
  return "<footer>Made by hwbench: every figure on this page comes from the result as hwbench computes it; "
         "charts draw them, tables list them.</footer>\n</body>\n</html>\n";
}

std::string table_html(const Table& table) {
  std::string out = fmt::format("<table class=\"{}\">\n<caption>{}</caption>\n<thead><tr>", escape(table.css_class),
                                escape(table.caption));
  for (const auto& cell : table.header) out += fmt::format("<th scope=\"col\">{}</th>", escape(cell));
  out += "</tr></thead>\n<tbody>\n";
  for (std::size_t r = 0; r < table.rows.size(); ++r) {
    const bool marked = r < table.marked.size() && table.marked[r];
    out += marked ? "<tr class=\"differs\">" : "<tr>";
    for (std::size_t c = 0; c < table.rows[r].size(); ++c) {
      const std::string& cell = table.rows[r][c];
      if (c == 0)
        out += fmt::format("<th scope=\"row\">{}{}</th>", marked ? "* " : "", escape(cell));
      else
        out += fmt::format("<td>{}</td>", escape(cell));
    }
    out += "</tr>\n";
  }
  return out + "</tbody>\n</table>\n";
}

std::string figure_html(const ChartFigure& figure) {
  return fmt::format("<figure>\n<figcaption>{}</figcaption>\n{}</figure>\n{}", escape(figure.caption), figure.svg,
                     table_html(figure.table));
}

std::string pre_html(std::string_view text, std::string_view css_class) {
  // The parser drops a newline right after <pre>: one of ours goes first, so that a text that
  // begins with a blank line (nbench's) keeps it.
  std::string pre = fmt::format("<pre class=\"{}\">\n{}</pre>\n", escape(css_class), escape(text));
  // A report of every sample (the table layout of 10^5 samples: 1.5 MB of text) would take the
  // browser seconds to lay out; closed, it is in the page but laid out only when opened.
  const auto lines = static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n'));
  if (lines <= max_open_pre_lines) return pre;
  return fmt::format("<details>\n<summary>The report as printed: {} lines</summary>\n{}</details>\n", lines, pre);
}

}  // namespace hwbench::runtime::html
