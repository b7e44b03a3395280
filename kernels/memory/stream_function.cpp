#include "kernels/memory/stream_function.hpp"

namespace hwbench::kernels::memory {

const std::vector<StreamFunctionInfo>& stream_functions() {
  // memcpy moves what copy moves (read a, write c), so it is counted the same and the two
  // rates compare directly.
  static const std::vector<StreamFunctionInfo> table = {
      {StreamFunction::copy, "copy", "Copy:", 2},       {StreamFunction::scale, "scale", "Scale:", 2},
      {StreamFunction::add, "add", "Add:", 3},          {StreamFunction::triad, "triad", "Triad:", 3},
      {StreamFunction::memcpy, "memcpy", "memcpy:", 2},
  };
  return table;
}

const StreamFunctionInfo* find_stream_function(std::string_view name) {
  for (const auto& f : stream_functions())
    if (f.name == name) return &f;
  return nullptr;
}

const StreamFunctionInfo& info(StreamFunction function) {
  for (const auto& f : stream_functions())
    if (f.function == function) return f;
  return stream_functions().front();
}

}  // namespace hwbench::kernels::memory
