// The child-process runner: exit and signal, the two captured streams and their cap, the
// environment, directory and input, timeouts and interruptions that end the whole process group,
// stragglers, start failures, the clocks, the cgroup v2 tree accounting, and $PATH.
#include "base/platform/child_process.hpp"

#include <signal.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>
#include <fmt/format.h>

#include "tests/support/skip.hpp"
#include "tests/support/temp_dir.hpp"

namespace hwbench::platform {

namespace {

constexpr const char* cmd_helper = HWBENCH_CMD_HELPER;

ChildSpec helper_spec(std::vector<std::string> subcommands) {
  ChildSpec spec;
  spec.argv.push_back(cmd_helper);
  spec.argv.insert(spec.argv.end(), subcommands.begin(), subcommands.end());
  // A safety net: a test that hangs fails in a minute instead.
  spec.timeout_seconds = 60;
  return spec;
}

// What `cmd_helper spam N` writes from byte `from` up to byte `to`.
std::string spam_bytes(std::uint64_t from, std::uint64_t to) {
  std::string text;
  for (std::uint64_t i = from; i < to; ++i) text += static_cast<char>('a' + i % 26);
  return text;
}

std::vector<pid_t> pids_printed(const std::string& text) {
  std::vector<pid_t> pids;
  std::istringstream in(text);
  for (long pid = 0; in >> pid;) pids.push_back(static_cast<pid_t>(pid));
  return pids;
}

// Whether `pid`, once of process group `pgid`, is gone: no such process, a zombie waiting for
// init, or the number taken by an unrelated process in another group.
bool pid_gone(pid_t pid, pid_t pgid) {
  if (::kill(pid, 0) != 0 && errno == ESRCH) return true;
  std::ifstream in("/proc/" + std::to_string(pid) + "/stat");
  std::string text{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  const std::size_t close = text.rfind(')');
  if (close == std::string::npos) return true;
  std::istringstream fields(text.substr(close + 1));
  char state = 0;
  long ppid = 0, pgrp = 0;
  fields >> state >> ppid >> pgrp;
  return state == 'Z' || state == 'X' || pgrp != pgid;
}

// Whether `pid` is no child of ours that waits to be reaped.
bool not_our_zombie(pid_t pid) {
  int status = 0;
  return ::waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD;
}

double seconds_of(std::int64_t ns) { return static_cast<double>(ns) / 1e9; }

// The cgroup directories named after this process that are still there, under `parent`.
std::vector<std::string> our_cgroups_left(const std::string& parent) {
  std::vector<std::string> left;
  const std::string prefix = "hwbench-" + std::to_string(::getpid()) + "-";
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(parent, ec))
    if (entry.path().filename().string().starts_with(prefix)) left.push_back(entry.path().string());
  return left;
}

// Sets an environment variable for the lifetime of the object, then puts back what was there.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const std::string& value) : name_(name) {
    if (const char* old = std::getenv(name)) before_ = old;
    ::setenv(name, value.c_str(), 1);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;
  ~ScopedEnv() {
    if (before_)
      ::setenv(name_, before_->c_str(), 1);
    else
      ::unsetenv(name_);
  }

 private:
  const char* name_;
  std::optional<std::string> before_;
};

}  // namespace

TEST_CASE("child process: the exit status, and 127 from the program is no failure to start") {
  ChildOutcome outcome = run_child(helper_spec({"exit", "3"}));
  CHECK(outcome.exit_code == 3);
  CHECK(outcome.signal == 0);
  CHECK_FALSE(outcome.timed_out);
  CHECK_FALSE(outcome.interrupted);
  CHECK(outcome.stragglers == 0);
  CHECK(outcome.describe() == "exited with status 3");

  outcome = run_child(helper_spec({"exit", "127"}));
  CHECK(outcome.exit_code == 127);
  CHECK(outcome.describe() == "exited with status 127");

  outcome = run_child(helper_spec({"print", "fine"}));
  CHECK(outcome.exit_code == 0);
  CHECK(outcome.describe() == "exited with status 0");
}

