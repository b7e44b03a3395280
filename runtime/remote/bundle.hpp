#pragma once
// The files a run on another host needs (the recipe, its baselines, the results its `compare`
// reports name), sent in one stream on the ssh session's stdin and unpacked there by
// `hwbench run --remote-session` into its run directory:
//
//     hwbench-bundle 1\n
//     file SIZE PATH\n  then SIZE bytes        (once per file)
//     end\n
#include <string>
#include <vector>

namespace hwbench::runtime::remote {

/// One file of a bundle: its path inside the run directory (relative, no `..`) and its content.
struct BundleFile {
  std::string path;
  std::string content;
};

/// The bundle holding `files`, in order.
std::string pack_bundle(const std::vector<BundleFile>& files);

/// Why `path` cannot name a file inside a run directory ("" when it can): it must be relative,
/// with no `..`, `.` or empty part, and no newline.
std::string bundle_path_problem(const std::string& path);

/// Reads one bundle from descriptor `fd` (up to its `end` line and no further) and writes its
/// files under `dir`, making their directories; false with `error` set on a malformed bundle, a
/// refused path or a write that failed.
bool unpack_bundle(int fd, const std::string& dir, std::string& error);

}  // namespace hwbench::runtime::remote
