// The rm kernel: removes only the matching files this run created.
#include <sys/stat.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include "kernels/files/files.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

namespace {

bool present(const std::string& path) { return ::access(path.c_str(), F_OK) == 0; }

}  // namespace

TEST_CASE("rm: removes the owned matches and leaves every other file") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  for (const char* name : {"bench_cp_1", "bench_cp_2", "bench_cp_3", "other_1"}) test::put_file(dir / name, {1});
  ::mkdir((dir / "bench_cp_dir").c_str(), 0755);
  test::Ownership own;
  own.paths = {dir / "bench_cp_1", dir / "bench_cp_3", dir / "other_1", dir / "bench_cp_dir"};
  const KernelSpec spec = files::rm_spec();

  auto kernel = spec.make(test::make_call(spec, {test::path_arg(dir / "bench_cp_*")}), own.context());
  kernel->prepare();
  Work w = kernel->run(1);
  CHECK(w.ops == 2);
  CHECK(w.bytes == 0);
  CHECK_FALSE(present(dir / "bench_cp_1"));
  CHECK(present(dir / "bench_cp_2"));
  CHECK_FALSE(present(dir / "bench_cp_3"));
  CHECK(present(dir / "other_1"));
  CHECK(present(dir / "bench_cp_dir"));
  CHECK(kernel->run(1).ops == 0);
  kernel->finish();

  CHECK(test::run_kernel(spec, test::make_call(spec, {test::path_arg(dir / "other_1")}), own.context()).ops == 1);
  CHECK_FALSE(present(dir / "other_1"));
}

TEST_CASE("rm: without an ownership rule nothing is removed") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "f_1", {1});
  platform::RealFileView view;
  Context context;
  context.files = &view;
  const KernelSpec spec = files::rm_spec();
  CHECK(test::run_kernel(spec, test::make_call(spec, {test::path_arg(dir / "f_*")}), context).ops == 0);
  CHECK(present(dir / "f_1"));
}

TEST_CASE("rm: the matches are taken when the statement runs") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::Ownership own;
  own.paths = {dir / "late_1"};
  const KernelSpec spec = files::rm_spec();
  auto kernel = spec.make(test::make_call(spec, {test::path_arg(dir / "late_*")}), own.context());
  test::put_file(dir / "late_1", {1});
  kernel->prepare();
  CHECK(kernel->run(1).ops == 1);
  CHECK_FALSE(present(dir / "late_1"));
}

}  // namespace hwbench::kernels