TEST_CASE("child process: death by a signal") {
  const ChildOutcome outcome = run_child(helper_spec({"print", "before", "kill-self", "9"}));
  CHECK(outcome.exit_code == -1);
  CHECK(outcome.signal == SIGKILL);
  CHECK(outcome.out.text == "before\n");
  CHECK(outcome.describe() == "was killed by signal 9 (Killed)");
}

TEST_CASE("child process: standard output and standard error are captured apart") {
  const ChildOutcome outcome =
      run_child(helper_spec({"print", "rate: 12.5 MB/s", "err", "warning", "print", "done", "err", "again"}));
  CHECK(outcome.exit_code == 0);
  CHECK(outcome.out.text == "rate: 12.5 MB/s\ndone\n");
  CHECK(outcome.out.total == 21);
  CHECK_FALSE(outcome.out.cut);
  CHECK(outcome.err.text == "warning\nagain\n");
  CHECK(outcome.err.total == 14);
  CHECK_FALSE(outcome.err.cut);
}

TEST_CASE("child process: env_set adds and replaces variables, the rest is inherited") {
  ScopedEnv inherited("HWBENCH_CHILD_INHERITED", "from the parent");
  ScopedEnv replaced("HWBENCH_CHILD_REPLACED", "old");
  ChildSpec spec = helper_spec({"env", "HWBENCH_CHILD_ADDED", "env", "HWBENCH_CHILD_REPLACED", "env",
                                "HWBENCH_CHILD_INHERITED", "env", "HWBENCH_CHILD_UNSET"});
  spec.env_set = {"HWBENCH_CHILD_ADDED=forty two", "HWBENCH_CHILD_REPLACED=first", "HWBENCH_CHILD_REPLACED=new=x"};
  const ChildOutcome outcome = run_child(spec);
  CHECK(outcome.out.text == "forty two\nnew=x\nfrom the parent\n<unset>\n");

  spec.env_set = {"NOT A SETTING"};
  const std::string refused = fmt::format("cannot run {}: 'NOT A SETTING' is not NAME=VALUE", cmd_helper);
  CHECK_THROWS_WITH_AS(run_child(spec), refused.c_str(), ChildError);
}

TEST_CASE("child process: the working directory") {
  test::TempDir dir;
  REQUIRE(!dir.path().empty());
  ChildSpec spec = helper_spec({"pwd", "write-file", "made-here", "5"});
  spec.dir = dir.path();
  const ChildOutcome outcome = run_child(spec);
  CHECK(outcome.out.text == std::filesystem::canonical(dir.path()).string() + "\n");
  CHECK(test::read_text(dir / "made-here") == "abcde");

  spec.argv = {"/bin/pwd"};
  CHECK(run_child(spec).out.text == std::filesystem::canonical(dir.path()).string() + "\n");
}

TEST_CASE("child process: standard input from a file, /dev/null by default") {
  test::TempDir dir;
  test::write_text(dir / "input", "line one\nline two\n");
  ChildSpec spec = helper_spec({"cat"});
  spec.stdin_path = dir / "input";
  CHECK(run_child(spec).out.text == "line one\nline two\n");

  spec.stdin_path.clear();
  const ChildOutcome empty = run_child(spec);
  CHECK(empty.exit_code == 0);
  CHECK(empty.out.text.empty());
  CHECK(empty.out.total == 0);
}

