#include "runtime/pipeline/result_names.hpp"

#include <cerrno>
#include <filesystem>

#include <fmt/format.h>

namespace hwbench::runtime::pipeline {

std::string result_path_candidate(const std::string& recipe_file, const std::string& host_part,
                                  const std::string& stamp, int n) {
  const std::string stem = std::filesystem::path(recipe_file).stem().string();
  const std::string base = host_part.empty() ? fmt::format("results/{}-{}", stem, stamp)
                                             : fmt::format("results/{}-{}-{}", stem, host_part, stamp);
  return n <= 1 ? base + ".json" : fmt::format("{}-{}.json", base, n);
}

ReservedResults::ReservedResults(const std::function<std::vector<std::string>(int n)>& names) {
  // Far more names than runs that could start within one second: past them, the last set is
  // used unheld rather than searched for ever.
  constexpr int last_candidate = 10000;
  for (int n = 1;; ++n) {
    paths_ = names(n);
    bool taken = false;
    for (const std::string& path : paths_) {
      std::string error;
      const std::string dir = std::filesystem::path(path).parent_path().string();
      if (!dir.empty() && !platform::make_directories(dir, error)) continue;  // the write will say why
      platform::FileIdentity id;
      const int err = platform::create_new_file(path, id);
      if (err == 0) {
        held_.push_back({path, id});
      } else if (err == EEXIST) {
        taken = true;
        break;
      }
    }
    if (!taken || n == last_candidate) return;
    // One name of the set is another run's: the whole set goes back, and the next is tried.
    for (const Held& h : held_) platform::remove_if_still_empty(h.path, h.id);
    held_.clear();
  }
}

ReservedResults::~ReservedResults() {
  for (const Held& h : held_) platform::remove_if_still_empty(h.path, h.id);
}

}  // namespace hwbench::runtime::pipeline
