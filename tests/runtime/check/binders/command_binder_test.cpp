// The command statements at check time: the program's words, their locations resolved, the
// options and figures, and every refusal with its exact diagnostic.
#include <string>

#include <doctest/doctest.h>

#include "kernels/command/command.hpp"
#include "tests/support/recipe_env.hpp"

namespace test = hwbench::test;

namespace {

constexpr bool exec_allowed = true;

test::Checked check(test::RecipeEnv& env, const std::string& text) { return env.check(text, {}, exec_allowed); }

}  // namespace

TEST_CASE("command binder: exec's words are its argv, the program found in PATH, locations resolved") {
  test::RecipeEnv env;
  const auto c = check(
      env,
      "let n = 3\nexec sh \"-c\" \"echo $n > ${disk:/out_$n}\" -x --long=1 disk:/in 10MB [a, \"b c\"] timeout 5s\n");
  CHECK(c.diagnostics == "");
  REQUIRE(c.recipe);
  const auto& step = c.recipe->plan.main.at(0);
  const auto argv = hwbench::kernels::command::argv_of(*step.kernel.spec, step.kernel.call);
  REQUIRE(argv.size() == 9);
  CHECK(argv[0].ends_with("/sh"));
  CHECK(argv[1] == "-c");
  CHECK(env.substitute(argv[2]) == "echo 3 > $DISK/out_3");
  CHECK(argv[3] == "-x");
  CHECK(argv[4] == "--long=1");
  CHECK(env.substitute(argv[5]) == "$DISK/in");
  CHECK(argv[6] == "10MB");
  CHECK(argv[7] == "a");
  CHECK(argv[8] == "b c");
  CHECK(step.kernel.call.number("timeout") == 5);
  CHECK(env.substitute(step.kernel.text) ==
        "exec " + argv[0] + " -c 'echo 3 > $DISK/out_3' -x --long=1 $DISK/in 10MB a 'b c' timeout 5s");
  CHECK(step.series ==
        "exec sh \"-c\" \"echo $n > ${disk:/out_$n}\" -x --long=1 disk:/in 10MB [a, \"b c\"] timeout 5s");
  CHECK(c.recipe->plan.runs_programs);
}

TEST_CASE("command binder: NAME=VALUE is one word of a program's, and only there") {
  test::RecipeEnv env;
  const auto c = check(env, "exec dd if=/dev/zero \"of=${disk:/dd.bin}\" bs=1M conv=fdatasync writes disk:/dd.bin\n");
  CHECK(c.diagnostics == "");
  REQUIRE(c.recipe);
  const auto& k = c.recipe->plan.main.at(0).kernel;
  CHECK(env.substitute(k.text).ends_with(" if=/dev/zero of=$DISK/dd.bin bs=1M conv=fdatasync writes $DISK/dd.bin"));
  CHECK(env.check("write disk:/big size=1GiB\n").diagnostics ==
        "t.bench:1:21: error: unexpected '='\n"
        "    1 | write disk:/big size=1GiB\n"
        "      |                     ^\n"
        "hint: write parameters as 'name value', without '='\n");
}

TEST_CASE("command binder: a word one letter from an option is the program's, with a warning") {
  test::RecipeEnv env;
  const auto c = check(env, "exec sleep 0.01 timout 2s -bytes tree=1 \"imprt\" true runs 2\n");
  CHECK(c.diagnostics ==
        "t.bench:1:17: warning: 'timout' is passed to the program; did you mean the option 'timeout'?\n"
        "    1 | exec sleep 0.01 timout 2s -bytes tree=1 \"imprt\" true runs 2\n"
        "      |                 ^~~~~~\n"
        "hint: quote it to pass it on as it is: \"timout\"\n");
  REQUIRE(c.recipe);
  const auto& step = c.recipe->plan.main.at(0).kernel;
  CHECK(hwbench::kernels::command::argv_of(*step.spec, step.call).size() == 8);
}

TEST_CASE("command binder: sh takes one string, and its options after it") {
  test::RecipeEnv env;
  const auto c = check(env, "sh \"ls ${disk:} | wc -l\" env \"LC_ALL=C\" exit [0, 1] ignore-failure runs 3\n");
  CHECK(c.diagnostics == "");
  REQUIRE(c.recipe);
  const auto& k = c.recipe->plan.main.at(0).kernel;
  CHECK(env.substitute(k.text) == "sh 'ls $DISK | wc -l' env LC_ALL=C exit 0,1 ignore-failure runs 3");
  CHECK(k.call.text("env:LC_ALL") == "C");
  CHECK(k.call.text("exit") == "0,1");
  CHECK(k.call.flag("ignore-failure"));
  CHECK(k.policy.runs_max == 3);
  CHECK(check(env, "sh ls\n").diagnostics ==
        "t.bench:1:4: error: sh needs its command line as one string\n"
        "    1 | sh ls\n"
        "      |    ^~\n"
        "hint: write sh \"LINE\", for example sh \"ls -l | wc -l\"\n");
  CHECK(check(env, "sh \"ls\" \"-l\"\n").diagnostics ==
        "t.bench:1:9: error: unexpected '\"-l\"' after the command line\n"
        "    1 | sh \"ls\" \"-l\"\n"
        "      |         ^~~~\n"
        "hint: sh takes one string, the whole line: sh \"prog --flag $x | tail -1\"\n");
}

