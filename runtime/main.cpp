#include <iostream>
#include <string>
#include <vector>

#include "kernels/system/execl.hpp"
#include "runtime/cli.hpp"

int main(int argc, char** argv) {
  // A link of the execl kernel's chain: answered before anything else is set up, so that each
  // re-execution costs what starting the binary costs.
  if (hwbench::kernels::system::is_execl_child(argc, argv)) return hwbench::kernels::system::execl_child_main(argc, argv);
  std::vector<std::string> args(argv, argv + argc);
  return hwbench::runtime::run_cli(args, std::cout, std::cerr);
}
