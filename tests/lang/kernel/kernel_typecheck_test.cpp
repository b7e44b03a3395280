// Type checking and instantiation of kernel definitions, with their exact diagnostics.
#include "lang/kernel/kernel_typecheck.hpp"

#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "lang/kernel/kernel_parser.hpp"

namespace hwbench::lang {

namespace {

using Binding = std::vector<std::pair<std::string, kernel::KScalar>>;

struct Checked {
  std::optional<kernel::KernelDef> inst;
  std::string errors;
};

/// Parses `text` (a whole recipe file holding only the definition), validates and instantiates it.
Checked check(const std::string& text, const Binding& binding = {}) {
  Source source{"k.bench", text};
  Diagnostics diags;
  Checked out;
  auto def = kernel::parse_kernel(text, SourceLoc{1, 1, 0}, diags);
  REQUIRE(def.has_value());
  if (kernel::validate_kernel(*def, diags)) out.inst = kernel::instantiate_kernel(*def, binding, diags);
  std::ostringstream ss;
  diags.render(source, ss);
  out.errors = ss.str();
  return out;
}

std::string typecheck_errors_of(const std::string& text, const Binding& binding = {}) {
  auto c = check(text, binding);
  CHECK_FALSE(c.inst.has_value());
  return c.errors;
}

TEST_CASE("kernel typecheck: an instantiation resolves every type and slot") {
  auto c = check(
      "kernel k(T: type = i32, first: T = 2, scale: f64) -> T {\n"
      "  let z: T = 1\n"
      "  let a: [f32; 4]\n"
      "  for i in first..first + 3 { a[i - first] = f32(i) * 0.5; z = z + T(a[i - first]) }\n"
      "  return -z\n"
      "}\n",
      {{"T", kernel::KScalar::i16}});
  REQUIRE(c.inst.has_value());
  CHECK(c.errors.empty());
  const kernel::KernelDef& d = *c.inst;
  REQUIRE(d.type_args.size() == 1);
  CHECK(d.type_args[0].second == kernel::KScalar::i16);
  REQUIRE(d.slots.size() == 5);
  CHECK(d.slots[0].name == "first");
  CHECK(d.slots[0].is_param);
  CHECK(d.slots[0].type == kernel::KScalar::i16);
  CHECK(d.slots[1].name == "scale");
  CHECK(d.slots[1].type == kernel::KScalar::f64);
  CHECK(d.slots[2].name == "z");
  CHECK(d.slots[3].array_size == 4);
  CHECK(d.slots[3].type == kernel::KScalar::f32);
  CHECK(d.slots[4].name == "i");
  CHECK(d.slots[4].type == kernel::KScalar::i16);  // the loop variable takes the bounds' type
  CHECK(d.result->resolved == kernel::KScalar::i16);
  const kernel::KStmt& loop = d.body[2];
  CHECK(loop.slot == 4);
  const kernel::KExpr& product = loop.body[0].exprs[1];  // f32(i) * 0.5
  CHECK(product.type == kernel::KScalar::f32);
  CHECK(product.operands[1].kind == kernel::KExprKind::float_lit);
  CHECK(product.operands[1].type == kernel::KScalar::f32);
  CHECK(loop.body[0].exprs[0].type == kernel::KScalar::i16);  // the index i - first
  CHECK(d.body[0].exprs[0].type == kernel::KScalar::i16);
  // `-z` stays a negation; `return` of the default binding would be i32.
  CHECK(d.body[3].exprs[0].kind == kernel::KExprKind::unary);
}

TEST_CASE("kernel typecheck: literals take their context's type, and -LITERAL is one literal") {
  auto c =
      check("kernel k() -> f64 {\n  let a: i16 = -32768\n  let b: f32 = 3\n  let c: i64 = 7 * 6\n  return 1 + 2\n}\n");
  REQUIRE(c.inst.has_value());
  const kernel::KernelDef& d = *c.inst;
  CHECK(d.body[0].exprs[0].kind == kernel::KExprKind::int_lit);
  CHECK(d.body[0].exprs[0].int_value == -32768);
  CHECK(d.body[1].exprs[0].kind == kernel::KExprKind::float_lit);
  CHECK(d.body[1].exprs[0].type == kernel::KScalar::f32);
  CHECK(d.body[2].exprs[0].type == kernel::KScalar::i64);
  CHECK(d.body[3].exprs[0].operands[0].kind == kernel::KExprKind::float_lit);
  CHECK(d.body[3].exprs[0].operands[0].float_value == 1.0);
}

TEST_CASE("kernel typecheck: unknown variable with did-you-mean") {
  CHECK(typecheck_errors_of("kernel k() -> i32 {\n  let total: i32 = 0\n  totl = 3\n  return total\n}\n") ==
        "k.bench:3:3: error: unknown variable 'totl'\n"
        "    3 |   totl = 3\n"
        "      |   ^~~~\n"
        "hint: did you mean 'total'?\n");
  CHECK(typecheck_errors_of("kernel k() -> i32 { return q }\n") ==
        "k.bench:1:28: error: unknown variable 'q'\n"
        "    1 | kernel k() -> i32 { return q }\n"
        "      |                            ^\n"
        "hint: declare it first: let q: TYPE = VALUE\n");
}

TEST_CASE("kernel typecheck: type mismatches name both types and hint a cast") {
  CHECK(typecheck_errors_of("kernel k(n: i32) -> f64 {\n  let x: f64 = 1.5\n  return x * n\n}\n") ==
        "k.bench:3:12: error: '*' needs two values of one type, but the left is f64 and the right is i32\n"
        "    3 |   return x * n\n"
        "      |            ^\n"
        "hint: convert one side, as in i32(x) * n\n");
  CHECK(typecheck_errors_of("kernel k() -> f64 {\n  let i: i64 = 1\n  let x: f64 = i + 0.5\n  return x\n}\n") ==
        "k.bench:3:18: error: '+' needs two values of one type, but the left is i64 and the right is f64\n"
        "    3 |   let x: f64 = i + 0.5\n"
        "      |                  ^\n"
        "hint: convert one side, as in f64(i) + 0.5\n");
  CHECK(typecheck_errors_of("kernel k() -> i32 {\n  let x: i32 = 0\n  let y: f32 = 2\n  x = y\n  return x\n}\n") ==
        "k.bench:4:7: error: cannot assign f32 to 'x', which is i32\n"
        "    4 |   x = y\n"
        "      |       ^\n"
        "hint: convert it: x = i32(…)\n");
  CHECK(typecheck_errors_of("kernel k() -> i64 {\n  let y: f32 = 2\n  let x: i64 = y\n  return x\n}\n") ==
        "k.bench:3:16: error: 'x' is declared i64, but its value is f32\n"
        "    3 |   let x: i64 = y\n"
        "      |                ^\n"
        "hint: convert it: let x: i64 = i64(…)\n");
  CHECK(typecheck_errors_of("kernel k(T: type = f32) -> T {\n  let y: f64 = 2\n  return y\n}\n") ==
        "k.bench:3:10: error: kernel 'k' returns f32, but this value is f64\n"
        "    3 |   return y\n"
        "      |          ^\n"
        "hint: convert it: return T(…)\n");
}

TEST_CASE("kernel typecheck: parameters and loop variables are read-only") {
  CHECK(typecheck_errors_of("kernel k(n: i32 = 3) -> i32 {\n  n = 4\n  return n\n}\n") ==
        "k.bench:2:3: error: 'n' is a parameter, which cannot be assigned\n"
        "    2 |   n = 4\n"
        "      |   ^\n"
        "hint: copy it into a variable: let my_n: i32 = n\n");
  CHECK(typecheck_errors_of("kernel k() -> i64 {\n  for i in 0..3 { i = 1 }\n  return 0\n}\n") ==
        "k.bench:2:19: error: 'i' is the loop variable, which cannot be assigned\n"
        "    2 |   for i in 0..3 { i = 1 }\n"
        "      |                   ^\n"
        "hint: use a variable of your own: let my_i: i64 = i\n");
}

TEST_CASE("kernel typecheck: arrays and scalars, indices") {
  CHECK(typecheck_errors_of("kernel k() -> f64 {\n  let a: [f64; 8]\n  return a\n}\n") ==
        "k.bench:3:10: error: 'a' is an array of 8 f64; use one element\n"
        "    3 |   return a\n"
        "      |          ^\n"
        "hint: write a[i]\n");
  CHECK(typecheck_errors_of("kernel k() -> f64 {\n  let a: [f64; 8]\n  a = 2\n  return a[0]\n}\n") ==
        "k.bench:3:3: error: 'a' is an array of 8 f64; assign one element\n"
        "    3 |   a = 2\n"
        "      |   ^\n"
        "hint: write a[i] = …\n");
  CHECK(typecheck_errors_of("kernel k() -> i32 {\n  let x: i32 = 1\n  return x[0]\n}\n") ==
        "k.bench:3:10: error: 'x' is not an array\n"
        "    3 |   return x[0]\n"
        "      |          ^\n"
        "hint: declare an array with let x: [i32; SIZE]\n");
  CHECK(typecheck_errors_of("kernel k() -> f64 {\n  let a: [f64; 8]\n  let h: f64 = 0.5\n  return a[h]\n}\n") ==
        "k.bench:4:12: error: an array index must be an integer, not f64\n"
        "    4 |   return a[h]\n"
        "      |            ^\n"
        "hint: convert it: a[i64(…)]\n");
}

TEST_CASE("kernel typecheck: returns") {
  CHECK(typecheck_errors_of("kernel k(n: i32) -> i32 {\n  if n > 0 { return 1 } else if n < 0 { return 2 }\n}\n") ==
        "k.bench:1:8: error: kernel 'k' does not return a value on every path\n"
        "    1 | kernel k(n: i32) -> i32 {\n"
        "      |        ^\n"
        "hint: end the body with return VALUE (a value of type i32)\n");
  CHECK(
      check("kernel k(n: i32) -> i32 {\n  if n > 0 { return 1 } else { if n < 0 { return 2 } else { return 3 } }\n}\n")
          .inst.has_value());
  CHECK(typecheck_errors_of("kernel k() -> i32 {\n  return\n}\n") ==
        "k.bench:2:3: error: kernel 'k' must return a value of type i32\n"
        "    2 |   return\n"
        "      |   ^~~~~~\n"
        "hint: write return VALUE\n");
}

TEST_CASE("kernel typecheck: a kernel must declare a result type, or its work could be optimised away") {
  const std::string no_result = "kernel sum_sq(n: i32) {\n  let s: i32 = 0\n  for i in 0..n { s = s + i * i }\n}\n";
  const std::string expected =
      "k.bench:1:8: error: kernel 'sum_sq' has no result type, so its work could be optimised away\n"
      "    1 | kernel sum_sq(n: i32) {\n"
      "      |        ^~~~~~\n"
      "hint: declare one and return a value that depends on the work: kernel sum_sq(…) -> i64 { …; return sum }\n";
  // validate_kernel says so once, and the body is not instantiated.
  CHECK(typecheck_errors_of(no_result) == expected);
  // instantiate_kernel refuses it on its own too, so no back end ever sees a kernel without one.
  Source source{"k.bench", no_result};
  Diagnostics diags;
  auto def = kernel::parse_kernel(no_result, SourceLoc{1, 1, 0}, diags);
  REQUIRE(def.has_value());
  CHECK_FALSE(kernel::instantiate_kernel(*def, {}, diags).has_value());
  std::ostringstream ss;
  diags.render(source, ss);
  CHECK(ss.str() == expected);
  // A `return` without a value does not make one.
  CHECK(typecheck_errors_of("kernel k() {\n  return\n}\n") ==
        "k.bench:1:8: error: kernel 'k' has no result type, so its work could be optimised away\n"
        "    1 | kernel k() {\n"
        "      |        ^\n"
        "hint: declare one and return a value that depends on the work: kernel k(…) -> i64 { …; return sum }\n");
}

TEST_CASE("kernel typecheck: duplicate names and unknown types") {
  CHECK(typecheck_errors_of("kernel k(n: i32, n: f64) -> i32 { return n }\n") ==
        "k.bench:1:18: error: parameter 'n' is declared twice\n"
        "    1 | kernel k(n: i32, n: f64) -> i32 { return n }\n"
        "      |                  ^\n"
        "hint: give each parameter its own name\n");
  CHECK(typecheck_errors_of(
            "kernel k(n: i32) -> i32 {\n  let x: i32 = 0\n  if n > 0 { let x: i32 = 1 }\n  return x\n}\n") ==
        "k.bench:3:18: error: 'x' is already declared (line 2)\n"
        "    3 |   if n > 0 { let x: i32 = 1 }\n"
        "      |                  ^\n"
        "hint: choose another name: a name stays declared to the end of its block\n");
  CHECK(check("kernel k(n: i32) -> i32 {\n  if n > 0 { let x: i32 = 1 } else { let x: f64 = 2 }\n  return n\n}\n")
            .inst.has_value());
  CHECK(typecheck_errors_of("kernel k() -> i32 {\n  let x: u32 = 0\n  return 0\n}\n") ==
        "k.bench:2:10: error: unknown type 'u32'\n"
        "    2 |   let x: u32 = 0\n"
        "      |          ^~~\n"
        "hint: did you mean 'i32'?\n");
  CHECK(typecheck_errors_of("kernel k() -> i32 {\n  let x: i8 = 0\n  return 0\n}\n") ==
        "k.bench:2:10: error: unknown type 'i8'\n"
        "    2 |   let x: i8 = 0\n"
        "      |          ^~\n"
        "hint: types are i16, i32, i64, f32, f64 and the kernel's type parameters\n");
  CHECK(typecheck_errors_of("kernel k(T: type = float) -> i32 { return 0 }\n") ==
        "k.bench:1:20: error: the default of type parameter 'T' must be a type, not 'float'\n"
        "    1 | kernel k(T: type = float) -> i32 { return 0 }\n"
        "      |                    ^~~~~\n"
        "hint: write one of i16, i32, i64, f32, f64, as in T: type = f64\n");
  CHECK(typecheck_errors_of("kernel k(n: i16 = 70000) -> i16 { return n }\n") ==
        "k.bench:1:19: error: the default of 'n' does not fit: 70000 is out of range for i16 (-32768 to 32767)\n"
        "    1 | kernel k(n: i16 = 70000) -> i16 { return n }\n"
        "      |                   ^~~~~\n");
}

TEST_CASE("kernel typecheck: integer literals out of range, for the instantiated type") {
  const std::string text = "kernel k(T: type = i32) -> T {\n  return 40000\n}\n";
  CHECK(check(text).inst.has_value());
  CHECK(typecheck_errors_of(text, {{"T", kernel::KScalar::i16}}) ==
        "k.bench:2:10: error: 40000 is out of range for i16 (-32768 to 32767)\n"
        "    2 |   return 40000\n"
        "      |          ^~~~~\n"
        "hint: write a value in range, or compute in a wider type\n");
  CHECK(typecheck_errors_of("kernel k() -> i16 { return -32769 }\n") ==
        "k.bench:1:28: error: -32769 is out of range for i16 (-32768 to 32767)\n"
        "    1 | kernel k() -> i16 { return -32769 }\n"
        "      |                            ^~~~~~\n"
        "hint: write a value in range, or compute in a wider type\n");
}

TEST_CASE("kernel typecheck: bool where a number is needed, and a number where a condition is") {
  CHECK(typecheck_errors_of("kernel k(a: i32, b: i32) -> i32 {\n  return a < b\n}\n") ==
        "k.bench:2:12: error: a comparison (bool) cannot be used as a number (i32 is needed)\n"
        "    2 |   return a < b\n"
        "      |            ^\n"
        "hint: choose a number with if: if a < b { x = 1 } else { x = 0 }\n");
  CHECK(typecheck_errors_of("kernel k(a: i32) -> i32 {\n  if a { }\n  return a\n}\n") ==
        "k.bench:2:6: error: 'if' needs a condition, not a number (i32)\n"
        "    2 |   if a { }\n"
        "      |      ^\n"
        "hint: compare it, as in a != 0\n");
  CHECK(typecheck_errors_of("kernel k(a: i32) -> i32 {\n  if a > 0 && a { }\n  return a\n}\n") ==
        "k.bench:2:12: error: '&&' needs conditions on both sides, but the right is a number (i32)\n"
        "    2 |   if a > 0 && a { }\n"
        "      |            ^~\n"
        "hint: compare it, as in a != 0\n");
}

TEST_CASE("kernel typecheck: loop bounds must be integers") {
  CHECK(typecheck_errors_of("kernel k(x: f64) -> f64 {\n  for i in 0..x { }\n  return x\n}\n") ==
        "k.bench:2:15: error: a loop's bounds must be integers, not f64\n"
        "    2 |   for i in 0..x { }\n"
        "      |               ^\n"
        "hint: convert it: i64(…)\n");
  CHECK(typecheck_errors_of("kernel k() -> i64 {\n  for i in 0.5..3 { }\n  return 0\n}\n") ==
        "k.bench:2:12: error: a loop's bounds must be integers, not f64\n"
        "    2 |   for i in 0.5..3 { }\n"
        "      |            ^\n"
        "hint: convert it: i64(…)\n");
}

TEST_CASE("kernel typecheck: value texts") {
  CHECK_FALSE(kernel::value_text_error("-32768", kernel::KScalar::i16).has_value());
  CHECK(kernel::value_text_error("32768", kernel::KScalar::i16) == "32768 is out of range for i16 (-32768 to 32767)");
  CHECK(kernel::value_text_error("2.5", kernel::KScalar::i32) ==
        "'2.5' is not a whole number (i32 is an integer type)");
  CHECK_FALSE(kernel::value_text_error("2.5e3", kernel::KScalar::f32).has_value());
  CHECK(kernel::value_text_error("f64", kernel::KScalar::f64) == "'f64' is not a number");
}

}  // namespace
}  // namespace hwbench::lang
