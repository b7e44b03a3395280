#pragma once
// The system calls hwbench uses that Linux 3.2, the oldest kernel a static hwbench runs on, may
// lack or refuse: copy_file_range (Linux 4.5), sendfile between regular files (2.6.33), fallocate
// (2.6.23; some modes 3.15) and syncfs (2.6.39). Each goes through a wrapper here, so that the
// callers' fallbacks can be tested on any kernel: a call named in the environment variable
// HWBENCH_FAKE_ENOSYS (a comma-separated list, read at the first question), or by
// set_faked_enosys(), fails with ENOSYS without reaching the kernel, as it would on a kernel that
// predates it. docs/static-build.md lists what each caller does then.
#include <sys/types.h>

#include <cstddef>
#include <string>
#include <string_view>

namespace hwbench::platform {

/// The calls that can be faked missing, as HWBENCH_FAKE_ENOSYS names them.
inline constexpr std::string_view fakeable_syscalls[] = {"copy_file_range", "sendfile", "fallocate", "syncfs"};

/// Whether `call` (one of fakeable_syscalls) is faked missing.
bool faked_enosys(std::string_view call);

/// Replaces the list of calls faked missing ("" for none; names not in fakeable_syscalls are
/// ignored); tests use it where a subprocess would use HWBENCH_FAKE_ENOSYS.
void set_faked_enosys(std::string_view calls);

/// The list faked missing now, comma-separated, in fakeable_syscalls' order.
std::string faked_enosys_list();

/// copy_file_range(2) of up to `length` bytes from `in` to `out` at their current offsets.
ssize_t copy_file_range(int in, int out, std::size_t length);

/// sendfile(2) of up to `length` bytes from `in` to `out` at their current offsets.
ssize_t sendfile(int out, int in, std::size_t length);

/// fallocate(2).
int fallocate(int fd, int mode, off_t offset, off_t length);

/// Flushes the file system holding the open directory or file `fd`: syncfs(2), or sync(2), which
/// flushes every file system, where the kernel has no syncfs. Returns 0 or the errno.
int sync_file_system(int fd);

/// Whether this kernel has copy_file_range at all (a call on no descriptor tells ENOSYS from EBADF).
bool has_copy_file_range();

}  // namespace hwbench::platform
