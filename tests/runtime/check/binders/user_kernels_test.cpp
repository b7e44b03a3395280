// Kernels defined in a recipe, through the real pipeline: parse, check, plan, run, report.
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "base/platform/clock.hpp"
#include "kernels/jit/backend.hpp"
#include "runtime/analysis/compare.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "runtime/report/report.hpp"
#include "runtime/run/interpreter.hpp"
#include "tests/support/recipe_env.hpp"

namespace hwbench::runtime {

namespace {

const char* const kernel_text =
    "kernel sq(T: type = i32, n: i32 = 3) -> T {\n"
    "  let s: T = 0\n"
    "  for i in 0..n { s = s + T(i) * T(i) }\n"
    "  return s / T(n - 3)\n"
    "}\n";

/// The label the back end `auto` picks in this build gives `options`.
std::string auto_label(const kernels::jit::CompileOptions& options = {}) {
  auto jit = kernels::jit::make_llvm_jit();
  return jit ? jit->label(options) : "interpreted";
}

/// kernel_text followed by `statements`, checked: it must check without a diagnostic.
check::CheckedRecipe checked(test::RecipeEnv& env, const std::string& statements) {
  auto c = env.check(std::string(kernel_text) + statements);
  REQUIRE(c.diagnostics == "");
  REQUIRE(c.recipe.has_value());
  return std::move(*c.recipe);
}

/// `result` compared with itself, its first series run by back end `a` on one side and `b` on the other.
analysis::Comparison compare_backends(const model::Result& result, const std::string& a, const std::string& b) {
  model::Result left = result;
  model::Result right = result;
  for (auto& set : left.series[0].param_sets) set.params["backend"] = a;
  for (auto& set : right.series[0].param_sets) set.params["backend"] = b;
  return analysis::compare_results({&left, &right}, {"A", "B"}, analysis::CompareOptions{});
}

run::RunOutcome run(const check::CheckedRecipe& recipe) {
  platform::RealClock clock;
  run::RunOptions opts;
  opts.clock = &clock;
  return run::run_plan(recipe, opts);
}

TEST_CASE("user kernels: a defined kernel is bound, planned and run like a built-in one") {
  test::RecipeEnv env;
  const check::CheckedRecipe recipe = checked(env,
                                              "series \"sq f64\" sq T f64 n 5 for 2ms runs 2 backend interpreted\n"
                                              "series \"sq auto\" sq i16 n 4 for 2ms\n"
                                              "report ops/s mean\n");
  const plan::Plan& plan = recipe.plan;
  REQUIRE(plan.main.size() == 2);
  CHECK(plan.main[0].kernel.text == "sq T f64 n 5 for 2ms runs 2 backend interpreted (interpreted)");
  CHECK(plan.main[1].kernel.text == "sq i16 n 4 for 2ms (" + auto_label() + ")");
  std::ostringstream printed;
  plan::print_plan(plan, printed);
  CHECK(printed.str().find(
            "    sq T f64 n 5 for 2ms runs 2 backend interpreted (interpreted)    [sq f64: 2 samples of 0.002 s]\n") !=
        std::string::npos);

  run::RunOutcome out = run(recipe);
  REQUIRE(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.series.size() == 2);
  REQUIRE(out.series[0].samples.size() == 2);
  for (const auto& s : out.series[0].samples) {
    const auto& set = out.series[0].params_of(s);
    CHECK(set.kernel == "sq");
    CHECK(set.params.at("backend") == "interpreted");
    CHECK(set.params.at("T") == "f64");
    CHECK(set.params.at("n") == "5");
    CHECK(std::stoll(set.params.at("compile_ns")) > 0);
    CHECK(s.ops == s.units);
    CHECK(s.units > 0);
  }
  CHECK(out.series[1].params_of(out.series[1].samples.at(0)).params.at("backend") == auto_label());

  model::Result result;
  result.series = out.series;
  model::ReportSpec spec;
  spec.unit = "ops/s";
  spec.aggregates = {"mean"};
  const report::ReportData data = report::build_report_data(result, spec);
  REQUIRE(data.series.size() == 2);
  CHECK(data.series[0].backend.rfind("interpreted, compiled in ", 0) == 0);
  std::ostringstream text;
  report::render_report(data, report::Format::text, text);
  CHECK(text.str().find("\nback end: sq f64: interpreted, compiled in ") != std::string::npos);

  // The same series on another back end is measured by other code: compare does not divide it.
  const analysis::Comparison cmp = compare_backends(result, "interpreted", "jit O2, LLVM 14");
  REQUIRE(cmp.rows.size() == 2);
  CHECK(cmp.rows[0].ratios[0].state == analysis::RatioState::kernels_differ);
  CHECK(cmp.rows[0].ratios[0].why ==
        "measured by different kernels (A: sq backend=interpreted; B: sq backend=jit O2, LLVM 14)");
  CHECK(cmp.rows[1].ratios[0].state == analysis::RatioState::computed);

  // So is the same series compiled with and without vectorising.
  const analysis::Comparison vs = compare_backends(result, "jit O2, LLVM 14", "jit O2 without vectorising, LLVM 14");
  REQUIRE(vs.rows.size() == 2);
  CHECK(vs.rows[0].ratios[0].state == analysis::RatioState::kernels_differ);
  CHECK(vs.rows[0].ratios[0].why ==
        "measured by different kernels (A: sq backend=jit O2, LLVM 14; B: sq backend=jit O2 without vectorising, LLVM "
        "14)");
}

TEST_CASE("user kernels: vectorize on|off is accepted, named in the plan and recorded in every sample") {
  test::RecipeEnv env;
  const check::CheckedRecipe recipe =
      checked(env,
              "series \"scalar\" sq T f64 n 5 for 2ms vectorize off\n"
              "series \"vector\" sq T f64 n 5 for 2ms vectorize on\n"
              "series \"interpreted\" sq T f64 n 5 for 2ms vectorize off backend interpreted\n");
  const std::string scalar = auto_label(kernels::jit::CompileOptions{.vectorize = false});
  if (kernels::jit::make_llvm_jit())
    CHECK(scalar.rfind("jit O2 without vectorising, LLVM ", 0) == 0);
  else
    CHECK(scalar == "interpreted");  // the interpreter ignores the option
  const plan::Plan& plan = recipe.plan;
  REQUIRE(plan.main.size() == 3);
  CHECK(plan.main[0].kernel.text == "sq T f64 n 5 for 2ms vectorize off (" + scalar + ")");
  CHECK(plan.main[1].kernel.text == "sq T f64 n 5 for 2ms vectorize on (" + auto_label() + ")");
  CHECK(plan.main[2].kernel.text == "sq T f64 n 5 for 2ms vectorize off backend interpreted (interpreted)");

  run::RunOutcome out = run(recipe);
  REQUIRE(out.status == hwbench::runtime::model::RunStatus::complete);
  REQUIRE(out.series.size() == 3);
  CHECK(out.series[0].param_sets.at(0).params.at("backend") == scalar);
  CHECK(out.series[1].params_of(out.series[1].samples.at(0)).params.at("backend") == auto_label());
  CHECK(out.series[2].param_sets.at(0).params.at("backend") == "interpreted");

  CHECK(env.check(std::string(kernel_text) + "sq vectorize maybe for 1ms\n").diagnostics ==
        "t.bench:6:14: error: 'maybe' is not a choice of 'vectorize'\n"
        "    6 | sq vectorize maybe for 1ms\n"
        "      |              ^~~~~\n"
        "hint: choices: on, off\n");
}

TEST_CASE("user kernels: a runtime error names the place in the recipe") {
  test::RecipeEnv env;
  auto c = env.check(std::string(kernel_text) + "sq T i64 n 3 backend interpreted runs 1\n");
  REQUIRE(c.recipe.has_value());
  run::RunOutcome out = run(*c.recipe);
  CHECK(out.status == hwbench::runtime::model::RunStatus::failed);
  CHECK(out.error ==
        "t.bench:6:1: sq T i64 n 3 backend interpreted runs 1 (interpreted): "
        "t.bench:4:12: integer division by zero in kernel sq");
}

TEST_CASE("user kernels: check reports a body that does not type-check for a statement's types at the statement") {
  test::RecipeEnv env;
  auto c = env.check(
      "kernel big(T: type = i32) -> T {\n"
      "  return 40000\n"
      "}\n"
      "big T i32 for 1ms\n"
      "big T i16 for 1ms\n");
  CHECK_FALSE(c.recipe.has_value());
  CHECK(c.diagnostics ==
        "t.bench:5:1: error: kernel 'big' does not type-check with T = i16\n"
        "    5 | big T i16 for 1ms\n"
        "      | ^~~\n"
        "hint: the errors in its body for these types follow\n"
        "t.bench:2:10: error: 40000 is out of range for i16 (-32768 to 32767)\n"
        "    2 |   return 40000\n"
        "      |          ^~~~~\n"
        "hint: write a value in range, or compute in a wider type\n");
}

TEST_CASE("user kernels: definition errors, names and parameter values") {
  test::RecipeEnv env;
  CHECK(env.check("kernel idle(n: i32) {\n  let s: i32 = n * 2\n}\nidle n 3 for 1ms\n").diagnostics ==
        "t.bench:1:8: error: kernel 'idle' has no result type, so its work could be optimised away\n"
        "    1 | kernel idle(n: i32) {\n"
        "      |        ^~~~\n"
        "hint: declare one and return a value that depends on the work: kernel idle(…) -> i64 { …; return sum }\n");
  CHECK(env.check("kernel arith(n: i32) -> i32 { return n }\n").diagnostics ==
        "t.bench:1:8: error: 'arith' is a built-in kernel\n"
        "    1 | kernel arith(n: i32) -> i32 { return n }\n"
        "      |        ^~~~~\n"
        "hint: give the definition another name, such as arith_k\n");
  CHECK(env.check("kernel k(runs: i32) -> i32 { return runs }\n").diagnostics ==
        "t.bench:1:10: error: 'runs' is an option of every kernel statement, so no parameter may be called so\n"
        "    1 | kernel k(runs: i32) -> i32 { return runs }\n"
        "      |          ^~~~\n"
        "hint: choose another name for the parameter\n");
  CHECK(env.check("kernel k(vectorize: i32) -> i32 { return vectorize }\n").diagnostics ==
        "t.bench:1:10: error: 'vectorize' is an option of every kernel statement, so no parameter may be called so\n"
        "    1 | kernel k(vectorize: i32) -> i32 { return vectorize }\n"
        "      |          ^~~~~~~~~\n"
        "hint: choose another name for the parameter\n");
  // A body that does not parse is its one error: its statements are not "unknown kernel" too.
  CHECK(env.check("kernel k() -> i32 {\n  return 1 +* 2\n}\nseries \"a\" k for 1ms\n").diagnostics ==
        "t.bench:2:13: error: expected a value after the operator, found '*'\n"
        "    2 |   return 1 +* 2\n"
        "      |             ^\n");
  CHECK(env.check("kernel k() -> i32 {\n  return zz\n}\nk for 1ms\n").diagnostics ==
        "t.bench:2:10: error: unknown variable 'zz'\n"
        "    2 |   return zz\n"
        "      |          ^~\n"
        "hint: declare it first: let zz: TYPE = VALUE\n");
  CHECK(env.check("kernel k(n: i16) -> i16 { return n }\nk n 40000 for 1ms\n").diagnostics ==
        "t.bench:2:5: error: 'n' 40000 is out of range\n"
        "    2 | k n 40000 for 1ms\n"
        "      |     ^~~~~\n"
        "hint: n takes -32768 to 32767\n");
  CHECK(env.check("kernel k(T: type = i32, x: T) -> T { return x }\nk T i16 x 2.5 for 1ms\n").diagnostics ==
        "t.bench:2:1: error: 'x' of kernel 'k' is i16 here: '2.5' is not a whole number (i16 is an integer type)\n"
        "    2 | k T i16 x 2.5 for 1ms\n"
        "      | ^\n"
        "hint: give a value of that type\n");
  CHECK(env.check("series \"a\" {\n  kernel k() -> i32 { return 0 }\n}\n").diagnostics ==
        "t.bench:2:3: error: a kernel definition belongs at the top level of a recipe\n"
        "    2 |   kernel k() -> i32 { return 0 }\n"
        "      |   ^~~~~~\n");
  if (!kernels::jit::make_llvm_jit()) {
    CHECK(env.check("kernel k() -> i32 { return 0 }\nk backend jit for 1ms\n").diagnostics ==
          "t.bench:2:1: error: 'backend jit' needs hwbench built with LLVM (cmake -DHWBENCH_WITH_LLVM=ON)\n"
          "    2 | k backend jit for 1ms\n"
          "      | ^\n"
          "hint: write backend interpreted, or leave the backend out to use the JIT wherever it is built in\n");
  }
}

}  // namespace
}  // namespace hwbench::runtime
