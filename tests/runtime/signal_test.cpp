// Ctrl-C and SIGTERM sent to a real `hwbench run` process at several points of a run.
#include <doctest/doctest.h>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <thread>

#include "runtime/result_file.hpp"
#include "tests/support/temp_dir.hpp"

using hwbench::test::TempDir;

namespace {

/// Starts hwbench with `args`, stdout and stderr to /dev/null; returns its pid.
pid_t spawn(const std::vector<std::string>& args) {
  pid_t pid = ::fork();
  if (pid == 0) {
    int null = ::open("/dev/null", O_WRONLY);
    ::dup2(null, 1);
    ::dup2(null, 2);
    std::vector<char*> argv;
    argv.push_back(const_cast<char*>(HWBENCH_BINARY));
    for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
    argv.push_back(nullptr);
    ::execv(HWBENCH_BINARY, argv.data());
    ::_exit(127);
  }
  return pid;
}

}  // namespace

TEST_CASE("signals: SIGINT or SIGTERM at any point runs teardown, leaves no file and no complete result") {
  TempDir ram("/dev/shm"), disk, work;
  std::string recipe = work / "r.bench";
  hwbench::test::write_text(recipe,
                            "setup { repeat 6 write disk:/s_$i size 20MB random }\n"
                            "series \"read\" repeat 6 cp disk:/s_$i -> ramdisk:/r_$i cold\n"
                            "series \"write\" repeat 6 cp ramdisk:/r_$i -> disk:/w_$i sync\n"
                            "teardown { rm ramdisk:/r_* ; rm disk:/* }\n"
                            "report MB/s mean\n");
  hwbench::test::write_text(disk / "stranger", "kept");
  // Points spread over setup, the timed statements and the end of the run.
  const int delays_ms[] = {30, 60, 90, 150, 250, 400};
  int n = 0;
  for (int delay : delays_ms) {
    int sig = (n++ % 2) ? SIGTERM : SIGINT;
    std::string result = work / ("r" + std::to_string(delay) + ".json");
    pid_t pid = spawn({"run", "-q", "-L", "ramdisk=" + ram.path(), "-L", "disk=" + disk.path(), "-o", result, recipe});
    REQUIRE(pid > 0);
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
    ::kill(pid, sig);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    INFO("delay " << delay << " ms, signal " << sig);
    CHECK(hwbench::test::count_entries(ram.path()) == 0);
    CHECK(hwbench::test::count_entries(disk.path()) == 1);
    CHECK(hwbench::test::read_text(disk / "stranger") == "kept");
    std::string error;
    auto loaded = hwbench::runtime::load_result(result, error);
    if (WEXITSTATUS(status) == 0) {
      // The run finished before the signal came: then it is complete, and says so.
      REQUIRE(loaded);
      CHECK(loaded->status == "complete");
    } else {
      CHECK(WEXITSTATUS(status) == 3);
      REQUIRE(loaded);
      CHECK(loaded->status == "interrupted");
      CHECK(hwbench::runtime::to_json(*loaded)["complete"] == false);
    }
  }
}
