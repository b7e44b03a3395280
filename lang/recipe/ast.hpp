#pragma once
// The recipe as plain data: what the parser builds and the checker reads.
// Nothing here knows about PEGTL.
#include <string>
#include <vector>

#include "lang/common/lexical.hpp"
#include "lang/common/source.hpp"

namespace hwbench::lang {

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
  std::string text;          ///< literal text when !is_expr
  std::vector<Expr> expr;    ///< exactly one element when is_expr
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
  title, source, note,  ///< metadata: value is a string
  location,             ///< `location NAME = "PATH"`: name, value
  let,                  ///< `let NAME = EXPR`: name, value
  repeat,               ///< `repeat N STMT-OR-BLOCK`: value is N, body
  for_,                 ///< `for NAME in EXPR STMT-OR-BLOCK`: name, value, body
  setup, teardown,      ///< body
  series,               ///< `series "LABEL" STMT-OR-BLOCK`: value is the label, body
  time,                 ///< `time "LABEL" { … }`: value is the label, body
  parallel,             ///< `parallel N { … }`: value is N, body
  kernel,               ///< `NAME ARGS…`: name, items
  report,               ///< `report WORDS…`: items (words such as `table`, `MB/s`, `with`, `mean`, and `,`)
  baseline,             ///< `baseline NAME from "FILE"`: name, items (reserved for the suite issues)
  index,                ///< `index "LABEL" = …`: value, items (reserved)
  compare,              ///< `compare with "FILE"`: items (reserved)
  kernel_def,           ///< `kernel NAME(…) { … }`: text is the whole definition (lang/kernel/kernel_parser.hpp parses it)
  if_,                  ///< `if A OP B { … } else if … else { … }`: body holds the branches in order
  branch,               ///< one block of an `if`: value is its comparison (ExprKind::binary), or
                        ///< empty for the final `else`; body
};

/// One argument of a kernel or report statement, in source order.
struct Item {
  enum class Kind {
    word,   ///< a bare word: parameter or option name, flag, report keyword, unit such as `MB/s`
    expr,   ///< any value: number, string, path, list, range, variable
    arrow,  ///< `->`
    comma,  ///< `,`
  };
  Kind kind = Kind::word;
  SourceLoc loc;
  std::string word;  ///< for word (also set to the source text for other kinds)
  Expr expr;         ///< for expr
};

/// A statement. `text` is its source text, used to label series that have no `series` around them.
struct Stmt {
  StmtKind kind = StmtKind::kernel;
  SourceLoc loc;
  std::string text;
  std::string name;
  SourceLoc name_loc;
  Expr value;
  std::vector<Stmt> body;
  std::vector<Item> items;
};

/// A parsed recipe.
struct Recipe {
  std::vector<Stmt> statements;
};

}  // namespace hwbench::lang
