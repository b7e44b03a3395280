#include <unistd.h>

#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "kernels/system/os/execl.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/run/interpreter.hpp"

int main(int argc, char** argv) {
  // A link of the execl kernel's chain: answered before anything else is set up, so that each
  // re-execution costs what starting the binary costs.
  if (hwbench::kernels::system::is_execl_child(argc, argv))
    return hwbench::kernels::system::execl_child_main(argc, argv);
  // This process ends when its command does: a run's end ignores Ctrl-C and SIGTERM rather than
  // giving them back their default action, which would kill it before the block below.
  hwbench::runtime::run::InterruptGuard::ignore_signals_after_runs();
  std::vector<std::string> args(argv, argv + argc);
  const int code = hwbench::runtime::cli::run_cli(args, std::cout, std::cerr, {STDOUT_FILENO, STDERR_FILENO});
  // The command is over: its files are cleaned up and its result written. A Ctrl-C or SIGTERM
  // that comes now (the end of a run puts back the default actions) could only replace the exit
  // status with a death by signal, so they are held until the process is gone (a run's end
  // already ignores them: see above).
  sigset_t late;
  sigemptyset(&late);
  sigaddset(&late, SIGINT);
  sigaddset(&late, SIGTERM);
  sigaddset(&late, SIGHUP);
  ::sigprocmask(SIG_BLOCK, &late, nullptr);
  return code;
}
