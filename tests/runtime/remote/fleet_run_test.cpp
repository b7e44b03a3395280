// `hwbench run --host/--hosts` against real OpenSSH servers started here (tests/support/
// ssh_server.hpp): two servers on 127.0.0.1 are two hosts. The static binary they are sent is
// the hwbench just built, copied into a temporary dist directory under this machine's
// architecture: the hosts are this machine, so it runs there as the static one would, and the
// whole path (cache, copy, run, fetch, clean-up) is the real one.
#include <dirent.h>
#include <sys/stat.h>
#include <sys/utsname.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <doctest/doctest.h>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/cli/cli.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/remote/dist.hpp"
#include "tests/faults/hwbench_child.hpp"
#include "tests/faults/scratch_mount.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/ssh_server.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace test = hwbench::test;
namespace remote = hwbench::runtime::remote;

/// A location directory whose name a shell would split, expand and cut short were it not quoted.
const std::string awkward = "st 1 it's \"q\" $HOME; `x`";

/// Two copies of a file, a short series, a teardown that removes them, a baseline beside the
/// recipe and an index over it: the baseline file must travel with the recipe.
const std::string short_recipe =
    "title \"fleet test\"\n"
    "location st = \"/nonexistent/fleet-test\"\n"
    "baseline ref from \"base/ref.toml\"\n"
    "setup { repeat 2 write st:/fleet_$i size 64KB random }\n"
    "series \"copy\" repeat 3 cp st:/fleet_1 -> st:/fleet_copy_$i\n"
    "teardown { rm st:/fleet_* }\n"
    "index \"copy index\" = geomean(\"copy\") vs ref\n"
    "report table MB/s with mean\n";

const std::string ref_toml =
    "schema = \"hwbench-baseline/1\"\n[[baseline]]\nname = \"ref\"\nmachine = \"a test box\"\nsource = \"the test\"\n"
    "unit = \"MB/s\"\n[baseline.figures]\n\"copy\" = 100\n";

/// A run that lasts until it is stopped: its files stay in the location meanwhile.
const std::string long_recipe =
    "location st = \"/nonexistent/fleet-test\"\n"
    "setup { repeat 2 write st:/fleet_$i size 64KB random }\n"
    "series \"warm\" repeat 2 cp st:/fleet_1 -> st:/fleet_copy_$i\n"
    "series \"spin\" nop for 60s\n"
    "teardown { rm st:/fleet_* }\n";

/// This machine's `uname -m`.
std::string this_machine() {
  utsname u{};
  ::uname(&u);
  return u.machine;
}

/// This machine's architecture as the binaries are named.
std::string this_arch() { return remote::dist_arch(this_machine()).value_or(this_machine()); }

/// Sets an environment variable for the scope (hwbench, a child, inherits it).
struct ScopedEnv {
  ScopedEnv(const char* name, const std::string& value) : name_(name) { ::setenv(name, value.c_str(), 1); }
  ~ScopedEnv() { ::unsetenv(name_); }
  const char* name_;
};

/// The files in `dir` whose names start with `prefix`.
std::vector<std::string> files_starting(const std::string& dir, const std::string& prefix) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().filename().string().starts_with(prefix)) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

/// The pids of the processes whose parent is `parent` and whose name is `comm`.
std::vector<pid_t> children_named(pid_t parent, const std::string& comm) {
  std::vector<pid_t> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string stat = test::read_text(e.path().string() + "/stat");
    const auto open = stat.find('('), close = stat.rfind(')');
    if (open == std::string::npos || close == std::string::npos) continue;
    std::istringstream rest(stat.substr(close + 2));
    char state = 0;
    pid_t ppid = 0;
    rest >> state >> ppid;
    if (ppid == parent && stat.substr(open + 1, close - open - 1) == comm)
      out.push_back(std::stoi(stat.substr(0, open)));
  }
  return out;
}

/// What `hwbench run RECIPE WHERE…` did in `work`, run to its end (within `seconds`).
struct RunSeen {
  int code = -1;
  std::string out, err;
  std::string shown;  ///< the command line and both outputs, for INFO
};

RunSeen run_to_end(const std::string& work, const std::string& recipe, const std::vector<std::string>& where,
                   int seconds) {
  std::vector<std::string> args{"run", recipe};
  args.insert(args.end(), where.begin(), where.end());
  test::HwbenchChild run(args, work);
  RunSeen seen{run.exit_code(seconds), run.out(), run.err(), ""};
  seen.shown = fmt::format("{}\nstdout:\n{}\nstderr:\n{}", fmt::join(args, " "), seen.out, seen.err);
  return seen;
}

/// Two sshd on 127.0.0.1, the client configuration that reaches them (HWBENCH_SSH), a dist
/// directory with the binary (HWBENCH_DIST), each host's location and temporary directory, and
/// a work directory holding the recipe.
struct Fleet {
  test::TempDir root;
  test::SshServer host1{root.path(), "host1"};
  test::SshServer host2{root.path(), "host2"};
  std::string work = root / "work";
  std::string dist = root / "dist";
  std::string loc1 = root / ("host1/" + awkward), loc2 = root / ("host2/" + awkward);
  std::string tmp1 = host1.tmp(), tmp2 = host2.tmp();
  std::optional<ScopedEnv> ssh_env, dist_env, cache_env;
  int down_port = 0;

