// Kernel definitions: the recipe parser's capture and the definition's own grammar.
#include "lang/kernel/kernel_parser.hpp"

#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "lang/recipe/parser.hpp"

namespace hwbench::lang {

namespace {

/// An expression in fully parenthesised form, for exact comparisons.
std::string show(const kernel::KExpr& e) {
  switch (e.kind) {
    case kernel::KExprKind::int_lit:
      return std::to_string(e.int_value);
    case kernel::KExprKind::float_lit:
      return std::to_string(e.float_value);
    case kernel::KExprKind::var:
      return e.name;
    case kernel::KExprKind::index:
      return e.name + "[" + show(e.operands[0]) + "]";
    case kernel::KExprKind::unary:
      return "(" + e.op + show(e.operands[0]) + ")";
    case kernel::KExprKind::binary:
      return "(" + show(e.operands[0]) + " " + e.op + " " + show(e.operands[1]) + ")";
    case kernel::KExprKind::cast:
      return e.cast_to.name + "(" + show(e.operands[0]) + ")";
  }
  return "?";
}

std::string at(SourceLoc loc) { return std::to_string(loc.line) + ":" + std::to_string(loc.column); }

/// The recipe `text`: its first statement must be a definition, parsed on its own.
std::optional<kernel::KernelDef> definition(const std::string& text, std::string* errors = nullptr) {
  Source source{"k.bench", text};
  Diagnostics diags;
  auto recipe = recipe::parse(source, diags);
  std::optional<kernel::KernelDef> def;
  if (recipe) {
    REQUIRE(!recipe->statements.empty());
    const recipe::Stmt& s = recipe->statements.front();
    REQUIRE(s.kind == recipe::StmtKind::kernel_def);
    def = kernel::parse_kernel(s.text, s.loc, diags);
  }
  std::ostringstream out;
  diags.render(source, out);
  if (errors) *errors = out.str();
  return def;
}

std::string errors_of(const std::string& text) {
  std::string errors;
  CHECK_FALSE(definition(text, &errors).has_value());
  return errors;
}

const char* const arith =
    "# UnixBench's loop\n"
    "kernel arith(T: type = i32, first: i32 = 2) -> T {\n"
    "  let z: T = 0  # the sum\n"
    "  let a: [f64; 16]\n"
    "  for i in first..first + 100 { let y: T = T(i) * T(i); z = z + y / (y - 1) }\n"
    "  if a[1] < 2 && !(z == 3) || z >= -1 { z = -z } else if z != 1 { a[2] = 1.5e3 } else { return 0 }\n"
    "  return z % 7\n"
    "}\n"
    "series \"x\" arith T f64\n";

TEST_CASE("kernel parser: the recipe parser captures the whole definition") {
  Source source{"k.bench", arith};
  Diagnostics diags;
  auto recipe = recipe::parse(source, diags);
  REQUIRE(recipe.has_value());
  REQUIRE(recipe->statements.size() == 2);
  const recipe::Stmt& s = recipe->statements[0];
  CHECK(s.kind == recipe::StmtKind::kernel_def);
  CHECK(at(s.loc) == "2:1");
  CHECK(s.text.substr(0, 13) == "kernel arith(");
  CHECK(s.text.back() == '}');
  CHECK(recipe->statements[1].kind == recipe::StmtKind::series);
}

TEST_CASE("kernel parser: head, statements and C precedence") {
  auto def = definition(arith);
  REQUIRE(def.has_value());
  CHECK(def->name == "arith");
  CHECK(at(def->name_loc) == "2:8");
  REQUIRE(def->params.size() == 2);
  CHECK(def->params[0].is_type);
  CHECK(def->params[0].default_text == "i32");
  CHECK(def->params[1].name == "first");
  CHECK(def->params[1].type.name == "i32");
  CHECK(def->params[1].default_text == "2");
  CHECK(at(def->params[1].default_loc) == "2:42");
  REQUIRE(def->result.has_value());
  CHECK(def->result->name == "T");
  REQUIRE(def->body.size() == 5);
  CHECK(def->body[0].kind == kernel::KStmtKind::let);
  CHECK(at(def->body[0].name_loc) == "3:7");
  CHECK(show(def->body[0].exprs[0]) == "0");
  CHECK(def->body[1].type.array_size == 16);
  CHECK(def->body[1].exprs.empty());
  const kernel::KStmt& loop = def->body[2];
  CHECK(loop.kind == kernel::KStmtKind::for_);
  CHECK(show(loop.exprs[0]) == "first");
  CHECK(show(loop.exprs[1]) == "(first + 100)");
  REQUIRE(loop.body.size() == 2);
  CHECK(show(loop.body[0].exprs[0]) == "(T(i) * T(i))");
  CHECK(show(loop.body[1].exprs[0]) == "(z + (y / (y - 1)))");
  CHECK(at(loop.body[1].exprs[0].operands[1].loc) == "5:67");  // the '/' of y / (y - 1)
  const kernel::KStmt& branch = def->body[3];
  CHECK(branch.kind == kernel::KStmtKind::if_);
  CHECK(show(branch.exprs[0]) == "(((a[1] < 2) && (!(z == 3))) || (z >= (-1)))");
  CHECK(show(branch.body[0].exprs[0]) == "(-z)");
  REQUIRE(branch.else_body.size() == 1);
  const kernel::KStmt& nested = branch.else_body[0];
  CHECK(nested.kind == kernel::KStmtKind::if_);
  CHECK(show(nested.exprs[0]) == "(z != 1)");
  REQUIRE(nested.body[0].exprs.size() == 2);
  CHECK(show(nested.body[0].exprs[0]) == "2");
  CHECK(show(nested.body[0].exprs[1]) == "1500.000000");
  CHECK(nested.else_body[0].kind == kernel::KStmtKind::return_);
  CHECK(show(def->body[4].exprs[0]) == "(z % 7)");
}

// The grammar takes a head without `-> TYPE`, so that the type checker can say why a kernel needs
// one (lang/kernel/kernel_typecheck.hpp) rather than report a syntax error.
TEST_CASE("kernel parser: a head without a result, parameters over several lines, return without value") {
  auto def = definition("kernel k(\n  n: i64,\n  x: f64 = -2.5,\n) {\n  if n > 0 { return }\n}\n");
  REQUIRE(def.has_value());
  CHECK_FALSE(def->result.has_value());
  REQUIRE(def->params.size() == 2);
  CHECK(def->params[0].default_text.empty());
  CHECK(def->params[1].default_text == "-2.5");
  CHECK(def->body[0].body[0].exprs.empty());
}

TEST_CASE("kernel parser: errors") {
  CHECK(errors_of("kernel k() -> i32 { x + 1 }\n") ==
        "k.bench:1:23: error: expected '=' after the name, found '+'\n"
        "    1 | kernel k() -> i32 { x + 1 }\n"
        "      |                       ^\n"
        "hint: a statement is let, if, for, return or an assignment NAME = VALUE\n");
  CHECK(errors_of("kernel k(a i32) -> i32 { return a }\n") ==
        "k.bench:1:12: error: expected ':' after the parameter's name, found 'i32'\n"
        "    1 | kernel k(a i32) -> i32 { return a }\n"
        "      |            ^~~\n"
        "hint: write parameters as NAME: TYPE = DEFAULT, as in n: i32 = 100\n");
  CHECK(errors_of("kernel k() -> f64 {\n  let a: [f64; 0]\n  return a[0]\n}\n") ==
        "k.bench:2:16: error: an array needs 1 to 1048576 elements, not 0\n"
        "    2 |   let a: [f64; 0]\n"
        "      |                ^\n");
  CHECK(errors_of("kernel k() -> i64 { let x: i64 = 99999999999999999999; return x }\n") ==
        "k.bench:1:34: error: the integer 99999999999999999999 is too large (at most 9223372036854775807)\n"
        "    1 | kernel k() -> i64 { let x: i64 = 99999999999999999999; return x }\n"
        "      |                                  ^~~~~~~~~~~~~~~~~~~~\n"
        "hint: write a smaller number, or a float such as 1e19\n");
  CHECK(errors_of("kernel k() -> i32 {\n  let x: i32 =\n  return x\n}\n") ==
        "k.bench:2:15: error: expected a value, found the end of the line\n"
        "    2 |   let x: i32 =\n"
        "      |               ^\n");
  CHECK(errors_of("kernel k() -> i64 { for i in 0 10 { }; return 0 }\n") ==
        "k.bench:1:32: error: expected '..' after the loop's first value, found '10'\n"
        "    1 | kernel k() -> i64 { for i in 0 10 { }; return 0 }\n"
        "      |                                ^~\n"
        "hint: write for i in 0..n { … } (n itself is not included)\n");
}

TEST_CASE("kernel parser: an unclosed body is reported at its '{' by the recipe parser") {
  std::string errors;
  CHECK_FALSE(definition("kernel k() -> i32 {\n  if x > 1 {\n", &errors).has_value());
  CHECK(errors ==
        "k.bench:2:12: error: unclosed block: '{' has no matching '}'\n"
        "    2 |   if x > 1 {\n"
        "      |            ^\n"
        "hint: add '}' to end the block\n");
  CHECK(errors_of("kernel k\nnop\n") ==
        "k.bench:1:9: error: expected '{' to start the body of the kernel definition\n"
        "    1 | kernel k\n"
        "      |         ^\n"
        "hint: write kernel NAME(PARAM: TYPE = DEFAULT, …) -> TYPE { … }\n");
}

}  // namespace
}  // namespace hwbench::lang
