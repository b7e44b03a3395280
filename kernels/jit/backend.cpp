#include "kernels/jit/backend.hpp"

#include <cstdlib>
#include <string_view>

namespace hwbench::kernels::jit {

bool jit_switched_off() {
  const char* value = std::getenv("HWBENCH_NO_JIT");
  return value != nullptr && std::string_view(value) != "" && std::string_view(value) != "0";
}

}  // namespace hwbench::kernels::jit