TEST_CASE("child process: output over the cap keeps its head and tail and marks the cut") {
  ChildSpec spec = helper_spec({"spam", "1000"});
  spec.output_cap = 100;
  ChildOutcome outcome = run_child(spec);
  CHECK(outcome.out.total == 1000);
  CHECK(outcome.out.cut);
  CHECK(outcome.out.text == spam_bytes(0, 50) + "\n[… 900 bytes cut …]\n" + spam_bytes(950, 1000));

  // Exactly the cap, odd or even, is kept whole.
  spec.argv = {cmd_helper, "spam", "100"};
  outcome = run_child(spec);
  CHECK_FALSE(outcome.out.cut);
  CHECK(outcome.out.text == spam_bytes(0, 100));
  spec.output_cap = 101;
  spec.argv = {cmd_helper, "spam", "101"};
  outcome = run_child(spec);
  CHECK_FALSE(outcome.out.cut);
  CHECK(outcome.out.text == spam_bytes(0, 101));
  spec.argv = {cmd_helper, "spam", "102"};
  outcome = run_child(spec);
  CHECK(outcome.out.cut);
  CHECK(outcome.out.text == spam_bytes(0, 50) + "\n[… 1 bytes cut …]\n" + spam_bytes(51, 102));

  // Many reads' worth, through the default cap of 1 MiB, on standard error.
  spec = helper_spec({"spamerr", "3000000"});
  outcome = run_child(spec);
  CHECK(outcome.err.total == 3000000);
  CHECK(outcome.err.cut);
  const std::uint64_t half = 1 << 19;
  CHECK(outcome.err.text == spam_bytes(0, half) + fmt::format("\n[… {} bytes cut …]\n", 3000000 - 2 * half) +
                                spam_bytes(3000000 - half, 3000000));
  CHECK(outcome.out.total == 0);
}

TEST_CASE("child process: 10 MB on standard error while standard output prints does not deadlock") {
  ChildSpec spec = helper_spec({"print", "before", "spamerr", "10000000", "print", "after", "spam", "70000"});
  spec.timeout_seconds = 120;
  const ChildOutcome outcome = run_child(spec);
  CHECK_FALSE(outcome.timed_out);
  CHECK(outcome.exit_code == 0);
  CHECK(outcome.err.total == 10000000);
  CHECK(outcome.err.cut);
  CHECK(outcome.out.total == 13 + 70000);
  CHECK(outcome.out.text == "before\nafter\n" + spam_bytes(0, 70000));
}

TEST_CASE("child process: a timeout ends the whole group, grandchildren that ignore SIGTERM included") {
  for (const bool tree : {false, true}) {
    CAPTURE(tree);
    ChildSpec spec = helper_spec({"pid", "stubborn-children", "3", "30", "sleep", "30"});
    // Long enough for the helper to have started its children on a loaded machine, under ASan.
    spec.timeout_seconds = 1.5;
    spec.kill_grace_seconds = 5;
    spec.tree_accounting = tree;
    const ChildOutcome outcome = run_child(spec);
    CHECK(outcome.timed_out);
    CHECK_FALSE(outcome.interrupted);
    CHECK_FALSE(outcome.killed);
    CHECK(outcome.signal == SIGTERM);
    CHECK(outcome.describe() == "timed out after 1.5 s and was ended (SIGTERM)");
    CHECK(outcome.stragglers == 3);
    CHECK(seconds_of(outcome.wall_ns) >= 1.5);
    CHECK(seconds_of(outcome.wall_ns) < 5);  // not the grace period: the main process obeyed SIGTERM
    const std::vector<pid_t> pids = pids_printed(outcome.out.text);
    REQUIRE(pids.size() == 4);
    const pid_t main = pids.front();
    CHECK(not_our_zombie(main));
    for (const pid_t pid : pids) {
      CAPTURE(pid);
      CHECK(pid_gone(pid, main));
      CHECK(not_our_zombie(pid));
    }
  }
}

