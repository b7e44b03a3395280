#pragma once
// A child process that works with hwbench over two pipes, for kernels whose unit of work is an
// exchange with another process (context1's round trip, execl's chain of re-executions). It is
// started in a kernel's prepare() and reaped in finish() or, after an error or an interruption,
// by the destructor; closing the pipe to it is its signal to exit, so it never outlives hwbench
// for long even when hwbench is killed.
#include <sys/types.h>

#include <csignal>
#include <cstddef>
#include <functional>
#include <string>

#include "base/platform/file_descriptor.hpp"

namespace hwbench::kernels::system {

/// The partner's program: it reads from `from_parent`, writes to `to_parent`, and its return
/// value is its exit status. It runs in a forked copy of hwbench and must use only
/// async-signal-safe calls (read, write, exec, _exit).
using PartnerBody = std::function<int(int from_parent, int to_parent)>;

/// One partner process and its two pipes.
class PartnerProcess {
 public:
  /// `what` names the partner in error messages ("context1's partner").
  explicit PartnerProcess(std::string what) : what_(std::move(what)) {}
  PartnerProcess(const PartnerProcess&) = delete;
  PartnerProcess& operator=(const PartnerProcess&) = delete;
  /// Stops the partner if it still runs.
  ~PartnerProcess();

  /// Forks the partner running `body`. SIGINT and SIGTERM are ignored in it (hwbench, which
  /// gets them too, decides when to stop; it dies with hwbench all the same),
  /// and SIGPIPE is ignored in hwbench until stop(), so that a partner that died makes a write
  /// fail instead of killing hwbench. Throws KernelError when the fork fails.
  void start(const PartnerBody& body);

  /// Writes all `size` bytes to the partner; throws KernelError when it has gone.
  void send(const void* data, std::size_t size);

  /// Reads exactly `size` bytes from the partner; throws KernelError when it has gone.
  void receive(void* data, std::size_t size);

  /// Closes the pipes and waits for the partner to exit; returns its wait status (also kept
  /// in status()), or 0 when none was running.
  int stop();

  /// The partner's process id while it runs, -1 otherwise.
  pid_t pid() const { return pid_; }

  /// The wait status stop() collected.
  int status() const { return status_; }

 private:
  /// A KernelError saying the partner has gone, with its exit status when it can be had.
  [[noreturn]] void gone(const char* doing);

  std::string what_;
  pid_t pid_ = -1;
  int status_ = 0;
  platform::FileDescriptor to_partner_;
  platform::FileDescriptor from_partner_;
  struct sigaction old_sigpipe_ {};
  bool sigpipe_saved_ = false;
};

}  // namespace hwbench::kernels::system
