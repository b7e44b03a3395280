// `hwbench run --reruns N`: N runs of the recipe, each in a process of its own, each run's result
// file written, and the reports of the N joined (docs/language.md, "Reruns as one side").
#include <pthread.h>

#include <chrono>
#include <csignal>
#include <future>
#include <thread>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "runtime/cli/cli.hpp"
#include "runtime/pipeline/render.hpp"
#include "tests/support/cli_run.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench {
namespace {

const char* const rerun_recipe =
    "title \"reruns\"\n"
    "series \"A\" digest sha256 block 4096 for 10ms runs 4\n"
    "series \"B\" digest md5 block 4096 for 10ms runs 4\n"
    "report summary\n";

nlohmann::json read_rerun_json(const std::string& path) { return nlohmann::json::parse(test::read_text(path)); }

}  // namespace

TEST_CASE("run --reruns 3: three complete result files, then the reports of the three joined") {
  test::TempDir dir;
  test::write_text(dir / "r.bench", rerun_recipe);
  const auto run = test::cli({"run", dir / "r.bench", "--reruns", "3", "-o", dir / "r.json", "--html", dir / "r.html"});
  INFO(run.err);
  REQUIRE(run.code == runtime::cli::exit_ok);
  CHECK_FALSE(test::exists(dir / "r.json"));
  std::vector<std::string> paths;
  std::string last_finished;
  std::string recipe_sha;
  for (int k = 1; k <= 3; ++k) {
    const std::string path = dir / ("r-" + std::to_string(k) + ".json");
    paths.push_back(path);
    REQUIRE(test::exists(path));
    const auto result = read_rerun_json(path);
    CHECK(result.at("status") == "complete");
    // One run after another (ISO 8601 times, to the second), each of the same recipe.
    CHECK(result.at("started_utc").get<std::string>() >= last_finished);
    last_finished = result.at("finished_utc").get<std::string>();
    if (k == 1) recipe_sha = result.at("recipe_sha256").get<std::string>();
    CHECK(result.at("recipe_sha256") == recipe_sha);
  }
  // What is printed is what `hwbench report q-1+q-2+q-3` prints; an -o without an extension.
  const auto quiet = test::cli({"run", dir / "r.bench", "--reruns", "3", "-q", "-o", dir / "q", "--width", "0"});
  REQUIRE(quiet.code == runtime::cli::exit_ok);
  CHECK(quiet.err.empty());
  const auto joined = test::cli({"report", (dir / "q-1") + "+" + (dir / "q-2") + "+" + (dir / "q-3"), "--width", "0"});
  REQUIRE(joined.code == runtime::cli::exit_ok);
  CHECK(quiet.out == joined.out);
  CHECK(joined.out.starts_with(
      "3 reruns joined: each run is one block, and the intervals come from the runs' means\n\n"));
  CHECK(run.out.starts_with("3 reruns joined:"));
  CHECK(run.err.find("rerun 1 of 3\n") != std::string::npos);
  CHECK(run.err.find("rerun 3 of 3\n") != std::string::npos);
  CHECK(run.err.find("results: " + paths[0] + ", " + paths[1] + ", " + paths[2] + " (joined: " + paths[0] + "+" +
                     paths[1] + "+" + paths[2] + ")\n") != std::string::npos);
  // The page is the joined result's, written once at the end.
  CHECK(test::read_text(dir / "r.html").find("<html") != std::string::npos);
  CHECK(run.err.find("page: " + (dir / "r.html") + "\n") != std::string::npos);
  std::string error;
  const auto result = runtime::pipeline::load_joined(paths, error);
  REQUIRE(result);
  CHECK(result->reruns == 3);
}