TEST_CASE("command binder: a program that is not installed is refused with a did-you-mean over PATH") {
  test::RecipeEnv env;
  CHECK(check(env, "exec shh \"-c\" true\n").diagnostics ==
        "t.bench:1:6: error: 'shh' is not installed: no program of that name in PATH\n"
        "    1 | exec shh \"-c\" true\n"
        "      |      ^~~\n"
        "hint: did you mean 'sh'?\n");
  CHECK(check(env, "exec hwbench-no-such-program-xyz\n").diagnostics ==
        "t.bench:1:6: error: 'hwbench-no-such-program-xyz' is not installed: no program of that name in PATH\n"
        "    1 | exec hwbench-no-such-program-xyz\n"
        "      |      ^~~~~~~~~~~~~~~~~~~~~~~~~~~\n"
        "hint: install it, give its path, or add 'missing skip' to skip the statement where it is not installed\n");
  const auto skipped = check(env, "exec hwbench-no-such-program-xyz missing skip\n");
  CHECK(skipped.diagnostics == "");
  REQUIRE(skipped.recipe);
  CHECK(skipped.recipe->plan.main.at(0).kernel.text ==
        "exec hwbench-no-such-program-xyz missing skip (hwbench-no-such-program-xyz is not installed: skipped, its "
        "series marked unavailable)");
}

TEST_CASE("command binder: without --allow-exec a command is refused like every program-running kernel") {
  test::RecipeEnv env;
  CHECK(env.check("exec true\n").diagnostics ==
        "t.bench:1:1: error: 'exec' runs external programs\n"
        "    1 | exec true\n"
        "      | ^~~~\n"
        "hint: pass --allow-exec to allow it\n");
}

TEST_CASE("command binder: options after the words, unknown ones, and words after options, are refused") {
  test::RecipeEnv env;
  CHECK(check(env, "exec true timeout 5s verbose\n").diagnostics ==
        "t.bench:1:22: error: unknown option 'verbose' for 'exec'\n"
        "    1 | exec true timeout 5s verbose\n"
        "      |                      ^~~~~~~\n"
        "hint: to pass 'verbose' to the program, write it before the options\n");
  CHECK(check(env, "exec true timeout 5s \"x\"\n").diagnostics ==
        "t.bench:1:22: error: unexpected '\"x\"' among exec's options\n"
        "    1 | exec true timeout 5s \"x\"\n"
        "      |                      ^~~\n"
        "hint: the program's words come first, then the options: quote a word to pass it to the program\n");
  // Before the first option a word is the program's; after it, a misspelt option is caught.
  CHECK(check(env, "exec true runs 2 timeot 5s\n").diagnostics ==
        "t.bench:1:18: error: unknown option 'timeot' for 'exec'\n"
        "    1 | exec true runs 2 timeot 5s\n"
        "      |                  ^~~~~~\n"
        "hint: did you mean 'timeout'?\n");
  CHECK(check(env, "exec true timeout 5MB\n").diagnostics ==
        "t.bench:1:19: error: 'timeout' needs a duration up to 7 days, but '5MB' is a size\n"
        "    1 | exec true timeout 5MB\n"
        "      |                   ^~~\n"
        "hint: write it like: timeout 60s\n");
  CHECK(check(env, "exec true exit 256\n").diagnostics ==
        "t.bench:1:16: error: 'exit' needs exit codes from 0 to 255, but '256' is a plain number\n"
        "    1 | exec true exit 256\n"
        "      |                ^~~\n"
        "hint: write it like: exit 1, or exit [0, 1]\n");
  CHECK(check(env, "exec true env \"NOVALUE\"\n").diagnostics ==
        "t.bench:1:15: error: 'env' needs NAME=VALUE, but got 'NOVALUE'\n"
        "    1 | exec true env \"NOVALUE\"\n"
        "      |               ^~~~~~~~~\n"
        "hint: write it like: env \"OMP_NUM_THREADS=2\"\n");
  CHECK(check(env, "exec true timeout 1s timeout 2s\n").diagnostics ==
        "t.bench:1:22: error: 'timeout' is given twice\n"
        "    1 | exec true timeout 1s timeout 2s\n"
        "      |                      ^~~~~~~\n"
        "hint: keep one of them\n");
}

