#pragma once
// STREAM's kernels as data: the name a recipe writes, the label STREAM prints, and the words
// (array elements) each one moves per index, which fix its byte count.
#include <string_view>
#include <vector>

namespace hwbench::kernels::memory {

/// One of STREAM's four kernels, or the memcpy bound measured beside them.
enum class StreamFunction { copy, scale, add, triad, memcpy };

/// What STREAM counts for one function.
struct StreamFunctionInfo {
  StreamFunction function;
  std::string_view name;   ///< as written in a recipe: "triad"
  std::string_view label;  ///< as STREAM prints it: "Triad:"
  unsigned words;          ///< arrays read plus arrays written per index: 2 for copy and scale, 3 for add and triad
};

/// Every function, in STREAM's order (Copy, Scale, Add, Triad), then memcpy.
const std::vector<StreamFunctionInfo>& stream_functions();

/// The function called `name`, or nullptr.
const StreamFunctionInfo* find_stream_function(std::string_view name);

/// The description of `function`.
const StreamFunctionInfo& info(StreamFunction function);

}  // namespace hwbench::kernels::memory
