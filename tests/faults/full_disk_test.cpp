// A full disk: an 8 MiB tmpfs mounted for the test (root only; CI runs as root). A recipe that
// needs more than it holds is refused before anything is written; a disk that fills up while
// hwbench writes gives a clear error naming the file, and the run's files are removed.
#include <fcntl.h>
#include <unistd.h>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "tests/faults/hwbench_child.hpp"
#include "tests/faults/scratch_mount.hpp"

namespace test = hwbench::test;

namespace {

/// Writes zeros to `path` until the file system is full; returns the bytes written.
std::size_t fill_up(const std::string& path) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL, 0644);
  REQUIRE(fd >= 0);
  const std::string block(64 * 1024, '\0');
  std::size_t written = 0;
  for (;;) {
    const ssize_t n = ::write(fd, block.data(), block.size());
    if (n <= 0) break;
    written += static_cast<std::size_t>(n);
  }
  ::close(fd);
  return written;
}

}  // namespace

TEST_CASE("faults: a recipe needing more than an 8 MiB tmpfs holds is refused before it writes anything") {
  test::ScratchMount disk(8);
  if (!test::mounted_or_say_why(disk)) return;
  test::LocationRecipe recipe("full", disk.path(),
                              "series \"big\" write full:/big size 16MiB\nteardown { rm full:/big }\n");
  test::HwbenchChild run = recipe.start();
  CHECK(run.exit_code() == 1);
  CHECK(run.err() ==
        "t.bench:2:14: error: the run needs 16.8 MB in '" + disk.path() +
            "' (tmpfs) at its peak, but only 8.4 MB is free\n"
            "    2 | series \"big\" write full:/big size 16MiB\n"
            "      |              ^\n"
            "hint: use smaller sizes or fewer files, remove files as you go, or map the location elsewhere "
            "with -L\n"
            "1 error in t.bench; nothing was run\n");
  CHECK(test::snapshot(disk.path()).empty());
  CHECK(test::snapshot(recipe.work.path()).size() == 1);  // the recipe: no result file for a run that never ran
}

TEST_CASE("faults: a disk that fills up mid-run: the error names the file, the run's files go, exit 3") {
  test::ScratchMount disk(8);
  if (!test::mounted_or_say_why(disk)) return;
  // 2 MiB, then 4 MiB: 6 MiB at the peak fits in 8 MiB, so the check lets it run; the test
  // fills the disk during the pause, as another program would.
  test::LocationRecipe recipe("full", disk.path(),
                              "series \"w1\" write full:/w_1 size 2MiB\n"
                              "series \"pause\" nop for 600ms\n"
                              "series \"w2\" write full:/w_2 size 4MiB\n"
                              "teardown { rm full:/w_* }\n");
  const std::string& result = recipe.result;
  test::HwbenchChild run = recipe.start();
  REQUIRE(run.wait_for_err("write full:/w_1 size 2MiB  ", 1));
  // Named so that the teardown's glob matches it: a stranger's file all the same.
  const std::size_t filled = fill_up(disk / "w_filler");
  CHECK(filled >= 5 * 1024 * 1024);
  const auto filler = test::snapshot(disk.path()).at("w_filler");

  CHECK(run.exit_code() == 3);
  const std::string error =
      "t.bench:4:13: write full:/w_2 size 4MiB: cannot write " + disk.path() + "/w_2: No space left on device";
  INFO(run.err());
  // The stranger's file appeared during the run: the teardown's rm leaves it, and says so.
  CHECK(run.err().ends_with("hwbench: " + error + "\nhwbench: warning: t.bench:5:12: rm full:/w_*: left 1 file that " +
                            "appeared during the run but is not its own: " + disk.path() + "/w_filler\nhwbench: " +
                            "the result file " + result + " is marked failed (not complete)\n"));
  // What is left: the stranger's file, untouched; w_1 and the partial w_2 are gone.
  const auto left = test::snapshot(disk.path());
  CHECK(test::names_of(left) == "w_filler");
  CHECK(left.at("w_filler") == filler);
  const auto j = nlohmann::json::parse(test::read_text(result));
  CHECK(j.at("complete") == false);
  CHECK(j.at("status") == "failed");
  CHECK(j.at("error") == error);
  CHECK(test::snapshot(recipe.work.path()).size() == 2);  // the recipe and the result: no temp file
}
