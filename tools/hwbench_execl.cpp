// hwbench-execl: the small program the execl kernel re-executes (kernels/system/common/execl_link.hpp),
// installed beside hwbench. It links the C library only, like UnixBench's own execl binary.
#include "kernels/system/common/execl_link.hpp"

int main(int argc, char** argv) {
  namespace system = hwbench::kernels::system;
  return system::is_execl_child(argc, argv) ? system::execl_child_main(argc, argv) : 2;
}
