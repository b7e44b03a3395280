#pragma once
// A recipe's run on one other host, over OpenSSH (docs/remote.md): one ssh session when the
// host has the binary cached, three when it has not (ask, copy the binary, run).
//
//  1. run: a POSIX shell script, every value in it quoted, learns the host's architecture
//     (`uname -m`) and its cache directory; when the matching binary is cached
//     (CACHE/VERSION-HASH/hwbench) it makes a run directory (mktemp -d), starts
//     `hwbench run --remote-session` there, which unpacks the bundle (the recipe and the files
//     it names) from stdin, runs and watches stdin for the session's end; its progress comes
//     back on stderr, then the result file and the printed reports on stdout, and the script
//     removes the run directory. When the binary is not cached the script says so and stops.
//  2. copy: the binary goes through the session's stdin into CACHE/VERSION-HASH/hwbench
//     (a temporary name, its size checked, then renamed), and the run session starts again.
#include <atomic>
#include <functional>
#include <string>
#include <vector>

#include "runtime/remote/dist.hpp"
#include "runtime/remote/fleet_file.hpp"

namespace hwbench::runtime::remote {

/// What the run on every host shares.
struct RunRequest {
  std::vector<std::string> ssh_client;  ///< ssh_client_words()
  std::string version;                  ///< hwbench's version: the cache directory's first part
  std::string bundle;                   ///< pack_bundle() of the recipe and the files it names
  std::string recipe;                   ///< the recipe's path inside the bundle
  /// Words given to `hwbench run` on every host before the host's own `-L`s: --allow-exec,
  /// --set, --width, --format…
  std::vector<std::string> run_words;
};

/// The static binaries for one host, and where they were looked for.
struct HostBinaries {
  std::vector<DistBinary> binaries;
  std::vector<std::string> dirs;
};

/// How the run on one host went.
struct HostRun {
  std::string error;     ///< "" when the host ran the recipe through; otherwise one line: the cause
  int remote_exit = -1;  ///< hwbench's exit code on the host; -1 when it did not run there
  std::string machine;   ///< the host's `uname -m`, when learnt
  bool copied = false;   ///< whether the binary was copied to the host's cache this time
  std::string result;    ///< the result file's text, when the host wrote one
  std::string reports;   ///< what `hwbench run` printed there (the reports)
  int sessions = 0;      ///< ssh sessions opened
};

/// The shell script of the run session (exposed for tests of its quoting).
std::string run_script(const Host& host, const HostBinaries& binaries, const RunRequest& request);

/// The shell command of the copy session: `size` bytes on stdin into `dir`/hwbench.
std::string copy_script(const std::string& dir, std::uint64_t size);

/// Runs the recipe on `host`. Each stderr line of the run there (its progress, its messages) is
/// handed to `progress`. When `interrupted` is set, the session's stdin is closed: the run on the
/// host stops as after a Ctrl-C there (its teardown runs) and its result, marked interrupted, is
/// still fetched.
HostRun run_on_host(const Host& host, const HostBinaries& binaries, const RunRequest& request,
                    const std::atomic<bool>* interrupted, const std::function<void(const std::string&)>& progress);

}  // namespace hwbench::runtime::remote
