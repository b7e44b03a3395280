#include "lang/common/diagnostics.hpp"

#include <algorithm>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

#include "base/support/text_columns.hpp"

namespace hwbench::lang {

void Diagnostics::error(SourceLoc loc, std::string message, std::string hint, std::uint32_t length) {
  add({Severity::error, loc, std::move(message), std::move(hint), length});
}

void Diagnostics::warning(SourceLoc loc, std::string message, std::string hint, std::uint32_t length) {
  add({Severity::warning, loc, std::move(message), std::move(hint), length});
}

void Diagnostics::machine_error(SourceLoc loc, std::string message, std::string hint, std::uint32_t length) {
  add({Severity::error, loc, std::move(message), std::move(hint), length, true});
}

void Diagnostics::add(Diagnostic d) {
  if (leave_out_machine_ && d.about_machine) return;
  if (leave_out_recipe_warnings_ && d.severity == Severity::warning && !d.about_machine) return;
  // A hostile recipe can make a million distinct errors (`repeat 1000000 rm /etc/x_$i`): keeping
  // them all would cost quadratic time in the duplicate check below, and nobody reads them.
  if (items_.size() >= kMaxKept) {
    ++dropped_;
    if (d.severity == Severity::error) ++dropped_errors_;
    return;
  }
  for (const auto& seen : items_) {
    if (seen.loc.line == d.loc.line && seen.loc.column == d.loc.column && seen.message == d.message &&
        seen.severity == d.severity)
      return;
  }
  items_.push_back(std::move(d));
}

bool Diagnostics::has_errors() const { return error_count() > 0; }

std::size_t Diagnostics::error_count() const {
  return dropped_errors_ +
         static_cast<std::size_t>(std::count_if(items_.begin(), items_.end(),
                                                [](const Diagnostic& d) { return d.severity == Severity::error; }));
}

void Diagnostics::sort_by_place() {
  std::stable_sort(items_.begin(), items_.end(), [](const Diagnostic& a, const Diagnostic& b) {
    return std::tie(a.loc.line, a.loc.column) < std::tie(b.loc.line, b.loc.column);
  });
}

void Diagnostics::render(const Source& source, std::ostream& out, Excerpt excerpt) const {
  for (const auto& d : items_) render_diagnostic(d, source, out, excerpt);
  if (dropped_ > 0) out << fmt::format("{}: note: {} more errors and warnings not shown\n", source.name, dropped_);
}

static const char* severity_name(Severity s) {
  switch (s) {
    case Severity::error:
      return "error";
    case Severity::warning:
      return "warning";
    case Severity::note:
      return "note";
  }
  return "error";
}

namespace {

/// Blanks as wide on screen as `text`: a tab copied (so that the caret lines up in any terminal),
/// each other character its display width (two for 日, one for é, whatever its bytes).
std::string blanks_under(std::string_view text) {
  std::string pad;
  for (std::size_t at = 0; at <= text.size();) {
    const std::size_t tab = std::min(text.find('\t', at), text.size());
    pad += std::string(support::display_width(text.substr(at, tab - at)), ' ');
    if (tab < text.size()) pad += '\t';
    at = tab + 1;
  }
  return pad;
}

}  // namespace

void render_diagnostic(const Diagnostic& d, const Source& source, std::ostream& out, Excerpt excerpt) {
  const char* severity = severity_name(d.severity);
  if (!d.loc.valid()) {
    out << fmt::format("{}: {}: {}\n", source.name, severity, d.message);
  } else if (d.loc.column == 0) {
    out << fmt::format("{}:{}: {}: {}\n", source.name, d.loc.line, severity, d.message);
    if (excerpt == Excerpt::source_line) out << fmt::format("{:>5} | {}\n", d.loc.line, source.line_text(d.loc.line));
  } else {
    // Locations count bytes; what is printed counts characters as a terminal shows them (the
    // column of "nopp" after 日本語 is 17, not 20), a byte order mark none.
    std::string_view line = source.line_text(d.loc.line);
    std::size_t skipped = 0;
    if (d.loc.line == 1 && line.starts_with("\xEF\xBB\xBF")) {
      line.remove_prefix(3);
      skipped = 3;
    }
    const std::size_t at =
        std::min<std::size_t>(d.loc.column - 1 >= skipped ? d.loc.column - 1 - skipped : 0, line.size());
    const std::string_view before = line.substr(0, at);
    // Without the line's text (a brief rendering) the byte column is all there is to give.
    // Without the line's text (a brief rendering) the byte column is all there is to give; with
    // it, one column for each blank under the text before (a tab counting one).
    const std::string pad = blanks_under(before);
    const std::size_t column = d.loc.column - 1 <= line.size() + skipped ? pad.size() + 1 : d.loc.column;
    out << fmt::format("{}:{}:{}: {}: {}\n", source.name, d.loc.line, column, severity, d.message);
    if (excerpt == Excerpt::source_line) {
      out << fmt::format("{:>5} | {}\n", d.loc.line, line);
      const std::size_t width =
          d.length > 1 ? support::display_width(line.substr(at, std::min<std::size_t>(d.length, line.size() - at))) : 1;
      std::string marks = "^";
      if (width > 1) marks += std::string(width - 1, '~');
      out << fmt::format("      | {}{}\n", pad, marks);
    }
  }
  if (!d.hint.empty()) out << fmt::format("hint: {}\n", d.hint);
}

std::string render_brief(const Diagnostics& diagnostics, const std::string& file) {
  std::ostringstream out;
  diagnostics.render(Source{file, {}}, out, Excerpt::none);
  std::string text = out.str();
  if (!text.empty() && text.back() == '\n') text.pop_back();
  return text;
}

}  // namespace hwbench::lang
