// The cp kernel: byte-exact copies by every method, into directories and across file systems.
#include <sys/stat.h>
#include <unistd.h>

#include <doctest/doctest.h>

#include "kernels/files/files.hpp"
#include "tests/kernels/files/files_test_support.hpp"
#include "tests/support/fake_enosys.hpp"
#include "tests/support/temp_dir.hpp"
#include "tests/support/unprivileged.hpp"

namespace hwbench::kernels {

namespace {

const std::vector<std::size_t> sizes = {0, 1, 4095, (1 << 20) + 7, 3 * (1 << 20) + 5};

Call cp_call(const std::string& src, const std::string& dst, const std::string& method = "auto",
             double block = 1 << 20) {
  return test::make_call(files::cp_spec(), {test::path_arg(src), test::path_arg(dst)},
                         {{"method", test::text_value(method)}, {"block", test::size_value(block)}});
}

// Copies files of every test size from `from` to `to` with `method`, checking bytes and work.
void check_copies(const std::string& from, const std::string& to, const std::string& method, double block = 1 << 20) {
  const KernelSpec spec = files::cp_spec();
  for (std::size_t size : sizes) {
    CAPTURE(method);
    CAPTURE(size);
    const auto content = test::random_content(size, size + 11);
    test::put_file(from + "/src", content);
    Work w = test::run_kernel(spec, cp_call(from + "/src", to + "/dst", method, block), Context{});
    CHECK(w.bytes == size);
    CHECK(w.ops == 1);
    CHECK(test::get_file(to + "/dst") == content);
  }
}

}  // namespace

TEST_CASE("cp: every method copies byte for byte within one file system") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  for (const char* method : {"auto", "copy_file_range", "sendfile", "readwrite"})
    check_copies(dir.path(), dir.path(), method);
  check_copies(dir.path(), dir.path(), "readwrite", 4096);
  check_copies(dir.path(), dir.path(), "readwrite", 1000003);
}

TEST_CASE("cp: on a kernel without copy_file_range, auto copies with sendfile, then read/write") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  {
    hwbench::test::FakeEnosys old_kernel("copy_file_range");
    check_copies(dir.path(), dir.path(), "auto");
    check_copies(dir.path(), dir.path(), "sendfile");
    check_copies(dir.path(), dir.path(), "readwrite");
  }
  hwbench::test::FakeEnosys no_in_kernel_copy("copy_file_range,sendfile");
  check_copies(dir.path(), dir.path(), "auto");
  check_copies(dir.path(), dir.path(), "auto", 4096);
}

TEST_CASE("cp: method copy_file_range on a kernel without it makes the series unavailable, saying why") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "src", {1, 2, 3});
  hwbench::test::FakeEnosys old_kernel("copy_file_range");
  std::string reason;
  try {
    files::cp_spec().make(cp_call(dir / "src", dir / "dst", "copy_file_range"), Context{})->prepare();
  } catch (const KernelUnavailable& e) {
    reason = e.what();
  }
  CHECK(reason ==
        "cp method copy_file_range: this kernel has no copy_file_range(2) (Linux 4.5 or later has it); method auto "
        "falls back to sendfile(2)");
  CHECK_FALSE(hwbench::test::exists(dir / "dst"));
}

TEST_CASE("cp: a forced method the system refuses is an error naming the call") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "src", {1, 2, 3});
  hwbench::test::FakeEnosys refused("sendfile");
  CHECK(test::kernel_error(files::cp_spec(), cp_call(dir / "src", dir / "dst", "sendfile"), Context{}) ==
        "cannot copy " + dir / "src" + " to " + dir / "dst" + " with sendfile: Function not implemented");
}

