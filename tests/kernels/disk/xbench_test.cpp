// The xbench kernel: sequential and random, read and write, with O_DIRECT and with the verified
// eviction fallback; tmpfs refused; its file declared and removed.
#include <doctest/doctest.h>

#include <unistd.h>

#include "kernels/disk/disk.hpp"
#include "kernels/files/page_cache.hpp"
#include "tests/kernels/files/files_test_support.hpp"
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
    resident_after_eviction = residency(dir / "Xbench.data").residency.resident_pages;
  };
  auto k = xbench_spec().make(call, context);
  k->prepare();
  CHECK(residency(dir / "Xbench.data").residency.resident_pages > 0);  // just written
  k->run(1);
  CHECK(resident_after_eviction == 0);
  k->finish();
}

TEST_CASE("xbench: tmpfs is refused, a size must be whole blocks, and the file is declared") {
  const RealFileView view;
  if (filesystem_type("/dev/shm") == "tmpfs") {
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