TEST_CASE("command binder: reads, stdin and cwd must exist, writes are claimed like a kernel's files") {
  test::RecipeEnv env;
  CHECK(check(env, "exec cat stdin disk:/none\n").diagnostics ==
        "t.bench:1:1: error: exec reads '$DISK/none', which does not exist, and nothing before it creates it\n"
        "    1 | exec cat stdin disk:/none\n"
        "      | ^~~~\n"
        "hint: create it in setup, e.g. setup { write $DISK/none size 10MB }, or copy it there first\n");
  CHECK(check(env, "exec true cwd disk:/nodir\n").diagnostics ==
        "t.bench:1:15: error: cwd $DISK/nodir is not a directory\n"
        "    1 | exec true cwd disk:/nodir\n"
        "      |               ^~~~~~~~~~~\n"
        "hint: create it in setup, or name another\n");
  const auto ok = check(
      env, "setup { write disk:/in size 1KB }\nexec cp disk:/in disk:/out reads disk:/in writes disk:/out cold\n");
  CHECK(ok.diagnostics == "");
  REQUIRE(ok.recipe);
  const auto& fx = ok.recipe->plan.main.at(0).kernel.effects;
  REQUIRE(fx.reads.size() == 1);
  CHECK(env.substitute(fx.reads[0]) == "$DISK/in");
  REQUIRE(fx.creates.size() == 1);
  CHECK(env.substitute(fx.creates[0].path) == "$DISK/out");
}

TEST_CASE("command binder: figures, their labels and their refusals") {
  test::RecipeEnv env;
  const auto c =
      check(env,
            "exec true figure regex \"([0-9.]+) MB/s\" unit MB/s scaled figure \"lat\" json \"/lat/mean\" unit ms "
            "optional from stderr import openssl runs 2\n");
  CHECK(c.diagnostics == "");
  REQUIRE(c.recipe);
  const auto& plan = c.recipe->plan;
  const auto& k = plan.main.at(0).kernel;
  REQUIRE(k.figures.size() == 3);
  CHECK(k.figures[0].label == "");
  CHECK(k.figures[0].unit == "MB/s");
  CHECK(k.figures[0].scaled);
  CHECK(k.figures[1].label == "lat");
  CHECK(k.figures[1].optional);
  CHECK(k.figures[1].from == hwbench::runtime::plan::FigureRule::Stream::err);
  CHECK(k.figures[2].kind == hwbench::runtime::plan::FigureRule::Kind::importer);
  // The labelled figure is a series of its own, sampled as the statement is.
  CHECK(plan.series_order == std::vector<std::string>{plan.main.at(0).series, "lat"});
  CHECK(plan.samples_max.at("lat") == 2);
  CHECK(check(env, "exec true figure regex \"[0-9]+ MB/s\" unit MB/s\n").diagnostics ==
        "t.bench:1:24: error: the regular expression has 0 capture groups, and a figure takes one\n"
        "    1 | exec true figure regex \"[0-9]+ MB/s\" unit MB/s\n"
        "      |                        ^~~~~~~~~~~~~\n"
        "hint: put ( ) around the number only, and (?: ) around any other group: \"([0-9.]+) (?:MB|GB)/s\"\n");
  CHECK(check(env, "exec true figure regex \"(x\" unit MB/s\n")
            .diagnostics.starts_with("t.bench:1:24: error: '(x' is not a regular expression: "));
  CHECK(check(env, "exec true figure json \"jobs/0\" unit MB/s\n").diagnostics ==
        "t.bench:1:23: error: 'jobs/0' is not a JSON pointer\n"
        "    1 | exec true figure json \"jobs/0\" unit MB/s\n"
        "      |                       ^~~~~~~~\n"
        "hint: a JSON pointer starts with '/' and names a member or index at each step: \"/jobs/0/read/bw\"\n");
  CHECK(check(env, "exec true figure regex \"(x)\" unit MBs\n").diagnostics ==
        "t.bench:1:35: error: unknown unit 'MBs'\n"
        "    1 | exec true figure regex \"(x)\" unit MBs\n"
        "      |                                   ^~~\n"
        "hint: did you mean 'MB/s'?\n");
  CHECK(check(env, "exec true figure regex \"(x)\"\n").diagnostics ==
        "t.bench:1:24: error: a figure needs its unit\n"
        "    1 | exec true figure regex \"(x)\"\n"
        "      |                        ^~~~~\n"
        "hint: write it like: figure regex \"(x)\" unit MB/s\n");
  CHECK(check(env, "exec true figure regex \"(x)\" unit s figure regex \"(y)\" unit s\n").diagnostics ==
        "t.bench:1:37: error: only one figure may take the statement's own series\n"
        "    1 | exec true figure regex \"(x)\" unit s figure regex \"(y)\" unit s\n"
        "      |                                     ^~~~~~\n"
        "hint: give the others a label of their own: figure \"LABEL\" regex …\n");
  CHECK(check(env, "exec true figure regex \"(x)\" unit s for 1s\n").diagnostics ==
        "t.bench:1:11: error: a figure is one run's, and 'for' makes a sample of many runs\n"
        "    1 | exec true figure regex \"(x)\" unit s for 1s\n"
        "      |           ^~~~~~\n"
        "hint: drop 'for' (each run is then a sample: runs N or until ci), or the figure\n");
  CHECK(check(env, "time { exec true figure regex \"(x)\" unit s }\n").diagnostics ==
        "t.bench:1:18: error: 'figure' has no meaning inside 'time' or 'parallel': the whole block is one sample\n"
        "    1 | time { exec true figure regex \"(x)\" unit s }\n"
        "      |                  ^~~~~~\n"
        "hint: take the figure from a statement of its own\n");
  CHECK(check(env, "exec true import fio\n").diagnostics ==
        "t.bench:1:18: error: no importer reads 'fio'\n"
        "    1 | exec true import fio\n"
        "      |                  ^~~\n"
        "hint: importers: bonnie, nbench, openssl, unixbench\n");
}