TEST_CASE("cp: copies between a disk and /dev/shm, both ways") {
  if (::access("/dev/shm", W_OK) != 0) {
    MESSAGE("skipped: no writable /dev/shm");
    return;
  }
  test::TempDir disk("/tmp");
  test::TempDir shm("/dev/shm");
  REQUIRE(!disk.path().empty());
  REQUIRE(!shm.path().empty());
  for (const char* method : {"auto", "sendfile", "readwrite"}) {
    check_copies(disk.path(), shm.path(), method);
    check_copies(shm.path(), disk.path(), method);
  }
}

TEST_CASE("cp: into an existing directory the copy takes the source's name") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  ::mkdir((dir / "into").c_str(), 0755);
  const auto content = test::random_content(12345, 3);
  test::put_file(dir / "10m_1", content);
  const KernelSpec spec = files::cp_spec();
  Work w = test::run_kernel(spec, cp_call(dir / "10m_1", dir / "into"), Context{});
  CHECK(w.bytes == 12345);
  CHECK(test::get_file(dir / "into/10m_1") == content);
  w = test::run_kernel(spec, cp_call(dir / "10m_1", dir.path() + "/into/"), Context{});
  CHECK(w.bytes == 12345);
  CHECK(test::get_file(dir / "into/10m_1") == content);
}

TEST_CASE("cp: a longer existing copy is truncated, and run(n) copies n times") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const auto content = test::random_content(5000, 4);
  test::put_file(dir / "src", content);
  test::put_file(dir / "dst", test::random_content(90000, 5));
  test::Ownership own;
  own.paths.insert(dir / "dst");
  auto kernel = files::cp_spec().make(cp_call(dir / "src", dir / "dst"), own.context());
  kernel->prepare();
  Work w = kernel->run(3);
  kernel->flush();
  kernel->finish();
  CHECK(w.bytes == 15000);
  CHECK(w.ops == 3);
  CHECK(test::get_file(dir / "dst") == content);
  struct stat st {};
  REQUIRE(::stat((dir / "dst").c_str(), &st) == 0);
  CHECK((st.st_mode & 0777) == 0644);
}

TEST_CASE("cp: errors name the path and the cause") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  const KernelSpec spec = files::cp_spec();
  test::put_file(dir / "src", {1, 2, 3});
  ::mkdir((dir / "sub").c_str(), 0755);

  CHECK(test::kernel_error(spec, cp_call(dir / "missing", dir / "dst"), Context{}) ==
        "cannot open " + dir / "missing" + ": No such file or directory");
  CHECK(test::kernel_error(spec, cp_call(dir / "src", dir / "nodir/dst"), Context{}) ==
        "cannot create " + dir / "nodir/dst" + ": No such file or directory");
  CHECK(test::kernel_error(spec, cp_call(dir / "sub", dir / "dst"), Context{}) ==
        "cannot copy " + dir / "sub" + ": it is a directory");
  CHECK(test::kernel_error(spec, cp_call(dir / "src", dir / "src"), Context{}) ==
        "cannot copy " + dir / "src" + " onto itself");
  CHECK(test::get_file(dir / "src") == std::vector<unsigned char>{1, 2, 3});

  test::put_file(dir / "theirs", {9});
  test::Ownership own;
  CHECK(test::kernel_error(spec, cp_call(dir / "src", dir / "theirs"), own.context()) ==
        "refusing to overwrite " + dir / "theirs" +
            ": it existed before this run, which only replaces files it created");
  CHECK(test::get_file(dir / "theirs") == std::vector<unsigned char>{9});
}

TEST_CASE("cp: a destination in a read-only directory is refused with Permission denied") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  test::put_file(dir / "src", {1});
  ::mkdir((dir / "ro").c_str(), 0555);
  ::chmod(dir.path().c_str(), 0755);
  ::chmod((dir / "src").c_str(), 0644);
  hwbench::test::Unprivileged nobody;
  CHECK(test::kernel_error(files::cp_spec(), cp_call(dir / "src", dir / "ro"), Context{}) ==
        "cannot create " + dir / "ro/src" + ": Permission denied");
}

}  // namespace hwbench::kernels
