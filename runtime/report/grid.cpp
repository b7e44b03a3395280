#include "runtime/report/grid.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

#include "runtime/support/system_text.hpp"

namespace hwbench::runtime::report {

namespace {

// Display width of UTF-8 text: one column per code point (labels and `±` are not ASCII).
std::size_t display_width(std::string_view s) {
  std::size_t width = 0;
  for (unsigned char c : s) {
    if ((c & 0xC0) != 0x80) ++width;
  }
  return width;
}

std::string pad(std::string_view s, std::size_t width, Align align) {
  const std::size_t w = display_width(s);
  std::string fill(width > w ? width - w : 0, ' ');
  return align == Align::right ? fill + std::string(s) : std::string(s) + fill;
}

std::vector<std::size_t> column_widths(const std::vector<std::string>& header,
                                       const std::vector<std::vector<std::string>>& rows,
                                       std::size_t minimum) {
  std::vector<std::size_t> widths(header.size(), minimum);
  for (std::size_t c = 0; c < header.size(); ++c) {
    widths[c] = std::max(widths[c], display_width(header[c]));
    for (const auto& row : rows) {
      if (c < row.size()) widths[c] = std::max(widths[c], display_width(row[c]));
    }
  }
  return widths;
}

void write_text(const Grid& grid, std::ostream& out) {
  for (const auto& line : grid.before) out << line << '\n';
  const auto widths = column_widths(grid.header, grid.rows, 0);
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text;
    for (std::size_t c = 0; c < widths.size(); ++c) {
      if (c > 0) text += "  ";
      text += pad(c < cells.size() ? cells[c] : std::string(), widths[c], grid.align[c]);
    }
    out << support::trim_end(text, " ") << '\n';
  };
  line(grid.header);
  for (const auto& row : grid.rows) line(row);
  for (const auto& after : grid.after) out << after << '\n';
}

std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string quoted = "\"";
  for (char c : s) {
    if (c == '"') quoted += '"';
    quoted += c;
  }
  quoted += '"';
  return quoted;
}

void write_csv(const Grid& grid, std::ostream& out) {
  auto line = [&](const std::vector<std::string>& cells) {
    for (std::size_t c = 0; c < cells.size(); ++c) {
      if (c > 0) out << ',';
      out << csv_field(cells[c]);
    }
    out << '\n';
  };
  line(grid.header);
  for (const auto& row : grid.rows) line(row);
}

std::string markdown_cell(std::string_view s) {
  std::string escaped;
  for (char c : s) {
    if (c == '|') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

void write_markdown(const Grid& grid, std::ostream& out) {
  for (const auto& line : grid.before) out << line << '\n';
  if (!grid.before.empty()) out << '\n';
  std::vector<std::string> header;
  for (const auto& h : grid.header) header.push_back(markdown_cell(h));
  std::vector<std::vector<std::string>> rows;
  for (const auto& row : grid.rows) {
    std::vector<std::string> cells;
    for (const auto& cell : row) cells.push_back(markdown_cell(cell));
    rows.push_back(std::move(cells));
  }
  // At least three columns wide, so that the delimiter row is `---` or `--:` everywhere.
  const auto widths = column_widths(header, rows, 3);
  auto line = [&](const std::vector<std::string>& cells) {
    std::string text = "|";
    for (std::size_t c = 0; c < widths.size(); ++c) {
      text += ' ';
      text += pad(c < cells.size() ? cells[c] : std::string(), widths[c], grid.align[c]);
      text += " |";
    }
    out << text << '\n';
  };
  line(header);
  std::string delimiter = "|";
  for (std::size_t c = 0; c < widths.size(); ++c) {
    delimiter += ' ';
    delimiter += grid.align[c] == Align::right ? std::string(widths[c] - 1, '-') + ":"
                                               : std::string(widths[c], '-');
    delimiter += " |";
  }
  out << delimiter << '\n';
  for (const auto& row : rows) line(row);
  if (!grid.after.empty()) out << '\n';
  for (const auto& after : grid.after) out << after << '\n';
}

}  // namespace

void write_grid(const Grid& grid, Format format, std::ostream& out) {
  switch (format) {
    case Format::text: write_text(grid, out); return;
    case Format::csv: write_csv(grid, out); return;
    case Format::markdown: write_markdown(grid, out); return;
  }
}

std::string figure_cell(double value, Format format) {
  if (std::isnan(value)) return format == Format::csv ? "" : "-";
  return format_figure(value);
}

std::string aggregate_cell(std::string_view aggregate, double value, Format format) {
  if (std::isnan(value)) return figure_cell(value, format);
  const bool csv = format == Format::csv;
  if (aggregate == "count") return fmt::format("{:.0f}", value);
  if (aggregate == "cv") return fmt::format("{:.1f}{}", value * 100, csv ? "" : "%");
  if (aggregate == "ci95") return (csv ? "" : "±") + format_figure(value);
  return format_figure(value);
}

std::string aggregate_title(std::string_view aggregate, std::string_view unit, Format format, bool printed) {
  const bool csv = format == Format::csv;
  const std::string name = printed ? fmt::format("{} (printed)", aggregate) : std::string(aggregate);
  if (aggregate == "count") return name;
  if (aggregate == "cv") return csv ? name + " (%)" : name;
  return csv ? fmt::format("{} ({})", name, unit) : fmt::format("{} {}", name, unit);
}

std::string aggregate_row_label(std::string_view aggregate, Format format, bool printed) {
  // A CSV row label says what the bare number means (`cv (%)`); text shows it in the cells.
  std::string label(aggregate);
  if (printed) label += " (printed)";
  if (format == Format::csv && aggregate == "cv") label += " (%)";
  return label;
}

std::string convergence_note(const SeriesFigures& series) {
  return fmt::format("did not reach ±{:g}% in {} runs", series.ci_target_pct, series.values.size());
}

}  // namespace hwbench::runtime::report
