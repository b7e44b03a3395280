#pragma once
// `execl`: UnixBench's execl throughput. hwbench re-executes its own binary over and over; one
// execve(2) is one unit. A chain process, forked in prepare(), does the re-executions: told a
// count over a pipe, it executes itself that many times, each time passing the rest of the
// count on its command line behind a hidden first argument, then reports back and waits for
// the next count. So, as in UnixBench, no fork is timed, only the executions (and the start-up
// of each new image up to main(), which is inside UnixBench's measured time too).
#include <cstdint>
#include <string>

#include "kernels/contract/kernel.hpp"
#include "kernels/system/common/execl_link.hpp"
#include "kernels/system/common/partner_process.hpp"

namespace hwbench::kernels::system {

/// Where hwbench's own binary is found.
inline constexpr const char* self_exe = "/proc/self/exe";

/// hwbench-execl beside the running hwbench (the small program execl and spawn run), or hwbench
/// itself when it is not there.
std::string small_program_binary();

/// Starts `partner` running `binary --execl-child REQUEST_FD REPLY_FD MODE` (MODE "0": a chain
/// link of execl; spawn_server_mode: spawn's fork server) and waits for its ready byte. Throws
/// KernelError "BINARY could not run as ROLE (BINARY --execl-child): why" when it does not answer.
void start_small_program(PartnerProcess& partner, const std::string& binary, const std::string& mode,
                         const std::string& role);

/// Sends `count` to the small program started by start_small_program and returns its one-byte
/// answer (1: done).
char ask_small_program(PartnerProcess& partner, std::uint64_t count);

/// The execl kernel.
class Execl : public Kernel {
 public:
  /// `binary` is the chain link to execute: hwbench-execl next to hwbench, /proc/self/exe, or a
  /// built binary in tests.
  explicit Execl(std::string binary) : binary_(std::move(binary)), chain_("execl's chain process") {}
  /// Starts the chain and waits until it is ready.
  void prepare() override;
  /// `n` re-executions.
  Work run(std::uint64_t n) override;
  /// Ends the chain and waits for it.
  void finish() override;

  /// Executions done so far.
  std::uint64_t executions() const { return executions_; }
  /// The chain's process id while it runs, -1 otherwise.
  pid_t chain_pid() const { return chain_.pid(); }
  /// The chain's wait status after finish().
  int chain_status() const { return chain_.status(); }

 private:
  std::string binary_;
  PartnerProcess chain_;
  std::uint64_t executions_ = 0;
};

}  // namespace hwbench::kernels::system
