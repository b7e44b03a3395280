// The write kernel: exact sizes, data kinds, work counted, errors naming the path.
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>

#include <doctest/doctest.h>

#include "kernels/files/files.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/support/unprivileged.hpp"

namespace hwbench::kernels {

namespace {

Call write_call(const std::string& path, double size, std::vector<std::pair<std::string, ParamValue>> more = {}) {
  more.emplace_back("size", test::size_value(size));
  return test::make_call(files::write_spec(), {test::path_arg(path)}, std::move(more));
}

bool all_equal(const std::vector<unsigned char>& v, unsigned char c) {
  return std::all_of(v.begin(), v.end(), [c](unsigned char x) { return x == c; });
}

}  // namespace

TEST_CASE("write: produces exactly SIZE bytes for any size and block") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::Ownership own;
  const KernelSpec spec = files::write_spec();
  struct Case {
    double size;
    double block;
  };
  for (const Case c : {Case{0, 1 << 20}, Case{1, 1 << 20}, Case{4095, 4096}, Case{(1 << 20) + 7, 4096},
                       Case{(1 << 20) + 7, 1 << 20}, Case{3e6, 1000003}, Case{100, 7}}) {
    CAPTURE(c.size);
    CAPTURE(c.block);
    const std::string path = dir / "f";
    own.paths.insert(path);
    Work w = test::run_kernel(spec, write_call(path, c.size, {{"block", test::size_value(c.block)}}), own.context());
    CHECK(w.bytes == static_cast<std::uint64_t>(c.size));
    CHECK(w.ops == 1);
    CHECK(test::get_file(path).size() == static_cast<std::size_t>(c.size));
  }
}

TEST_CASE("write: zero writes zeros, random writes varied bytes") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const KernelSpec spec = files::write_spec();
  const Context none;

  test::put_file(dir / "z", std::vector<unsigned char>(70000, 0xAB));
  test::Ownership own;
  own.paths.insert(dir / "z");
  test::run_kernel(
      spec, write_call(dir / "z", 65537, {{"data", test::text_value("zero")}, {"block", test::size_value(4096)}}),
      own.context());
  const auto zeros = test::get_file(dir / "z");
  CHECK(zeros.size() == 65537);
  CHECK(all_equal(zeros, 0));

  test::run_kernel(spec, write_call(dir / "r", 65537), none);
  const auto random = test::get_file(dir / "r");
  REQUIRE(random.size() == 65537);
  CHECK_FALSE(all_equal(random, random[0]));
  // Every byte value turns up in 64 KiB of uniform bytes.
  std::vector<bool> seen(256);
  for (unsigned char b : random) seen[b] = true;
  CHECK(std::count(seen.begin(), seen.end(), true) == 256);
}

TEST_CASE("write: random data depends on the path as written, and only on it") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const KernelSpec spec = files::write_spec();
  const Context none;
  auto call_as = [&](const std::string& path, const std::string& text, double block) {
    Call c = write_call(path, 100000, {{"block", test::size_value(block)}});
    c.args[0].text = text;
    return c;
  };
  test::run_kernel(spec, call_as(dir / "a", "disk:/f_1", 4096), none);
  test::run_kernel(spec, call_as(dir / "b", "disk:/f_1", 1 << 20), none);
  test::run_kernel(spec, call_as(dir / "c", "disk:/f_2", 4096), none);
  CHECK(test::get_file(dir / "a") == test::get_file(dir / "b"));
  CHECK(test::get_file(dir / "a") != test::get_file(dir / "c"));
}

TEST_CASE("write: a file larger than the 64 MiB pool is exact and repeats the pool") {
  test::TempDir dir(::access("/dev/shm", W_OK) == 0 ? "/dev/shm" : "/tmp");
  REQUIRE(!dir.path().empty());
  const std::uint64_t window = std::uint64_t{64} << 20;
  const std::uint64_t size = window + 300000;
  const KernelSpec spec = files::write_spec();
  // With a block that divides the pool, the file repeats the pool every 64 MiB.
  Call whole = write_call(dir / "a", static_cast<double>(size));
  whole.args[0].text = "big";
  test::run_kernel(spec, whole, Context{});
  const auto a = test::get_file(dir / "a");
  REQUIRE(a.size() == size);
  CHECK(std::equal(a.begin() + static_cast<std::ptrdiff_t>(window), a.end(), a.begin()));
  CHECK_FALSE(std::equal(a.begin() + (1 << 20), a.begin() + (2 << 20), a.begin()));

  // With one that does not, the first 64 MiB are the same pool and the size is still exact.
  Call odd = write_call(dir / "b", static_cast<double>(size), {{"block", test::size_value(1000003)}});
  odd.args[0].text = "big";
  test::run_kernel(spec, odd, Context{});
  const auto b = test::get_file(dir / "b");
  REQUIRE(b.size() == size);
  CHECK(std::equal(b.begin(), b.begin() + static_cast<std::ptrdiff_t>(window), a.begin()));
}

TEST_CASE("write: run(n) rewrites the file n times and flush succeeds") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const KernelSpec spec = files::write_spec();
  auto kernel = spec.make(write_call(dir / "f", 5000), Context{});
  kernel->prepare();
  Work w = kernel->run(3);
  CHECK(w.bytes == 15000);
  CHECK(w.ops == 3);
  kernel->flush();
  kernel->finish();
  CHECK(test::get_file(dir / "f").size() == 5000);
}

TEST_CASE("write: errors name the path and the cause") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const KernelSpec spec = files::write_spec();
  CHECK(test::kernel_error(spec, write_call(dir / "nodir/f", 10), Context{}) ==
        "cannot create " + dir / "nodir/f" + ": No such file or directory");

  test::put_file(dir / "theirs", {1, 2, 3});
  test::Ownership own;
  CHECK(test::kernel_error(spec, write_call(dir / "theirs", 10), own.context()) ==
        "refusing to overwrite " + dir / "theirs" +
            ": it existed before this run, which only replaces files it created");
  CHECK(test::get_file(dir / "theirs") == std::vector<unsigned char>{1, 2, 3});
  own.paths.insert(dir / "theirs");
  CHECK(test::kernel_error(spec, write_call(dir / "theirs", 10), own.context()) == "");
  CHECK(test::get_file(dir / "theirs").size() == 10);
}

TEST_CASE("write: a read-only directory is refused with Permission denied") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  ::mkdir((dir / "ro").c_str(), 0555);
  ::chmod(dir.path().c_str(), 0755);
  hwbench::test::Unprivileged nobody;
  CHECK(test::kernel_error(files::write_spec(), write_call(dir / "ro/f", 10), Context{}) ==
        "cannot create " + dir / "ro/f" + ": Permission denied");
}

}  // namespace hwbench::kernels
