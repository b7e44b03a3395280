// `spawn`: UnixBench's process creation. One unit is a fork(2) whose child exits at once and
// the parent's wait for it. The child is a copy of hwbench, as UnixBench's is a copy of its
// small test program; fork's cost grows with the parent's mapped memory, so hwbench keeps no
// large buffers while it runs.
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <fmt/format.h>

#include "kernels/system/program.hpp"
#include "kernels/system/system.hpp"

namespace hwbench::kernels::system {

namespace {

class Spawn : public Kernel {
 public:
  Work run(std::uint64_t n) override {
    for (std::uint64_t i = 0; i < n; ++i) {
      const pid_t pid = ::fork();
      if (pid < 0) throw KernelError(fmt::format("spawn: fork failed: {}", std::strerror(errno)));
      if (pid == 0) ::_exit(0);
      const int status = wait_for(pid);
      if (!succeeded(status)) throw KernelError(fmt::format("spawn: the child {}", describe_status(status)));
    }
    return {0, n};
  }
};

}  // namespace

KernelSpec spawn_spec() {
  KernelSpec spec = unixbench_spec("spawn", "one unit is a fork whose child exits at once, and the wait for it",
                                   "UnixBench spawn: Process Creation", "spawn", 30);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> { return std::make_unique<Spawn>(); };
  return spec;
}

}  // namespace hwbench::kernels::system
