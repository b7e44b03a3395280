#pragma once
// Errors as values: everything the parser and the checker find, rendered later.
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "lang/common/source.hpp"

namespace hwbench::lang {

enum class Severity { error, warning, note };

/// One finding at one place of a recipe.
struct Diagnostic {
  Severity severity = Severity::error;
  SourceLoc loc;
  std::string message;
  std::string hint;        ///< empty when there is nothing to suggest
  std::uint32_t length = 1;  ///< how many columns the caret line underlines
};

/// An ordered list of findings; duplicates (same place, same message) are kept once, and past
/// `kMaxKept` findings the rest are only counted.
class Diagnostics {
 public:
  /// Adds an error at `loc`.
  void error(SourceLoc loc, std::string message, std::string hint = {}, std::uint32_t length = 1);
  /// Adds a warning at `loc`.
  void warning(SourceLoc loc, std::string message, std::string hint = {}, std::uint32_t length = 1);
  /// Adds any diagnostic.
  void add(Diagnostic d);

  /// True when at least one error was added.
  bool has_errors() const;
  /// Number of errors.
  std::size_t error_count() const;
  /// All findings, in the order they were added.
  const std::vector<Diagnostic>& all() const { return items_; }

  /// Writes every finding as `file:line:col: error: message`, the source line, a caret and the hint.
  void render(const Source& source, std::ostream& out) const;
  /// How many findings are kept at most; a recipe that makes more gets a count of the rest.
  static constexpr std::size_t kMaxKept = 1000;

 private:
  std::vector<Diagnostic> items_;
  std::size_t dropped_ = 0;         ///< findings past kMaxKept
  std::size_t dropped_errors_ = 0;  ///< of which errors
};

/// Renders one diagnostic (see Diagnostics::render).
void render_diagnostic(const Diagnostic& d, const Source& source, std::ostream& out);

}  // namespace hwbench::lang
