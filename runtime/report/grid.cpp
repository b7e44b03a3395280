#include "runtime/report/grid.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>

#include <fmt/format.h>

#include "base/support/system_text.hpp"
#include "base/support/text_columns.hpp"

namespace hwbench::runtime::report {

namespace {

std::string pad(std::string_view s, std::size_t width, Align align) {
  const std::size_t w = support::display_width(s);
  std::string fill(width > w ? width - w : 0, ' ');
  return align == Align::right ? fill + std::string(s) : std::string(s) + fill;
}

std::vector<std::size_t> column_widths(const std::vector<std::string>& header,
                                       const std::vector<std::vector<std::string>>& rows, std::size_t minimum) {
  std::vector<std::size_t> widths(header.size(), minimum);
  for (std::size_t c = 0; c < header.size(); ++c) {
    widths[c] = std::max(widths[c], support::display_width(header[c]));
    for (const auto& row : rows) {
      if (c < row.size()) widths[c] = std::max(widths[c], support::display_width(row[c]));
    }
  }
  return widths;
}

/// The columns after the first, cut into runs that each fit `width` beside the first column
/// (at least one column each, however wide; 0: no limit): [begin, end) pairs.
std::vector<std::pair<std::size_t, std::size_t>> greedy_blocks(const std::vector<std::size_t>& widths,
                                                               std::size_t width) {
  if (widths.size() <= 1) return {{1, 1}};
  std::vector<std::pair<std::size_t, std::size_t>> blocks;
  for (std::size_t begin = 1; begin < widths.size();) {
    std::size_t used = widths[0], end = begin;
    while (end < widths.size() && (end == begin || width == 0 || used + 2 + widths[end] <= width))
      used += 2 + widths[end++];
    blocks.emplace_back(begin, end);
    begin = end;
  }
  return blocks;
}

/// As few blocks as fit `width`, as even as they can be: the narrowest width that still needs
/// no more blocks than `width` does, so that no block is left with a lone column.
std::vector<std::pair<std::size_t, std::size_t>> column_blocks(const std::vector<std::size_t>& widths,
                                                               std::size_t width) {
  auto blocks = greedy_blocks(widths, width);
  if (blocks.size() <= 1) return blocks;
  for (std::size_t narrower = width - 1; narrower > widths[0]; --narrower) {
    auto tried = greedy_blocks(widths, narrower);
    if (tried.size() > blocks.size()) break;
    blocks = std::move(tried);
  }
  return blocks;
}

void write_text(const Grid& grid, std::ostream& out, std::size_t width) {
  for (const auto& line : grid.before) out << line << '\n';
  const auto widths = column_widths(grid.header, grid.rows, 0);
  // A table wider than the terminal comes in blocks of columns, each led by the first column
  // (the run number, the series), one under the other.
  const auto blocks = column_blocks(widths, width);
  for (std::size_t b = 0; b < blocks.size(); ++b) {
    if (b > 0) out << '\n';
    auto line = [&](const std::vector<std::string>& cells) {
      auto cell = [&](std::size_t c) {
        return pad(c < cells.size() ? cells[c] : std::string(), widths[c], grid.align[c]);
      };
      std::string text = cell(0);
      for (std::size_t c = blocks[b].first; c < blocks[b].second; ++c) text += "  " + cell(c);
      out << support::trim_end(text, " ") << '\n';
    };
    line(grid.header);
    for (const auto& row : grid.rows) line(row);
  }
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
  // A label's `<x>` would be raw HTML on the page, its `*` emphasis, its backtick code.
  std::string escaped;
  for (char c : s) {
    if (c == '|' || c == '\\' || c == '<' || c == '>' || c == '*' || c == '`') escaped += '\\';
    escaped += c;
  }
  return escaped;
}

/// A line of text above or below a Markdown table as the text it is: a start that Markdown reads
/// as a block (a list item's `* `, `- `, `+ `, `1. `, `1) `, a heading's `#`, a quote's `>`, a
/// rule, a setext underline, a code fence) gets a backslash.
std::string markdown_text_line(std::string_view line) {
  std::string out(line);
  const std::size_t lead = out.find_first_not_of(' ');
  if (lead == std::string::npos) return out;
  if (std::string_view("*-+#>=_").find(out[lead]) != std::string_view::npos ||
      std::string_view(out).substr(lead).starts_with("```") || std::string_view(out).substr(lead).starts_with("~~~")) {
    out.insert(lead, 1, '\\');
    return out;
  }
  std::size_t digits = lead;
  while (digits < out.size() && std::isdigit(static_cast<unsigned char>(out[digits]))) ++digits;
  if (digits > lead && digits < out.size() && (out[digits] == '.' || out[digits] == ')')) out.insert(digits, 1, '\\');
  return out;
}

/// Notes above or below a Markdown table, one a line: escaped, and each but the last ended with
/// a hard line break (two spaces), or Markdown would run them together into one paragraph.
void write_markdown_notes(const std::vector<std::string>& lines, std::ostream& out) {
  for (std::size_t i = 0; i < lines.size(); ++i)
    out << markdown_text_line(lines[i]) << (i + 1 < lines.size() ? "  \n" : "\n");
}

void write_markdown(const Grid& grid, std::ostream& out) {
  write_markdown_notes(grid.before, out);
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
    delimiter += grid.align[c] == Align::right ? std::string(widths[c] - 1, '-') + ":" : std::string(widths[c], '-');
    delimiter += " |";
  }
  out << delimiter << '\n';
  for (const auto& row : rows) line(row);
  if (!grid.after.empty()) out << '\n';
  write_markdown_notes(grid.after, out);
}

}  // namespace

void write_grid(const Grid& grid, Format format, std::ostream& out, std::size_t width) {
  switch (format) {
    case Format::text:
      write_text(grid, out, width);
      return;
    case Format::csv:
      write_csv(grid, out);
      return;
    case Format::markdown:
      write_markdown(grid, out);
      return;
  }
}

std::size_t text_width(const Grid& grid) {
  const auto widths = column_widths(grid.header, grid.rows, 0);
  std::size_t total = 0;
  for (std::size_t w : widths) total += w;
  return widths.empty() ? 0 : total + 2 * (widths.size() - 1);
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
