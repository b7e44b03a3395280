// The system family as the registry and the checker see it.
#include <doctest/doctest.h>

#include "kernels/builtin/builtin.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/support/recipe_env.hpp"

namespace hwbench::kernels {

TEST_CASE("system: every kernel is registered, with UnixBench's durations") {
  const Registry r = builtin::builtin_registry();
  struct Expect {
    const char* name;
    double seconds;
    bool runs_programs;
  };
  for (const Expect e :
       {Expect{"dhry2reg", 10, false}, Expect{"whetstone-double", 10, false}, Expect{"syscall", 10, false},
        Expect{"pipe", 10, false}, Expect{"context1", 10, false}, Expect{"spawn", 30, false},
        Expect{"execl", 30, false}, Expect{"fstime", 30, false}, Expect{"shell", 60, true}, Expect{"arith", 10, false},
        Expect{"arithoh", 10, false}, Expect{"hanoi", 20, false}, Expect{"dc", 30, true}, Expect{"cc", 60, true}}) {
    CAPTURE(e.name);
    const KernelSpec* spec = r.find(e.name);
    REQUIRE(spec != nullptr);
    CHECK(spec->family == "system");
    CHECK(spec->measure.for_seconds == e.seconds);
    CHECK(spec->runs_programs == e.runs_programs);
  }
}

TEST_CASE("system: the kernels that run programs need --allow-exec, and the plan says so") {
  hwbench::test::RecipeEnv env;
  auto refused = env.check("shell tmp: concurrent 8\ndc\ncc tmp:\n");
  // One cause, one error, naming every statement it refuses.
  CHECK(refused.diagnostics ==
        "t.bench:1:1: error: 'shell' runs external programs\n"
        "    1 | shell tmp: concurrent 8\n"
        "      | ^~~~~\n"
        "hint: pass --allow-exec to allow it; that also allows the other statements that run programs: "
        "'dc' (line 2), 'cc' (line 3)\n");
  auto allowed = env.check("shell tmp: concurrent 8\ndc\ncc tmp:\n", {}, true);
  CHECK(allowed.diagnostics == "");
  REQUIRE(allowed.recipe.has_value());
  CHECK(allowed.recipe->plan.runs_programs);
}

TEST_CASE("system: fstime and shell declare their files to the checker") {
  hwbench::test::RecipeEnv env;
  auto checked = env.check(
      "fstime tmp: bufsize 256 maxblocks 500\nfstime tmp: mode write worker 2\nfstime tmp: copy worker 1 for 1s\n");
  CHECK(checked.diagnostics == "");
  REQUIRE(checked.recipe.has_value());
  std::vector<std::string> created;
  for (const auto& c : checked.recipe->plan.creates) created.push_back(c.path);
  CHECK(created == std::vector<std::string>{env.tmp() + "/dummy0", env.tmp() + "/dummy1", env.tmp() + "/dummy0-2",
                                            env.tmp() + "/dummy0-1", env.tmp() + "/dummy1-1"});
}

TEST_CASE("system: arith computes in each type, arithoh only loops") {
  const Registry r = builtin::builtin_registry();
  for (const char* type : {"short", "int", "long", "float", "double"}) {
    CAPTURE(type);
    const KernelSpec* spec = r.find("arith");
    const Call call = test::make_call(*spec, {}, {{"type", test::text_value(type)}});
    CHECK(test::run_kernel(*spec, call, Context{}, 1000).ops == 1000);
  }
  const KernelSpec* oh = r.find("arithoh");
  CHECK(test::run_kernel(*oh, test::make_call(*oh, {}), Context{}, 1000).ops == 1000);
  CHECK(test::run_kernel(*r.find("syscall"), Call{}, Context{}, 1000).ops == 1000);
}

}  // namespace hwbench::kernels