TEST_CASE("child process: a program that ignores SIGTERM gets SIGKILL after the grace period") {
  ChildSpec spec = helper_spec({"ignore-term", "pid", "stubborn-children", "2", "30", "sleep", "30"});
  spec.timeout_seconds = 1.5;
  spec.kill_grace_seconds = 0.3;
  const ChildOutcome outcome = run_child(spec);
  CHECK(outcome.timed_out);
  CHECK(outcome.killed);
  CHECK(outcome.signal == SIGKILL);
  CHECK(outcome.describe() == "timed out after 1.5 s and was ended (SIGTERM, then SIGKILL after 0.3 s)");
  CHECK(outcome.stragglers == 2);
  CHECK(seconds_of(outcome.wall_ns) >= 1.8);
  CHECK(seconds_of(outcome.wall_ns) < 6);
  const std::vector<pid_t> pids = pids_printed(outcome.out.text);
  REQUIRE(pids.size() == 3);
  for (const pid_t pid : pids) {
    CAPTURE(pid);
    CHECK(pid_gone(pid, pids.front()));
    CHECK(not_our_zombie(pid));
  }
}

TEST_CASE("child process: a stopped program ends at its timeout, not at the SIGKILL after the grace period") {
  ChildSpec spec;
  spec.argv = {"/bin/sh", "-c", "kill -STOP $$; echo continued"};
  spec.timeout_seconds = 1;
  spec.kill_grace_seconds = 20;
  const ChildOutcome outcome = run_child(spec);
  CHECK(outcome.timed_out);
  CHECK_FALSE(outcome.killed);
  CHECK(outcome.signal == SIGTERM);  // continued with SIGTERM pending: it acts on that first
  CHECK(outcome.out.text.empty());
  CHECK(seconds_of(outcome.wall_ns) < 20);
}

TEST_CASE("child process: the program runs in a session of its own, without hwbench's terminal") {
  ChildSpec spec;
  // Its pid, its session (the sixth field of /proc/PID/stat), and whether /dev/tty opens.
  spec.argv = {
      "/bin/sh", "-c",
      "echo $$; cut -d' ' -f6 /proc/$$/stat; if (: < /dev/tty) 2>/dev/null; then echo tty; else echo none; fi"};
  spec.timeout_seconds = 60;
  const ChildOutcome outcome = run_child(spec);
  REQUIRE(outcome.exit_code == 0);
  std::istringstream lines(outcome.out.text);
  std::string pid, session, tty;
  lines >> pid >> session >> tty;
  CHECK(!pid.empty());
  CHECK(session == pid);
  CHECK(tty == "none");
}

TEST_CASE("child process: the interruption flag ends the run as a timeout would") {
  std::atomic<bool> interrupted{false};
  ChildSpec spec = helper_spec({"pid", "stubborn-children", "1", "30", "sleep", "30"});
  spec.interrupted = &interrupted;
  std::thread flag([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(1000));
    interrupted = true;
  });
  const ChildOutcome outcome = run_child(spec);
  flag.join();
  CHECK(outcome.interrupted);
  CHECK_FALSE(outcome.timed_out);
  CHECK(outcome.signal == SIGTERM);
  CHECK(outcome.describe() == "was ended by Ctrl-C or SIGTERM");
  CHECK(outcome.stragglers == 1);
  CHECK(seconds_of(outcome.wall_ns) >= 1.0);
  CHECK(seconds_of(outcome.wall_ns) < 4);
  const std::vector<pid_t> pids = pids_printed(outcome.out.text);
  REQUIRE(pids.size() == 2);
  for (const pid_t pid : pids) CHECK(pid_gone(pid, pids.front()));

  // Set before the start: the program is ended at once.
  const ChildOutcome early = run_child(spec);
  CHECK(early.interrupted);
  CHECK(seconds_of(early.wall_ns) < 2);
}