  /// Whether both servers run; a test that gets false has been marked skipped.
  bool ready() {
    if (!host1.ok() || !host2.ok()) {
      test::skip("no OpenSSH server for the remote runs: " + (host1.ok() ? host2.why() : host1.why()));
      return false;
    }
    for (const auto& d : {work, work + "/base", dist, loc1, loc2, tmp1, tmp2}) std::filesystem::create_directories(d);
    // The stand-in for scripts/build-static's output: this build's hwbench, which runs here.
    const std::string binary =
        dist + "/" + remote::dist_binary_name(hwbench::runtime::cli::hwbench_version(), this_arch());
    std::filesystem::copy_file(HWBENCH_BINARY, binary);
    // "down" is a host whose port nothing listens on.
    down_port = test::free_local_port();
    test::write_client_config(root / "ssh_config", {&host1, &host2},
                              "Host down\n  HostName 127.0.0.1\n  Port " + std::to_string(down_port) + "\n");
    ssh_env.emplace("HWBENCH_SSH", "ssh -F " + root / "ssh_config");
    dist_env.emplace("HWBENCH_DIST", dist);
    cache_env.emplace("XDG_CACHE_HOME", root / "here-cache");  // the binaries' hashes are kept here
    test::write_text(work + "/fleet.bench", short_recipe);
    test::write_text(work + "/base/ref.toml", ref_toml);
    test::write_text(work + "/long.bench", long_recipe);
    return true;
  }

  /// Puts the binary into each host's cache as a first run would: the tests about other things
  /// then spend no time copying 50 MB (the copy itself has tests of its own).
  void precache() {
    std::vector<std::string> problems;
    const auto found = remote::find_dist_binaries({dist}, hwbench::runtime::cli::hwbench_version(), problems);
    REQUIRE(found.size() == 1);
    for (const auto* host : {&host1, &host2}) {
      const std::string dir =
          host->cache() + "/hwbench/" + hwbench::runtime::cli::hwbench_version() + "-" + found[0].hash;
      std::filesystem::create_directories(dir);
      std::filesystem::copy_file(found[0].path, dir + "/hwbench");
    }
  }

  /// Starts long.bench on host1; returns once the long series runs there (the warm-up copies
  /// reported, the files of its setup in the location).
  std::unique_ptr<test::HwbenchChild> start_long_run() {
    auto run = std::make_unique<test::HwbenchChild>(
        std::vector<std::string>{"run", "long.bench", "--host", "host1", "-L", "st=" + loc1}, work);
    const bool running = run->wait_until(
        [&] { return test::exists(loc1 + "/fleet_1") && run->err().find("host1: [1/2] warm") != std::string::npos; },
        30);
    REQUIRE_MESSAGE(running, run->err());
    return run;
  }

  /// Whether host1 is left, within 30 s, with no run directory in its TMPDIR and no file in its location.
  bool host1_left_clean() const {
    const auto start = std::chrono::steady_clock::now();
    while (test::count_entries(tmp1) != 0 || test::count_entries(loc1) != 0) {
      if (test::seconds_since(start) > 30) {
        MESSAGE("TMPDIR: " << test::names_of(test::snapshot(tmp1))
                           << "; location: " << test::names_of(test::snapshot(loc1)));
        return false;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    }
    return true;
  }

  /// A fleet file with both hosts, each with its own location (the second's `second_location`
  /// when given).
  std::string fleet_file(const std::string& second = "host2", const std::string& second_location = "") {
    const std::string path = work + "/fleet.toml";
    const auto toml_string = [](const std::string& s) {
      std::string q = "\"";
      for (char c : s) q += (c == '"' || c == '\\') ? std::string("\\") + c : std::string(1, c);
      return q + "\"";
    };
    test::write_text(
        path, "[[host]]\nname = \"host1\"\nssh = \"host1\"\nlocations = { st = " + toml_string(loc1) +
                  " }\n\n[[host]]\nname = \"" + second + "\"\nssh = \"" + second +
                  "\"\nlocations = { st = " + toml_string(second_location.empty() ? loc2 : second_location) + " }\n");
    return path;
  }
};

}  // namespace

