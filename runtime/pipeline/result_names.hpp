#pragma once
// The names of result files the command line did not give: each taken on disk when it is chosen,
// so that two runs started within one second, in one hwbench or in two, never share one.
#include <functional>
#include <string>
#include <vector>

#include "base/platform/atomic_file.hpp"

namespace hwbench::runtime::pipeline {

/// results/<recipe's stem>[-<host_part>]-<stamp>.json for n = 1, -<stamp>-<n>.json after: the
/// n-th name a run's result may take.
std::string result_path_candidate(const std::string& recipe_file, const std::string& host_part,
                                  const std::string& stamp, int n);

/// A set of result file names held for one run (or one set of reruns). Each is created empty and
/// exclusively (O_EXCL) when chosen: a name another run holds or wrote is skipped, and a set of
/// which one name is taken is given back whole for the next. The run then writes its result over
/// its empty file (write_file_atomically's rename). The destructor removes each file still the
/// empty one made here: a run that ended before it wrote its result leaves nothing.
class ReservedResults {
 public:
  /// `names(n)` is the n-th candidate set, n = 1, 2, …; "results" is made when missing. When a
  /// name cannot be created for another reason than its being there (a read-only directory), the
  /// candidate is kept unheld, and the run's own write says why it fails.
  explicit ReservedResults(const std::function<std::vector<std::string>(int n)>& names);
  ~ReservedResults();
  ReservedResults(const ReservedResults&) = delete;
  ReservedResults& operator=(const ReservedResults&) = delete;

  const std::vector<std::string>& paths() const { return paths_; }

 private:
  struct Held {
    std::string path;
    platform::FileIdentity id;
  };
  std::vector<std::string> paths_;
  std::vector<Held> held_;
};

}  // namespace hwbench::runtime::pipeline
