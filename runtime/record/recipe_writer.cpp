#include "runtime/record/recipe_writer.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "base/support/text_columns.hpp"

namespace hwbench::runtime::record {

namespace {

/// `text` with each run of blanks (spaces, tabs, CR) made one space, and none at either end.
std::string collapse_blanks(std::string_view text) {
  std::string out;
  bool blank = false;
  for (char c : text) {
    if (c == ' ' || c == '\t' || c == '\r') {
      blank = !out.empty();
      continue;
    }
    if (blank) out += ' ';
    blank = false;
    out += c;
  }
  return out;
}

}  // namespace

RecipeWriter::RecipeWriter(std::string_view log) {
  std::size_t start = 0;
  while (start <= log.size()) {
    const std::size_t end = log.find('\n', start);
    log_lines_.push_back(collapse_blanks(log.substr(start, end == std::string_view::npos ? end : end - start)));
    if (end == std::string_view::npos) break;
    start = end + 1;
  }
}

std::string RecipeWriter::cite(std::string_view needle, std::size_t skip) const {
  const std::string want = collapse_blanks(needle);
  if (want.empty()) return "";
  for (std::size_t i = 0; i < log_lines_.size(); ++i) {
    if (log_lines_[i].find(want) == std::string::npos) continue;
    if (skip > 0) {
      --skip;
      continue;
    }
    return citation(i);
  }
  return "";
}

std::string RecipeWriter::cite_after(std::string_view needle, std::string_view marker, bool last) const {
  const std::string want = collapse_blanks(needle);
  std::size_t from = log_lines_.size();
  for (std::size_t i = 0; i < log_lines_.size(); ++i)
    if (log_lines_[i].find(marker) != std::string::npos && (last || from == log_lines_.size())) from = i;
  if (from == log_lines_.size() || want.empty()) return cite(needle);
  for (std::size_t i = from + 1; i < log_lines_.size(); ++i)
    if (log_lines_[i].find(want) != std::string::npos) return citation(i);
  return cite(needle);
}

std::string RecipeWriter::cite_row(std::string_view needle) const {
  const std::string want = collapse_blanks(needle);
  for (std::size_t i = 0; i < log_lines_.size() && !want.empty(); ++i)
    if (log_lines_[i].rfind(want, 0) == 0) return citation(i);
  // A published file has the row as a label: `label = "md5 16 bytes"`.
  if (std::string quoted = cite("\"" + want); !quoted.empty()) return quoted;
  return cite(needle);
}

namespace {

/// A log line as a comment of the recipe: at most `limit` bytes of whole characters, "..." when
/// cut, and each byte that starts no UTF-8 character (a Latin-1 log) as "?": the recipe is kept
/// in the result file, whose JSON must be UTF-8, and its hash must still match it.
std::string comment_text(std::string_view line, std::size_t limit) {
  std::string out;
  for (std::size_t at = 0; at < line.size();) {
    const std::size_t n = support::utf8_length(line, at);
    if (out.size() + std::max<std::size_t>(n, 1) > limit - 3 && line.size() > limit) return out + "...";
    out += n == 0 ? std::string("?") : std::string(line.substr(at, n));
    at += std::max<std::size_t>(n, 1);
  }
  return out;
}

}  // namespace

std::string RecipeWriter::citation(std::size_t i) const {
  return fmt::format("line {}: {}", i + 1, comment_text(log_lines_[i], 60));
}

void RecipeWriter::header(std::string_view what, std::string_view name, std::string_view machine) {
  comment(fmt::format("Reproduces {}: {}, as `hwbench reproduce` inferred it from that file.", name, what));
  if (!machine.empty()) comment(fmt::format("The file's machine: {}", machine));
  comment("A comment after a statement names the line of the file it came from.");
  blank();
}

void RecipeWriter::comment(std::string_view text) {
  text_ += text.empty() ? std::string("#\n") : fmt::format("# {}\n", text);
}

void RecipeWriter::blank() { text_ += "\n"; }

void RecipeWriter::statement(std::string_view text, std::string_view why) {
  text_ += why.empty() ? fmt::format("{}\n", text) : fmt::format("{}  # {}\n", text, why);
}

void RecipeWriter::assumed(std::string_view text) {
  text_ += fmt::format("# not in the log: {}\n", text);
  notes_.emplace_back(text);
}

void RecipeWriter::missing(const std::string& name, const std::string& what, std::string_view placeholder) {
  statement(fmt::format("let {} = {}", name, placeholder),
            fmt::format("not in the log: {}; give it with --set {}=…", what, name));
  missing_.emplace_back(name, what);
}

void RecipeWriter::needs_location(std::string name) { locations_.push_back(std::move(name)); }

void RecipeWriter::end_hwbench_section(std::string_view original_section) {
  statement(fmt::format("compare with section {}", quote(original_section)));
  statement("}");
}

Procedure RecipeWriter::finish(std::string tool, bool original) const {
  Procedure p;
  p.tool = std::move(tool);
  p.original = original;
  p.recipe = text_;
  p.notes = notes_;
  p.locations = locations_;
  p.missing = missing_;
  return p;
}

std::string RecipeWriter::quote(std::string_view text) {
  std::string out = "\"";
  for (char c : text) {
    if (c == '\\' || c == '"' || c == '$') out += '\\';
    if (c == '\n') {
      out += "\\n";
      continue;
    }
    out += c;
  }
  return out + "\"";
}

}  // namespace hwbench::runtime::record
