// The built-in locations' defaults, decided from the file systems the machine reports.
#include "runtime/sandbox/locations.hpp"

#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "tests/support/fake_machine.hpp"
#include "tests/support/temp_dir.hpp"

namespace sandbox = hwbench::runtime::sandbox;
namespace test = hwbench::test;

namespace {

const sandbox::Location& named(const std::vector<sandbox::Location>& locations, const std::string& name) {
  for (const auto& l : locations)
    if (l.name == name) return l;
  FAIL("no location " << name);
  return locations.front();
}

}  // namespace

TEST_CASE("locations: ramdisk is /dev/shm where that is a tmpfs, disk a directory beside the working one") {
  test::TempDir cwd;
  test::FakeMachine machine;
  machine.file_systems = {{"/", "ext4", 0}, {"/dev/shm", "tmpfs", 0}};
  const auto locations = sandbox::builtin_locations(cwd.path(), machine);
  const sandbox::Location& ram = named(locations, "ramdisk");
  CHECK(ram.path == "/dev/shm");
  CHECK(ram.unavailable.empty());
  const sandbox::Location& disk = named(locations, "disk");
  CHECK(disk.path == cwd.path() + "/hwbench-disk");
  CHECK(disk.create);
  CHECK(disk.unavailable.empty());
}

TEST_CASE("locations: without a tmpfs at /dev/shm, ramdisk has no default") {
  test::TempDir cwd;
  test::FakeMachine machine;
  machine.file_systems = {{"/", "ext4", 0}};
  const auto locations = sandbox::builtin_locations(cwd.path(), machine);
  const sandbox::Location& ram = named(locations, "ramdisk");
  CHECK(ram.unavailable == "the built-in location 'ramdisk' has no default here: /dev/shm is not a tmpfs");
  CHECK(ram.unavailable_hint == "mount one (mount -t tmpfs -o size=2G tmpfs /mnt/ram) and pass -L ramdisk=/mnt/ram");
}

TEST_CASE("locations: a working directory on a tmpfs puts disk in /var/tmp, and refuses it when that is one too") {
  test::TempDir cwd;  // under /tmp
  test::FakeMachine machine;
  machine.file_systems = {{"/", "ext4", 0}, {"/tmp", "tmpfs", 0}};
  const auto beside = sandbox::builtin_locations(cwd.path(), machine);
  const sandbox::Location& disk = named(beside, "disk");
  CHECK(disk.path == "/var/tmp/hwbench-disk");
  CHECK(disk.unavailable.empty());
  machine.file_systems = {{"/", "tmpfs", 0}};
  const auto on_tmpfs = sandbox::builtin_locations(cwd.path(), machine);
  const sandbox::Location& nowhere = named(on_tmpfs, "disk");
  CHECK(nowhere.path == "/var/tmp/hwbench-disk");
  CHECK(nowhere.unavailable == "the built-in location 'disk' has no default here: /var/tmp/hwbench-disk is on a tmpfs");
  CHECK(nowhere.unavailable_hint == "pass -L disk=DIR with a directory on a real disk");
}

TEST_CASE("locations: the checker's remembered directories are forgotten before the run re-checks") {
  test::TempDir root;
  const std::string loc = root.path() + "/loc";
  std::filesystem::create_directories(loc + "/sub");
  sandbox::PathResolver resolver({{"scratch", loc, false, false, {}, {}}}, {}, root.path());
  sandbox::PathError error;
  resolver.remember_directories(true);
  REQUIRE(resolver.resolve("scratch:/sub/a", true, error));
  // The directory becomes a symlink out of the location after the check looked at it.
  std::filesystem::remove(loc + "/sub");
  std::filesystem::create_directories(root.path() + "/outside");
  REQUIRE(::symlink((root.path() + "/outside").c_str(), (loc + "/sub").c_str()) == 0);
  // While remembering, a second file in the same directory costs no new look (and so does not
  // see the symlink): the check takes the file system to stand still.
  CHECK(resolver.resolve("scratch:/sub/b", true, error));
  resolver.remember_directories(false);
  const auto resolved = resolver.resolve("scratch:/sub/b", true, error);
  CHECK(!resolved);
  CHECK(error.message ==
        "'" + loc + "/sub/b' leaves its location through a symlink (it leads to '" + root.path() + "/outside')");
}

TEST_CASE("locations: symlinks that cannot be followed to a real place, FIFOs and relative '..' are refused") {
  test::TempDir root;
  const std::string loc = root.path() + "/loc";
  std::filesystem::create_directories(loc);
  sandbox::PathResolver resolver({{"scratch", loc, false, false, {}, {}}}, {}, root.path());
  sandbox::PathError error;
  // A loop: realpath gives up (ELOOP); a chain whose real path passes PATH_MAX fails the same
  // way (ENAMETOOLONG) while the kernel may still follow it out of the location.
  REQUIRE(::symlink("b", (loc + "/a").c_str()) == 0);
  REQUIRE(::symlink("a", (loc + "/b").c_str()) == 0);
  CHECK_FALSE(resolver.resolve("scratch:/a/x", true, error));
  CHECK(error.message == "'" + loc +
                             "/a/x' leads through symbolic links that cannot be followed to a real place (a loop, or "
                             "a real path longer than PATH_MAX)");
  // A FIFO's open would wait for a writer where no Ctrl-C reaches.
  REQUIRE(::mkfifo((loc + "/pipe").c_str(), 0600) == 0);
  CHECK_FALSE(resolver.resolve("scratch:/pipe", false, error));
  CHECK(error.message == "'" + loc + "/pipe' is a FIFO, not a file");
  // '..' in a relative path, as in an absolute one.
  CHECK_FALSE(resolver.resolve("sub/../../x", true, error));
  CHECK(error.message == "'..' is not allowed in the relative path 'sub/../../x'");
}

TEST_CASE("locations: a location that is a symlink, repointed after the check, no longer holds its paths") {
  test::TempDir dir;
  std::filesystem::create_directories(dir / "a");
  std::filesystem::create_directories(dir / "b");
  REQUIRE(::symlink((dir / "a").c_str(), (dir / "st1").c_str()) == 0);
  sandbox::PathResolver resolver({{"st1", dir / "st1", false, false, {}, {}}}, {}, dir.path());
  sandbox::PathError error;
  const auto path = resolver.resolve("st1:/f", true, error);
  REQUIRE(path);
  resolver.pin_roots();
  CHECK_FALSE(resolver.recheck(*path, true));
  // Another process points the link elsewhere mid-run: the run's file would land in b.
  REQUIRE(::unlink((dir / "st1").c_str()) == 0);
  REQUIRE(::symlink((dir / "b").c_str(), (dir / "st1").c_str()) == 0);
  const auto moved = resolver.recheck(*path, true);
  REQUIRE(moved);
  CHECK(moved->message ==
        "'" + (dir / "st1/f") + "' leaves its location through a symlink (it leads to '" + (dir / "b") + "')");
}
