#pragma once
// Errors as values: everything the parser and the checker find, and what the readers of data
// files and tools' logs find, rendered later by one function.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "lang/common/source.hpp"

namespace hwbench::lang {

enum class Severity { error, warning, note };

/// How much of the source a rendered diagnostic shows under its heading.
enum class Excerpt {
  source_line,  ///< the source line and a caret under the column (recipes)
  none,         ///< nothing (data files and logs, whose messages say what is wrong where)
};

/// One finding at one place of a file: a line and column, a line alone (column 0) when the
/// reader knows no column, or no place (line 0) for the whole file.
struct Diagnostic {
  Severity severity = Severity::error;
  SourceLoc loc;
  std::string message;
  std::string hint;          ///< empty when there is nothing to suggest
  std::uint32_t length = 1;  ///< how many columns the caret line underlines
  /// About the machine the check runs on (a file or directory there or missing, a program not
  /// installed, a file system's type), not about the recipe's text: another machine may not share it.
  bool about_machine = false;
};

/// An ordered list of findings; duplicates (same place, same message) are kept once, and past
/// `kMaxKept` findings the rest are only counted.
class Diagnostics {
 public:
  /// Adds an error at `loc`.
  void error(SourceLoc loc, std::string message, std::string hint = {}, std::uint32_t length = 1);
  /// Adds a warning at `loc`.
  void warning(SourceLoc loc, std::string message, std::string hint = {}, std::uint32_t length = 1);
  /// Adds an error about the machine the check runs on (Diagnostic::about_machine).
  void machine_error(SourceLoc loc, std::string message, std::string hint = {}, std::uint32_t length = 1);
  /// Adds any diagnostic.
  void add(Diagnostic d);
  /// From now on, findings about this machine are not kept: the recipe is checked here for other
  /// machines, each of which checks it against itself (docs/remote.md).
  void leave_out_machine_findings() { leave_out_machine_ = true; }
  /// From now on, warnings about the recipe (not about this machine) are not kept: the machine
  /// that sent the recipe here told them once, for every machine it runs on (docs/remote.md).
  void leave_out_recipe_warnings() { leave_out_recipe_warnings_ = true; }

  /// True when at least one error was added.
  bool has_errors() const;
  /// Number of errors.
  std::size_t error_count() const;
  /// All findings, in the order they were added.
  const std::vector<Diagnostic>& all() const { return items_; }

  /// Puts the findings in file order, those about the whole file first; findings at one place
  /// keep the order they were added in.
  void sort_by_place();

  /// Writes every finding with render_diagnostic(), then a count of those not kept.
  void render(const Source& source, std::ostream& out, Excerpt excerpt = Excerpt::source_line) const;
  /// How many findings are kept at most; a recipe that makes more gets a count of the rest.
  static constexpr std::size_t kMaxKept = 1000;

 private:
  std::vector<Diagnostic> items_;
  std::size_t dropped_ = 0;                 ///< findings past kMaxKept
  std::size_t dropped_errors_ = 0;          ///< of which errors
  bool leave_out_machine_ = false;          ///< leave_out_machine_findings() was called
  bool leave_out_recipe_warnings_ = false;  ///< leave_out_recipe_warnings() was called
};

/// Renders one diagnostic: the heading `file:line:col: error: message` (`file:line: …` without a
/// column, `file: …` without a place), then with Excerpt::source_line the source line and a caret
/// under the column (`~` under the rest of `length`), then `hint: …` when there is a hint.
void render_diagnostic(const Diagnostic& d, const Source& source, std::ostream& out,
                       Excerpt excerpt = Excerpt::source_line);

/// The findings rendered without an excerpt as one string, without the final newline: how the
/// data-file readers and the importers report a problem in `file` ("x.toml:3:1: error: …",
/// "run.log:12: error: …", "run.log: error: …").
std::string render_brief(const Diagnostics& diagnostics, const std::string& file);

}  // namespace hwbench::lang
