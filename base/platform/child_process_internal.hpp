#pragma once
// What run_child's three files share (child_process.cpp: starting the program; process_tree.cpp:
// the cgroup v2 of its process tree and the processes it leaves behind; child_watch.cpp: watching
// it to its end, its output, its timeout and interruption). Private to base/platform.
#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "base/platform/child_process.hpp"
#include "base/platform/file_descriptor.hpp"

namespace hwbench::platform::detail {

inline constexpr std::int64_t never_ns = std::numeric_limits<std::int64_t>::max();

// A descriptor the child keeps must not be 0, 1 or 2, which it replaces; it can only be one of
// those when ours are closed.
FileDescriptor above_stdio(FileDescriptor fd);

// ---- The output (child_watch.cpp) ----

// Keeps a stream's first cap/2 bytes and its last cap - cap/2, counting them all.
class StreamKeeper {
 public:
  explicit StreamKeeper(std::size_t cap) : head_limit_(cap / 2), tail_limit_(cap - cap / 2) {}

  void add(const char* data, std::size_t n);
  CapturedText take();

 private:
  std::size_t head_limit_, tail_limit_;
  std::string head_, tail_;
  std::uint64_t total_ = 0;
};

// One of the child's output streams as the parent reads it: non-blocking, so that a read never
// waits for a writer that is still alive but silent.
struct OutputPipe {
  FileDescriptor fd;
  StreamKeeper keeper;

  // Reads what the pipe holds now, up to one chunk; closes it at its end or on an error.
  void read_some(char* buffer);

  // Reads whatever is left without waiting, then closes: bounded, because a writer that escaped
  // the kill could keep it full for ever.
  void drain(char* buffer);
};

// ---- The process tree's cgroup v2 and the processes left behind (process_tree.cpp) ----

// A cgroup of its own for one child's process tree, removed with whatever is left in it.
class TreeCgroup {
 public:
  TreeCgroup() = default;
  TreeCgroup(const TreeCgroup&) = delete;
  TreeCgroup& operator=(const TreeCgroup&) = delete;
  ~TreeCgroup();

  // Makes one below ours; stays empty when the system does not let us (no cgroup v2, no rights).
  void make();

  bool valid() const { return !path_.empty(); }
  const std::string& path() const { return path_; }
  int procs_fd() const { return procs_.get(); }
  void close_procs() { procs_.close(); }

  std::vector<pid_t> members() const;
  // SIGKILL to everything in it: cgroup.kill (Linux 5.14) or each pid it lists.
  void kill_all() const;
  std::optional<TreeUsage> usage() const;
  // Kills what is left and removes the directory. rmdir fails with EBUSY while dying processes
  // are still listed, which takes a moment after SIGKILL.
  void remove();

 private:
  std::string path_;
  FileDescriptor procs_;
};

// The processes still running (zombies are not) in process group `pgid` or in `cgroup`.
std::set<pid_t> leftover_processes(pid_t pgid, const TreeCgroup& cgroup);

// SIGKILL to the group and to the cgroup's processes.
void kill_everything(pid_t pgid, const TreeCgroup& cgroup);

// ---- The child's end (child_process.cpp: ReapGuard; child_watch.cpp: ChildWatch) ----

// Ends and reaps the child when run_child leaves early (an exception), so that no process and no
// zombie outlives the call.
struct ReapGuard {
  pid_t pid = -1;  // -1 once reaped
  ReapGuard() = default;
  ReapGuard(const ReapGuard&) = delete;
  ReapGuard& operator=(const ReapGuard&) = delete;
  ~ReapGuard();
};

// The running child as the parent watches it.
class ChildWatch {
 public:
  ChildWatch(const ChildSpec& spec, pid_t pid, std::int64_t start, ReapGuard& guard, TreeCgroup& cgroup,
             OutputPipe& out, OutputPipe& err, ChildOutcome& outcome);

  // Reads the pipes until the child ends, ending it on a timeout or an interruption.
  void run_to_end();

  // After the child: kills what it left running in its group or cgroup, reads the rest of the
  // output and closes the pipes.
  void settle();

 private:
  enum class Stage { running, terminated, killed };

  void enforce_limits(std::int64_t now);
  void reap(int options);

  const ChildSpec& spec_;
  pid_t pid_;
  std::int64_t start_;
  ReapGuard& guard_;
  TreeCgroup& cgroup_;
  OutputPipe& out_;
  OutputPipe& err_;
  ChildOutcome& outcome_;
  FileDescriptor pidfd_;
  std::vector<char> buffer_;
  std::int64_t deadline_ = never_ns;
  std::int64_t grace_ns_ = 0;
  std::int64_t kill_at_ = never_ns;
  Stage stage_ = Stage::running;
};

}  // namespace hwbench::platform::detail
