#include <iostream>
#include <string>
#include <vector>

#include "runtime/cli.hpp"

int main(int argc, char** argv) {
  std::vector<std::string> args(argv, argv + argc);
  return hwbench::runtime::run_cli(args, std::cout, std::cerr);
}
