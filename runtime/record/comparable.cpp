#include "runtime/record/comparable.hpp"

#include "runtime/record/published.hpp"
#include "runtime/record/result_file.hpp"

namespace hwbench::runtime::record {

using model::Result;

std::optional<Result> load_comparable(const std::string& path, std::string& error) {
  if (path.size() > 5 && path.compare(path.size() - 5, 5, ".toml") == 0) return load_published(path, error);
  return load_result(path, error);
}

}  // namespace hwbench::runtime::record