TEST_CASE("child process: a straggler left in the group after a normal exit is killed and counted") {
  for (const bool tree : {false, true}) {
    CAPTURE(tree);
    ChildSpec spec = helper_spec({"pid", "stubborn-children", "2", "30", "print", "leaving", "exit", "0"});
    spec.tree_accounting = tree;
    const ChildOutcome outcome = run_child(spec);
    CHECK(outcome.exit_code == 0);
    CHECK_FALSE(outcome.timed_out);
    CHECK(outcome.stragglers == 2);
    CHECK(outcome.describe() == "exited with status 0");
    CHECK(seconds_of(outcome.wall_ns) < 4);
    const std::vector<pid_t> pids = pids_printed(outcome.out.text);
    REQUIRE(pids.size() == 3);
    for (const pid_t pid : pids) {
      CAPTURE(pid);
      CHECK(pid_gone(pid, pids.front()));
      CHECK(not_our_zombie(pid));
    }
    CHECK(outcome.out.text.ends_with("leaving\n"));
  }
}

TEST_CASE("child process: a grandchild in a session of its own that keeps the pipe open does not hang the run") {
  ChildSpec spec = helper_spec({"detached-child", "30", "print", "done"});
  spec.tree_accounting = false;
  ChildOutcome outcome = run_child(spec);
  CHECK(outcome.exit_code == 0);
  CHECK(seconds_of(outcome.wall_ns) < 2);
  std::vector<pid_t> pids = pids_printed(outcome.out.text);
  REQUIRE(pids.size() == 1);
  // Out of the group and with no cgroup, it escapes: the test ends it.
  CHECK(outcome.stragglers == 0);
  ::kill(pids.front(), SIGKILL);

  // A cgroup of its own catches it.
  spec.tree_accounting = true;
  outcome = run_child(spec);
  pids = pids_printed(outcome.out.text);
  REQUIRE(pids.size() == 1);
  if (!outcome.tree) {
    ::kill(pids.front(), SIGKILL);
    test::skip("no cgroup v2 of its own for the process tree here");
    return;
  }
  CHECK(outcome.stragglers == 1);
  CHECK(pid_gone(pids.front(), pids.front()));
}

TEST_CASE("child process: start failures name the program and the cause") {
  ChildSpec spec;
  spec.argv = {"/nonexistent/hwbench-nope", "x"};
  CHECK_THROWS_WITH_AS(run_child(spec), "cannot run /nonexistent/hwbench-nope: No such file or directory", ChildError);

  test::TempDir dir;
  test::write_text(dir / "not-executable", "#!/bin/sh\nexit 0\n");
  ::chmod((dir / "not-executable").c_str(), 0644);
  spec.argv = {dir / "not-executable"};
  const std::string denied = fmt::format("cannot run {}: Permission denied", dir / "not-executable");
  CHECK_THROWS_WITH_AS(run_child(spec), denied.c_str(), ChildError);

  spec = helper_spec({"print", "x"});
  spec.dir = dir / "missing";
  const std::string no_dir = fmt::format(
      "cannot run {}: cannot enter the working directory {}: No such file or directory", cmd_helper, dir / "missing");
  CHECK_THROWS_WITH_AS(run_child(spec), no_dir.c_str(), ChildError);

  spec = helper_spec({"cat"});
  spec.stdin_path = dir / "no-input";
  const std::string no_input = fmt::format(
      "cannot run {}: cannot open its standard input {}: No such file or directory", cmd_helper, dir / "no-input");
  CHECK_THROWS_WITH_AS(run_child(spec), no_input.c_str(), ChildError);

  spec.argv = {"sh", "-c", "true"};
  spec.stdin_path.clear();
  CHECK_THROWS_WITH_AS(run_child(spec), "cannot run sh: the program must be given as a path", ChildError);
  spec.argv.clear();
  CHECK_THROWS_WITH_AS(run_child(spec), "cannot run a program: none was given", ChildError);
}

