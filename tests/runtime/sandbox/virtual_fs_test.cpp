// The checker's view of the files: the real ones, with what the plan creates and removes laid over.
#include "runtime/sandbox/virtual_fs.hpp"

#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "base/platform/real_file_view.hpp"
#include "tests/support/temp_dir.hpp"

namespace sandbox = hwbench::runtime::sandbox;
namespace test = hwbench::test;

TEST_CASE("virtual fs: a glob of planned files leaves dot files out, as the real glob does") {
  test::TempDir dir;
  test::write_text(dir / ".real", "x");
  test::write_text(dir / "real", "x");
  const hwbench::platform::RealFileView real;
  sandbox::VirtualFs vfs(real);
  vfs.create(dir / ".planned", 1);
  vfs.create(dir / "planned", 1);
  // `rm DIR/*` at run time leaves .planned; the check must not count it as removed.
  CHECK(vfs.glob(dir / "*") == std::vector<std::string>{dir / "planned", dir / "real"});
  CHECK(vfs.glob(dir / ".p*") == std::vector<std::string>{dir / ".planned"});
}

TEST_CASE("virtual fs: an escaped wildcard matches itself alone, in planned files as in real ones") {
  test::TempDir dir;
  test::write_text(dir / "r*s", "x");
  test::write_text(dir / "rxs", "x");
  const hwbench::platform::RealFileView real;
  sandbox::VirtualFs vfs(real);
  vfs.create(dir / "p*q", 1);
  vfs.create(dir / "pxq", 1);
  vfs.create(dir / "b\\s", 1);
  CHECK(vfs.glob(dir / "p\\*q") == std::vector<std::string>{dir / "p*q"});
  CHECK(vfs.glob(dir / "p*q") == std::vector<std::string>{dir / "p*q", dir / "pxq"});
  CHECK(vfs.glob(dir / "r\\*s") == std::vector<std::string>{dir / "r*s"});
  CHECK(vfs.glob(dir / "b\\\\s") == std::vector<std::string>{dir / "b\\s"});
  CHECK(vfs.glob(dir / "b\\s").empty());  // the file `bs`, which is not there
}
