// `hwbench run --reruns 3` stopped in its second rerun, by a Ctrl-C (SIGINT to the process group,
// as a terminal sends it) or by SIGTERM to hwbench alone (`kill PID`), which passes it on to the
// rerun under way: the first rerun's file stays complete, the second's says it was interrupted,
// no third starts, and hwbench says which reruns completed.
#include <csignal>
#include <thread>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "tests/faults/hwbench_child.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace test = hwbench::test;

std::string rerun_status(const std::string& path) {
  return nlohmann::json::parse(test::read_text(path)).at("status").get<std::string>();
}

/// A recipe of two series whose run takes about 2 s, in `dir`; the arguments that rerun it `count`
/// times into dir/r-K.json.
std::vector<std::string> rerun_arguments(const test::TempDir& dir, int count) {
  test::write_text(dir / "r.bench",
                   "series \"A\" digest sha256 block 4096 for 100ms runs 10\n"
                   "series \"B\" digest md5 block 4096 for 100ms runs 10\n");
  return {"run", dir / "r.bench", "--reruns", std::to_string(count), "-o", dir / "r.json"};
}

}  // namespace

TEST_CASE("faults: Ctrl-C or SIGTERM in the second of three reruns keeps the first, marks the second") {
  for (const bool whole_group : {true, false}) {
    CAPTURE(whole_group);
    test::TempDir dir;
    test::HwbenchChild child(rerun_arguments(dir, 3), dir.path());
    REQUIRE(child.wait_for_err("rerun 2 of 3\n", 1, 60));
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    if (whole_group)
      child.signal_group(SIGINT);
    else
      child.signal(SIGTERM);
    CHECK(child.exit_code(60) == 3);
    INFO(child.err());
    CHECK(rerun_status(dir / "r-1.json") == "complete");
    CHECK(rerun_status(dir / "r-2.json") == "interrupted");
    CHECK_FALSE(test::exists(dir / "r-3.json"));
    CHECK(child.err().find("hwbench: rerun 2 of 3 ended with exit code 3; complete: " + (dir / "r-1.json") + "\n") !=
          std::string::npos);
    CHECK(child.err().find("rerun 3 of 3") == std::string::npos);
    CHECK(child.out().empty());
  }
}

TEST_CASE("faults: a rerun killed by SIGKILL (as the OOM killer does) is named, and no later one starts") {
  test::TempDir dir;
  test::HwbenchChild child(rerun_arguments(dir, 2), dir.path());
  REQUIRE(child.wait_for_err("rerun 1 of 2\n", 1, 60));
  std::vector<pid_t> reruns;
  REQUIRE(child.wait_until([&] { return !(reruns = child.children()).empty(); }, 30));
  REQUIRE(reruns.size() == 1);
  ::kill(reruns.front(), SIGKILL);
  CHECK(child.exit_code(60) == 3);
  INFO(child.err());
  CHECK(child.err().find("hwbench: rerun 1 of 2 ended with signal 9 (Killed)\n") != std::string::npos);
  CHECK(child.err().find("rerun 2 of 2") == std::string::npos);
  CHECK_FALSE(test::exists(dir / "r-2.json"));
}