TEST_CASE("child process: the child starts with default signal dispositions and an empty mask") {
  // hwbench installs handlers and may ignore signals; none of it may reach the program, which
  // would then outlive SIGTERM.
  struct sigaction ignore {
  }, before{};
  ignore.sa_handler = SIG_IGN;
  ::sigemptyset(&ignore.sa_mask);
  ::sigaction(SIGTERM, &ignore, &before);
  sigset_t usr1_set, mask_before;
  ::sigemptyset(&usr1_set);
  ::sigaddset(&usr1_set, SIGUSR1);
  ::pthread_sigmask(SIG_BLOCK, &usr1_set, &mask_before);
  ChildSpec spec = helper_spec({"sleep", "30"});
  spec.timeout_seconds = 0.1;
  spec.kill_grace_seconds = 10;
  const ChildOutcome outcome = run_child(spec);
  spec = helper_spec({"kill-self", std::to_string(SIGUSR1)});
  const ChildOutcome usr1 = run_child(spec);
  ::pthread_sigmask(SIG_SETMASK, &mask_before, nullptr);
  ::sigaction(SIGTERM, &before, nullptr);
  CHECK(outcome.signal == SIGTERM);
  CHECK_FALSE(outcome.killed);
  CHECK(seconds_of(outcome.wall_ns) < 5);
  CHECK(usr1.signal == SIGUSR1);
}

TEST_CASE("child process: signals caught in hwbench meanwhile (EINTR everywhere) do not disturb the run") {
  static std::atomic<int> alarms{0};
  struct sigaction count {
  }, before{};
  count.sa_handler = [](int) { alarms.fetch_add(1); };
  ::sigemptyset(&count.sa_mask);
  count.sa_flags = 0;  // no SA_RESTART: poll, read and wait4 fail with EINTR
  ::sigaction(SIGALRM, &count, &before);
  itimerval every_ms{{0, 1000}, {0, 1000}}, off{};
  ::setitimer(ITIMER_REAL, &every_ms, nullptr);
  const ChildOutcome outcome =
      run_child(helper_spec({"print", "a", "sleep", "0.2", "spamerr", "2000000", "print", "b"}));
  ::setitimer(ITIMER_REAL, &off, nullptr);
  ::sigaction(SIGALRM, &before, nullptr);
  CHECK(alarms.load() > 10);
  CHECK(outcome.exit_code == 0);
  CHECK(outcome.out.text == "a\nb\n");
  CHECK(outcome.err.total == 2000000);
  CHECK(outcome.wall_ns >= 200'000'000);
}

