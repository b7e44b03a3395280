// `hwbench run --slurm` against a real Slurm started here (tests/support/slurm_cluster.hpp):
// munged, slurmctld and three slurmd on this machine are a cluster of three nodes. hwbench runs
// as a child process, as a user runs it; the binary the nodes get is the hwbench just built, in
// a dist directory under this machine's architecture, broadcast by srun as a static one would be.
#include <sys/utsname.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <optional>
#include <regex>
#include <string>
#include <vector>

#include <doctest/doctest.h>

#include "runtime/cli/cli.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/remote/dist.hpp"
#include "tests/faults/hwbench_child.hpp"
#include "tests/runtime/html/html_fixtures.hpp"
#include "tests/support/skip.hpp"
#include "tests/support/slurm_cluster.hpp"
#include "tests/support/temp_dir.hpp"

namespace {

namespace test = hwbench::test;
namespace remote = hwbench::runtime::remote;

/// A copy series on files in the location, which is relative: each node's run directory, so
/// that nodes sharing this machine's disk do not share files; a teardown that removes them.
const std::string slurm_short_recipe =
    "title \"slurm test\"\n"
    "location st = \"/nonexistent/slurm-test\"\n"
    "setup { write st:/sl_src size 256KiB random }\n"
    "series \"copy\" repeat 3 cp st:/sl_src -> st:/sl_copy_$i\n"
    "series \"sha256\" digest sha256 block 1024 for 50ms runs 2\n"
    "teardown { rm st:/sl_* }\n"
    "report table MB/s with mean\n";

/// A run that lasts until it is stopped, its files in a location the test can watch.
const std::string slurm_long_recipe =
    "location st = \"/nonexistent/slurm-test\"\n"
    "setup { write st:/sl_src size 64KiB random }\n"
    "series \"spin\" nop for 120s\n"
    "teardown { rm st:/sl_* }\n";

/// Two seconds of work after a setup, each node in its own run directory (the location ".").
const std::string slurm_mid_recipe =
    "location st = \"/nonexistent/slurm-test\"\n"
    "setup { write st:/sl_src size 64KiB random }\n"
    "series \"spin\" nop for 2s\n"
    "teardown { rm st:/sl_* }\n";

struct SlurmScopedEnv {
  SlurmScopedEnv(const char* name, const std::string& value) : name_(name) { ::setenv(name, value.c_str(), 1); }
  ~SlurmScopedEnv() { ::unsetenv(name_); }
  const char* name_;
};

/// The cluster, a dist directory with the binary (HWBENCH_DIST), the nodes' TMPDIR (passed on
/// by srun), and a work directory holding the recipes.
struct SlurmFixture {
  test::TempDir root;
  test::SlurmCluster slurm{root.path(), 3};
  std::string work = root / "work", dist = root / "dist", tmp = root / "tmp", loc = root / "loc";
  std::optional<SlurmScopedEnv> dist_env, tmp_env, cache_env;

  /// Whether the cluster is up; a test that gets false has been marked skipped.
  bool ready() {
    if (!slurm.ok()) {
      test::skip("no Slurm cluster for the runs on nodes: " + slurm.why());
      return false;
    }
    for (const auto& d : {work, dist, tmp, loc}) std::filesystem::create_directories(d);
    utsname u{};
    ::uname(&u);
    const std::string arch = remote::dist_arch(u.machine).value_or(u.machine);
    std::filesystem::copy_file(HWBENCH_BINARY,
                               dist + "/" + remote::dist_binary_name(hwbench::runtime::cli::hwbench_version(), arch));
    dist_env.emplace("HWBENCH_DIST", dist);
    tmp_env.emplace("TMPDIR", tmp);
    cache_env.emplace("XDG_CACHE_HOME", root / "cache");
    test::write_text(work + "/short.bench", slurm_short_recipe);
    test::write_text(work + "/long.bench", slurm_long_recipe);
    test::write_text(work + "/mid.bench", slurm_mid_recipe);
    return true;
  }

  /// Whether Slurm lists no job, waiting up to 20 s: scancel gives the allocation back at once,
  /// but Slurm lists a job until it has ended it (COMPLETING), longer on a loaded machine.
  bool no_jobs_left() const {
    const auto start = std::chrono::steady_clock::now();
    while (!slurm.jobs().empty() && test::seconds_since(start) < 20)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    return slurm.jobs().empty();
  }

  /// The broadcast copies of the binary srun left in /tmp for job `job`.
  static std::vector<std::string> broadcast_copies(const std::string& job) {
    std::vector<std::string> out;
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator("/tmp", ec))
      if (e.path().filename().string().starts_with("slurm_bcast_" + job + ".")) out.push_back(e.path().string());
    return out;
  }
};

