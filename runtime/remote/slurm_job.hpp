#pragma once
// The parts of a run on Slurm nodes (docs/remote.md, runtime/pipeline/slurm_launcher.hpp) that
// are words and text: the commands given to Slurm (salloc, srun, scancel, squeue, scontrol),
// what their output says, and the answer a node's `hwbench run --slurm-task` prints.
//
// One allocation, `salloc --no-shell`, holds the nodes; each run is a step of it, `srun --jobid
// --label --bcast`, which copies the static binary to each node's /tmp (slurm_bcast_JOB.STEP_NODE)
// and starts it there with the bundle (the recipe and the files it names) on its stdin. The task
// prints its node's name on stderr first, then its progress; its answer comes on stdout, every
// line labelled with the task's number by srun, the files in base64 lines short enough that srun
// never breaks them. `scancel` ends the allocation.
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace hwbench::runtime::remote {

/// What the command line asks of Slurm (`run --slurm …`).
struct SlurmOptions {
  unsigned nodes = 0;               ///< --nodes N; 0: Slurm's default (one)
  std::string partition;            ///< --partition P
  std::string nodelist;             ///< --nodelist LIST
  std::string time;                 ///< --time T, in Slurm's forms (minutes, MM:SS, HH:MM:SS, D-HH…)
  std::string account;              ///< --account A
  std::vector<std::string> extra;   ///< --slurm-arg ARG, each given to salloc as it is
  bool exclusive = true;            ///< whole nodes (salloc --exclusive); --slurm-shared: false
  std::string bcast_dir = "/tmp/";  ///< where srun --bcast puts the binary on each node
};

/// `salloc --no-shell` for the allocation, named `job_name`, with one task per node.
std::vector<std::string> salloc_argv(const SlurmOptions& options, const std::string& job_name);

/// The job id in salloc's "salloc: Granted job allocation 42" line; nullopt when no line says so.
std::optional<std::string> granted_job(const std::vector<std::string>& lines);

/// Slurm's own message among `lines` (salloc's, srun's): the last "error:" line with its
/// program's name, else the last line; "" when there is none.
std::string slurm_message(const std::vector<std::string>& lines);

/// One step of job `job` that runs `binary` with `words` on `node`: one task, labelled, the
/// binary broadcast. Each node gets a step of its own (see slurm_launcher.cpp for why).
std::vector<std::string> srun_argv(const std::string& job, const std::string& node, const SlurmOptions& options,
                                   const std::string& binary, const std::vector<std::string>& words);

/// A line srun labelled with its task's number ("0: text", " 7: text" when there are more than
/// ten tasks): the task and the text; nullopt for a line of srun's own.
std::optional<std::pair<int, std::string>> labelled_line(std::string_view line);

/// srun's labelled stdout split into each task's text (its lines, each with its newline again).
std::map<int, std::string> split_by_task(std::string_view out);

/// What a node's `run --slurm-task` prints on stdout at its end.
struct TaskAnswer {
  std::string node;                          ///< hwbench-node NAME
  std::string machine;                       ///< its `uname -m`
  std::optional<int> status;                 ///< hwbench's exit code there
  std::map<std::string, std::string> files;  ///< result.json, reports.txt, as they were written
};

/// The answer's text: `hwbench-status CODE MACHINE`, `hwbench-node NAME`, then each file as
/// `hwbench-file SIZE NAME`, its bytes in base64 lines of 76 characters, and `hwbench-end`.
std::string encode_answer(const TaskAnswer& answer);

/// Reads an answer back; a file whose base64 does not decode to its size is left out.
TaskAnswer decode_answer(std::string_view text);

/// The line a task prints on stderr first: `hwbench-node NAME`.
inline constexpr std::string_view node_line_prefix = "hwbench-node ";
/// The line a task prints on stderr once it made its run directory: `hwbench-dir PATH`.
inline constexpr std::string_view dir_line_prefix = "hwbench-dir ";

/// The name a task of job `job` gives its run directory on `node`, a template for mkdtemp(3):
/// `hwbench-run.JOB_NODE.XXXXXX`, by which the clean-up step finds it when the task's `hwbench-dir`
/// line never came (a task killed by SIGKILL: srun drops what it had not yet relayed). Plain
/// `hwbench-run.XXXXXX` when `job` is not a job id or `node` not a file name's part.
std::string task_dir_template(const std::string& job, const std::string& node);

/// The command of the clean-up step on a node whose task gave no answer (killed, its node
/// rebooted): `sh -c` removing srun's broadcast copies of the binary for job `job` on `node` in
/// `options.bcast_dir`, then the task's run directory: `dir` (from its `hwbench-dir` line, when
/// it came) and whatever task_dir_template(job, node) names in the node's $TMPDIR (or /tmp).
std::vector<std::string> cleanup_argv(const std::string& job, const std::string& node, const std::string& dir,
                                      const SlurmOptions& options);

}  // namespace hwbench::runtime::remote
