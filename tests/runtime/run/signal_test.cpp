// Ctrl-C and SIGTERM sent to a real `hwbench run` process at several points of a run.
#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <thread>

#include <doctest/doctest.h>

#include "runtime/record/result_file.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;

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

/// Waits (up to 10 s) until process `pid` runs hwbench (the forked test process has exec'd it)
/// and catches SIGINT and SIGTERM, as /proc/PID/status's SigCgt mask shows: a signal sent before
/// that ends any program, before its main() has run. A build linked with LLVM or with
/// sanitizers takes tens of milliseconds to get there.
bool wait_until_catching(pid_t pid) {
  const std::uint64_t wanted = (std::uint64_t{1} << (SIGINT - 1)) | (std::uint64_t{1} << (SIGTERM - 1));
  const std::string exe = "/proc/" + std::to_string(pid) + "/exe";
  const std::filesystem::path binary = std::filesystem::canonical(HWBENCH_BINARY);
  for (int i = 0; i < 10000; ++i) {
    std::error_code ec;
    if (std::filesystem::read_symlink(exe, ec) != binary) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
      continue;
    }
    std::ifstream status("/proc/" + std::to_string(pid) + "/status");
    std::string line;
    while (std::getline(status, line))
      if (line.rfind("SigCgt:", 0) == 0 && (std::stoull(line.substr(7), nullptr, 16) & wanted) == wanted) return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  return false;
}

}  // namespace

TEST_CASE("signals: SIGINT or SIGTERM at any point runs teardown, leaves no file and no complete result") {
  test::TempDir ram("/dev/shm"), disk, work;
  std::string recipe = work / "r.bench";
  test::write_text(recipe,
                   "setup { repeat 6 write disk:/s_$i size 20MB random }\n"
                   "series \"read\" repeat 6 cp disk:/s_$i -> ramdisk:/r_$i cold\n"
                   "series \"write\" repeat 6 cp ramdisk:/r_$i -> disk:/w_$i sync\n"
                   "teardown { rm ramdisk:/r_* ; rm disk:/* }\n"
                   "report MB/s mean\n");
  test::write_text(disk / "stranger", "kept");
  // Points spread over setup, the timed statements and the end of the run, counted from the
  // moment hwbench catches the signals.
  const int delays_ms[] = {0, 30, 60, 120, 220, 370};
  int n = 0;
  for (int delay : delays_ms) {
    int sig = (n++ % 2) ? SIGTERM : SIGINT;
    std::string result = work / ("r" + std::to_string(delay) + ".json");
    pid_t pid = spawn({"run", "-q", "-L", "ramdisk=" + ram.path(), "-L", "disk=" + disk.path(), "-o", result, recipe});
    REQUIRE(pid > 0);
    REQUIRE(wait_until_catching(pid));
    std::this_thread::sleep_for(std::chrono::milliseconds(delay));
    ::kill(pid, sig);
    int status = 0;
    REQUIRE(::waitpid(pid, &status, 0) == pid);
    REQUIRE(WIFEXITED(status));
    INFO("delay " << delay << " ms, signal " << sig);
    CHECK(test::count_entries(ram.path()) == 0);
    CHECK(test::count_entries(disk.path()) == 1);
    CHECK(test::read_text(disk / "stranger") == "kept");
    std::string error;
    auto loaded = hwbench::runtime::record::load_result(result, error);
    if (WEXITSTATUS(status) == 0) {
      // The run finished before the signal came: then it is complete, and says so.
      REQUIRE(loaded);
      CHECK(loaded->status == hwbench::runtime::model::RunStatus::complete);
    } else {
      CHECK(WEXITSTATUS(status) == 3);
      REQUIRE(loaded);
      CHECK(loaded->status == hwbench::runtime::model::RunStatus::interrupted);
      CHECK(hwbench::runtime::record::to_json(*loaded)["complete"] == false);
    }
  }
}