TEST_CASE("fleet over real ssh: two hosts run the recipe, both results come home and are compared") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();  // copying has a test of its own (the cache test); here it would cost 10 s
  test::HwbenchChild run({"run", "fleet.bench", "--hosts", fleet.fleet_file(), "--blocks", "2", "--spread", "1s"},
                         fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 0);
  const auto results = files_starting(fleet.work + "/results", "fleet-host");
  REQUIRE(results.size() == 2);
  CHECK(results[0].find("/results/fleet-host1-") != std::string::npos);
  CHECK(results[1].find("/results/fleet-host2-") != std::string::npos);
  for (const auto& path : results) {
    std::string error;
    const auto result = hwbench::runtime::record::load_comparable(path, error);
    REQUIRE_MESSAGE(result.has_value(), error);
    CHECK(result->status == hwbench::runtime::model::RunStatus::complete);
    REQUIRE(result->series.size() == 1);
    CHECK(result->series[0].samples.size() == 3);
    // The host's run took its samples as asked here.
    const std::string words = fmt::format("{}", fmt::join(result->command_line, " "));
    CHECK(words.find(" --blocks 2 --spread 1s") != std::string::npos);
  }
  // One block of reports per host, headed by its name, then the comparison, host1 the base.
  const std::string title = "host1 (" + this_machine() + ")";
  const std::string heading1 = title + "\n" + std::string(title.size(), '=') + "\n\nMB/s\n";
  const std::string heading2 = "host2" + heading1.substr(5);
  CHECK(test::count_of(run.out(), heading1) == 1);
  CHECK(test::count_of(run.out(), heading2) == 1);
  CHECK(run.out().find(heading1) < run.out().find(heading2));
  const std::string comparison =
      "\nComparison: host1 (the base) and the others\n===========================================\n\n";
  REQUIRE(test::count_of(run.out(), comparison) == 1);
  const std::string table = run.out().substr(run.out().find(comparison) + comparison.size());
  // The columns' widths follow the figures: the header's words and the rows' order are what is fixed.
  std::istringstream header(table.substr(0, table.find('\n')));
  std::vector<std::string> words{std::istream_iterator<std::string>(header), std::istream_iterator<std::string>()};
  CHECK(words == std::vector<std::string>{"series", "host1", "host2", "host2/host1"});
  CHECK(table.substr(table.find('\n') + 1).starts_with("copy "));
  // The index needs the baseline file beside the recipe: it travelled with it.
  CHECK(test::count_of(table, "\ncopy index (vs ref)   ") == 1);
  CHECK(test::count_of(table, "\ngeometric mean  ") == 1);
  CHECK(test::count_of(table, "\n  environment  host1 ") == 1);
  // Progress came back prefixed with each host's name; the cached binary served both.
  CHECK(test::count_of(run.err(), "host1: [1/1] copy ") == 1);
  CHECK(test::count_of(run.err(), "host2: [1/1] copy ") == 1);
  CHECK(test::count_of(run.err(), "copying") == 0);
  // Nothing else stays on the hosts: no run directory, none of the recipe's files.
  CHECK(test::count_entries(fleet.tmp1) == 0);
  CHECK(test::count_entries(fleet.tmp2) == 0);
  CHECK(test::count_entries(fleet.loc1) == 0);
  CHECK(test::count_entries(fleet.loc2) == 0);
}

TEST_CASE("fleet over real ssh: a host that is down costs one line and exit 3, the other's result is written") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // One after the other (--serial): the host that is down comes second, after host1 finished.
  test::HwbenchChild run({"run", "fleet.bench", "--serial", "--hosts", fleet.fleet_file("down")}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(test::count_of(run.err(), "hwbench: down: ssh: connect to host 127.0.0.1 port " +
                                      std::to_string(fleet.down_port) + ": Connection refused\n") == 1);
  CHECK(test::count_of(run.err(), "down: ") == 1);  // that line alone
  CHECK(run.err().find("host1: [1/1] copy ") < run.err().find("hwbench: down: "));
  CHECK(test::count_of(run.err(), "hwbench: no comparison: 1 of the 2 hosts ran the recipe through\n") == 1);
  CHECK(files_starting(fleet.work + "/results", "fleet-host1-").size() == 1);
  CHECK(files_starting(fleet.work + "/results", "fleet-down-").empty());
  CHECK(test::count_of(run.out(), "host1 (") == 1);
  CHECK(test::count_of(run.out(), "Comparison") == 0);
}

TEST_CASE("fleet over real ssh: the ssh client killed mid-run leaves no run directory and no file on the host") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  const auto started = fleet.start_long_run();
  test::HwbenchChild& run = *started;
  const auto ssh = children_named(run.pid(), "ssh");
  REQUIRE(ssh.size() == 1);
  INFO("the host's TMPDIR holds: " << test::names_of(test::snapshot(fleet.tmp1)));
  CHECK(files_starting(fleet.tmp1, "hwbench-run.").size() == 1);  // the run directory, while it runs
  ::kill(ssh[0], SIGKILL);
  const int code = run.exit_code(60);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(test::count_of(run.err(),
                       "hwbench: host1: the connection was lost during the run (ssh was ended by a signal)\n") == 1);
  // On the host, hwbench saw its session end, ran its teardown and the run directory went.
  CHECK(fleet.host1_left_clean());
  CHECK(files_starting(fleet.work + "/results", "long-").empty());
}

TEST_CASE("fleet over real ssh: Ctrl-C here stops the run on the host, which runs its teardown") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  const auto started = fleet.start_long_run();
  test::HwbenchChild& run = *started;
  run.signal_group(SIGINT);
  const int code = run.exit_code(60);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(test::count_of(run.err(), "hwbench: host1: interrupted by a signal\n") == 1);
  CHECK(fleet.host1_left_clean());
  // The host's result came home, marked interrupted.
  const auto results = files_starting(fleet.work + "/results", "long-host1-");
  REQUIRE(results.size() == 1);
  std::string error;
  const auto result = hwbench::runtime::record::load_comparable(results[0], error);
  REQUIRE_MESSAGE(result.has_value(), error);
  CHECK(result->status == hwbench::runtime::model::RunStatus::interrupted);
}

