#include "runtime/pipeline/slurm_launcher.hpp"

#include <sys/utsname.h>

#include <csignal>
#include <filesystem>
#include <map>
#include <mutex>
#include <thread>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/pipeline/remote_launch.hpp"
#include "runtime/pipeline/run_recipe.hpp"
#include "runtime/remote/dist.hpp"
#include "runtime/remote/fleet_file.hpp"
#include "runtime/remote/ssh_session.hpp"
#include "runtime/run/interpreter.hpp"

namespace hwbench::runtime::pipeline {

namespace {

/// A Slurm command run to its end: its stdout, and its stderr lines.
struct Command {
  remote::SessionEnd end;
  std::vector<std::string> lines;
};

Command run_command(const std::vector<std::string>& argv, const std::atomic<bool>* interrupted = nullptr,
                    int interrupt_signal = 0) {
  Command c;
  remote::SessionInput io;
  io.interrupted = interrupted;
  io.interrupt_signal = interrupt_signal;
  io.on_stderr_line = [&c](const std::string& line) { c.lines.push_back(line); };
  c.end = remote::run_session(argv, io);
  return c;
}

/// The binary the nodes run: the static one of this machine's architecture when dist has it
/// (the nodes of a cluster are taken to share the submitting machine's architecture), else the
/// running hwbench itself.
std::string node_binary(const LaunchRequest& request, std::ostream& log) {
  utsname u{};
  ::uname(&u);
  const auto arch = remote::dist_arch(u.machine);
  const remote::HostBinaries found = find_binaries(request, request.dist, log);
  for (const auto& b : found.binaries)
    if (arch && b.arch == *arch) return b.path;
  const std::string self = remote::running_executable();
  if (!request.quiet)
    log << fmt::format(
        "hwbench: note: no static binary for {} in {}; the nodes get this hwbench ({}), which needs the same "
        "libraries there\n",
        u.machine, found.dirs.empty() ? std::string("dist/") : found.dirs.front(), self);
  return self;
}

/// The nodes of job `job`, in Slurm's order; empty with `error` set when they cannot be learnt.
std::vector<std::string> job_nodes(const std::string& job, std::string& error) {
  const Command list = run_command({"squeue", "--noheader", "--jobs=" + job, "--format=%N"});
  std::string compressed = list.end.out;
  while (!compressed.empty() && (compressed.back() == '\n' || compressed.back() == ' ')) compressed.pop_back();
  if (list.end.exit_code != 0 || compressed.empty()) {
    error = "squeue: " + remote::slurm_message(list.lines);
    return {};
  }
  const Command names = run_command({"scontrol", "show", "hostnames", compressed});
  std::vector<std::string> nodes;
  std::string line;
  for (char c : names.end.out) {
    if (c != '\n') {
      line += c;
    } else if (!line.empty()) {
      nodes.push_back(std::move(line));
      line.clear();
    }
  }
  if (!line.empty()) nodes.push_back(line);
  if (nodes.empty()) error = "scontrol show hostnames: " + remote::slurm_message(names.lines);
  return nodes;
}

/// What one node's step said and printed.
struct NodeRun {
  remote::TaskAnswer answer;
  std::string dir;                 ///< its run directory, from its `hwbench-dir` line
  std::vector<std::string> lines;  ///< its task's stderr lines after its node line
  std::vector<std::string> slurm;  ///< srun's own lines, and slurmstepd's banner
};

/// One node's step: `words` run by srun on `node`, its progress told to `log` (under
/// `log_mutex`, the steps of the other nodes writing there too) prefixed with the node's name.
NodeRun run_step(const std::string& job, const std::string& node, const remote::SlurmOptions& options,
                 const std::string& binary, const std::vector<std::string>& words, const std::string& bundle,
                 const std::atomic<bool>* interrupted, std::ostream& log, std::mutex& log_mutex) {
  NodeRun run;
  bool named = false;
  remote::SessionInput io;
  io.input = bundle;
  io.interrupted = interrupted;
  // The steps' tasks stop as after a Ctrl-C on their node: the run ends, its teardown runs, its
  // answer still comes.
  io.on_interrupt = [&job] { run_command({"scancel", "--quiet", "--signal=TERM", job}); };
  // A node's teardown may take longer than ssh's 10 s; a node that died is Slurm's to end (its
  // KillWait), so srun is given a minute before it is ended and the node's answer lost.
  io.interrupt_grace_seconds = 60;
  io.on_stderr_line = [&](const std::string& line) {
    const auto labelled = remote::labelled_line(line);
    if (!labelled) {
      run.slurm.push_back(line);
      return;
    }
    const std::string& text = labelled->second;
    // slurmstepd's banner (a time limit, a cancel) comes labelled with the task it ended.
    if (text.rfind("slurmstepd", 0) == 0) run.slurm.push_back(text);
    if (!named && text.rfind(remote::node_line_prefix, 0) == 0) {
      named = true;
      return;
    }
    if (run.dir.empty() && text.rfind(remote::dir_line_prefix, 0) == 0) {
      run.dir = text.substr(remote::dir_line_prefix.size());
      return;
    }
    run.lines.push_back(text);
    const std::lock_guard<std::mutex> lock(log_mutex);
    log << node << ": " << text << "\n" << std::flush;
  };
  const remote::SessionEnd end = remote::run_session(remote::srun_argv(job, node, options, binary, words), io);
  if (!end.start_error.empty()) run.slurm.push_back(end.start_error);
  for (const auto& [task, text] : remote::split_by_task(end.out)) run.answer = remote::decode_answer(text);
  return run;
}

/// Why a node did not run the recipe through: its run's own line, else Slurm's about it.
std::string node_error(const NodeRun& run) {
  std::string slurm = remote::slurm_message(run.slurm);
  // slurmstepd's "*** STEP 4.0 ON c07 CANCELLED AT … DUE TO TIME LIMIT ***" says why, srun's
  // "task 0: Exited with exit code 3" only how.
  for (const auto& l : run.slurm)
    if (l.find("***") != std::string::npos) slurm = l;
  if (!run.answer.status) return slurm.empty() ? "no answer from the node" : "no answer from the node: " + slurm;
  if (*run.answer.status == 0) return "";
  for (const auto& l : run.lines)
    if (l.starts_with("hwbench: ")) return l.substr(9) + (slurm.empty() ? "" : " (" + slurm + ")");
  return fmt::format("hwbench exited with {} there{}", *run.answer.status, slurm.empty() ? "" : ": " + slurm);
}

/// A node whose task gave no answer was cut short (its task killed, a time limit's SIGKILL):
/// what it left, its run directory and the broadcast binary, is removed by one more step there.
/// A node that is gone keeps them; the step's failure is told.
void clean_up_after(const std::string& job, const std::string& node, const NodeRun* run,
                    const remote::SlurmOptions& options, std::ostream& log) {
  const Command cleanup = run_command(remote::cleanup_argv(job, node, run->dir, options));
  if (cleanup.end.exit_code != 0)
    log << fmt::format("hwbench: {}: could not remove its run directory and hwbench's copy there: {}\n", node,
                       remote::slurm_message(cleanup.lines));
}

/// Gives the allocation back whatever happens.
struct Release {
  std::string job;
  ~Release() {
    if (!job.empty()) run_command({"scancel", "--quiet", job});
  }
};

class SlurmLauncher : public Launcher {
 public:
  explicit SlurmLauncher(remote::SlurmOptions options) : options_(std::move(options)) {}
  std::string target_kind() const override { return "node"; }
  LoadFailure load_failure() const override { return failure_; }

