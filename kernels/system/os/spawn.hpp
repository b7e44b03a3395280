#pragma once
// `spawn`: UnixBench's process creation. One unit is a fork(2) whose child exits at once and the
// parent's wait for it. UnixBench forks its small test program, and a fork costs more the more
// memory the parent has mapped (its page tables are copied), so the forks are not done by
// hwbench, whose process is many times larger, but by a fork server: the small program
// hwbench-execl (execl_link.hpp), started in prepare() and told over a pipe how many forks to do.
// The timed work is then those forks plus one pipe round trip per batch.
#include <cstdint>
#include <string>

#include "kernels/contract/kernel.hpp"
#include "kernels/system/common/partner_process.hpp"

namespace hwbench::kernels::system {

/// The spawn kernel.
class Spawn : public Kernel {
 public:
  /// `binary` is the fork server to run: hwbench-execl next to hwbench, /proc/self/exe, or a
  /// built binary in tests.
  explicit Spawn(std::string binary) : binary_(std::move(binary)), server_("spawn's fork server") {}
  /// Starts the fork server and waits until it is ready.
  void prepare() override;
  /// `n` forks, each child waited for.
  Work run(std::uint64_t n) override;
  /// Ends the fork server and waits for it.
  void finish() override;

  /// The fork server's process id while it runs, -1 otherwise.
  pid_t server_pid() const { return server_.pid(); }

 private:
  std::string binary_;
  PartnerProcess server_;
};

}  // namespace hwbench::kernels::system