TEST_CASE("fleet over real ssh: paths with spaces, quotes, dollars and semicolons reach the host as data") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  const std::string recipe = "it's a $test; run.bench";
  test::write_text(fleet.work + "/" + recipe, short_recipe);
  test::HwbenchChild run({"run", recipe, "--host", "host1", "-L", "st=" + fleet.loc1}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 0);
  const auto results = files_starting(fleet.work + "/results", "it's a $test; run-host1-");
  REQUIRE(results.size() == 1);
  std::string error;
  const auto result = hwbench::runtime::record::load_comparable(results[0], error);
  REQUIRE_MESSAGE(result.has_value(), error);
  bool found = false;
  for (const auto& l : result->locations) found = found || (l.name == "st" && l.path == fleet.loc1);
  CHECK(found);
  // The only entry named like the location next to it is the location itself: no word of it was split off.
  CHECK(files_starting(fleet.root / "host1", "st") == std::vector<std::string>{fleet.loc1});
  CHECK(files_starting(fleet.root / "host1", "it") == std::vector<std::string>{});
  CHECK(test::count_entries(fleet.loc1) == 0);
}

TEST_CASE("fleet over real ssh: the second run finds the binary in the host's cache and copies nothing") {
  Fleet fleet;
  if (!fleet.ready()) return;
  const std::vector<std::string> args{"run", "fleet.bench", "--host", "host1", "-L", "st=" + fleet.loc1};
  struct stat first {};
  {
    test::HwbenchChild run(args, fleet.work);
    const int code = run.exit_code(120);
    INFO("stderr:\n" << run.err());
    CHECK(code == 0);
    CHECK(test::count_of(run.err(), "host1: copying hwbench-") == 1);
    const auto cached = files_starting(fleet.host1.cache() + "/hwbench", "");
    REQUIRE(cached.size() == 1);
    REQUIRE(::stat((cached[0] + "/hwbench").c_str(), &first) == 0);
  }
  test::HwbenchChild again(args, fleet.work);
  const int code = again.exit_code(120);
  INFO("stderr:\n" << again.err());
  CHECK(code == 0);
  CHECK(test::count_of(again.err(), "copying") == 0);
  const auto cached = files_starting(fleet.host1.cache() + "/hwbench", "");
  REQUIRE(cached.size() == 1);
  struct stat second {};
  REQUIRE(::stat((cached[0] + "/hwbench").c_str(), &second) == 0);
  CHECK(second.st_ino == first.st_ino);
  CHECK(second.st_mtim.tv_sec == first.st_mtim.tv_sec);
  CHECK(second.st_mtim.tv_nsec == first.st_mtim.tv_nsec);
}

