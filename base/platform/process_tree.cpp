// run_child's process tree: a cgroup v2 of its own (TreeCgroup) and the processes it leaves behind.
#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <sstream>
#include <string_view>

#include <fmt/format.h>

#include "base/platform/child_process_internal.hpp"
#include "base/platform/whole_file.hpp"
#include "base/support/system_text.hpp"

namespace hwbench::platform::detail {

namespace {

void sleep_briefly(std::int64_t ns) {
  timespec ts{static_cast<time_t>(ns / 1'000'000'000), static_cast<long>(ns % 1'000'000'000)};
  while (::nanosleep(&ts, &ts) != 0 && errno == EINTR) {
  }
}

// ---- The process tree's cgroup v2 ----

std::string unescape_mount_field(std::string_view field) {
  // mountinfo writes space, tab, newline and backslash as \040, \011, \012, \134.
  std::string out;
  for (std::size_t i = 0; i < field.size(); ++i) {
    const auto octal = [&](std::size_t at) { return field[at] >= '0' && field[at] <= '7'; };
    if (field[i] == '\\' && i + 3 < field.size() && octal(i + 1) && octal(i + 2) && octal(i + 3)) {
      out += static_cast<char>((field[i + 1] - '0') * 64 + (field[i + 2] - '0') * 8 + (field[i + 3] - '0'));
      i += 3;
    } else {
      out += field[i];
    }
  }
  return out;
}

// Our own cgroup v2 directory: the cgroup2 mount (/sys/fs/cgroup, or /sys/fs/cgroup/unified on a
// hybrid system) joined with the `0::` line of /proc/self/cgroup; "" when there is none.
std::string find_own_cgroup() {
  const auto mounts = read_whole_file("/proc/self/mountinfo");
  const auto groups = read_whole_file("/proc/self/cgroup");
  if (!mounts || !groups) return "";
  std::string own;
  std::istringstream group_lines(*groups);
  for (std::string line; std::getline(group_lines, line);)
    if (line.starts_with("0::")) own = line.substr(3);
  if (own.empty() || own.front() != '/' || own.find("/..") != std::string::npos) return "";
  std::istringstream mount_lines(*mounts);
  for (std::string line; std::getline(mount_lines, line);) {
    const std::size_t dash = line.find(" - ");
    if (dash == std::string::npos) continue;
    const auto after = support::split_words(std::string_view(line).substr(dash + 3));
    if (after.empty() || after[0] != "cgroup2") continue;
    const auto before = support::split_words(std::string_view(line).substr(0, dash));
    if (before.size() < 5) continue;
    const std::string root = unescape_mount_field(before[3]);
    const std::string point = unescape_mount_field(before[4]);
    // The mount shows the hierarchy from `root` down; our cgroup must lie below it.
    std::string below;
    if (root == "/")
      below = own;
    else if (own == root)
      below = "";
    else if (own.starts_with(root + "/"))
      below = own.substr(root.size());
    else
      continue;
    if (below == "/") below = "";
    return point + below;
  }
  return "";
}

const std::string& own_cgroup() {
  static const std::string dir = find_own_cgroup();
  return dir;
}

std::atomic<unsigned> cgroup_serial{0};

}  // namespace

TreeCgroup::~TreeCgroup() {
  try {
    remove();
  } catch (...) {
    // A destructor must not throw; what is left of the cgroup is the system's to clean.
  }
}

void TreeCgroup::make() {
  const std::string& base = own_cgroup();
  if (base.empty()) return;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const std::string path = fmt::format("{}/hwbench-{}-{}", base, ::getpid(), cgroup_serial.fetch_add(1));
    if (::mkdir(path.c_str(), 0755) != 0) {
      if (errno == EEXIST) continue;
      return;
    }
    path_ = path;
    procs_ = above_stdio(open_file(path + "/cgroup.procs", O_WRONLY));
    if (!procs_.valid()) remove();
    return;
  }
}

std::vector<pid_t> TreeCgroup::members() const {
  std::vector<pid_t> pids;
  if (!valid()) return pids;
  const auto text = read_whole_file(path_ + "/cgroup.procs");
  if (!text) return pids;
  for (const auto& word : support::split_words(*text))
    if (const auto pid = support::parse_integer(word); pid && *pid > 0) pids.push_back(static_cast<pid_t>(*pid));
  return pids;
}