/// The hwbench the task of job `job` runs (srun's broadcast copy) on `node`; -1 when there is
/// none. That job's only: another test's cluster (the test shards run side by side) has nodes of
/// the same names.
pid_t task_on(const std::string& job, const std::string& node) {
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator("/proc", ec)) {
    const std::string exe = std::filesystem::read_symlink(e.path() / "exe", ec).filename().string();
    if (ec || !exe.starts_with("slurm_bcast_" + job + ".") || !exe.ends_with("_" + node)) continue;
    return std::stoi(e.path().filename().string());
  }
  return -1;
}

/// The job id in hwbench's "slurm: job 42 on 3 nodes: …" line.
std::string slurm_job_of(const std::string& err) {
  std::smatch m;
  return std::regex_search(err, m, std::regex("slurm: job ([0-9]+) on")) ? m[1].str() : "";
}

/// The result files in `dir`/results, by name.
std::vector<std::string> slurm_results_in(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir + "/results", ec)) out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace

TEST_CASE("slurm: a run on three nodes writes each node's result and prints the per-node verdict") {
  SlurmFixture c;
  if (!c.ready()) return;
  test::HwbenchChild run({"run", "short.bench", "--slurm", "--nodes", "3", "-L", "st=.", "--width", "100"}, c.work);
  const int code = run.exit_code(120);
  INFO("stderr: " << run.err());
  INFO("stdout: " << run.out());
  REQUIRE(code == 0);
  const std::string job = slurm_job_of(run.err());
  REQUIRE(!job.empty());
  CHECK(run.err().find("slurm: job " + job + " on 3 nodes: n1, n2, n3\n") != std::string::npos);
  // Progress per node, prefixed with its name.
  for (const char* node : {"n1", "n2", "n3"}) {
    CHECK(run.err().find(std::string(node) + ": [1/2] copy") != std::string::npos);
    CHECK(run.out().find(std::string(node) + " (") != std::string::npos);
  }
  // One result per node, complete, from that node.
  const auto files = slurm_results_in(c.work);
  REQUIRE(files.size() == 3);
  for (std::size_t i = 0; i < files.size(); ++i) {
    const std::string name = std::filesystem::path(files[i]).filename().string();
    CHECK(name.starts_with("short-n" + std::to_string(i + 1) + "-"));
    std::string error;
    const auto result = hwbench::runtime::record::load_comparable(files[i], error);
    REQUIRE_MESSAGE(result, error);
    CHECK(result->status == hwbench::runtime::model::RunStatus::complete);
    CHECK(result->series.size() == 2);
  }
  // The comparison, n1 the base, then the verdict over the three.
  CHECK(run.out().find("Comparison: n1 (the base) and the others") != std::string::npos);
  const auto verdict = run.out().find("Per-node verdict\n================\n");
  REQUIRE(verdict != std::string::npos);
  CHECK(run.out().find("figure / the median of the 3 nodes", verdict) != std::string::npos);
  CHECK(
      std::regex_search(run.out().substr(verdict), std::regex("\ncopy +MB/s +[0-9.]+ +[0-9.]+ +\\*?[0-9]\\.[0-9]{2}")));
  // Nothing left: no job, no broadcast binary, no run directory, no file of the recipe.
  CHECK_MESSAGE(c.no_jobs_left(), c.slurm.jobs());
  CHECK(SlurmFixture::broadcast_copies(job).empty());
  CHECK(test::count_entries(c.tmp) == 0);
}

TEST_CASE("slurm: --serial runs one node after another in one allocation") {
  SlurmFixture c;
  if (!c.ready()) return;
  test::HwbenchChild run({"run", "short.bench", "--slurm", "--nodes", "2", "--serial", "-q", "-L", "st=" + c.loc},
                         c.work);
  const int code = run.exit_code(120);
  INFO("stderr: " << run.err());
  REQUIRE(code == 0);
  // One after another, so one location serves both: each node's teardown ran before the next began.
  CHECK(slurm_results_in(c.work).size() == 2);
  CHECK(test::count_entries(c.loc) == 0);
  CHECK(run.out().find("Comparison: n1 (the base) and the others") != std::string::npos);
  CHECK_MESSAGE(c.no_jobs_left(), c.slurm.jobs());
}