TEST_CASE("child process: wall and CPU clocks") {
  ChildOutcome outcome = run_child(helper_spec({"burn", "0.2"}));
  CHECK(outcome.usr_ns >= 150'000'000);
  CHECK(outcome.usr_ns + outcome.sys_ns <= outcome.wall_ns + 10'000'000);
  CHECK(outcome.wall_ns >= 150'000'000);
  CHECK(outcome.max_rss_kb > 0);

  outcome = run_child(helper_spec({"sleep", "0.1"}));
  CHECK(outcome.wall_ns >= 100'000'000);
  CHECK(outcome.wall_ns < 2'000'000'000);
  // A sleeping child's CPU time is its start: under ASan on a busy CI machine (the Slurm tests'
  // nodes in the next shard) that reached 52 ms; far below the 150 ms of the burn above.
  CHECK(outcome.usr_ns < 100'000'000);
}

TEST_CASE("child process: the waitpid poll, where there is no pidfd, sees the end as well") {
  ChildSpec spec = helper_spec({"print", "polled", "sleep", "0.1", "exit", "4"});
  spec.watch_pidfd = false;
  ChildOutcome outcome = run_child(spec);
  CHECK(outcome.exit_code == 4);
  CHECK(outcome.out.text == "polled\n");
  CHECK(outcome.wall_ns >= 100'000'000);
  CHECK(outcome.wall_ns < 1'000'000'000);

  spec = helper_spec({"pid", "stubborn-children", "1", "30", "sleep", "30"});
  spec.watch_pidfd = false;
  spec.timeout_seconds = 1.5;
  outcome = run_child(spec);
  CHECK(outcome.timed_out);
  CHECK(outcome.stragglers == 1);
  const std::vector<pid_t> pids = pids_printed(outcome.out.text);
  REQUIRE(pids.size() == 2);
  for (const pid_t pid : pids) CHECK(pid_gone(pid, pids.front()));
}

TEST_CASE("child process: tree accounting counts the whole process tree in a cgroup v2 of its own") {
  ChildSpec spec = helper_spec({"burn-orphan", "0.2"});
  const ChildOutcome outcome = run_child(spec);
  CHECK(outcome.exit_code == 0);
  if (!outcome.tree) {
    test::skip("no cgroup v2 of its own for the process tree here (no cgroup2 mount, or no right to make one)");
    return;
  }
  const TreeUsage& tree = *outcome.tree;
  MESSAGE("tree accounting in " << tree.cgroup << ": usr " << tree.usr_ns / 1000000 << " ms, sys "
                                << tree.sys_ns / 1000000 << " ms; wait4: usr " << outcome.usr_ns / 1000000 << " ms");
  // The grandchild burnt the CPU, and nobody waited for it: wait4 does not see it, the cgroup does.
  CHECK(tree.usr_ns >= 150'000'000);
  CHECK(tree.usr_ns + tree.sys_ns >= 190'000'000);
  CHECK(outcome.usr_ns < 100'000'000);
  CHECK(tree.cgroup.find("/hwbench-" + std::to_string(::getpid()) + "-") != std::string::npos);
  struct stat st {};
  CHECK(::stat(tree.cgroup.c_str(), &st) != 0);  // removed

  // A start failure and a timeout leave no cgroup behind either.
  spec.argv = {"/nonexistent/hwbench-nope"};
  CHECK_THROWS_AS(run_child(spec), ChildError);
  spec = helper_spec({"stubborn-children", "2", "30", "sleep", "30"});
  spec.timeout_seconds = 0.1;
  CHECK(run_child(spec).timed_out);
  const std::string parent = tree.cgroup.substr(0, tree.cgroup.rfind('/'));
  CHECK(our_cgroups_left(parent).empty());
}

TEST_CASE("child process: find_in_path and programs_in_path") {
  const std::string sh = find_in_path("sh");
  CHECK(sh.ends_with("/sh"));
  CHECK(::access(sh.c_str(), X_OK) == 0);
  CHECK(find_in_path("hwbench-no-such-program-7f3a").empty());
  CHECK(find_in_path("").empty());
  CHECK(find_in_path(cmd_helper) == cmd_helper);
  CHECK(find_in_path("/etc/passwd").empty());

  const std::vector<std::string> all = programs_in_path();
  CHECK(std::is_sorted(all.begin(), all.end()));
  CHECK(std::adjacent_find(all.begin(), all.end()) == all.end());
  CHECK(std::binary_search(all.begin(), all.end(), "sh"));
  CHECK_FALSE(std::binary_search(all.begin(), all.end(), "hwbench-no-such-program-7f3a"));

  // A $PATH of our own: only executable files count, each name once.
  test::TempDir one, two;
  for (const auto* dir : {&one, &two}) {
    test::write_text(*dir / "zz-tool", "#!/bin/sh\n");
    ::chmod((*dir / "zz-tool").c_str(), 0755);
  }
  test::write_text(one / "zz-data", "not a program\n");
  ::chmod((one / "zz-data").c_str(), 0644);
  ::mkdir((two / "zz-dir").c_str(), 0755);
  ScopedEnv path("PATH", one.path() + ":" + two.path());
  CHECK(programs_in_path() == std::vector<std::string>{"zz-tool"});
  CHECK(find_in_path("zz-tool") == one / "zz-tool");
  CHECK(find_in_path("zz-data").empty());
  CHECK(find_in_path("zz-dir").empty());
}

}  // namespace hwbench::platform
