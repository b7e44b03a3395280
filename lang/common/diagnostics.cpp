#include "lang/common/diagnostics.hpp"

#include <algorithm>
#include <sstream>
#include <tuple>

#include <fmt/format.h>

namespace hwbench::lang {

void Diagnostics::error(SourceLoc loc, std::string message, std::string hint, std::uint32_t length) {
  add({Severity::error, loc, std::move(message), std::move(hint), length});
}

void Diagnostics::warning(SourceLoc loc, std::string message, std::string hint, std::uint32_t length) {
  add({Severity::warning, loc, std::move(message), std::move(hint), length});
}

void Diagnostics::add(Diagnostic d) {
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

void render_diagnostic(const Diagnostic& d, const Source& source, std::ostream& out, Excerpt excerpt) {
  const char* severity = severity_name(d.severity);
  if (!d.loc.valid()) {
    out << fmt::format("{}: {}: {}\n", source.name, severity, d.message);
  } else if (d.loc.column == 0) {
    out << fmt::format("{}:{}: {}: {}\n", source.name, d.loc.line, severity, d.message);
    if (excerpt == Excerpt::source_line) out << fmt::format("{:>5} | {}\n", d.loc.line, source.line_text(d.loc.line));
  } else {
    out << fmt::format("{}:{}:{}: {}: {}\n", source.name, d.loc.line, d.loc.column, severity, d.message);
    if (excerpt == Excerpt::source_line) {
      auto line = source.line_text(d.loc.line);
      out << fmt::format("{:>5} | {}\n", d.loc.line, line);
      // The caret line copies tabs from the source so that it lines up in any terminal.
      std::string pad;
      for (std::uint32_t i = 1; i < d.loc.column && i - 1 < line.size(); ++i) pad += line[i - 1] == '\t' ? '\t' : ' ';
      std::string marks = "^";
      if (d.length > 1) marks += std::string(d.length - 1, '~');
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