  std::optional<LaunchOutcome> launch(const LaunchRequest& request, std::ostream& log) override {
    const auto prepared = prepare_remote_run(request, {TargetLocations{"the nodes", {}}}, log, failure_);
    if (!prepared) return std::nullopt;
    const std::string binary = node_binary(request, log);
    struct sigaction ignore {
    }, old_pipe{};
    ignore.sa_handler = SIG_IGN;
    ::sigaction(SIGPIPE, &ignore, &old_pipe);
    run::InterruptGuard guard;
    LaunchOutcome outcome = run_job(request, *prepared, binary, guard.flag(), log);
    outcome.interrupted = guard.flag()->load();
    ::sigaction(SIGPIPE, &old_pipe, nullptr);
    return outcome;
  }

 private:
  LaunchOutcome run_job(const LaunchRequest& request, const RemoteRun& prepared, const std::string& binary,
                        const std::atomic<bool>* interrupted, std::ostream& log) {
    LaunchOutcome outcome;
    outcome.all_complete = false;
    const std::string job_name =
        "hwbench-" + remote::file_name_part(std::filesystem::path(request.recipe.file).stem().string());
    const Command alloc = run_command(remote::salloc_argv(options_, job_name), interrupted, SIGINT);
    Release release{remote::granted_job(alloc.lines).value_or("")};
    if (release.job.empty()) {
      if (interrupted->load())
        log << "hwbench: slurm: interrupted while waiting for the allocation (the request was withdrawn)\n";
      else if (!alloc.end.start_error.empty())
        log << "hwbench: slurm: " << alloc.end.start_error << " (Debian package slurm-client)\n";
      else
        log << "hwbench: slurm: the job was refused: " << remote::slurm_message(alloc.lines) << "\n";
      return outcome;
    }
    std::string error;
    const std::vector<std::string> nodes = job_nodes(release.job, error);
    if (nodes.empty()) {
      log << fmt::format("hwbench: slurm: job {}: cannot learn its nodes: {}\n", release.job, error);
      return outcome;
    }
    if (!request.quiet)
      log << fmt::format("slurm: job {} on {} node{}: {}\n", release.job, nodes.size(), nodes.size() == 1 ? "" : "s",
                         fmt::join(nodes, ", "));
    std::vector<std::string> words{"run", "--slurm-task", "-o", "result.json"};
    words.insert(words.end(), prepared.run_words.begin(), prepared.run_words.end());
    words.push_back(prepared.recipe_name);

    const std::map<std::string, NodeRun> runs =
        run_steps(release.job, nodes, request.serial, binary, words, prepared.bundle, interrupted, log);

    const std::string stamp = utc_stamp("%Y%m%dT%H%M%SZ");
    outcome.all_complete = true;
    for (const auto& node : nodes) {
      const auto it = runs.find(node);
      const NodeRun* run = it == runs.end() ? nullptr : &it->second;
      // With --serial, a Ctrl-C leaves the nodes after the current one unstarted.
      Received received{
          node, "", "", "", run == nullptr ? "interrupted before the run started there" : node_error(*run), -1};
      if (run != nullptr) {
        received.machine = run->answer.machine;
        received.remote_exit = run->answer.status.value_or(-1);
        if (auto f = run->answer.files.find("result.json"); f != run->answer.files.end()) received.result = f->second;
        if (auto f = run->answer.files.find("reports.txt"); f != run->answer.files.end()) received.reports = f->second;
      }
      if (!received.error.empty()) log << fmt::format("hwbench: {}: {}\n", node, received.error);
      // A task that started there and gave no answer was cut short: what it left is removed.
      if (run != nullptr && !run->answer.status) clean_up_after(release.job, node, run, options_, log);
      outcome.targets.push_back(collect_received(request, received, stamp, log));
      if (!outcome.targets.back().error.empty()) outcome.all_complete = false;
    }
    return outcome;
  }

