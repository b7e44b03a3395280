// Ctrl-C (SIGINT to the process group, as a terminal sends it), SIGTERM (to the process, as
// `kill PID` sends it) and SIGHUP (a terminal closed under the run) at 23 points of specs/cp-ramdisk.bench, run by the real hwbench binary
// with its sizes cut to 1 MB and 2 MB: each time teardown ran, no file of the run is left, the
// files that were there before are untouched, and the result file says it is not complete.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <thread>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "tests/faults/hwbench_child.hpp"
#include "tests/support/golden.hpp"
#include "tests/support/recipe_env.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace test = hwbench::test;

constexpr int samples_in_run = 40;  // 2 sizes x (10 reads + 10 writes)
const std::string progress_mark = "MB/s\n";

/// Where the signal goes: when the n-th file of the setup appears, or when the n-th sample has
/// been reported (plus a few milliseconds, to land inside the next copy).
struct Point {
  const char* setup_file = nullptr;  ///< a file in st1 written by setup
  int after_samples = 0;             ///< progress lines seen
  int delay_ms = 0;
  int signal = SIGINT;
  bool storm = false;  ///< then keep signalling every 2 ms until hwbench exits (teardown included)
};

/// The shipped recipe with its sizes cut to 1 MB and 2 MB (the teardown's `*MB_*` still matches),
/// and its settle to two probes (the cold reads of 2 MB files are too short to agree within 5%).
std::string small_recipe() {
  std::string text = test::read_text(test::source_path("specs/cp-ramdisk.bench"));
  REQUIRE(test::count_of(text, "[10MB, 100MB]") == 2);
  REQUIRE(test::count_of(text, "\nsettle until stable\n") == 1);
  text = test::replace_all(text, "\nsettle until stable\n", "\nsettle until stable max 2s\n");
  return test::replace_all(text, "[10MB, 100MB]", "[1MB, 2MB]");
}

/// The bytes one sample of `label` must have moved ("read 1MB" → 1000000).
std::uint64_t bytes_of(const std::string& label) { return label.ends_with(" 1MB") ? 1000000 : 2000000; }

struct Scene {
  test::TempDir st1, ram{"/dev/shm"}, work;
  std::string recipe = work / "cp-ramdisk.bench";
  std::string result = work / "result.json";
  std::map<std::string, test::FileState> st1_before, ram_before;

  Scene() {
    test::write_text(recipe, small_recipe());
    // Strangers whose names the teardown's globs match: hwbench must leave them alone.
    test::write_text(st1 / "old_10MB_1", "a stranger's file in st1\n");
    test::write_text(ram / "old_100MB_1", "a stranger's file on the RAM disk\n");
    st1_before = test::snapshot(st1.path());
    ram_before = test::snapshot(ram.path());
  }

  std::unique_ptr<test::HwbenchChild> start() const {
    return std::make_unique<test::HwbenchChild>(
        // -v: a progress line for each sample, which is what the signal points count.
        std::vector<std::string>{"run", "-v", "-L", "st1=" + st1.path(), "-L", "ramdisk=" + ram.path(), "-o", result,
                                 recipe},
        work.path());
  }

  /// What every run must leave, however it ended.
  void check_left_as_before() const {
    auto st1_after = test::snapshot(st1.path());
    auto ram_after = test::snapshot(ram.path());
    INFO("st1 now holds: " << test::names_of(st1_after));
    INFO("the RAM disk now holds: " << test::names_of(ram_after));
    CHECK(st1_after == st1_before);
    CHECK(ram_after == ram_before);
    // The recipe, the result file and nothing else: no temp file, no results/ or hwbench-disk/.
    auto work_after = test::snapshot(work.path());
    INFO("the working directory holds: " << test::names_of(work_after));
    CHECK(work_after.size() == 2);
    CHECK(work_after.count("cp-ramdisk.bench") == 1);
    CHECK(work_after.count("result.json") == 1);
  }

  /// The result file, raw; every sample in it is whole and was reported on stderr.
  nlohmann::json check_result(int reported) const {
    nlohmann::json j = nlohmann::json::parse(test::read_text(result), nullptr, false);
    REQUIRE_FALSE(j.is_discarded());
    int samples = 0;
    for (const auto& series : j.at("series")) {
      // Columns (docs/result-format.md): one value for every sample, or an array of `count`.
      const auto& columns = series.at("samples");
      const auto count = columns.at("count").get<std::size_t>();
      samples += static_cast<int>(count);
      INFO("series " << series.at("label"));
      const auto every = [&](const char* key, std::uint64_t expected) {
        const auto& column = columns.at(key);
        if (column.is_array()) {
          CHECK(column.size() == count);
          for (const auto& value : column) CHECK(value.get<std::uint64_t>() == expected);
        } else {
          CHECK(column.get<std::uint64_t>() == expected);
        }
      };
      every("bytes", bytes_of(series.at("label").get<std::string>()));
      every("ops", 1);
    }
    CHECK(samples == reported);
    return j;
  }
};

}  // namespace

