// load_recipe for other machines (CheckContext::elsewhere): the recipe's own errors stay, what
// only this machine causes is left to each machine's own check (docs/remote.md).
#include "runtime/pipeline/recipe_load.hpp"

#include <memory>
#include <sstream>
#include <string>

#include <doctest/doctest.h>

#include "base/platform/real_file_view.hpp"
#include "kernels/builtin/builtin.hpp"
#include "tests/support/fake_machine.hpp"
#include "tests/support/temp_dir.hpp"

namespace pipeline = hwbench::runtime::pipeline;
namespace test = hwbench::test;

namespace {

/// `file` loaded as a run here would (`elsewhere` false) or as the check for other machines does;
/// the machine has no tmpfs, so the built-in ramdisk has no default. The diagnostics in `told`.
bool loads(const std::string& file, bool elsewhere, std::string& told, pipeline::LoadFailure& failure) {
  const auto registry = hwbench::kernels::builtin::builtin_registry();
  const hwbench::platform::RealFileView files;
  pipeline::CheckContext context{registry, files, std::make_shared<test::FakeMachine>()};
  context.elsewhere = elsewhere;
  pipeline::RecipeRequest request;
  request.file = file;
  request.allow_exec = true;
  hwbench::lang::Source source;
  std::ostringstream diagnostics;
  const bool loaded = pipeline::load_recipe(request, context, source, diagnostics, failure).has_value();
  told = diagnostics.str();
  return loaded;
}

/// A recipe that only this machine refuses: a literal directory, a program and a ramdisk it lacks.
const std::string machine_bound =
    "setup { write /nonexistent/hwbench-elsewhere/f size 1KB ; write ramdisk:/f size 1KB }\n"
    "setup { exec hwbench-no-such-program }\n"
    "series \"n\" nop runs 2\n"
    "teardown { rm ramdisk:/f }\n";

}  // namespace

TEST_CASE("load_recipe elsewhere: what only this machine lacks is left out, the recipe's own errors stay") {
  test::TempDir dir;
  const std::string file = dir / "r.bench";
  test::write_text(file, machine_bound);
  std::string told;
  auto failure = pipeline::LoadFailure::usage;
  CHECK_FALSE(loads(file, false, told, failure));
  CHECK(failure == pipeline::LoadFailure::recipe);
  CHECK(told.find("error: the directory '/nonexistent/hwbench-elsewhere' does not exist") != std::string::npos);
  CHECK(told.find("error: 'hwbench-no-such-program' is not installed") != std::string::npos);
  CHECK(told.find("error: the built-in location 'ramdisk' has no default here") != std::string::npos);
  CHECK(told.find("3 errors in " + file + "; nothing was run\n") != std::string::npos);

  CHECK(loads(file, true, told, failure));
  CHECK(told.empty());

  // An unknown kernel is an error everywhere: told alone, a recipe error.
  test::write_text(file, machine_bound + "series \"x\" nopp runs 2\n");
  failure = pipeline::LoadFailure::usage;
  CHECK_FALSE(loads(file, true, told, failure));
  CHECK(failure == pipeline::LoadFailure::recipe);
  CHECK(told == file +
                    ":5:12: error: unknown kernel 'nopp'\n    5 | series \"x\" nopp runs 2\n      |            ^~~~\n" +
                    "hint: did you mean 'nop'?\n1 error in " + file + "; nothing was run\n");
}

TEST_CASE("load_recipe elsewhere: a timed statement only this machine refuses is no 'nothing is timed'") {
  test::TempDir dir;
  const std::string file = dir / "r.bench";
  std::string told;
  auto failure = pipeline::LoadFailure::usage;
  // The program is not installed here; a machine that has it times it.
  test::write_text(file, "series \"x\" exec hwbench-no-such-program runs 2\n");
  CHECK(loads(file, true, told, failure));
  CHECK(told.empty());
  // A recipe that times nothing anywhere is warned of, as here.
  test::write_text(file, "setup { exec hwbench-no-such-program }\nrepeat 0 series \"x\" nop runs 2\n");
  CHECK(loads(file, true, told, failure));
  CHECK(told == file +
                    ": warning: nothing is timed: no statement outside setup and teardown runs\nhint: a timed "
                    "statement stands at the top level, in series, time, parallel, interleave or a loop that "
                    "runs at least once\n");
}