TEST_CASE("command binder: a figure read from a file needs the file among the statement's writes") {
  test::RecipeEnv env;
  // In either order: the file is removed before each run, which only a file the run owns may be.
  CHECK(check(env, "exec true writes disk:/out.json figure json \"/v\" unit s from disk:/out.json\n").diagnostics ==
        "");
  CHECK(check(env, "exec true figure json \"/v\" unit s from disk:/out.json writes disk:/out.json\n").diagnostics ==
        "");
  CHECK(env.substitute(
            check(env, "exec true writes disk:/other figure json \"/v\" unit s from disk:/out.json\n").diagnostics) ==
        "t.bench:1:30: error: the figure is read from $DISK/out.json, which the statement does not say it writes\n"
        "    1 | exec true writes disk:/other figure json \"/v\" unit s from disk:/out.json\n"
        "      |                              ^~~~~~\n"
        "hint: add 'writes' with the same path: the file is then removed before each run, so that each run's figure "
        "is its own\n");
}

TEST_CASE("command binder: bytes is what one run counts as, a whole number of bytes") {
  test::RecipeEnv env;
  const auto c = check(env, "exec true bytes 64MiB\nexec true bytes 4096\n");
  CHECK(c.diagnostics == "");
  REQUIRE(c.recipe);
  CHECK(c.recipe->plan.main.at(0).kernel.call.number("bytes") == 64.0 * 1024 * 1024);
  CHECK(c.recipe->plan.main.at(0).kernel.text.ends_with(" bytes 64MiB"));
  CHECK(c.recipe->plan.main.at(1).kernel.call.number("bytes") == 4096);
  CHECK(check(env, "exec true bytes 0\n").diagnostics ==
        "t.bench:1:17: error: 'bytes' needs a whole number of bytes from 1 to 1PiB, but '0' is a plain number\n"
        "    1 | exec true bytes 0\n"
        "      |                 ^\n"
        "hint: write it like: bytes 64MiB (what one run of the program reads, writes or copies)\n");
  CHECK(check(env, "exec true bytes 5s\n").diagnostics ==
        "t.bench:1:17: error: 'bytes' needs a whole number of bytes from 1 to 1PiB, but '5s' is a duration\n"
        "    1 | exec true bytes 5s\n"
        "      |                 ^~\n"
        "hint: write it like: bytes 64MiB (what one run of the program reads, writes or copies)\n");
  CHECK(check(env, "setup {\n  exec true bytes 1MiB\n}\n").diagnostics ==
        "t.bench:2:13: error: 'bytes' has no meaning in setup or teardown: nothing there is recorded\n"
        "    2 |   exec true bytes 1MiB\n"
        "      |             ^~~~~\n"
        "hint: leave it out there, or time the command in the recipe's body\n");
  CHECK(check(env, "exec true bytes 1MiB bytes 2MiB\n")
            .diagnostics.starts_with("t.bench:1:22: error: 'bytes' is given twice\n"));
}