TEST_CASE("slurm: Ctrl-C cancels the job; the node cleans up and the allocation is given back") {
  SlurmFixture c;
  if (!c.ready()) return;
  test::HwbenchChild run({"run", "long.bench", "--slurm", "-L", "st=" + c.loc}, c.work);
  // The setup's file in the location: the long series runs on the node.
  REQUIRE_MESSAGE(run.wait_until([&] { return test::exists(c.loc + "/sl_src"); }, 60), run.err());
  const std::string job = slurm_job_of(run.err());
  REQUIRE(!job.empty());
  CHECK(c.slurm.jobs().find(job + " RUNNING") != std::string::npos);
  run.signal_group(SIGINT);  // a Ctrl-C at the terminal
  const int code = run.exit_code(60);
  INFO("stderr: " << run.err());
  CHECK(code == 3);
  CHECK(run.err().find("n1: hwbench: the result file result.json is marked interrupted") != std::string::npos);
  // The node's result, marked interrupted, is still fetched.
  const auto files = slurm_results_in(c.work);
  REQUIRE(files.size() == 1);
  std::string error;
  const auto result = hwbench::runtime::record::load_comparable(files[0], error);
  REQUIRE_MESSAGE(result, error);
  CHECK(result->status == hwbench::runtime::model::RunStatus::interrupted);
  // No job left, no file of the recipe, no run directory, no broadcast binary.
  CHECK_MESSAGE(c.no_jobs_left(), c.slurm.jobs());
  CHECK(test::count_entries(c.loc) == 0);
  CHECK(test::count_entries(c.tmp) == 0);
  CHECK(SlurmFixture::broadcast_copies(job).empty());
}

TEST_CASE("slurm: a partition that does not exist: exit 3 with Slurm's own message, no job") {
  SlurmFixture c;
  if (!c.ready()) return;
  test::HwbenchChild run({"run", "short.bench", "--slurm", "--partition", "nope", "-L", "st=."}, c.work);
  const int code = run.exit_code(60);
  CHECK(code == 3);
  CHECK(run.err().find("hwbench: slurm: the job was refused: salloc: error: Job submit/allocate failed: Invalid "
                       "partition name specified\n") != std::string::npos);
  CHECK(run.out().empty());
  CHECK(slurm_results_in(c.work).empty());
  CHECK_MESSAGE(c.no_jobs_left(), c.slurm.jobs());
}

TEST_CASE("slurm: the options that go with --slurm, and those that do not") {
  const auto both = test::html_cli({"run", "x.bench", "--slurm", "--host", "h1"});
  CHECK(both.code == 2);
  CHECK(both.err == "hwbench: --slurm runs on Slurm's nodes, --host/--hosts on hosts over ssh: one or the other\n");
  const auto alone = test::html_cli({"run", "x.bench", "--partition", "debug"});
  CHECK(alone.code == 2);
  CHECK(alone.err ==
        "hwbench: --nodes, --partition, --nodelist, --time, --account, --slurm-arg and --slurm-shared go with "
        "--slurm\n");
  const auto k = test::html_cli({"run", "x.bench", "--outlier-k", "2"});
  CHECK(k.code == 2);
  CHECK(k.err == "hwbench: --serial, --dist and --outlier-k go with --host, --hosts or --slurm\n");
  const auto output = test::html_cli({"run", "x.bench", "--slurm", "-o", "r.json"});
  CHECK(output.code == 2);
  CHECK(output.err.find("-o and --html name one file") != std::string::npos);
}

TEST_CASE("slurm: a node whose task is killed mid-run: one line, the other node's result kept, nothing left") {
  SlurmFixture c;
  if (!c.ready()) return;
  test::HwbenchChild run({"run", "mid.bench", "--slurm", "--nodes", "2", "-L", "st=."}, c.work);
  // n2's run directory (named by the job and the node) made and its setup's file written in it:
  // the series runs there. n1's may have ended by then on a loaded machine; it need not run on.
  std::string job;
  const auto n2_running = [&] {
    job = slurm_job_of(run.err());
    std::error_code ec;
    for (const auto& e : std::filesystem::directory_iterator(c.tmp, ec))
      if (!job.empty() && e.path().filename().string().starts_with("hwbench-run." + job + "_n2.") &&
          test::exists(e.path().string() + "/sl_src"))
        return true;
    return false;
  };
  REQUIRE_MESSAGE(run.wait_until(n2_running, 60), run.err());
  const pid_t victim = task_on(job, "n2");
  REQUIRE(victim > 0);
  ::kill(victim, SIGKILL);
  const int code = run.exit_code(60);
  INFO("stderr: " << run.err());
  CHECK(code == 3);
  CHECK(run.err().find("hwbench: n2: no answer from the node: srun: error: n2: task 0: Killed\n") != std::string::npos);
  CHECK(run.err().find("hwbench: no comparison: 1 of the 2 nodes ran the recipe through\n") != std::string::npos);
  // n1 ran through: its reports and its result.
  CHECK(run.out().find("n1 (") != std::string::npos);
  const auto files = slurm_results_in(c.work);
  REQUIRE(files.size() == 1);
  CHECK(std::filesystem::path(files[0]).filename().string().starts_with("mid-n1-"));
  // n2's run directory (its setup's file in it) and its copy of the binary removed by the clean-up
  // step, also when the task's `hwbench-dir` line was lost with its output.
  INFO("left in TMPDIR: " << test::names_of(test::snapshot(c.tmp)));
  CHECK(test::count_entries(c.tmp) == 0);
  CHECK(SlurmFixture::broadcast_copies(job).empty());
  CHECK_MESSAGE(c.no_jobs_left(), c.slurm.jobs());
}