TEST_CASE("fleet over real ssh: a host whose architecture has no binary here is named with the build command") {
  Fleet fleet;
  if (!fleet.ready()) return;
  std::filesystem::remove_all(fleet.dist);
  std::filesystem::create_directories(fleet.dist);
  test::HwbenchChild run({"run", "fleet.bench", "--host", "host1", "-L", "st=" + fleet.loc1}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stderr:\n" << run.err());
  CHECK(code == 3);
  const std::string arch = this_arch();
  CHECK(test::count_of(run.err(), "hwbench: host1: no hwbench binary for its architecture " + arch + " (" +
                                      remote::dist_binary_name(hwbench::runtime::cli::hwbench_version(), arch) +
                                      " in " + fleet.dist + "): build it with scripts/build-static " + arch + "\n") ==
        1);
}

TEST_CASE(
    "fleet over real ssh: a host whose disk is too small refuses the recipe there, the other host's result is "
    "written") {
  Fleet fleet;
  if (!fleet.ready()) return;
  test::ScratchMount small(1);
  if (!small.mounted()) {
    test::skip("no 1 MiB tmpfs for the full disk: " + small.why_not());
    return;
  }
  fleet.precache();
  // 4 MB written and copied twice: host1's location holds it, host2's 1 MiB disk cannot. The
  // check here knows nothing of the hosts' disks; host2's own check refuses it.
  test::write_text(fleet.work + "/big.bench",
                   "location st = \"/nonexistent/fleet-test\"\n"
                   "setup { write st:/fleet_big size 4MB random }\n"
                   "series \"copy\" repeat 2 cp st:/fleet_big -> st:/fleet_copy_$i\n"
                   "teardown { rm st:/fleet_* }\n");
  test::HwbenchChild run({"run", "big.bench", "--hosts", fleet.fleet_file("host2", small.path())}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(
      test::count_of(run.err(),
                     "hwbench: host2: the recipe was refused there: big.bench:3:24: error: the run needs 12.0 MB in '" +
                         small.path() + "' (tmpfs) at its peak, but only 1.0 MB is free\n") == 1);
  CHECK(test::count_of(run.err(), "\nhost2: 1 error in big.bench; nothing was run\n") == 1);
  CHECK(files_starting(fleet.work + "/results", "big-host1-").size() == 1);
  CHECK(files_starting(fleet.work + "/results", "big-host2-").empty());
  CHECK(test::count_entries(small.path()) == 0);
  CHECK(test::count_entries(fleet.tmp2) == 0);
}

TEST_CASE("fleet over real ssh: a recipe with errors is refused here, as a run here refuses it, before any host") {
  Fleet fleet;
  if (!fleet.ready()) return;
  test::write_text(fleet.work + "/bad.bench", "series \"copy\" nopp runs 2\nreport table ops/s with mean\n");
  // What a run here says, without and with the first host's location (the fleet file's, which
  // this recipe does not use: the warning names the host's path, not the check's own directory).
  const auto refusal_here = [&](const std::vector<std::string>& args) {
    test::HwbenchChild here(args, fleet.work);
    REQUIRE(here.exit_code(60) == 1);
    REQUIRE(test::count_of(here.err(), "bad.bench:1:15: error: unknown kernel 'nopp'\n") == 1);
    return here.err();
  };
  const std::string plain = refusal_here({"run", "bad.bench"});
  const std::string with_st = refusal_here({"run", "bad.bench", "-L", "st=" + fleet.loc1});
  REQUIRE(test::count_of(with_st, "warning: -L st=" + fleet.loc1 + ": the recipe uses no location 'st'\n") == 1);
  // A fleet file, two --host, and a --host nothing listens on: the same errors, once, and exit 1.
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--hosts", fleet.fleet_file()}, with_st},
      {{"--host", "host1", "--host", "host2"}, plain},
      {{"--host", "down"}, plain}};
  for (const auto& [where, refusal] : cases) {
    const RunSeen run = run_to_end(fleet.work, "bad.bench", where, 60);
    INFO(run.shown);
    CHECK(run.code == 1);
    CHECK(run.err == refusal);
    CHECK(run.out.empty());
  }
  // No host was contacted: no binary copied into a cache, no run directory, no result.
  CHECK_FALSE(test::exists(fleet.host1.cache() + "/hwbench"));
  CHECK_FALSE(test::exists(fleet.host2.cache() + "/hwbench"));
  CHECK(test::count_entries(fleet.tmp1) == 0);
  CHECK(test::count_entries(fleet.tmp2) == 0);
  CHECK(files_starting(fleet.work + "/results", "bad-").empty());

  // Errors that only the second host's locations cause name it.
  test::write_text(fleet.work + "/st.bench", "setup { write st:/f size 1KB }\nseries \"n\" nop runs 2\n");
  test::write_text(fleet.work + "/half.toml", "[[host]]\nname = \"host1\"\nssh = \"host1\"\nlocations = { st = \"" +
                                                  fleet.work + "\" }\n[[host]]\nname = \"host2\"\nssh = \"host2\"\n");
  test::HwbenchChild half({"run", "st.bench", "--hosts", "half.toml"}, fleet.work);
  CHECK(half.exit_code(60) == 1);
  INFO("stderr:\n" << half.err());
  CHECK(test::count_of(half.err(), "st.bench:1:15: error: unknown location 'st'\n") == 1);
  CHECK(test::count_of(half.err(), "\nhwbench: those errors come with host2's locations; no machine was contacted\n") ==
        1);
  CHECK_FALSE(test::exists(fleet.host1.cache() + "/hwbench"));
}

TEST_CASE("fleet over real ssh: a recipe that times nothing is warned of once, here, as a run here warns of it") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  test::write_text(fleet.work + "/none.bench", "setup { nop }\nseries \"e\" { }\n");
  test::HwbenchChild here({"run", "none.bench"}, fleet.work);
  REQUIRE(here.exit_code(60) == 0);
  const std::string warning =
      "none.bench: warning: nothing is timed: no statement outside setup and teardown runs\nhint: a timed statement "
      "stands at the top level, in series, time, parallel, interleave or a loop that runs at least once\n";
  REQUIRE(here.err().starts_with(warning));
  // Two hosts, and a fleet file whose locations the recipe does not use: each warning once (in the
  // order the hosts' checks here found them), before any host's line, and no host repeats one.
  const std::string unused = "warning: -L st={}: the recipe uses no location 'st'\nhint: it uses no location\n";
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases{
      {{"--host", "host1", "--host", "host2"}, warning},
      {{"-q", "--hosts", fleet.fleet_file()},
       "none.bench: " + fmt::format(fmt::runtime(unused), fleet.loc1) + warning +
           "none.bench: " + fmt::format(fmt::runtime(unused), fleet.loc2)}};
  for (const auto& [where, told] : cases) {
    const RunSeen run = run_to_end(fleet.work, "none.bench", where, 120);
    INFO(run.shown);
    CHECK(run.code == 0);
    CHECK(run.err.starts_with(told));
    CHECK(test::count_of(run.err, "warning: ") == test::count_of(told, "warning: "));
    CHECK(test::count_of(run.err, "hint: ") == test::count_of(told, "hint: "));
    // Both ran it through: their reports and the comparison.
    CHECK(test::count_of(run.out, "host1 (" + this_machine() + ")\n") == 1);
    CHECK(test::count_of(run.out, "host2 (" + this_machine() + ")\n") == 1);
  }
}

