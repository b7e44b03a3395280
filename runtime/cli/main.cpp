#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include "kernels/system/os/execl.hpp"
#include "runtime/cli/cli.hpp"

int main(int argc, char** argv) {
  // A link of the execl kernel's chain: answered before anything else is set up, so that each
  // re-execution costs what starting the binary costs.
  if (hwbench::kernels::system::is_execl_child(argc, argv)) return hwbench::kernels::system::execl_child_main(argc, argv);
  std::vector<std::string> args(argv, argv + argc);
  const int code = hwbench::runtime::cli::run_cli(args, std::cout, std::cerr);
  // The command is over: its files are cleaned up and its result written. A Ctrl-C or SIGTERM
  // that comes now (the end of a run puts back the default actions) could only replace the exit
  // status with a death by signal, so they are held until the process is gone.
  sigset_t late;
  sigemptyset(&late);
  sigaddset(&late, SIGINT);
  sigaddset(&late, SIGTERM);
  ::sigprocmask(SIG_BLOCK, &late, nullptr);
  return code;
}