TEST_CASE(
    "faults: SIGINT, SIGTERM and SIGHUP at 23 points of specs/cp-ramdisk.bench leave nothing, no complete result") {
  Scene scene;

  SUBCASE("without a signal the run completes, with the whole result and a clean st1 and RAM disk") {
    auto run = scene.start();
    CHECK(run->exit_code() == 0);
    INFO(run->err());
    scene.check_left_as_before();
    CHECK(test::count_of(run->err(), progress_mark) == samples_in_run);
    auto j = scene.check_result(samples_in_run);
    CHECK(j.at("complete") == true);
    CHECK(j.at("status") == "complete");
    CHECK(run->out().starts_with("MB/s\nNo    read 1MB  write 1MB  read 2MB  write 2MB\n"));
  }

  const Point points[] = {
      // setup: the signal arrives while `write st1:/…` is writing that file
      {"1MB_1", 0, 0, SIGINT},
      {"1MB_6", 0, 0, SIGTERM},
      {"1MB_10", 0, 0, SIGINT},
      {"2MB_2", 0, 0, SIGHUP},
      {"2MB_7", 0, 0, SIGINT},
      {"2MB_10", 0, 0, SIGTERM},
      // the timed statements: reads (cold, st1 -> RAM disk) and writes (RAM disk -> st1, sync)
      {nullptr, 1, 0, SIGTERM},
      {nullptr, 4, 0, SIGINT},
      {nullptr, 5, 2, SIGTERM},
      {nullptr, 9, 0, SIGTERM},
      {nullptr, 10, 0, SIGINT},
      {nullptr, 11, 0, SIGHUP},
      {nullptr, 16, 1, SIGINT},
      {nullptr, 19, 0, SIGTERM},
      {nullptr, 20, 0, SIGINT},
      {nullptr, 21, 0, SIGTERM},
      {nullptr, 25, 2, SIGINT},
      {nullptr, 29, 0, SIGHUP},
      {nullptr, 30, 0, SIGINT},
      {nullptr, 31, 0, SIGTERM},
      {nullptr, 35, 0, SIGINT},
      // the end: the last sample, teardown, the result file; then a storm of both signals
      {nullptr, 40, 0, SIGTERM},
      {nullptr, 39, 0, SIGINT, true},
  };
  int n = 0;
  for (const Point& point : points) {
    ++n;
    std::string where = point.setup_file ? std::string("setup, writing st1:/") + point.setup_file
                                         : "after sample " + std::to_string(point.after_samples) + " + " +
                                               std::to_string(point.delay_ms) + " ms";
    const char* name = point.signal == SIGINT ? "SIGINT" : point.signal == SIGHUP ? "SIGHUP" : "SIGTERM";
    SUBCASE((std::to_string(n) + ": " + where + ", " + name).c_str()) {
      auto run = scene.start();
      if (point.setup_file) {
        const std::string file = scene.st1 / point.setup_file;
        REQUIRE(run->wait_until([&] { return test::exists(file); }));
      } else {
        REQUIRE(run->wait_for_err(progress_mark, static_cast<std::size_t>(point.after_samples)));
      }
      if (point.delay_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(point.delay_ms));
      if (point.signal == SIGINT)
        run->signal_group(SIGINT);
      else
        run->signal(point.signal);
      if (point.storm) {
        // A second Ctrl-C while teardown cleans up must not cut it short.
        run->wait_until([&] {
          run->signal(SIGTERM);
          run->signal(SIGHUP);
          run->signal_group(SIGINT);
          return run->ended();
        });
      }
      const int code = run->exit_code();
      const int reported = static_cast<int>(test::count_of(run->err(), progress_mark));
      INFO("stderr:\n" << run->err());
      scene.check_left_as_before();
      auto j = scene.check_result(reported);
      if (code == 0) {
        // Only a signal after the last sample may come too late to stop the run: then the
        // run is whole, and its result says so truthfully.
        CHECK(point.after_samples >= 39);
        CHECK(reported == samples_in_run);
        CHECK(j.at("complete") == true);
      } else {
        CHECK(code == 3);
        if (point.after_samples < 39) CHECK(reported < samples_in_run);
        CHECK(j.at("complete") == false);
        CHECK(j.at("status") == "interrupted");
        CHECK(j.at("error") == "interrupted by a signal");
        CHECK(run->err().ends_with("hwbench: interrupted by a signal\nhwbench: the result file " + scene.result +
                                   " is marked interrupted (not complete)\n"));
        CHECK(run->out() == "");
      }
      std::filesystem::remove(scene.result);
    }
  }
}

TEST_CASE("faults: under nohup (SIGHUP ignored at start) a SIGHUP does not stop the run") {
  test::TempDir work;
  test::write_text(work / "r.bench", "series \"n\" nop for 2s\n");
  // `nohup hwbench run …`: the shell ignores SIGHUP, the exec keeps it ignored.
  const std::string command = "trap '' HUP; exec '" + std::string(HWBENCH_BINARY) + "' run -q r.bench -o r.json";
  const pid_t pid = ::fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    if (::chdir(work.path().c_str()) != 0) ::_exit(126);
    const int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::execl("/bin/sh", "sh", "-c", command.c_str(), static_cast<char*>(nullptr));
    ::_exit(127);
  }
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  ::kill(pid, SIGHUP);
  int status = 0;
  REQUIRE(::waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status));
  CHECK(WEXITSTATUS(status) == 0);
  const nlohmann::json j = nlohmann::json::parse(test::read_text(work / "r.json"), nullptr, false);
  CHECK(j.value("status", "") == "complete");
}
