#pragma once
// `shell DIR [concurrent N]`: UnixBench's shell scripts test. One unit is one run of a shell
// that starts N copies of the pipeline in the background and waits for them; each copy sorts
// sort.src, dumps the sorted text with od and sorts that numerically, greps "the" from the
// sorted text through tee into wc, then removes its files.
#include <string>
#include <vector>

namespace hwbench::kernels::system {

/// The names of one copy's files in DIR.
struct ShellFiles {
  std::string sorted;  ///< sort.K
  std::string dump;    ///< od.K
  std::string found;   ///< grep.K
  std::string count;   ///< wc.K
};

/// The commands of one copy: the pipeline over `source`, writing `files` (no clean-up).
std::string shell_pipeline(const std::string& source, const ShellFiles& files);

/// The script one unit runs: each copy's pipeline and clean-up as a background shell, then a wait.
std::string shell_script(const std::string& source, const std::vector<ShellFiles>& copies);

}  // namespace hwbench::kernels::system
