#pragma once
// The recipe as plain data: what the parser builds and the checker reads.
// Nothing here knows about PEGTL.
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "lang/common/lexical.hpp"
#include "lang/common/source.hpp"

namespace hwbench::lang::recipe {

enum class ExprKind {
  number,  ///< Quantity literal
  string,  ///< "…" with interpolation: parts
  path,    ///< bare path: `name` holds the location ("" for /abs, ./rel, ../rel), parts the rest
  word,    ///< a bare identifier used as a value: `random`, `aes-128-cbc` (text in `name`)
  var,     ///< `$name` or `${name}`: name
  list,    ///< `[a, b, c]`: items
  range,   ///< `a..b`: items[0], items[1]
  binary,  ///< `a + b` inside `${…}` or `let`: name is the operator, items[0], items[1]
  negate,  ///< `-a`: items[0]
};

struct Expr;

/// A piece of an interpolated string or path: literal text, or an expression to splice in.
struct TextPart {
  bool is_expr = false;
  std::string text;        ///< literal text when !is_expr
  std::vector<Expr> expr;  ///< exactly one element when is_expr
};

/// An expression. One struct for every kind keeps the AST copyable and easy to walk.
struct Expr {
  ExprKind kind = ExprKind::number;
  SourceLoc loc;
  std::string text;             ///< the source text of the whole expression
  Quantity number;              ///< number
  std::string name;             ///< word text, variable name, path location, binary operator
  std::vector<TextPart> parts;  ///< string, path
  std::vector<Expr> items;      ///< list items, range bounds, binary operands
};

enum class StmtKind {
  title,
  source,
  note,      ///< metadata: value is a string
  location,  ///< `location NAME = "PATH"`: name, value
  let,       ///< `let NAME = EXPR`: name, value
  repeat,    ///< `repeat N STMT-OR-BLOCK`: value is N, body
  for_,      ///< `for NAME in EXPR STMT-OR-BLOCK`: name, value, body
  setup,
  teardown,    ///< body
  series,      ///< `series "LABEL" STMT-OR-BLOCK`: value is the label, body
  time,        ///< `time "LABEL" { … }`: value is the label, body
  parallel,    ///< `parallel N { … }`: value is N, body
  kernel,      ///< `NAME ARGS…`: name, items
  report,      ///< `report …`: form holds a ReportStmt
  baseline,    ///< `baseline NAME from FILE`: name, and form holds a BaselineStmt
  index,       ///< `index "LABEL" = geomean(…) vs NAME …`: form holds an IndexStmt
  compare,     ///< `compare [with FILE] …`: form holds a CompareStmt
  kernel_def,  ///< `kernel NAME(…) { … }`: text is the whole definition (lang/kernel/kernel_parser.hpp parses it)
  if_,         ///< `if A OP B { … } else if … else { … }`: body holds the branches in order
  branch,      ///< one block of an `if`: value is its comparison (ExprKind::binary), or
               ///< empty for the final `else`; body
  settle,      ///< `settle DURATION` or `settle until stable …`: form holds a SettleStmt
  section,     ///< `section "TITLE" { … }`: value is the title, body
  interleave,  ///< `interleave [OPTION VALUE]… { … }`: items are the options, body
};

/// One argument of a kernel statement, in source order.
struct Item {
  enum class Kind {
    word,   ///< a bare word: a parameter or option name, a flag
    expr,   ///< any value: number, string, path, list, range, variable
    arrow,  ///< `->`
    comma,  ///< `,`
  };
  Kind kind = Kind::word;
  SourceLoc loc;
  std::string word;  ///< for word (also set to the source text for other kinds)
  Expr expr;         ///< for expr
};

/// A word of a typed statement (`table`, `MB/s`, `k6`) and where it stands; empty when not written.
struct Word {
  std::string text;
  SourceLoc loc;
  /// Whether the word was written.
  bool given() const { return !text.empty(); }
};

/// A bare word or a value where either may stand (`p90`, `1.96`, `"my box"`).
struct Term {
  Word word;                  ///< the source text and its place (a value's whole text)
  std::optional<Expr> value;  ///< the value; none for a bare word
};

/// An argument after a report's head, and the ',' written before it, if any.
struct ReportArg {
  Term term;
  std::optional<SourceLoc> comma;
};

/// `report table UNIT with AGG, …`, `report UNIT [with] AGG, …` or `report STYLE [OPTION [VALUE]]…`.
/// A unit and a named style are both words the checker knows, so the word after `report` (or
/// `table`) is the head, and what follows it the arguments: aggregates after a unit, options
/// after a style.
struct ReportStmt {
  Word table;                               ///< `table`: the table style
  Word head;                                ///< the unit (`MB/s`) or the named style (`nbench`)
  Word with;                                ///< `with`, when written
  std::vector<ReportArg> args;              ///< `mean`, `median` of `mean, median`; `old`, `p90` of `old p90`
  std::optional<SourceLoc> trailing_comma;  ///< a ',' after the last argument
};

/// `baseline NAME from FILE` (the name is the statement's).
struct BaselineStmt {
  Expr file;
};

/// `index "LABEL" = geomean(SERIES, …) vs BASELINE [scale K] [using AGGREGATE]`.
struct IndexStmt {
  Expr label;
  std::vector<Expr> series;   ///< the labels inside `geomean( )`, at least one
  Word baseline;              ///< after `vs`
  std::optional<Expr> scale;  ///< after `scale`
  Word aggregate;             ///< after `using`, when written
};

/// One `NAME VALUE` option of a compare statement (`ratio truncate`, `digits 2`).
struct CompareOption {
  Word name;
  Term value;
};

/// `compare with FILE [OPTION VALUE]…`, `compare with section "TITLE" …`, or `compare [OPTION
/// VALUE]…` (no file: the statements of the `interleave` block around it).
struct CompareStmt {
  Word with;     ///< `with`, when written
  Word section;  ///< `section`, when the statement compares with a section of the same run
  Expr file;     ///< the file, or the section's title
  std::vector<CompareOption> options;
};

/// `settle DURATION`, or `settle until stable [PATH] [max DURATION]`.
struct SettleStmt {
  Word until;                    ///< `until`, when the statement probes until the rate is stable
  std::optional<Expr> duration;  ///< the wait of `settle DURATION`
  std::optional<Expr> path;      ///< the file to probe, when named
  std::optional<Expr> max;       ///< after `max`
};

/// What the grammar types in full, for the statements that have it.
using StmtForm = std::variant<std::monostate, ReportStmt, BaselineStmt, IndexStmt, CompareStmt, SettleStmt>;

/// A statement. `text` is its source text, used to label series that have no `series` around them.
struct Stmt {
  StmtKind kind = StmtKind::kernel;
  SourceLoc loc;
  std::string text;
  std::string name;
  SourceLoc name_loc;
  Expr value;
  std::vector<Stmt> body;
  std::vector<Item> items;  ///< a kernel statement's arguments
  StmtForm form;            ///< a ReportStmt, BaselineStmt, IndexStmt, CompareStmt or SettleStmt for those kinds
};

/// A parsed recipe.
struct Recipe {
  std::vector<Stmt> statements;
};

}  // namespace hwbench::lang::recipe
