#include "base/platform/page_cache.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include "kernels/files/files.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

using platform::filesystem_type;

TEST_CASE("page_cache: filesystem_type and free_bytes") {
  CHECK(filesystem_type("/proc") == "proc");
  CHECK(filesystem_type("/nonexistent-hwbench-path") == "");
  if (::access("/dev/shm", F_OK) == 0) CHECK(filesystem_type("/dev/shm") == "tmpfs");
  const auto free = platform::free_bytes("/tmp");
  REQUIRE(free.has_value());
  CHECK(*free > 0);
  CHECK(platform::free_bytes("/nonexistent-hwbench-path") == std::nullopt);
}

TEST_CASE("page_cache: residency of empty and missing files") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "empty", {});
  platform::ResidencyProbe empty = platform::residency(dir / "empty");
  CHECK(empty.ok);
  CHECK(empty.residency.resident_pages == 0);
  CHECK(empty.residency.total_pages == 0);

  platform::ResidencyProbe missing = platform::residency(dir / "missing");
  CHECK_FALSE(missing.ok);
  CHECK(missing.error ==
        "cannot measure the page-cache residency of " + dir / "missing" + ": No such file or directory");

  platform::ResidencyProbe a_dir = platform::residency(dir.path());
  CHECK_FALSE(a_dir.ok);
  CHECK(a_dir.error == "cannot measure the page-cache residency of " + dir.path() + ": it is a directory");
}

TEST_CASE("page_cache: evict drops a file on disk from the page cache, verified by mincore") {
  const std::string base = test::disk_base();
  if (base.empty()) {
    MESSAGE("skipped: no writable directory outside tmpfs/ramfs for the eviction test");
    return;
  }
  test::TempDir dir(base);
  REQUIRE(!dir.path().empty());
  const std::string path = dir / "cached";
  const std::size_t size = 4 * (1 << 20) + 100;
  test::put_file(path, test::random_content(size, 9));
  CHECK(test::get_file(path).size() == size);

  const auto page = static_cast<std::uint64_t>(::sysconf(_SC_PAGESIZE));
  platform::ResidencyProbe before = platform::residency(path);
  REQUIRE(before.ok);
  CHECK(before.residency.total_pages == (size + page - 1) / page);
  CHECK(before.residency.resident_pages == before.residency.total_pages);

  platform::Eviction e = platform::evict(path);
  CHECK(e.ok);
  CHECK(e.error == "");
  CHECK(e.attempts >= 1);
  CHECK(e.after.resident_pages == 0);
  platform::ResidencyProbe after = platform::residency(path);
  REQUIRE(after.ok);
  CHECK(after.residency.resident_pages == 0);
  CHECK(after.residency.total_pages == before.residency.total_pages);

  // Reading it again brings it back: the probe is not fooled by the eviction.
  CHECK(test::get_file(path).size() == size);
  CHECK(platform::residency(path).residency.resident_pages == before.residency.total_pages);
}

TEST_CASE("page_cache: evict refuses tmpfs and reports missing files") {
  if (::access("/dev/shm", W_OK) == 0 && filesystem_type("/dev/shm") == "tmpfs") {
    test::TempDir shm("/dev/shm");
    REQUIRE(!shm.path().empty());
    test::put_file(shm / "x", {1, 2, 3});
    platform::Eviction e = platform::evict(shm / "x");
    CHECK_FALSE(e.ok);
    CHECK(e.error ==
          "cannot evict " + shm / "x" + " from the page cache: it lives on tmpfs, whose files are always in memory");
  } else {
    MESSAGE("skipped the tmpfs case: /dev/shm is not a writable tmpfs here");
  }
  platform::Eviction missing = platform::evict("/nonexistent-hwbench-path/x");
  CHECK_FALSE(missing.ok);
  CHECK(missing.error == "cannot evict /nonexistent-hwbench-path/x from the page cache: No such file or directory");
}

}  // namespace hwbench::kernels
