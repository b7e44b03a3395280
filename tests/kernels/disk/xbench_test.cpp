// The xbench kernel: sequential and random, read and write, with O_DIRECT and with the verified
// eviction fallback; its file set up as fio's (reserved blocks, opened once); tmpfs refused; its
// file declared and removed.
#include <fcntl.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <vector>

#include <doctest/doctest.h>

#include "base/platform/page_cache.hpp"
#include "kernels/disk/disk.hpp"
#include "kernels/disk/scratch_file.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/support/fake_enosys.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::kernels::disk {

namespace {

ParamValue word(const std::string& text) {
  ParamValue v;
  v.text = text;
  v.given = true;
  return v;
}

ParamValue bytes(double n) {
  ParamValue v;
  v.number = n;
  v.text = std::to_string(static_cast<long long>(n));
  v.given = true;
  return v;
}

Call xbench_call(const std::string& op, const std::string& dir, std::map<std::string, ParamValue> params) {
  Call call;
  call.args = {ArgValue{op, ""}, ArgValue{dir, dir}};
  call.params = std::move(params);
  return call;
}

/// A temporary directory on a disk, with DIR/Xbench.data owned by the test's run.
struct XbenchDir {
  explicit XbenchDir(const std::string& base) : dir(base), path(dir / "Xbench.data") { own.paths.insert(path); }
  test::TempDir dir;
  std::string path;
  test::Ownership own;
};

struct stat stat_of(const std::string& path) {
  struct stat st {};
  REQUIRE(::stat(path.c_str(), &st) == 0);
  return st;
}

/// Whether every extent of the file at `path` is reserved but never written (FIEMAP); false
/// when it has no extent or the file system cannot say.
bool all_unwritten(const std::string& path) {
  const int fd = ::open(path.c_str(), O_RDONLY);
  if (fd < 0) return false;
  std::vector<unsigned char> space(sizeof(fiemap) + 64 * sizeof(fiemap_extent));
  auto* map = reinterpret_cast<fiemap*>(space.data());
  map->fm_length = FIEMAP_MAX_OFFSET;
  map->fm_flags = FIEMAP_FLAG_SYNC;
  map->fm_extent_count = 64;
  const bool ok = ::ioctl(fd, FS_IOC_FIEMAP, map) == 0 && map->fm_mapped_extents > 0;
  ::close(fd);
  if (!ok) return false;
  for (std::uint32_t e = 0; e < map->fm_mapped_extents; ++e)
    if ((map->fm_extents[e].fe_flags & FIEMAP_EXTENT_UNWRITTEN) == 0) return false;
  return true;
}

}  // namespace

TEST_CASE("xbench: each sample moves the whole file in BLOCK calls, direct and evicted, in order and at random") {
  const std::string base = test::disk_base();
  if (base.empty()) {
    MESSAGE("no disk-backed directory to test uncached I/O in");
    return;
  }
  test::TempDir dir(base);
  test::Ownership own;
  own.paths.insert(dir / "Xbench.data");
  for (const char* method : {"direct", "evict"}) {
    for (const char* op : {"write", "read"}) {
      for (const char* order : {"sequential", "random"}) {
        for (double block : {4096.0, 262144.0}) {
          CAPTURE(method);
          CAPTURE(op);
          CAPTURE(order);
          CAPTURE(block);
          const Call call = xbench_call(
              op, dir.path(),
              {{"method", word(method)}, {"order", word(order)}, {"block", bytes(block)}, {"size", bytes(1 << 20)}});
          auto k = xbench_spec().make(call, own.context());
          k->prepare();
          const Work w = k->run(2);
          CHECK(w.bytes == 2 << 20);
          CHECK(w.ops == 2 * (1 << 20) / static_cast<std::uint64_t>(block));
          CHECK(w.max_latency_ns > 0);
          CHECK(test::get_file(dir / "Xbench.data").size() == 1 << 20);
          k->finish();
          CHECK_FALSE(hwbench::test::exists(dir / "Xbench.data"));
        }
      }
    }
  }
}

TEST_CASE("xbench: a read with the eviction fallback starts from an empty page cache") {
  const std::string base = test::disk_base();
  if (base.empty()) return;
  test::TempDir dir(base);
  test::Ownership own;
  own.paths.insert(dir / "Xbench.data");
  const Call call = xbench_call("read", dir.path(), {{"method", word("evict")}, {"size", bytes(1 << 20)}});
  Context context = own.context();
  // The runtime calls this hook around untimed work; here it looks at the cache just after it.
  std::uint64_t resident_after_eviction = 99;
  context.exclude = [&](const std::function<void()>& fn) {
    fn();
    resident_after_eviction = platform::residency(dir / "Xbench.data").residency.resident_pages;
  };
  auto k = xbench_spec().make(call, context);
  k->prepare();
  CHECK(platform::residency(dir / "Xbench.data").residency.resident_pages > 0);  // just written
  k->run(1);
  CHECK(resident_after_eviction == 0);
  k->finish();
}

