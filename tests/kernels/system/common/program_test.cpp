// Running programs: input, output, working directory, environment, exit status.
#include "kernels/system/common/program.hpp"

#include <sys/wait.h>

#include <doctest/doctest.h>

#include "tests/kernels/files/files_test_support.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("program: input in, output and errors out, in the directory and environment asked") {
  test::TempDir dir;
  system::ProgramRun run;
  run.argv = {"/bin/sh", "-c", "read line; echo \"$line/$HWB_X/${HWB_Y-unset}/$(pwd)\"; echo oops >&2; exit 3"};
  run.input = "hello\n";
  run.dir = dir.path();
  run.env_set = {"HWB_X=set"};
  run.env_unset = {"HWB_Y"};
  ::setenv("HWB_Y", "inherited", 1);
  const auto out = system::run_program(run);
  ::unsetenv("HWB_Y");
  CHECK(out.output == "hello/set/unset/" + dir.path() + "\noops\n");
  CHECK(WIFEXITED(out.status));
  CHECK(WEXITSTATUS(out.status) == 3);
  CHECK(system::describe_status(out.status) == "exited with status 3");
  CHECK_FALSE(system::succeeded(out.status));
  CHECK(test::no_children());
}

TEST_CASE("program: a program that cannot be run is an error") {
  system::ProgramRun run;
  run.argv = {"/nonexistent/hwbench-no-such-program"};
  CHECK_THROWS_WITH_AS(system::run_program(run), "cannot run /nonexistent/hwbench-no-such-program", KernelError);
  CHECK(test::no_children());
}

TEST_CASE("program: find_program searches PATH") {
  CHECK(system::find_program("sh").size() > 3);
  CHECK(system::find_program("hwbench-no-such-program").empty());
  CHECK(system::find_program("/bin/sh") == "/bin/sh");
}

}  // namespace hwbench::kernels

namespace hwbench::kernels {

TEST_CASE("program: units are judged runs, a failure throws, unless Ctrl-C came first") {
  system::ProgramRun run;
  run.argv = {"/bin/sh", "-c", "echo out; exit 1"};
  const system::ProgramJudge judge = [](const system::ProgramOutcome& out) {
    return system::succeeded(out.status) ? std::string() : system::program_failure("sh", out);
  };
  Context context;
  CHECK_THROWS_WITH_AS(system::run_program_units(run, 3, context, judge), "sh exited with status 1: out\n",
                       KernelError);
  std::atomic<bool> interrupted{true};
  context.interrupted = &interrupted;
  CHECK(system::run_program_units(run, 3, context, judge).ops == 0);
  run.argv = {"/bin/sh", "-c", "exit 0"};
  CHECK(system::run_program_units(run, 3, context, judge).ops == 3);
  CHECK(test::no_children());
}

}  // namespace hwbench::kernels
