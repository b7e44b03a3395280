#pragma once
// The recipe `hwbench reproduce` infers from a log (docs/reproduce.md), written as a recipe file:
// each statement with a comment naming the log line it came from, and a comment for each value
// the log did not give, saying which default was taken.
#include <cstddef>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::record {

/// A procedure inferred from a log: the recipe that repeats it, and what it could not infer.
struct Procedure {
  std::string tool;                    ///< whose procedure: "nbench", "openssl", "bonnie", "unixbench", "cp", "recipe"
  std::string recipe;                  ///< the recipe's text
  std::vector<std::string> locations;  ///< the -L names it needs that have no default
  std::vector<std::string> notes;      ///< what the log did not say and which default was taken
  std::map<std::string, std::string> settings;  ///< --set values the log itself carries (a result file's)
  /// Files the recipe reads, relative to its directory, with their text (a result file's baselines).
  std::vector<std::pair<std::string, std::string>> files;
  /// Values the procedure needs that the log does not give: each a `let` the user must set with
  /// --set before it runs (name, what it is).
  std::vector<std::pair<std::string, std::string>> missing;
  /// The recipe runs the original program too (--original): it has a section for it.
  bool original = false;
};

/// Writes a recipe line by line, citing the log it reads.
class RecipeWriter {
 public:
  /// `log` is the log's text; its lines are what cite() finds.
  explicit RecipeWriter(std::string_view log);

  /// "line N: TEXT" for the first line of the log that holds `needle` (runs of blanks count as
  /// one, on both sides), TEXT being that line so collapsed and cut to 60 characters; "" when no
  /// line holds it. `skip` lines that hold it are passed over first.
  std::string cite(std::string_view needle, std::size_t skip = 0) const;
  /// As cite(), for the first line that starts with `needle` (a table's row); when no line
  /// does, the first that holds it after a `"` (a published file's `label = "…"`), else cite().
  std::string cite_row(std::string_view needle) const;
  /// As cite(), for the first line holding `needle` after the first line holding `marker` (the
  /// last such line with `last`): a test of the second run of a log that prints each run under
  /// its own heading, whose names repeat the first run's. cite() when no line holds `marker`.
  std::string cite_after(std::string_view needle, std::string_view marker, bool last) const;

  /// The recipe's opening comment: what it repeats (`what`, e.g. "nbench 2.2.3's ten tests"),
  /// from which file (`name`) of which machine ("" when the log does not say).
  void header(std::string_view what, std::string_view name, std::string_view machine);

  /// A `# TEXT` line.
  void comment(std::string_view text);
  /// An empty line.
  void blank();
  /// A statement, with `# why` after it when `why` is not "".
  void statement(std::string_view text, std::string_view why = "");
  /// A value the log did not give: a `# not in the log: TEXT` line, kept in the procedure's notes.
  void assumed(std::string_view text);
  /// A value the procedure needs and the log does not give: `let NAME = PLACEHOLDER` with a
  /// comment saying what it is (`what`) and that --set NAME=… gives it; run refuses without it.
  void missing(const std::string& name, const std::string& what, std::string_view placeholder);
  /// A -L name the recipe needs and has no default for.
  void needs_location(std::string name);

  /// Closes the section "hwbench" of a recipe that runs the original program too (--original),
  /// comparing it with the program's section `original_section`.
  void end_hwbench_section(std::string_view original_section);

  /// The recipe written so far as the procedure of `tool`; `original`: it runs the original
  /// program too.
  Procedure finish(std::string tool, bool original = false) const;

  /// `text` as a recipe string: in double quotes, with `\`, `"` and `$` escaped.
  static std::string quote(std::string_view text);

 private:
  /// "line N: TEXT" for line `i` (from 0).
  std::string citation(std::size_t i) const;

  std::vector<std::string> log_lines_;  ///< blanks collapsed
  std::string text_;
  std::vector<std::string> notes_;
  std::vector<std::string> locations_;
  std::vector<std::pair<std::string, std::string>> missing_;
};

}  // namespace hwbench::runtime::record