TEST_CASE("reproduce over real ssh: a derived recipe with errors is refused here, before any host, exit 1") {
  Fleet fleet;
  if (!fleet.ready()) return;
  const std::string log = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/openssl-thinkpad-x20-p3-600mhz.log";
  const std::string error = "error: --set seconds=abc: 'seconds' is a duration in the recipe (3s), not a text\n";
  test::HwbenchChild here({"reproduce", "-q", log, "--set", "seconds=abc"}, fleet.work);
  REQUIRE(here.exit_code(60) == 1);
  REQUIRE(test::count_of(here.err(), error) == 1);
  test::HwbenchChild run({"reproduce", "-q", log, "--host", "host1", "--host", "host2", "--set", "seconds=abc"},
                         fleet.work);
  const int code = run.exit_code(60);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 1);
  CHECK(test::count_of(run.err(), error) == 1);
  CHECK(test::count_of(run.err(), " error in ") == 1);
  CHECK(test::count_of(run.err(), "was the derived recipe, removed with its directory") == 1);
  CHECK(test::count_of(run.err(), "host1") == 0);
  CHECK(test::count_of(run.err(), "host2") == 0);
  CHECK_FALSE(test::exists(fleet.host1.cache() + "/hwbench"));
  CHECK(test::count_entries(fleet.tmp1) == 0);
}

TEST_CASE("fleet over real ssh: what only this machine lacks is the host's to judge, and the files named travel") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // The check here knows nothing of the hosts' file systems: the ramdisk is taken to be there,
  // and the baseline beside the recipe goes with it.
  test::write_text(fleet.work + "/ram.bench",
                   "baseline ref from \"base/ref.toml\"\n"
                   "setup { write ramdisk:/hwbench-fleet-test-ram size 64KB random }\n"
                   "series \"copy\" repeat 2 cp ramdisk:/hwbench-fleet-test-ram -> st:/fleet_copy_$i\n"
                   "teardown { rm ramdisk:/hwbench-fleet-test-ram ; rm st:/fleet_* }\n"
                   "index \"copy index\" = geomean(\"copy\") vs ref\n"
                   "report table MB/s with mean\n");
  {
    test::HwbenchChild run({"run", "ram.bench", "--host", "host1", "-L", "st=" + fleet.loc1}, fleet.work);
    const int code = run.exit_code(120);
    INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
    CHECK(code == 0);
    CHECK(test::count_of(run.err(), "note:") == 0);
    CHECK(test::count_of(run.err(), "baseline") == 0);  // its file came with it
    CHECK(files_starting(fleet.work + "/results", "ram-host1-").size() == 1);
  }
  // A literal directory missing here: sent all the same; the host, which lacks it too, refuses it.
  test::write_text(fleet.work + "/literal.bench",
                   "setup { write /nonexistent/hwbench-fleet/f size 64KB }\nseries \"n\" nop runs 2\n");
  test::HwbenchChild run({"run", "literal.bench", "--host", "host1"}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(test::count_of(run.err(),
                       "hwbench: host1: the recipe was refused there: literal.bench:1:9: error: the "
                       "directory '/nonexistent/hwbench-fleet' does not exist") == 1);
  CHECK(test::count_of(run.err(), "note:") == 0);
}

TEST_CASE("fleet over real ssh: the host checks the recipe against its own directories, not this machine's") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // The check here maps the location to an empty directory of its own and lets the recipe
  // through; host1, where the directory is missing, refuses it.
  const std::string missing = fleet.root / "host1/not made";
  test::HwbenchChild run({"run", "fleet.bench", "--host", "host1", "-L", "st=" + missing}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(test::count_of(run.err(), "hwbench: host1: the recipe was refused there: fleet.bench:4:") == 1);
  CHECK(test::count_of(run.err(), "error: the directory '" + missing + "' does not exist") ==
        2);  // streamed, then the line
  CHECK(test::count_of(run.err(), "note:") == 0);
  CHECK_FALSE(test::exists(missing));
  CHECK(files_starting(fleet.work + "/results", "fleet-").empty());
}

namespace {

/// The processes (not zombies) whose command line holds `word`.
std::vector<pid_t> processes_with(const std::string& word) {
  std::vector<pid_t> found;
  for (const auto& entry : std::filesystem::directory_iterator("/proc")) {
    const std::string name = entry.path().filename().string();
    if (name.find_first_not_of("0123456789") != std::string::npos) continue;
    std::string cmdline = test::read_text(entry.path().string() + "/cmdline");
    std::replace(cmdline.begin(), cmdline.end(), '\0', ' ');
    const std::string stat = test::read_text(entry.path().string() + "/stat");
    const auto close = stat.rfind(')');
    const bool zombie = close != std::string::npos && close + 2 < stat.size() && stat[close + 2] == 'Z';
    if (!zombie && cmdline.find(word) != std::string::npos) found.push_back(static_cast<pid_t>(std::stol(name)));
  }
  return found;
}

}  // namespace

TEST_CASE("fleet over real ssh: a lost session ends a command step's program and its children on the host") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // A word no other process has: the program and its stubborn child carry it.
  const std::string mark = "61.3" + std::to_string(::getpid());
  test::write_text(fleet.work + "/cmd.bench", "series \"long\" exec \"" + std::string(HWBENCH_CMD_HELPER) +
                                                  "\" stubborn-children 1 " + mark + " sleep " + mark + "\n");
  test::HwbenchChild run({"run", "cmd.bench", "--allow-exec", "--host", "host1"}, fleet.work);
  REQUIRE_MESSAGE(run.wait_until([&] { return processes_with(" " + mark).size() >= 2; }, 30), run.err());
  const auto ssh = children_named(run.pid(), "ssh");
  REQUIRE(ssh.size() == 1);
  ::kill(ssh[0], SIGKILL);
  const int code = run.exit_code(60);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  // The host's hwbench saw its session end and ended the program's whole group.
  const auto start = std::chrono::steady_clock::now();
  while (!processes_with(" " + mark).empty() && test::seconds_since(start) < 20)
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  CHECK(processes_with(" " + mark).empty());
  CHECK(fleet.host1_left_clean());
}