TEST_CASE("run --reruns: refused on hosts; a rerun that fails stops the others") {
  test::TempDir dir;
  test::write_text(dir / "r.bench", rerun_recipe);
  const auto hosts = test::cli({"run", dir / "r.bench", "--reruns", "2", "--host", "h1"});
  CHECK(hosts.code == runtime::cli::exit_usage);
  CHECK(hosts.err ==
        "hwbench: --reruns runs the recipe on this machine; on hosts or nodes, run it again and join the result "
        "files with + (docs/language.md, \"Reruns as one side\")\n");
  const auto zero = test::cli({"run", dir / "r.bench", "--reruns", "0"});
  CHECK(zero.code == runtime::cli::exit_usage);
  // A recipe that does not check says so once, and no rerun starts.
  test::write_text(dir / "bad.bench", "series \"A\" digest sha257 block 4096 for 10ms\n");
  const auto bad = test::cli({"run", dir / "bad.bench", "--reruns", "3", "-o", dir / "bad.json"});
  CHECK(bad.code == runtime::cli::exit_recipe);
  CHECK(bad.err.starts_with((dir / "bad.bench") + ":1:"));
  CHECK(bad.err.find("sha257") != std::string::npos);
  CHECK(bad.err.find("rerun 1 of 3") == std::string::npos);
  CHECK_FALSE(test::exists(dir / "bad-1.json"));
  // The joined page on a rerun's own file, or on a directory, is refused before any rerun.
  const auto on_rerun =
      test::cli({"run", dir / "r.bench", "--reruns", "2", "-o", dir / "x.json", "--html", dir / "x-1.json"});
  CHECK(on_rerun.code == runtime::cli::exit_usage);
  CHECK(on_rerun.err == "hwbench: -o and --html name one file (" + (dir / "x-1.json") + "); name two\n");
  const auto on_dir = test::cli({"run", dir / "r.bench", "--reruns", "2", "-o", dir / "x.json", "--html", dir.path()});
  CHECK(on_dir.code == runtime::cli::exit_usage);
  CHECK(on_dir.err == "hwbench: --html " + dir.path() + " is a directory; name a file\n");
  CHECK_FALSE(test::exists(dir / "x-1.json"));
}

TEST_CASE("run --reruns: SIGCHLD blocked by whoever started hwbench does not hold the wait for a rerun") {
  test::TempDir dir;
  test::write_text(dir / "r.bench", rerun_recipe);
  // As a parent that reads its signals from a signalfd leaves the mask to its child.
  sigset_t child, before;
  sigemptyset(&child);
  sigaddset(&child, SIGCHLD);
  ::pthread_sigmask(SIG_BLOCK, &child, &before);
  // Held for ever, the wait would only end on a signal: a Ctrl-C after 60 s, which fails the run.
  std::promise<void> done;
  std::future<void> finished = done.get_future();
  const pthread_t self = ::pthread_self();
  std::thread watchdog([&] {
    if (finished.wait_for(std::chrono::seconds(60)) == std::future_status::timeout) ::pthread_kill(self, SIGINT);
  });
  const auto run = test::cli({"run", dir / "r.bench", "--reruns", "2", "-q", "-o", dir / "r.json"});
  done.set_value();
  watchdog.join();
  ::pthread_sigmask(SIG_SETMASK, &before, nullptr);
  INFO(run.err);
  CHECK(run.code == runtime::cli::exit_ok);
  CHECK(test::exists(dir / "r-2.json"));
}

TEST_CASE("run --reruns: every rerun runs the recipe as it was checked, whatever happens to the file") {
  test::TempDir dir;
  // Each rerun's command step appends a series to the recipe's file: read again, the second
  // rerun would run three series and be another recipe, which joining refuses.
  const std::string recipe =
      "series \"A\" digest sha256 block 4096 for 10ms runs 3\n"
      "sh \"echo 'series \\\"C\\\" digest md5 block 64 runs 2' >> ${disk:/r.bench}\"\n"
      "report summary\n";
  test::write_text(dir / "r.bench", recipe);
  const auto run = test::cli({"run", dir / "r.bench", "--allow-exec", "-L", "disk=" + dir.path(), "--reruns", "2", "-q",
                              "-o", dir / "r.json", "--width", "0"});
  INFO(run.err);
  REQUIRE(run.code == runtime::cli::exit_ok);
  const std::string appended = "series \"C\" digest md5 block 64 runs 2\n";
  CHECK(test::read_text(dir / "r.bench") == recipe + appended + appended);
  CHECK(read_rerun_json(dir / "r-1.json").at("recipe_sha256") == read_rerun_json(dir / "r-2.json").at("recipe_sha256"));
  CHECK(read_rerun_json(dir / "r-2.json").at("series").size() == 2);
  CHECK(run.out.starts_with("2 reruns joined:"));
}

TEST_CASE("run --reruns: result files with + in their names join with the argument it prints") {
  test::TempDir dir;
  test::write_text(dir / "r.bench", rerun_recipe);
  const std::string base = dir / "a+b/r+.json";
  const auto run = test::cli({"run", dir / "r.bench", "--reruns", "2", "-o", base, "--width", "0"});
  INFO(run.err);
  REQUIRE(run.code == runtime::cli::exit_ok);
  const std::string joined = (dir / "a+b/r+-1.json") + "+" + (dir / "a+b/r+-2.json");
  CHECK(run.err.ends_with("(joined: " + joined + ")\n"));
  const auto report = test::cli({"report", joined, "--width", "0"});
  INFO(report.err);
  CHECK(report.code == runtime::cli::exit_ok);
  CHECK(report.out == run.out);
}

}  // namespace hwbench
