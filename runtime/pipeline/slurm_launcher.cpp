#include "runtime/pipeline/slurm_launcher.hpp"

#include <sys/utsname.h>

#include <cctype>
#include <csignal>
#include <filesystem>
#include <map>

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

/// What one node's task said and printed.
struct NodeRun {
  remote::TaskAnswer answer;
  std::string dir;                 ///< its run directory, from its `hwbench-dir` line
  std::vector<std::string> lines;  ///< its stderr lines after its node line
};

/// One step: `words` run by srun on `node` (or every node when ""), the progress told to `log`
/// prefixed with each node's name. The answers by node; srun's own lines in `slurm_lines`.
std::map<std::string, NodeRun> run_step(const std::string& job, const std::string& node, std::size_t nodes,
                                        const remote::SlurmOptions& options, const std::string& binary,
                                        const std::vector<std::string>& words, const std::string& bundle,
                                        const std::atomic<bool>* interrupted, std::vector<std::string>& slurm_lines,
                                        std::ostream& log) {
  std::map<int, std::string> task_node;
  std::map<std::string, NodeRun> runs;
  remote::SessionInput io;
  io.input = bundle;
  io.interrupted = interrupted;
  // The steps' tasks stop as after a Ctrl-C on their node: the run ends, its teardown runs, its
  // answer still comes.
  io.on_interrupt = [&job] { run_command({"scancel", "--quiet", "--signal=TERM", job}); };
  io.on_stderr_line = [&](const std::string& line) {
    const auto labelled = remote::labelled_line(line);
    if (!labelled) {
      slurm_lines.push_back(line);
      return;
    }
    const auto& [task, text] = *labelled;
    // slurmstepd's banner (a time limit, a cancel) comes labelled with the task it ended.
    if (text.rfind("slurmstepd", 0) == 0) slurm_lines.push_back(text);
    if (text.rfind(remote::node_line_prefix, 0) == 0 && !task_node.count(task)) {
      task_node[task] = text.substr(remote::node_line_prefix.size());
      return;
    }
    const auto it = task_node.find(task);
    const std::string name = it == task_node.end() ? fmt::format("task {}", task) : it->second;
    if (text.rfind(remote::dir_line_prefix, 0) == 0 && runs[name].dir.empty()) {
      runs[name].dir = text.substr(remote::dir_line_prefix.size());
      return;
    }
    runs[name].lines.push_back(text);
    log << name << ": " << text << "\n" << std::flush;
  };
  const remote::SessionEnd end = remote::run_session(remote::srun_argv(job, node, nodes, options, binary, words), io);
  if (!end.start_error.empty()) slurm_lines.push_back(end.start_error);
  for (const auto& [task, text] : remote::split_by_task(end.out)) {
    remote::TaskAnswer answer = remote::decode_answer(text);
    std::string name = answer.node;
    if (name.empty()) {
      const auto it = task_node.find(task);
      name = it == task_node.end() ? fmt::format("task {}", task) : it->second;
    }
    runs[name].answer = std::move(answer);
  }
  return runs;
}

/// Whether `line` names `node` as a word: "n1" in "srun: error: n1: task 0", not in "n10".
bool mentions(const std::string& line, const std::string& node) {
  const auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_'; };
  for (auto at = line.find(node); at != std::string::npos; at = line.find(node, at + 1)) {
    const std::size_t end = at + node.size();
    if ((at == 0 || !word(line[at - 1])) && (end == line.size() || !word(line[end]))) return true;
  }
  return false;
}

/// Why a node did not run the recipe through: its run's own line, else Slurm's about it.
std::string node_error(const std::string& node, const NodeRun* run, const std::vector<std::string>& slurm_lines) {
  std::vector<std::string> about;
  for (const auto& l : slurm_lines)
    if (mentions(l, node)) about.push_back(l);
  std::string slurm = remote::slurm_message(about.empty() ? slurm_lines : about);
  // slurmstepd's "*** STEP 4.0 ON c07 CANCELLED AT … DUE TO TIME LIMIT ***" says why, srun's
  // "task 0: Exited with exit code 3" only how.
  for (const auto& l : about)
    if (l.find("***") != std::string::npos) slurm = l;
  if (run == nullptr || !run->answer.status) {
    return slurm.empty() ? "no answer from the node" : "no answer from the node: " + slurm;
  }
  if (*run->answer.status == 0) return "";
  for (const auto& l : run->lines)
    if (l.starts_with("hwbench: ")) return l.substr(9) + (slurm.empty() ? "" : " (" + slurm + ")");
  return fmt::format("hwbench exited with {} there{}", *run->answer.status, slurm.empty() ? "" : ": " + slurm);
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

  std::optional<LaunchOutcome> launch(const LaunchRequest& request, std::ostream& log) override {
    const auto prepared = prepare_remote_run(request, {TargetLocations{"the nodes", {}}}, log);
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

    std::map<std::string, NodeRun> runs;
    std::vector<std::string> slurm_lines;
    if (request.serial) {
      for (const auto& node : nodes) {
        if (interrupted->load()) break;
        auto one =
            run_step(release.job, node, 1, options_, binary, words, prepared.bundle, interrupted, slurm_lines, log);
        runs.merge(one);
      }
    } else {
      runs = run_step(release.job, "", nodes.size(), options_, binary, words, prepared.bundle, interrupted, slurm_lines,
                      log);
    }

    const std::string stamp = utc_stamp("%Y%m%dT%H%M%SZ");
    outcome.all_complete = true;
    for (const auto& node : nodes) {
      const auto it = runs.find(node);
      const NodeRun* run = it == runs.end() ? nullptr : &it->second;
      // With --serial, a Ctrl-C leaves the nodes after the current one unstarted.
      const bool unstarted = run == nullptr && interrupted->load();
      Received received{
          node, "", "", "", unstarted ? "interrupted before the run started there" : node_error(node, run, slurm_lines),
          -1};
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

  remote::SlurmOptions options_;
};

}  // namespace

std::unique_ptr<Launcher> slurm_launcher(remote::SlurmOptions options) {
  return std::make_unique<SlurmLauncher>(std::move(options));
}

}  // namespace hwbench::runtime::pipeline