TEST_CASE("reproduce over real ssh: an openssl log's procedure runs on two hosts, each compared with the log") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  const std::string log = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/openssl-thinkpad-x20-p3-600mhz.log";
  test::HwbenchChild run({"reproduce", "-q", log, "--host", "host1", "--host", "host2", "--set", "seconds=10ms",
                          "--set", "key_seconds=10ms"},
                         fleet.work);
  const int code = run.exit_code(180);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 0);
  // Each host's openssl report under its name, then one comparison: the log the base.
  CHECK(test::count_of(run.out(), "The 'numbers' are in 1000s of bytes per second processed.") == 2);
  const auto header = run.out().find("\nseries ");
  REQUIRE(header != std::string::npos);
  std::istringstream words_of(run.out().substr(header + 1, run.out().find('\n', header + 1) - header - 1));
  std::vector<std::string> words{std::istream_iterator<std::string>(words_of), std::istream_iterator<std::string>()};
  CHECK(words == std::vector<std::string>{"series", "openssl-thinkpad-x20-p3-600mhz.log", "host1", "host2",
                                          "host1/openssl-thinkpad-x20-p3-600mhz.log",
                                          "host2/openssl-thinkpad-x20-p3-600mhz.log"});
  CHECK(test::count_of(run.out(), "\nhost1 is ") == 1);
  CHECK(test::count_of(run.out(), "\nhost2 is ") == 1);
  // The derived recipe lived in a scratch directory here, and nothing stays on the hosts.
  CHECK(test::count_entries(fleet.tmp1) == 0);
  CHECK(test::count_entries(fleet.tmp2) == 0);
}

namespace {

/// An ssh client for HWBENCH_SSH: the real one with the fleet's configuration, except that for
/// the destination `dest` its stdout goes through `filter` (a shell pipeline stage) and the
/// client then exits `code`; `before` is printed on stdout first, and `prelude` (shell lines)
/// runs before the client.
std::string client_wrapper(const Fleet& fleet, const std::string& dest, const std::string& filter, int code,
                           const std::string& before = "", const std::string& prelude = "") {
  const std::string path = fleet.root / "ssh-wrapper";
  const std::string ssh = "ssh -F '" + fleet.root / "ssh_config" + "'";
  std::string script =
      "#!/bin/sh\nd=\nseen=\nfor a; do [ -n \"$seen\" ] && [ -z \"$d\" ] && d=$a; [ \"$a\" = -- ] && seen=1; done\n";
  script += "if [ \"$d\" != " + dest + " ]; then exec " + ssh + " \"$@\"; fi\n";
  if (!before.empty()) script += "printf '" + before + "'\n";
  script += prelude;
  if (filter.empty())
    script += "exec " + ssh + " \"$@\"\n";
  else
    script += ssh + " \"$@\" | " + filter + "\nexit " + std::to_string(code) + "\n";
  test::write_text(path, script);
  ::chmod(path.c_str(), 0755);
  return path;
}

}  // namespace

TEST_CASE("fleet over real ssh: an answer cut after its status line is a lost connection, not a silent success") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // host2's link drops once the status line and the result file's header have come through.
  fleet.ssh_env.emplace("HWBENCH_SSH", client_wrapper(fleet, "host2", "sed -n '1,/^hwbench-file/p'", 255));
  test::HwbenchChild run({"run", "fleet.bench", "--hosts", fleet.fleet_file()}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(test::count_of(run.err(),
                       "hwbench: host2: the connection was lost while its answer came (ssh exited with 255)\n") == 1);
  CHECK(test::count_of(run.err(), "hwbench: no comparison: 1 of the 2 hosts ran the recipe through\n") == 1);
  CHECK(files_starting(fleet.work + "/results", "fleet-host1-").size() == 1);
  CHECK(files_starting(fleet.work + "/results", "fleet-host2-").empty());
  // The run there went through to its end: its teardown ran and its run directory went.
  CHECK(test::count_entries(fleet.tmp2) == 0);
  CHECK(test::count_entries(fleet.loc2) == 0);
}

TEST_CASE("fleet over real ssh: text a login script prints without a newline does not hide the answer") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // A terminal title's escape on stdout before the session's own output, as some shell rc files print.
  fleet.ssh_env.emplace("HWBENCH_SSH", client_wrapper(fleet, "host2", "", 0, "\\033]0;me@host2\\007"));
  test::HwbenchChild run({"run", "fleet.bench", "--hosts", fleet.fleet_file()}, fleet.work);
  const int code = run.exit_code(120);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 0);
  CHECK(files_starting(fleet.work + "/results", "fleet-host2-").size() == 1);
  CHECK(test::count_of(run.out(), "Comparison: host1 (the base) and the others") == 1);
}