TEST_CASE(
    "xbench: a sequential write finds its file's blocks reserved and unwritten before every sample, as fio does") {
  const std::string base = test::disk_base();
  if (base.empty()) return;
  XbenchDir dir(base);
  const std::string& path = dir.path;
  Context context = dir.own.context();
  // The runtime calls this hook around untimed work: here, the reset before the second sample.
  int resets = 0;
  bool unwritten_after_reset = false;
  context.exclude = [&](const std::function<void()>& fn) {
    fn();
    ++resets;
    unwritten_after_reset = all_unwritten(path);
  };
  auto k =
      xbench_spec().make(xbench_call("write", dir.dir.path(),
                                     {{"method", word("direct")}, {"block", bytes(65536)}, {"size", bytes(1 << 20)}}),
                         context);
  k->prepare();
  if (k->notes().at("prealloc") == "none") {
    MESSAGE("the file system under " << base << " refuses fallocate");
    return;
  }
  CHECK(k->notes().at("prealloc") == "fallocate; reset each sample");
  // Fully allocated and full-sized before the first timed write: no write extends or allocates it.
  const struct stat before = stat_of(path);
  CHECK(before.st_size == 1 << 20);
  CHECK(before.st_blocks * 512 >= 1 << 20);
  CHECK(all_unwritten(path));
  const Work w = k->run(2);
  CHECK(w.bytes == 2 << 20);
  CHECK(resets == 1);  // before the second sample only
  CHECK(unwritten_after_reset);
  CHECK_FALSE(all_unwritten(path));  // the second sample wrote it
  // The same file throughout: nothing was created or removed inside the clock.
  const struct stat after = stat_of(path);
  CHECK(after.st_ino == before.st_ino);
  CHECK(after.st_size == 1 << 20);
  k->finish();
  CHECK_FALSE(hwbench::test::exists(path));
}

TEST_CASE("xbench: a read's file is reserved, then written in full, before the clock starts") {
  const std::string base = test::disk_base();
  if (base.empty()) return;
  XbenchDir dir(base);
  const std::string& path = dir.path;
  auto k =
      xbench_spec().make(xbench_call("read", dir.dir.path(),
                                     {{"method", word("direct")}, {"order", word("random")}, {"size", bytes(1 << 20)}}),
                         dir.own.context());
  k->prepare();
  if (k->notes().at("prealloc") == "none")
    MESSAGE("the file system under " << base << " refuses fallocate");
  else
    CHECK(k->notes().at("prealloc") == "fallocate");
  const struct stat st = stat_of(path);
  CHECK(st.st_size == 1 << 20);
  CHECK(st.st_blocks * 512 >= 1 << 20);
  CHECK_FALSE(all_unwritten(path));
  CHECK(k->run(1).bytes == 1 << 20);
  k->finish();
}

TEST_CASE("xbench: on a kernel without fallocate the file is not reserved, and the samples still run") {
  const std::string base = test::disk_base();
  if (base.empty()) return;
  hwbench::test::FakeEnosys old_kernel("fallocate");
  for (const char* op : {"read", "write"}) {
    CAPTURE(op);
    XbenchDir dir(base);
    auto k = xbench_spec().make(
        xbench_call(op, dir.dir.path(), {{"method", word("auto")}, {"block", bytes(65536)}, {"size", bytes(1 << 20)}}),
        dir.own.context());
    k->prepare();
    CHECK(k->notes().at("prealloc") == "none");
    CHECK(stat_of(dir.path).st_size == 1 << 20);
    CHECK(k->run(2).bytes == 2 << 20);
    k->finish();
    CHECK_FALSE(hwbench::test::exists(dir.path));
  }
}

TEST_CASE("xbench: preallocate and unwrite say false where fallocate is missing, and change nothing") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const std::string path = dir / "f";
  const int fd = ::open(path.c_str(), O_RDWR | O_CREAT, 0644);
  REQUIRE(fd >= 0);
  hwbench::test::FakeEnosys old_kernel("fallocate");
  CHECK_FALSE(preallocate(fd, 1 << 20, path));
  CHECK_FALSE(unwrite(fd, 1 << 20, path));
  CHECK(stat_of(path).st_size == 0);
  ::close(fd);
}

TEST_CASE("xbench: tmpfs is refused, a size must be whole blocks, and the file is declared") {
  const platform::RealFileView view;
  if (platform::filesystem_type("/dev/shm") == "tmpfs") {
    const auto fx = xbench_spec().effects(xbench_call("read", "/dev/shm", {}), view);
    REQUIRE(fx.problems.size() == 1);
    CHECK(fx.problems[0].message ==
          "xbench measures uncached I/O, but /dev/shm is on tmpfs, whose files are always in memory");
    test::TempDir shm("/dev/shm");
    test::Ownership own;
    auto k = xbench_spec().make(xbench_call("read", shm.path(), {{"size", bytes(1 << 20)}}), own.context());
    CHECK_THROWS_WITH_AS(k->prepare(), doctest::Contains("whose files are always in memory"), KernelError);
    CHECK_FALSE(hwbench::test::exists(shm / "Xbench.data"));
  }
  auto fx = xbench_spec().effects(xbench_call("write", "/nonexistent", {{"size", bytes(10000)}}), view);
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "size 10000 is not a whole number of 4096-byte blocks");
  fx = xbench_spec().effects(xbench_call("read", "/nonexistent", {{"block", bytes(1000)}}), view);
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "block 1000 is not a multiple of 512 bytes");
  fx = xbench_spec().effects(xbench_call("write", "/nonexistent", {{"size", bytes(1 << 20)}}), view);
  REQUIRE(fx.creates.size() == 1);
  CHECK(fx.creates[0].path == "/nonexistent/Xbench.data");
  CHECK(fx.creates[0].size == 1 << 20);
  CHECK(fx.removes == std::vector<std::string>{"/nonexistent/Xbench.data"});
  fx = xbench_spec().effects(xbench_call("copy", "/nonexistent", {}), view);
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == "'copy' is not an xbench test");
}

}  // namespace hwbench::kernels::disk