  /// A step per node, side by side, or one after another with `serial` (a Ctrl-C then leaves
  /// the nodes after the current one unstarted). Not one step for all: when one task of a step
  /// dies by SIGKILL or SIGTERM, srun drops whatever output of the others is still on its way
  /// once they end (its I/O is aborted, "Force Terminated"), and the node that finished last
  /// would lose its answer with the one that was killed.
  std::map<std::string, NodeRun> run_steps(const std::string& job, const std::vector<std::string>& nodes, bool serial,
                                           const std::string& binary, const std::vector<std::string>& words,
                                           const std::string& bundle, const std::atomic<bool>* interrupted,
                                           std::ostream& log) const {
    std::vector<std::optional<NodeRun>> each(nodes.size());
    std::mutex log_mutex;
    const auto step = [&](std::size_t i) {
      each[i] = run_step(job, nodes[i], options_, binary, words, bundle, interrupted, log, log_mutex);
    };
    if (serial) {
      for (std::size_t i = 0; i < nodes.size() && !interrupted->load(); ++i) step(i);
    } else {
      std::vector<std::thread> threads;
      for (std::size_t i = 0; i < nodes.size(); ++i) threads.emplace_back(step, i);
      for (auto& t : threads) t.join();
    }
    std::map<std::string, NodeRun> runs;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (each[i]) runs.emplace(nodes[i], std::move(*each[i]));
    return runs;
  }

  remote::SlurmOptions options_;
  LoadFailure failure_ = LoadFailure::usage;
};

}  // namespace

std::unique_ptr<Launcher> slurm_launcher(remote::SlurmOptions options) {
  return std::make_unique<SlurmLauncher>(std::move(options));
}

}  // namespace hwbench::runtime::pipeline
