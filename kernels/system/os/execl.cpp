#include "kernels/system/os/execl.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/os/os_tests.hpp"

namespace hwbench::kernels::system {

std::string small_program_binary() {
  char path[4096];
  const ssize_t n = ::readlink(self_exe, path, sizeof path - 1);
  if (n > 0) {
    path[n] = '\0';
    std::string dir(path);
    dir.erase(dir.find_last_of('/') + 1);
    const std::string link = dir + "hwbench-execl";
    if (::access(link.c_str(), X_OK) == 0) return link;
  }
  return self_exe;
}

void start_small_program(PartnerProcess& partner, const std::string& binary, const std::string& mode,
                         const std::string& role) {
  partner.start([binary, mode](int from_parent, int to_parent) {
    // The program keeps these two ends through every execution; hwbench's own stay behind.
    if (::fcntl(from_parent, F_SETFD, 0) != 0 || ::fcntl(to_parent, F_SETFD, 0) != 0) return 126;
    char request[21];
    char reply[21];
    char* args[] = {const_cast<char*>(binary.c_str()),
                    const_cast<char*>(execl_child_flag),
                    execl_decimal(static_cast<std::uint64_t>(from_parent), request),
                    execl_decimal(static_cast<std::uint64_t>(to_parent), reply),
                    const_cast<char*>(mode.c_str()),
                    nullptr};
    ::execv(binary.c_str(), args);
    return 127;
  });
  char ready = 0;
  try {
    partner.receive(&ready, 1);
  } catch (const KernelError& e) {
    throw KernelError(
        fmt::format("{} could not run as {} ({} {}): {}", binary, role, binary, execl_child_flag, e.what()));
  }
}

void Execl::prepare() {
  executions_ = 0;
  try {
    // A link told that 0 executions remain reports ready and waits for its first count.
    start_small_program(chain_, binary_, "0", "a chain link");
  } catch (const KernelError& e) {
    throw KernelError(fmt::format("execl: {}", e.what()));
  }
}

char ask_small_program(PartnerProcess& partner, std::uint64_t count) {
  partner.send(&count, sizeof count);
  char answer = 0;
  partner.receive(&answer, 1);
  return answer;
}

Work Execl::run(std::uint64_t n) {
  if (chain_.pid() < 0) prepare();
  if (n == 0) return {};
  ask_small_program(chain_, n);
  executions_ += n;
  return {0, n};
}

void Execl::finish() {
  const bool running = chain_.pid() > 0;
  const int status = chain_.stop();
  if (running && !succeeded(status))
    throw KernelError(fmt::format("execl's chain process {}", describe_status(status)));
}

KernelSpec execl_spec() {
  KernelSpec spec = unixbench_spec(
      "execl",
      "hwbench executes its own binary again and again; one unit is one execve, including the new image's start-up",
      "UnixBench execl: Execl Throughput", "execl", 30);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> {
    if (::access(self_exe, X_OK) != 0)
      throw KernelUnavailable(
          fmt::format("execl finds hwbench's binary through {}, which is not available here", self_exe));
    return std::make_unique<Execl>(small_program_binary());
  };
  return spec;
}

}  // namespace hwbench::kernels::system
