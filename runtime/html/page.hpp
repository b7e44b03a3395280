#pragma once
// The HTML page: one self-contained HTML5 document (inline CSS and SVG, nothing fetched, no
// script), light and dark colour schemes, print styles, UTF-8. Written as well-formed XML as
// well, so that an XML parser (xmllint) can check every chart in it. The pages of a result and
// of a comparison (result_page.hpp, compare_page.hpp) are made of these parts.
#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::html {

/// A table of figures: the text of each cell as the page shows it.
struct Table {
  std::string caption;
  std::vector<std::string> header;
  std::vector<std::vector<std::string>> rows;
  std::vector<bool> marked;           ///< per row: a row to set apart (a fact that differs); may be shorter than rows
  std::string css_class = "figures";  ///< "figures" (right-aligned figures) or "environment" (text)
};

/// A chart and the table of its figures, which follows it for readers who cannot see it.
struct ChartFigure {
  std::string caption;  ///< what the chart shows, above it
  std::string svg;      ///< the chart (base/chart)
  Table table;          ///< its figures
};

/// `text` escaped for HTML text and attribute values.
std::string escape(std::string_view text);

/// The document's start: doctype, <head> with the charset, `title` and the style sheet, <body>.
std::string page_start(std::string_view title);
/// The document's end: a footer saying what made it, </body></html>.
std::string page_end();

/// `table` as an HTML <table>: a header row, then the rows; the first column holds labels
/// (left-aligned, <th scope="row">), the others figures. A marked row has class "differs" and
/// a "*" before its label.
std::string table_html(const Table& table);

/// `figure` as a <figure> (caption, then the chart), then its table.
std::string figure_html(const ChartFigure& figure);

/// Longer texts than this many lines go in a closed <details> (see pre_html).
inline constexpr std::size_t max_open_pre_lines = 400;

/// `text` in a <pre>, as a terminal shows it; past max_open_pre_lines lines, inside a closed
/// <details> whose summary says "The report as printed: N lines".
std::string pre_html(std::string_view text, std::string_view css_class = "report");

}  // namespace hwbench::runtime::html
