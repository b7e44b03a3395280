// The read kernel: counts the bytes of whole reads; errors name the path.
#include <doctest/doctest.h>

#include "kernels/files/files.hpp"
#include "tests/kernels/files/files_test_support.hpp"

namespace hwbench::kernels {

TEST_CASE("read: one unit reads the whole file, whatever the block") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const KernelSpec spec = files::read_spec();
  const std::size_t size = (1 << 20) + 7;
  test::put_file(dir / "f", test::random_content(size, 1));
  for (double block : {1.0 * (1 << 20), 4096.0, 1000003.0, 8.0 * (1 << 20)}) {
    CAPTURE(block);
    Work w = test::run_kernel(
        spec, test::make_call(spec, {test::path_arg(dir / "f")}, {{"block", test::size_value(block)}}), Context{});
    CHECK(w.bytes == size);
    CHECK(w.ops == 1);
  }
  Work three = test::run_kernel(spec, test::make_call(spec, {test::path_arg(dir / "f")}), Context{}, 3);
  CHECK(three.bytes == 3 * size);
  CHECK(three.ops == 3);

  test::put_file(dir / "empty", {});
  Work empty = test::run_kernel(spec, test::make_call(spec, {test::path_arg(dir / "empty")}), Context{});
  CHECK(empty.bytes == 0);
  CHECK(empty.ops == 1);
}

TEST_CASE("read: errors name the path and the cause") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const KernelSpec spec = files::read_spec();
  CHECK(test::kernel_error(spec, test::make_call(spec, {test::path_arg(dir / "missing")}), Context{}) ==
        "cannot open " + dir / "missing" + ": No such file or directory");
  CHECK(test::kernel_error(spec, test::make_call(spec, {test::path_arg(dir.path())}), Context{}) ==
        "cannot read " + dir.path() + ": it is a directory");
}

}  // namespace hwbench::kernels