void TreeCgroup::kill_all() const {
  if (!valid()) return;
  const FileDescriptor kill_file = open_file(path_ + "/cgroup.kill", O_WRONLY);
  if (kill_file.valid() && ::write(kill_file.get(), "1", 1) == 1) return;
  for (const pid_t pid : members()) ::kill(pid, SIGKILL);
}

std::optional<TreeUsage> TreeCgroup::usage() const {
  const auto stat = read_whole_file(path_ + "/cpu.stat");
  if (!stat) return std::nullopt;
  TreeUsage usage;
  usage.cgroup = path_;
  bool user = false, system = false;
  std::istringstream lines(*stat);
  for (std::string line; std::getline(lines, line);) {
    const auto words = support::split_words(line);
    if (words.size() != 2) continue;
    const auto value = support::parse_integer(words[1]);
    if (!value) continue;
    if (words[0] == "user_usec") {
      usage.usr_ns = *value * 1000;
      user = true;
    } else if (words[0] == "system_usec") {
      usage.sys_ns = *value * 1000;
      system = true;
    }
  }
  if (!user || !system) return std::nullopt;
  if (const auto peak = read_whole_file(path_ + "/memory.peak")) {
    if (const auto bytes = support::parse_integer(support::trim(*peak)); bytes && *bytes >= 0)
      usage.peak_memory_bytes = static_cast<std::uint64_t>(*bytes);
  }
  return usage;
}

void TreeCgroup::remove() {
  procs_.close();
  if (path_.empty()) return;
  for (int attempt = 0; attempt < 2000; ++attempt) {
    if (attempt % 50 == 0) kill_all();
    if (::rmdir(path_.c_str()) == 0 || errno != EBUSY) break;
    sleep_briefly(1'000'000);
  }
  path_.clear();
}

// ---- Processes left behind ----

namespace {

struct ProcessState {
  char state = 0;
  pid_t pgrp = 0;
};

// Reads /proc/PID/stat's state and process group; nullopt when the process is gone.
std::optional<ProcessState> process_state(pid_t pid) {
  const FileDescriptor fd = open_file(fmt::format("/proc/{}/stat", pid), O_RDONLY);
  if (!fd.valid()) return std::nullopt;
  char buffer[1024];
  ssize_t n;
  do {
    n = ::read(fd.get(), buffer, sizeof buffer - 1);
  } while (n < 0 && errno == EINTR);
  if (n <= 0) return std::nullopt;
  buffer[n] = '\0';
  // The command name is in parentheses and may hold anything, ')' included: the fields that
  // follow start after the last one.
  const char* close = std::strrchr(buffer, ')');
  if (close == nullptr) return std::nullopt;
  ProcessState ps;
  int ppid = 0, pgrp = 0;
  if (std::sscanf(close + 1, " %c %d %d", &ps.state, &ppid, &pgrp) != 3) return std::nullopt;
  ps.pgrp = pgrp;
  return ps;
}

bool alive(const ProcessState& ps) { return ps.state != 'Z' && ps.state != 'X' && ps.state != 'x'; }

}  // namespace

std::set<pid_t> leftover_processes(pid_t pgid, const TreeCgroup& cgroup) {
  std::set<pid_t> left;
  for (const pid_t pid : cgroup.members())
    if (const auto ps = process_state(pid); ps && alive(*ps)) left.insert(pid);
  // kill(-pgid, 0) fails once no process (a zombie included) is in the group: no walk of /proc.
  if (::kill(-pgid, 0) != 0) return left;
  DIR* proc = ::opendir("/proc");
  if (proc == nullptr) return left;
  while (const dirent* entry = ::readdir(proc)) {
    const auto pid = support::parse_integer(entry->d_name);
    if (!pid || *pid <= 0) continue;
    if (const auto ps = process_state(static_cast<pid_t>(*pid)); ps && ps->pgrp == pgid && alive(*ps))
      left.insert(static_cast<pid_t>(*pid));
  }
  ::closedir(proc);
  return left;
}

void kill_everything(pid_t pgid, const TreeCgroup& cgroup) {
  ::kill(-pgid, SIGKILL);
  cgroup.kill_all();
}

}  // namespace hwbench::platform::detail