TEST_CASE("slurm: Ctrl-C while the job waits for nodes withdraws the request") {
  SlurmFixture c;
  if (!c.ready()) return;
  // Every node taken by another job: hwbench's waits.
  REQUIRE(test::shell_ok("salloc --no-shell --nodes=3 --job-name=blocker >/dev/null 2>&1"));
  test::HwbenchChild run({"run", "short.bench", "--slurm", "-L", "st=."}, c.work);
  REQUIRE_MESSAGE(run.wait_until([&] { return c.slurm.jobs().find("PENDING hwbench-short") != std::string::npos; }, 30),
                  c.slurm.jobs());
  run.signal_group(SIGINT);
  const int code = run.exit_code(30);
  CHECK(code == 3);
  CHECK(run.err() == "hwbench: slurm: interrupted while waiting for the allocation (the request was withdrawn)\n");
  CHECK(slurm_results_in(c.work).empty());
  const auto start = std::chrono::steady_clock::now();
  while (c.slurm.jobs().find("hwbench-short") != std::string::npos && test::seconds_since(start) < 10)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  const std::string jobs = c.slurm.jobs();
  CHECK(jobs.find("hwbench-short") == std::string::npos);
  CHECK(jobs.find("RUNNING blocker") != std::string::npos);
}

TEST_CASE("slurm: reproduce an openssl log on two nodes: each node against the log") {
  SlurmFixture c;
  if (!c.ready()) return;
  const std::string log = std::string(HWBENCH_SOURCE_DIR) + "/tests/golden/openssl-thinkpad-x20-p3-600mhz.log";
  test::HwbenchChild run(
      {"reproduce", "-q", log, "--slurm", "--nodes", "2", "--set", "seconds=10ms", "--set", "key_seconds=10ms"},
      c.work);
  const int code = run.exit_code(180);
  INFO("stdout:\n" << run.out() << "\nstderr:\n" << run.err());
  CHECK(code == 0);
  // Each node's openssl report under its name, then one comparison with the log the base; two
  // nodes have no per-node verdict (the run on three has).
  CHECK(test::count_of(run.out(), "The 'numbers' are in 1000s of bytes per second processed.") == 2);
  for (const char* node : {"n1", "n2"}) CHECK(test::count_of(run.out(), std::string("\n") + node + " is ") == 1);
  CHECK(run.out().find("Per-node verdict") == std::string::npos);
  CHECK(slurm_results_in(c.work).size() == 2);
  CHECK(test::count_entries(c.tmp) == 0);
  CHECK_MESSAGE(c.no_jobs_left(), c.slurm.jobs());
}

TEST_CASE("slurm: --serial, Ctrl-C during the first node: the second is not started") {
  SlurmFixture c;
  if (!c.ready()) return;
  test::HwbenchChild run({"run", "long.bench", "--slurm", "--nodes", "2", "--serial", "-L", "st=" + c.loc}, c.work);
  REQUIRE_MESSAGE(run.wait_until([&] { return test::exists(c.loc + "/sl_src"); }, 60), run.err());
  run.signal_group(SIGINT);
  const int code = run.exit_code(60);
  INFO("stderr: " << run.err());
  CHECK(code == 3);
  CHECK(run.err().find("hwbench: n2: interrupted before the run started there\n") != std::string::npos);
  CHECK(run.err().find("n2: [") == std::string::npos);
  const auto files = slurm_results_in(c.work);
  REQUIRE(files.size() == 1);
  CHECK(std::filesystem::path(files[0]).filename().string().starts_with("long-n1-"));
  CHECK(test::count_entries(c.loc) == 0);
  CHECK(test::count_entries(c.tmp) == 0);
}
