// fstime: buffers counted in 256-byte units, files that never exceed maxblocks KiB, rewinds at
// the end of the source, and files removed at the end.
#include "kernels/system/os/fstime.hpp"

#include <sys/stat.h>

#include <doctest/doctest.h>

#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/cpu/cpu_tests.hpp"
#include "kernels/system/os/os_tests.hpp"
#include "kernels/system/programs/program_tests.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/kernels/system/system_test_support.hpp"

namespace hwbench::kernels {

namespace {

Call fstime_call(const std::string& dir, double bufsize, double maxblocks, const std::string& mode) {
  return test::make_call(system::fstime_spec(), {test::path_arg(dir)},
                         {{"bufsize", test::size_value(bufsize)},
                          {"maxblocks", test::count_value(maxblocks)},
                          {"mode", test::text_value(mode)}});
}

std::uint64_t size_of(const std::string& path) {
  struct stat st {};
  return ::stat(path.c_str(), &st) == 0 ? static_cast<std::uint64_t>(st.st_size) : 0;
}

std::unique_ptr<Kernel> make(const Call& call, const test::Ownership& own) {
  return system::fstime_spec().make(call, own.context());
}

}  // namespace

TEST_CASE("fstime write: the file never grows past maxblocks KiB, every buffer counts") {
  test::TempDir dir;
  test::Ownership own;
  auto k = make(fstime_call(dir.path(), 1024, 4, "write"), own);
  k->prepare();
  const Work w = k->run(10);
  CHECK(w.ops == 10);
  CHECK(w.bytes == 10240);
  // It rewound after the fourth and the eighth buffer, so the last two overwrote its start.
  CHECK(size_of(dir / "dummy0") == 4096);
  k->finish();
  CHECK(test::entries(dir.path()) == 0);
}

TEST_CASE("fstime read: the source is primed to max size and read round and round") {
  test::TempDir dir;
  test::Ownership own;
  auto k = make(fstime_call(dir.path(), 1024, 2, "read"), own);
  k->prepare();
  CHECK(size_of(dir / "dummy0") == 2048);
  const Work w = k->run(5);
  CHECK(w.ops == 5);
  CHECK(w.bytes == 5 * 1024);
  k->finish();
  CHECK_FALSE(test::exists(dir / "dummy0"));
}

TEST_CASE("fstime copy: a buffer counts whole 256-byte units only, both files rewind together") {
  test::TempDir dir;
  test::Ownership own;
  // 300-byte buffers: 4 KiB holds 13 of them (3900 bytes); each counts one 256-byte unit.
  auto k = make(fstime_call(dir.path(), 300, 4, "copy"), own);
  k->prepare();
  CHECK(size_of(dir / "dummy0") == 3900);
  const Work w = k->run(20);
  CHECK(w.ops == 20);
  CHECK(w.bytes == 20 * 256);
  // 13 buffers filled the copy, then both files rewound and 7 more were copied over its start.
  CHECK(size_of(dir / "dummy1") == 3900);
  CHECK(test::get_file(dir / "dummy1") == test::get_file(dir / "dummy0"));
  k->finish();
  CHECK_FALSE(test::exists(dir / "dummy0"));
  CHECK_FALSE(test::exists(dir / "dummy1"));
}

TEST_CASE("fstime: the files it declares, and workers with their own names") {
  test::TempDir dir;
  const KernelSpec spec = system::fstime_spec();
  CHECK(spec.measure.for_seconds == 30);
  CHECK(spec.unit == WorkUnit::bytes);
  test::Ownership own;
  Call call = fstime_call(dir.path(), 4096, 8000, "copy");
  FileEffects fx = spec.effects(call, own.view);
  REQUIRE(fx.creates.size() == 2);
  CHECK(fx.creates[0].path == dir / "dummy0");
  CHECK(fx.creates[0].size == 8000 * 1024);
  CHECK(fx.creates[1].path == dir / "dummy1");
  CHECK(fx.removes == std::vector<std::string>{dir / "dummy0", dir / "dummy1"});
  call.params["worker"] = test::count_value(3);
  call.params["mode"] = test::text_value("write");
  fx = spec.effects(call, own.view);
  REQUIRE(fx.creates.size() == 1);
  CHECK(fx.creates[0].path == dir / "dummy0-3");
  test::put_file(dir / "plain", {1, 2, 3});
  fx = spec.effects(fstime_call(dir / "plain", 1024, 2000, "copy"), own.view);
  REQUIRE(fx.problems.size() == 1);
  CHECK(fx.problems[0].message == dir / "plain" + " is not a directory");
}

TEST_CASE("fstime: a stranger's file is never overwritten") {
  test::TempDir dir;
  test::put_file(dir / "dummy0", {9, 9, 9});
  test::Ownership own;
  auto k = make(fstime_call(dir.path(), 1024, 2, "read"), own);
  CHECK_THROWS_AS(k->prepare(), KernelError);
  CHECK(test::get_file(dir / "dummy0") == std::vector<unsigned char>{9, 9, 9});
}

}  // namespace hwbench::kernels
