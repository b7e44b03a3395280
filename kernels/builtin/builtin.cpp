#include "kernels/builtin/builtin.hpp"

namespace hwbench::kernels {

Registry builtin_registry() {
  Registry r;
  register_core(r);
  register_files(r);
  register_nbench(r);
  register_crypto(r);
  register_memory(r);
  register_disk(r);
  register_system(r);
  return r;
}

}  // namespace hwbench::kernels
