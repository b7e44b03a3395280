#include "kernels/system/os/spawn.hpp"

#include <fmt/format.h>

#include "kernels/system/common/program.hpp"
#include "kernels/system/common/unixbench_test.hpp"
#include "kernels/system/os/execl.hpp"
#include "kernels/system/os/os_tests.hpp"

namespace hwbench::kernels::system {

void Spawn::prepare() {
  try {
    start_small_program(server_, binary_, spawn_server_mode, "a fork server");
  } catch (const KernelError& e) {
    throw KernelError(fmt::format("spawn: {}", e.what()));
  }
}

Work Spawn::run(std::uint64_t n) {
  if (server_.pid() < 0) prepare();
  if (n == 0) return {};
  if (ask_small_program(server_, n) != 1)
    throw KernelError("spawn: a fork failed, or a child did not exit with status 0");
  return {0, n};
}

void Spawn::finish() {
  const bool running = server_.pid() > 0;
  const int status = server_.stop();
  if (running && !succeeded(status)) throw KernelError(fmt::format("spawn's fork server {}", describe_status(status)));
}

KernelSpec spawn_spec() {
  KernelSpec spec = unixbench_spec(
      "spawn", "one unit is a fork whose child exits at once, and the wait for it (done by a small fork server)",
      "UnixBench spawn: Process Creation", "spawn", 30);
  spec.make = [](const Call&, const Context&) -> std::unique_ptr<Kernel> {
    return std::make_unique<Spawn>(small_program_binary());
  };
  return spec;
}

}  // namespace hwbench::kernels::system