TEST_CASE("fleet over real ssh: two host names that give one result file name are refused before any session") {
  Fleet fleet;
  if (!fleet.ready()) return;
  test::HwbenchChild run({"run", "fleet.bench", "--host", "rack 1", "--host", "rack_1"}, fleet.work);
  const int code = run.exit_code(30);
  CHECK(code == 2);
  CHECK(run.err() ==
        "hwbench: the hosts 'rack 1' and 'rack_1' would write their results to one file name ('rack_1'); rename "
        "one\n");
  CHECK_FALSE(test::exists(fleet.work + "/results"));
}

TEST_CASE("fleet over real ssh: the built-in tmp location lives in the run directory, gone with it") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  test::write_text(
      fleet.work + "/tmp.bench",
      "setup { write tmp:/t_1 size 64KB random }\nseries \"spin\" nop for 60s\nteardown { rm tmp:/t_* }\n");
  test::HwbenchChild run({"run", "tmp.bench", "--host", "host1"}, fleet.work);
  // The file of the setup in the run directory: the series runs there.
  const auto in_run_dir = [&] {
    for (const auto& d : files_starting(fleet.tmp1, "hwbench-run."))
      if (test::exists(d + "/hwbench-tmp/t_1")) return true;
    return false;
  };
  REQUIRE_MESSAGE(run.wait_until(in_run_dir, 30), "host TMPDIR: " << test::names_of(test::snapshot(fleet.tmp1)));
  // hwbench on the host killed as the OOM killer would: no teardown; the run directory goes,
  // and the tmp location's file with it.
  // Its own process, not the shells and ssh whose command lines carry the same words; and this
  // host's, running in its run directory under this test's TMPDIR: a remote session of a test
  // running beside this one (the test shards run side by side) is not ours to end.
  int killed = 0;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string cmd = test::read_text(e.path().string() + "/cmdline");
    const auto exe = std::filesystem::read_symlink(e.path() / "exe", ec).filename();
    if (ec || exe != "hwbench" || cmd.find("--remote-session") == std::string::npos) continue;
    const std::string cwd = std::filesystem::read_symlink(e.path() / "cwd", ec).string();
    if (!ec && cwd.starts_with(fleet.tmp1 + "/hwbench-run.")) {
      ::kill(std::stoi(e.path().filename().string()), SIGKILL);
      ++killed;
    }
  }
  REQUIRE(killed == 1);
  const int code = run.exit_code(60);
  INFO("stderr:\n" << run.err());
  CHECK(code == 3);
  CHECK(fleet.host1_left_clean());
  CHECK(test::count_entries(fleet.tmp1) == 0);
}

TEST_CASE("fleet over real ssh: a descendant of the client that keeps its stderr does not hold the run") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // As a ControlPersist master started with -v would: a process that outlives the client and
  // keeps the session's stderr open.
  const std::string straggler = fleet.root / "straggler.pid";
  fleet.ssh_env.emplace("HWBENCH_SSH",
                        client_wrapper(fleet, "host1", "", 0, "",
                                       "( exec sleep 30 ) </dev/null >/dev/null &\necho $! > '" + straggler + "'\n"));
  const auto start = std::chrono::steady_clock::now();
  test::HwbenchChild run({"run", "fleet.bench", "--host", "host1", "-L", "st=" + fleet.loc1}, fleet.work);
  const int code = run.exit_code(60);
  INFO("stderr:\n" << run.err());
  CHECK(code == 0);
  CHECK(test::seconds_since(start) < 15);
  CHECK(files_starting(fleet.work + "/results", "fleet-host1-").size() == 1);
  // This one only: a `sleep 30` of a test running beside this one (the test shards run side by
  // side) is not ours to end.
  const std::string pid = test::read_text(straggler);
  REQUIRE(!pid.empty());
  ::kill(std::stoi(pid), SIGKILL);
}

TEST_CASE("fleet over real ssh: a host that went dark: the other's result is written at once, Ctrl-C ends it") {
  Fleet fleet;
  if (!fleet.ready()) return;
  fleet.precache();
  // host2 answers nothing and never reads its stdin's end: a network gone dark.
  fleet.ssh_env.emplace("HWBENCH_SSH", client_wrapper(fleet, "host2", "", 0, "", "exec sleep 300\n"));
  test::HwbenchChild run({"run", "fleet.bench", "--hosts", fleet.fleet_file()}, fleet.work);
  // host1's result is on disk as soon as its session ends, while hwbench still waits for host2:
  // a hwbench killed now would keep it.
  REQUIRE_MESSAGE(
      run.wait_until([&] { return files_starting(fleet.work + "/results", "fleet-host1-").size() == 1; }, 60),
      run.err());
  CHECK_FALSE(run.ended());
  const auto start = std::chrono::steady_clock::now();
  run.signal_group(SIGINT);
  const int code = run.exit_code(60);
  INFO("stderr:\n" << run.err());
  CHECK(code == 3);
  // host2's client was ended once its 10 s were up.
  CHECK(test::seconds_since(start) < 25);
  CHECK(test::count_of(run.err(), "hwbench: host2: interrupted, and no answer came within 10 s: its ssh was ended\n") ==
        1);
  CHECK(files_starting(fleet.work + "/results", "fleet-host1-").size() == 1);
}
