// `syscall`: UnixBench's system call overhead in its default "mix" mode. One unit is
// close(dup(fd)), getpid() through syscall(2) (so no C library cache can answer it), getuid()
// and umask(): five system calls. UnixBench sets umask 022 each time; here the umask hwbench
// already has is set again, which costs the same and changes nothing for later statements.
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "base/platform/file_descriptor.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/os/os_tests.hpp"

namespace hwbench::kernels::system {

namespace {

class SyscallMix : public Kernel {
 public:
  void prepare() override {
    fd_ = platform::open_file("/dev/null", O_RDONLY);
    if (!fd_.valid()) throw KernelError(fmt::format("syscall: cannot open /dev/null: {}", std::strerror(errno)));
    mask_ = ::umask(0);
    ::umask(mask_);
  }

  Work run(std::uint64_t n) override {
    if (!fd_.valid()) prepare();
    std::uint64_t sum = 0;
    for (std::uint64_t i = 0; i < n; ++i) {
      const int copy = ::dup(fd_.get());
      if (copy < 0) throw KernelError(fmt::format("syscall: dup failed: {}", std::strerror(errno)));
      ::close(copy);
      sum += static_cast<std::uint64_t>(::syscall(SYS_getpid));
      sum += ::getuid();
      sum += ::umask(mask_);
    }
    keep(sum);
    return {0, n};
  }

  void finish() override { fd_.close(); }

 private:
  platform::FileDescriptor fd_;
  mode_t mask_ = 022;
};

}  // namespace

KernelSpec syscall_spec() {
  KernelSpec spec = unixbench_spec(
      "syscall", "one unit is close(dup(fd)), getpid() through syscall(2), getuid() and umask(): five system calls",
      "UnixBench syscall: System Call Overhead (mix)", "syscall", 10);
  spec.one_thread = true;
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> { return std::make_unique<SyscallMix>(); };
  return spec;
}

}  // namespace hwbench::kernels::system
