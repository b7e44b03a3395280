// A location that cannot be written (a read-only mount, or a directory without write permission
// when not root), one remounted read-only while hwbench runs, and one deleted while hwbench
// runs a long series: a clear error, nothing left behind (or, where the file system refuses,
// every file left named), no crash.
#include <sys/stat.h>
#include <unistd.h>

#include <doctest/doctest.h>
#include <nlohmann/json.hpp>

#include "tests/faults/hwbench_child.hpp"
#include "tests/faults/scratch_mount.hpp"
#include "tests/support/temp_dir.hpp"

namespace test = hwbench::test;

namespace {

/// The result file's status fields.
std::string status_of(const std::string& result) {
  const auto j = nlohmann::json::parse(test::read_text(result));
  return j.at("status").get<std::string>() + (j.at("complete").get<bool>() ? " complete" : " not complete") + ": " +
         j.at("error").get<std::string>();
}

}  // namespace

TEST_CASE("faults: a location that cannot be written is refused before anything runs, and says why") {
  // As root a mode bit stops nothing, so the read-only location is a read-only mount; as
  // another user it is a directory without write permission.
  const bool root = ::geteuid() == 0;
  test::ScratchMount mount(1, true);
  test::TempDir plain;
  std::string dir = plain.path();
  std::string why = "permission denied";
  if (root) {
    if (!test::mounted_or_say_why(mount)) return;
    dir = mount.path();
    why = "it is on a read-only file system";
  } else {
    REQUIRE(::chmod(dir.c_str(), 0555) == 0);
  }
  test::LocationRecipe recipe("ro", dir, "series \"w\" write ro:/w_1 size 1MiB\nteardown { rm ro:/w_* }\n");
  test::HwbenchChild run = recipe.start();
  CHECK(run.exit_code() == 1);
  CHECK(run.err() == "t.bench:2:12: error: cannot write in '" + dir + "': " + why +
                         "\n"
                         "    2 | series \"w\" write ro:/w_1 size 1MiB\n"
                         "      |            ^~~~~\n"
                         "hint: choose a directory you may write in, or map it with -L\n"
                         "1 error in t.bench; nothing was run\n");
  CHECK(test::snapshot(dir).empty());
  CHECK(test::snapshot(recipe.work.path()).size() == 1);
  if (!root) ::chmod(dir.c_str(), 0755);
}

TEST_CASE("faults: a location remounted read-only mid-run: a clear error, and the file it cannot remove is named") {
  test::ScratchMount disk(8);
  if (!test::mounted_or_say_why(disk)) return;
  test::LocationRecipe recipe("ro", disk.path(),
                              "setup { write ro:/w_1 size 1MiB }\n"
                              "series \"pause\" nop for 300ms\n"
                              "series \"w2\" write ro:/w_2 size 1MiB\n"
                              "teardown { rm ro:/w_* }\n");
  const std::string& result = recipe.result;
  test::HwbenchChild run = recipe.start();
  REQUIRE(run.wait_until([&] { return test::exists(disk / "w_1"); }));
  // Remounted as soon as setup's file is whole, during the pause (while w_1 is still open for
  // writing the kernel refuses the remount as busy, and the test tries again).
  REQUIRE(run.wait_until([&] {
    struct stat st {};
    return ::stat((disk / "w_1").c_str(), &st) == 0 && st.st_size == 1 << 20 && disk.make_read_only();
  }));
  CHECK(run.exit_code() == 3);
  const std::string error =
      "t.bench:4:13: write ro:/w_2 size 1MiB: cannot create " + disk.path() + "/w_2: Read-only file system";
  INFO(run.err());
  CHECK(run.err().ends_with(
      "hwbench: " + error + "\nhwbench: could not remove 1 file the run had created: " + disk.path() +
      "/w_1 (Read-only file system)\nhwbench: the result file " + result + " is marked failed (not complete)\n"));
  CHECK(status_of(result) == "failed not complete: " + error);
  // The one file a read-only file system keeps is the one named above.
  CHECK(test::names_of(test::snapshot(disk.path())) == "w_1");
  CHECK(test::snapshot(recipe.work.path()).size() == 2);
}

TEST_CASE("faults: a location deleted while a long series runs: a clear error, nothing recreated, no crash") {
  test::TempDir base;
  const std::string loc = base / "loc";
  REQUIRE(::mkdir(loc.c_str(), 0755) == 0);
  test::LocationRecipe recipe("gone", loc,
                              "setup { write gone:/a size 1MiB }\n"
                              "series \"long\" nop for 20ms runs 20\n"
                              "series \"after\" cp gone:/a -> gone:/b\n"
                              "teardown { rm gone:/* }\n");
  const std::string& result = recipe.result;
  test::HwbenchChild run = recipe.start();
  REQUIRE(run.wait_for_err("nop for 20ms runs 20  ", 3));
  std::error_code ec;
  std::filesystem::remove_all(loc, ec);
  REQUIRE_FALSE(ec);
  const int code = run.exit_code();
  INFO(run.err());
  CHECK(code == 3);
  CHECK(test::count_of(run.err(), "nop for 20ms runs 20  ") == 20);  // the series went on to its end
  const std::string error = "t.bench:4:16: cp gone:/a -> gone:/b: cannot open " + loc + "/a: No such file or directory";
  CHECK(status_of(result) == "failed not complete: " + error);
  CHECK(run.err().ends_with("hwbench: " + error + "\nhwbench: the result file " + result +
                            " is marked failed (not complete)\n"));
  // Nothing recreated the location, and nothing else appeared beside it.
  CHECK_FALSE(test::exists(loc));
  CHECK(test::snapshot(base.path()).empty());
  CHECK(test::snapshot(recipe.work.path()).size() == 2);
}
