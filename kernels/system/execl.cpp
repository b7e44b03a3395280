#include "kernels/system/execl.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>

#include "kernels/system/program.hpp"
#include "kernels/system/system.hpp"

namespace hwbench::kernels::system {

namespace {

constexpr const char* self = "/proc/self/exe";

/// hwbench-execl beside the running hwbench, or hwbench itself when it is not there.
std::string chain_binary() {
  char path[4096];
  const ssize_t n = ::readlink(self, path, sizeof path - 1);
  if (n > 0) {
    path[n] = '\0';
    std::string dir(path);
    dir.erase(dir.find_last_of('/') + 1);
    const std::string link = dir + "hwbench-execl";
    if (::access(link.c_str(), X_OK) == 0) return link;
  }
  return self;
}

}  // namespace

void Execl::prepare() {
  executions_ = 0;
  const std::string binary = binary_;
  chain_.start([binary](int from_parent, int to_parent) {
    // The chain keeps these two ends through every execution; hwbench's own stay behind.
    if (::fcntl(from_parent, F_SETFD, 0) != 0 || ::fcntl(to_parent, F_SETFD, 0) != 0) return 126;
    char request[21];
    char reply[21];
    return execl_execute_link(binary.c_str(), binary.c_str(), execl_decimal(static_cast<std::uint64_t>(from_parent), request),
                              execl_decimal(static_cast<std::uint64_t>(to_parent), reply), 0);
  });
  char ready = 0;
  try {
    chain_.receive(&ready, 1);
  } catch (const KernelError& e) {
    throw KernelError(fmt::format("execl: {} could not run as a chain link ({} {}): {}", binary_, binary_,
                                  execl_child_flag, e.what()));
  }
}

Work Execl::run(std::uint64_t n) {
  if (chain_.pid() < 0) prepare();
  if (n == 0) return {};
  chain_.send(&n, sizeof n);
  char done = 0;
  chain_.receive(&done, 1);
  executions_ += n;
  return {0, n};
}

void Execl::finish() {
  const bool running = chain_.pid() > 0;
  const int status = chain_.stop();
  if (running && !succeeded(status)) throw KernelError(fmt::format("execl's chain process {}", describe_status(status)));
}

KernelSpec execl_spec() {
  KernelSpec spec = unixbench_spec(
      "execl", "hwbench executes its own binary again and again; one unit is one execve, including the new image's start-up",
      "UnixBench execl: Execl Throughput", "execl", 30);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> {
    if (::access(self, X_OK) != 0)
      throw KernelUnavailable(fmt::format("execl finds hwbench's binary through {}, which is not available here", self));
    return std::make_unique<Execl>(chain_binary());
  };
  return spec;
}

}  // namespace hwbench::kernels::system
