// The built-in locations' defaults, decided from the file systems the machine reports.
#include <doctest/doctest.h>

#include <string>
#include <vector>

#include "runtime/sandbox/locations.hpp"
#include "tests/support/fake_machine.hpp"
#include "tests/support/temp_dir.hpp"

using hwbench::runtime::builtin_locations;
using hwbench::runtime::Location;
using hwbench::test::FakeMachine;

namespace {

const Location& named(const std::vector<Location>& locations, const std::string& name) {
  for (const auto& l : locations)
    if (l.name == name) return l;
  FAIL("no location " << name);
  return locations.front();
}

}  // namespace

TEST_CASE("locations: ramdisk is /dev/shm where that is a tmpfs, disk a directory beside the working one") {
  hwbench::test::TempDir cwd;
  FakeMachine machine;
  machine.file_systems = {{"/", "ext4", 0}, {"/dev/shm", "tmpfs", 0}};
  const auto locations = builtin_locations(cwd.path(), machine);
  const Location& ram = named(locations, "ramdisk");
  CHECK(ram.path == "/dev/shm");
  CHECK(ram.unavailable.empty());
  const Location& disk = named(locations, "disk");
  CHECK(disk.path == cwd.path() + "/hwbench-disk");
  CHECK(disk.create);
  CHECK(disk.unavailable.empty());
}

TEST_CASE("locations: without a tmpfs at /dev/shm, ramdisk has no default") {
  hwbench::test::TempDir cwd;
  FakeMachine machine;
  machine.file_systems = {{"/", "ext4", 0}};
  const auto locations = builtin_locations(cwd.path(), machine);
  const Location& ram = named(locations, "ramdisk");
  CHECK(ram.unavailable == "the built-in location 'ramdisk' has no default here: /dev/shm is not a tmpfs");
  CHECK(ram.unavailable_hint == "mount one (mount -t tmpfs -o size=2G tmpfs /mnt/ram) and pass -L ramdisk=/mnt/ram");
}

TEST_CASE("locations: a working directory on a tmpfs puts disk in /var/tmp, and refuses it when that is one too") {
  hwbench::test::TempDir cwd;  // under /tmp
  FakeMachine machine;
  machine.file_systems = {{"/", "ext4", 0}, {"/tmp", "tmpfs", 0}};
  const auto beside = builtin_locations(cwd.path(), machine);
  const Location& disk = named(beside, "disk");
  CHECK(disk.path == "/var/tmp/hwbench-disk");
  CHECK(disk.unavailable.empty());
  machine.file_systems = {{"/", "tmpfs", 0}};
  const auto on_tmpfs = builtin_locations(cwd.path(), machine);
  const Location& nowhere = named(on_tmpfs, "disk");
  CHECK(nowhere.path == "/var/tmp/hwbench-disk");
  CHECK(nowhere.unavailable == "the built-in location 'disk' has no default here: /var/tmp/hwbench-disk is on a tmpfs");
  CHECK(nowhere.unavailable_hint == "pass -L disk=DIR with a directory on a real disk");
}
