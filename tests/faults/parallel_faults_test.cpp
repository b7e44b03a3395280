// Faults inside `parallel`: the test kills one worker process of a running `parallel 4 { … }`
// group with SIGSEGV, as a crash would end it, or stops hwbench with SIGTERM or Ctrl-C while
// the workers count for seconds. The run says what happened (which worker, and how), ends in
// bounded time, and leaves no worker process, zombie or file behind.
#include <algorithm>
#include <csignal>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "tests/faults/hwbench_child.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;

namespace {

/// Four workers that each write a file, then count `nop` for `seconds`; no teardown, so the
/// run's own clean-up after a failure must remove the workers' files.
struct ParallelRun {
  test::TempDir ram{"/dev/shm"}, work;
  std::string result = work / "r.json";
  std::map<std::string, test::FileState> before;
  std::unique_ptr<test::HwbenchChild> run;
  std::vector<pid_t> workers;

  explicit ParallelRun(int seconds) {
    test::write_text(work / "t.bench",
                     "series \"p\" parallel 4 {\n"
                     "  write ramdisk:/p_$worker size 64KiB\n"
                     "  nop for " +
                         std::to_string(seconds) +
                         "s\n"
                         "}\n");
    test::write_text(ram / "p_stranger", "kept\n");
    before = test::snapshot(ram.path());
    run = std::make_unique<test::HwbenchChild>(
        std::vector<std::string>{"run", "-L", "ramdisk=" + ram.path(), "-o", result, "t.bench"}, work.path());
    // Running: four workers, each past its write.
    REQUIRE(run->wait_until([&] {
      workers = run->children();
      return workers.size() == 4 && test::snapshot(ram.path()).size() == 5;
    }));
    // Workers are forked in order, so (barring a wrap of the pid counter) worker K has the K-th pid.
    std::sort(workers.begin(), workers.end());
  }

  /// How the run ended: the exit code, what stderr ends with, the result file's status and
  /// error, and that nothing is left (no worker, no zombie, no file, no temp file).
  void check_ended(int code, const std::string& status, const std::string& error) const {
    CHECK(run->exit_code(15) == code);
    INFO(run->err());
    CHECK(run->err().ends_with("hwbench: " + error +
                               "\nhwbench: teardown ran; removed 4 files the run had created\n"
                               "hwbench: the result file " +
                               result + " is marked " + status + " (not complete)\n"));
    const auto j = nlohmann::json::parse(test::read_text(result));
    CHECK(j.at("complete") == false);
    CHECK(j.at("status") == status);
    CHECK(j.at("error") == error);
    CHECK(j.at("series").at(0).at("samples").at("count") == 0);
    // Every worker was reaped by hwbench: none is left running, and none is a zombie.
    for (pid_t w : workers) CHECK(test::process_gone(w));
    CHECK(test::group_members(run->pid()).empty());
    CHECK(test::snapshot(ram.path()) == before);
    CHECK(test::snapshot(work.path()).size() == 2);
  }
};

}  // namespace

TEST_CASE("faults: a parallel worker killed by SIGSEGV is reported by number, nothing hangs or stays behind") {
  ParallelRun p(2);
  REQUIRE(::kill(p.workers[2], SIGSEGV) == 0);
  // The other workers finish their 2 s; nothing waits longer than that.
  p.check_ended(3, "failed", "parallel worker 3 of 4 was killed by signal 11 (Segmentation fault)");
  CHECK(p.run->elapsed() < 6);
}

TEST_CASE("faults: SIGTERM to hwbench alone, or Ctrl-C to it and its workers, stops a parallel group at once") {
  ParallelRun p(20);
  const auto sent = std::chrono::steady_clock::now();
  SUBCASE("SIGTERM to hwbench: it stops its workers") { p.run->signal(SIGTERM); }
  SUBCASE("SIGINT to the process group, as a terminal's Ctrl-C") { p.run->signal_group(SIGINT); }
  p.check_ended(3, "interrupted", "interrupted by a signal");
  // Well before the workers' 20 s: they stop counting when told to.
  CHECK(test::seconds_since(sent) < 3);
}
