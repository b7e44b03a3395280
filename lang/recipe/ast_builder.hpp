#pragma once
// Builds the AST from what the parser recognises. Knows the AST and the source text,
// nothing of the grammar or of PEGTL.
#include <cstddef>
#include <string_view>
#include <vector>

#include "lang/common/diagnostics.hpp"
#include "lang/recipe/ast.hpp"

namespace hwbench::lang::recipe {

/// What a word or value stands for in a statement that the grammar types in full (report,
/// baseline, index, compare, settle); the builder assembles the statement's form from them.
enum class Role {
  report_table,
  report_head,
  report_with,
  report_comma,
  report_arg,
  baseline_file,
  index_series,
  index_baseline,
  index_scale,
  index_aggregate,
  compare_with,
  compare_file,
  compare_section,
  compare_option,
  compare_value,
  settle_until,
  settle_duration,
  settle_path,
  settle_max,
};

/// Assembles a Recipe bottom-up, as the parser recognises its pieces.
///
/// Every piece (expression, text part, item, role in a typed statement, statement) is
/// pushed on a stack; a composite takes what was pushed since the innermost open
/// transaction, which the parser opens each time it tries a rule. A rule that fails rolls its transaction
/// back, so backtracking never leaves stray pieces behind.
class AstBuilder {
 public:
  /// `text` is the whole recipe; locations carry offsets into it.
  explicit AstBuilder(std::string_view text);

  /// Opens a transaction (the parser starts trying a rule).
  void begin();
  /// Keeps what the innermost transaction pushed (the rule matched).
  void commit();
  /// Drops what the innermost transaction pushed (the rule did not match).
  void rollback();
  /// How many transactions are open.
  std::size_t depth() const { return marks_.size(); }
  /// After a syntax error: drops every transaction above `depth` and what they
  /// pushed, but keeps the lexical errors they found.
  void abandon(std::size_t depth);

  /// A number literal such as `10MiB`; an unknown suffix is reported as an error.
  void number(SourceLoc loc, std::string_view text);
  /// A bare word used as a value, or a name (let, for, location, kernel, baseline).
  void word(SourceLoc loc, std::string_view text);
  /// `$name`, `${name}` or a bare name inside `${…}`.
  void variable(SourceLoc loc, std::string_view text, std::string_view name);
  /// Literal text of a string or a path (escapes already resolved).
  void literal(std::string_view text);
  /// Turns the last expression into an interpolated part of a string or a path.
  void splice();
  /// Gives the last expression the location and text of the `${…}` around it.
  void enclose(SourceLoc loc, std::string_view text);
  /// A string from the parts pushed since the transaction began.
  void string(SourceLoc loc, std::string_view text);
  /// A path from the parts pushed since the transaction began; `location` is "" for /, ./, ../.
  void path(SourceLoc loc, std::string_view text, std::string_view location);
  /// A list from the expressions pushed since the transaction began.
  void list(SourceLoc loc, std::string_view text);
  /// When two expressions were pushed since the transaction began, a range of them.
  void range(SourceLoc loc, std::string_view text);
  /// Combines `left`, an operator word and `right` (the last three expressions);
  /// `end` is the offset just past the right operand.
  void binary(std::size_t end);
  /// `-operand`, from the last expression.
  void negate(SourceLoc loc, std::string_view text);

  /// A word item (`size`, `MB/s`, `(`).
  void item_word(SourceLoc loc, std::string_view text);
  /// `->`.
  void item_arrow(SourceLoc loc, std::string_view text);
  /// `,`.
  void item_comma(SourceLoc loc, std::string_view text);
  /// The last expression as an item.
  void item_value();

  /// The last item takes `role` in the typed statement being built.
  void role(Role role);
  /// A keyword or a ',' with `role` in the typed statement being built.
  void role_word(Role role, SourceLoc loc, std::string_view text);

  /// Where the current statement's own text ends (before blanks, comment, terminator).
  void statement_end(std::size_t offset);
  /// A statement of `kind` from what was pushed since the transaction began.
  void statement(StmtKind kind, SourceLoc loc);

  /// Lexical errors found so far (unknown units), in the order found.
  const std::vector<Diagnostic>& errors() const { return errors_; }
  /// The top-level statements.
  Recipe finish();

 private:
  struct Mark {
    std::size_t exprs, parts, items, pieces, stmts, errors, last_end;
  };
  /// A word or value of a typed statement, with what it stands for.
  struct Piece {
    Role role;
    Item item;
  };
  const Mark& top() const;
  std::vector<Expr> take_exprs();
  Expr pop_expr();
  void truncate(const Mark& mark);
  static StmtForm form(StmtKind kind, std::vector<Piece> pieces);

  std::string_view text_;
  std::vector<Mark> marks_;
  std::vector<Expr> exprs_;
  std::vector<TextPart> parts_;
  std::vector<Item> items_;
  std::vector<Piece> pieces_;
  std::vector<Stmt> stmts_;
  std::vector<Diagnostic> errors_;
  std::size_t last_end_ = 0;
};

}  // namespace hwbench::lang::recipe
