// The seam that fakes newer system calls missing, and the syncfs fallback behind it.
#include "base/platform/newer_syscalls.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <fstream>
#include <string>

#include <doctest/doctest.h>

#include "base/platform/file_descriptor.hpp"
#include "tests/support/fake_enosys.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::platform {

namespace {

off_t size_of(int fd) {
  struct stat st {};
  REQUIRE(::fstat(fd, &st) == 0);
  return st.st_size;
}

}  // namespace

TEST_CASE("newer syscalls: a faked call fails with ENOSYS without reaching the kernel") {
  test::TempDir dir;
  { std::ofstream(dir / "src") << "twelve bytes"; }
  FileDescriptor in = open_file(dir / "src", O_RDONLY);
  FileDescriptor out = open_file(dir / "dst", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(in.valid());
  REQUIRE(out.valid());

  test::FakeEnosys fake("copy_file_range, fallocate");
  CHECK(faked_enosys_list() == "copy_file_range,fallocate");
  CHECK(faked_enosys("copy_file_range"));
  CHECK_FALSE(faked_enosys("sendfile"));
  errno = 0;
  CHECK(copy_file_range(in.get(), out.get(), 12) == -1);
  CHECK(errno == ENOSYS);
  errno = 0;
  CHECK(fallocate(out.get(), 0, 0, 4096) == -1);
  CHECK(errno == ENOSYS);
  CHECK(size_of(out.get()) == 0);
  CHECK_FALSE(has_copy_file_range());
  // sendfile is not faked: it copies.
  CHECK(sendfile(out.get(), in.get(), 12) == 12);
  CHECK(size_of(out.get()) == 12);
}

TEST_CASE("newer syscalls: without a fake every call reaches the kernel") {
  test::FakeEnosys none("");
  CHECK(faked_enosys_list().empty());
  test::TempDir dir;
  FileDescriptor out = open_file(dir / "f", O_WRONLY | O_CREAT | O_TRUNC, 0644);
  REQUIRE(out.valid());
  // This kernel (Linux 4.5 or later, as every test machine) has copy_file_range.
  CHECK(has_copy_file_range());
  errno = 0;
  CHECK(copy_file_range(-1, out.get(), 1) == -1);
  CHECK(errno == EBADF);
  CHECK(sync_file_system(-1) == EBADF);
}

TEST_CASE("newer syscalls: names that cannot be faked are ignored, the others kept in order") {
  test::FakeEnosys fake("statx,syncfs,,sendfile,io_uring_setup");
  CHECK(faked_enosys_list() == "sendfile,syncfs");
  set_faked_enosys("fallocate");
  CHECK(faked_enosys_list() == "fallocate");
}

TEST_CASE("newer syscalls: without syncfs, sync_file_system flushes every file system with sync") {
  test::TempDir dir;
  FileDescriptor fd = open_file(dir.path(), O_RDONLY | O_DIRECTORY);
  REQUIRE(fd.valid());
  CHECK(sync_file_system(fd.get()) == 0);
  test::FakeEnosys fake("syncfs");
  CHECK(sync_file_system(fd.get()) == 0);
  // sync(2) takes no descriptor, so none is checked.
  CHECK(sync_file_system(-1) == 0);
}

}  // namespace hwbench::platform
