#pragma once
// The commands behind the command line, one file each (check_command.cpp, run_command.cpp and
// reruns_command.cpp, report_command.cpp, import_command.cpp, list_command.cpp, …); cli.cpp
// parses the arguments and calls them. Each writes what it prints to `out` and `err` and
// returns an exit code (cli.hpp).
#include <cmath>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "base/platform/conditions.hpp"
#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"
#include "lang/common/source.hpp"
#include "runtime/analysis/compare.hpp"
#include "runtime/check/checker.hpp"
#include "runtime/model/result.hpp"
#include "runtime/pipeline/recipe_load.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/remote/slurm_job.hpp"
#include "runtime/report/report.hpp"
#include "runtime/run/interrupt_guard.hpp"

namespace hwbench::runtime::cli {

/// What `run` and `check` share on the command line: the recipe, -L, --set, --allow-exec.
using Common = pipeline::RecipeRequest;

/// What `run` writes besides its reports, and how it takes its samples.
struct RunChoices {
  std::string output;        ///< -o: the result file; "" for results/<recipe>-<UTC time>.json
  std::string html;          ///< --html: the result's page; "" for none
  std::uint32_t blocks = 5;  ///< --blocks: run::RunOptions::blocks
  std::string spread;        ///< --spread DURATION: run::RunOptions::spread_seconds; "" for none
  bool cpu_turns = false;    ///< --cpu-turns: run::RunOptions::turn_cpus, the CPUs blocks take turns on
  std::uint32_t reruns = 1;  ///< --reruns N: the recipe run N times, each in a process of its own, then joined
};

/// `--spread`'s DURATION, written as a recipe writes one (`90s`, `2min`, `1.5h`), in seconds;
/// nullopt unless it is one, of 1 s to 24 h.
std::optional<double> spread_seconds(std::string_view text);

/// How `run` shows its progress (runtime/cli/progress.hpp).
struct RunDisplay {
  bool quiet = false;          ///< -q: nothing but errors
  bool verbose = false;        ///< -v: a line per sample too
  std::string color = "auto";  ///< --color
  int err_fd = -1;             ///< the descriptor stderr's stream writes to, -1 when not known
};

/// What `reproduce` takes besides -L, --set and --allow-exec (runtime/cli/reproduce_command.cpp).
struct ReproduceChoices {
  std::vector<std::string> logs;  ///< the logs, result or published files, in order
  std::string emit;               ///< --emit FILE: write the derived recipe there (and keep it)
  bool dry_run = false;           ///< --dry-run: print the recipe and its plan; run nothing
  std::string output;             ///< -o: the result file; "" for results/<log>-reproduced-<UTC time>.json
  std::string effect;             ///< --effect PCT for the comparison's verdicts
  std::uint32_t blocks = 5;       ///< --blocks, as `run`
  bool original = false;          ///< --original: the original program too, where installed
};

/// Where `run` sends a recipe to run it on other machines: hosts over ssh, or Slurm nodes
/// (runtime/cli/fleet_command.cpp, docs/remote.md).
struct HostsOptions {
  std::vector<std::string> destinations;  ///< --host DEST, in order
  std::string fleet_file;                 ///< --hosts FLEET.toml
  bool slurm = false;                     ///< --slurm: the nodes of a Slurm allocation
  remote::SlurmOptions slurm_options;     ///< --nodes, --partition, --nodelist, --time, --account, --slurm-arg
  bool slurm_shared = false;              ///< --slurm-shared: not whole nodes (SlurmOptions::exclusive false)
  bool serial = false;                    ///< --serial: one machine after another
  std::string dist;                       ///< --dist DIR: the static binaries
  double outlier_k = NAN;                 ///< --outlier-k: analysis::NodeSpreadOptions::k; NaN: not given (3)
  /// How each machine's run takes its samples: `--blocks N`, `--spread DURATION` and `--cpu-turns`, as given here.
  std::vector<std::string> sampling_words;
  /// Whether any other machine is named: then `run` runs there, not here.
  bool any() const { return !destinations.empty() || !fleet_file.empty() || slurm; }
};

/// Which run `hwbench run` is: one asked for here, or one another machine started.
enum class RemoteRole {
  none,         ///< a run here
  ssh_session,  ///< --remote-session: started over ssh, the bundle on stdin, stdin watched
  slurm_task,   ///< --slurm-task: started by srun on a node (runtime/remote/slurm_job.hpp)
};

/// Reads, parses and checks `c.file` into `source`, printing the diagnostics to `err`. On
/// failure returns nothing and sets `code` to the exit code. `machine` is the machine it is
/// checked for; null for this one.
std::optional<check::CheckedRecipe> load_and_check(const Common& c, lang::Source& source,
                                                   const kernels::Registry& registry, const platform::FileView& files,
                                                   std::ostream& err, int& code,
                                                   std::shared_ptr<const platform::MachineProbe> machine = nullptr);

/// The report format named on the command line ("csv", "md"/"markdown", otherwise text).
report::Format parse_format(const std::string& f);

/// `text` written to `path` whole or not at all (platform::write_file_atomically), its directory
/// made when missing; false, with the reason on `err`, when it could not be.
bool write_whole_file(const std::string& path, const std::string& text, std::ostream& err);

/// Why the files a command writes (`-o` `result`, `--html` `html`; "" for none) cannot be those
/// given: the file it reads (`input`, called its `input_word`: "recipe", "log") itself, a
/// directory, or both options one file. "" when they can be. Told before any work, not after.
std::string output_problem(const std::string& input, std::string_view input_word, const std::string& result,
                           const std::string& html);

/// What `hwbench report` prints of a result read in `format` (text, csv or md): its parameters
/// (text), a line saying how many reruns it joins (not csv), then its reports.
void print_reports(const model::Result& result, const std::string& format, std::size_t width, std::ostream& out);

/// The columns reports may take: `requested` when it is not -1 (--width), else the width of
/// the terminal on descriptor `fd`, else report::kDefaultWidth.
std::size_t report_width(int requested, int fd);

/// The warnings `hwbench check` prints before a long run on a busy machine: two snapshots of
/// `sampler` taken `pause` apart (analysis::busy_warnings); none, and no pause, for a short run.
std::vector<std::string> busy_machine_warnings(const plan::Plan& plan, platform::ConditionsSampler& sampler,
                                               const std::function<void()>& pause);

/// `hwbench check FILE`; with `busy_check`, the machine's load and steal are looked at for a
/// second before a long run.
int cmd_check(const Common& c, bool busy_check, std::ostream& out, std::ostream& err);
/// `hwbench run FILE`; with `files.html` not "", the result's HTML page is written there too (atomically).
/// As a `role` another machine started (hidden options, docs/remote.md): an ssh session first
/// unpacks the recipe and its files from stdin into the current directory, and the end of stdin
/// afterwards interrupts the run like a Ctrl-C; a Slurm task unpacks them into a directory of
/// its own and prints its answer on `out` (runtime/remote/slurm_job.hpp).
int cmd_run(const Common& c, const RunChoices& files, const std::string& format, std::size_t width,
            const RunDisplay& display, RemoteRole role, const std::vector<std::string>& argv, std::ostream& out,
            std::ostream& err);
/// One rerun: the choices (its result file) and the recipe loaded once for all of them.
using RerunOnce = std::function<int(const RunChoices&, const std::shared_ptr<const pipeline::LoadedRecipe>&)>;
/// `hwbench run FILE --reruns N` (files.reruns > 1) on this machine: the recipe is loaded and
/// checked once, then `once` runs it (the loaded recipe) with the choices it is given and returns
/// its exit code, in a process forked for each rerun before
/// anything of it runs, so that each lands where the system places a new process; its result file
/// is `files.output` (or the default one) with `-K` before the extension, its reports are left out
/// and its progress goes to stderr as a run's does. A Ctrl-C or SIGTERM reaches the rerun under
/// way and no other starts. Then the N files are joined (pipeline::load_joined) and their
/// reports printed to `out` in `format`, the page written to `files.html` when named, and the
/// files listed on `err`. The exit code is the first failed rerun's, else 0.
int run_reruns(const Common& c, const RunChoices& files, const std::string& format, std::size_t width, bool quiet,
               const run::InterruptGuard& guard, const RerunOnce& once, std::ostream& out, std::ostream& err);
/// `hwbench run FILE --host DEST… | --hosts FLEET.toml | --slurm`: the recipe run on each host
/// over ssh or on each Slurm node, each one's reports, then their comparison (the first the
/// base) and, with three or more, the per-node verdict (analysis/node_spread.hpp).
int cmd_run_hosts(const Common& c, const HostsOptions& hosts, const std::string& format, std::size_t width,
                  const RunDisplay& display, std::ostream& out, std::ostream& err);
/// `hwbench reproduce LOG…`: each log's procedure inferred and written as a recipe, then checked
/// (--dry-run) or run here or on `hosts`, its reports printed and compared with the log as the base.
int cmd_reproduce(const Common& c, const ReproduceChoices& choices, const HostsOptions& hosts,
                  const std::string& format, std::size_t width, const RunDisplay& display,
                  const std::vector<std::string>& argv, std::ostream& out, std::ostream& err);
/// What a run on other machines gave: the results of those that ran the recipe through, with
/// their names, in their order.
struct HostResults {
  std::vector<std::shared_ptr<const model::Result>> results;  ///< shared with the launch's outcome
  std::vector<std::string> names;
  std::size_t hosts = 0;      ///< the machines it was sent to
  std::string kind = "host";  ///< what they are: "host" or "node"
};
/// The recipe run on the hosts or nodes, each one's reports printed under its name; what
/// `run --host/--slurm` and `reproduce --host/--slurm` share. Returns the exit code (usage when
/// nothing could be sent, failure when nothing ran).
int run_on_hosts(const Common& c, const HostsOptions& hosts, const std::string& format, std::size_t width,
                 const RunDisplay& display, HostResults& results, std::ostream& out, std::ostream& err);
/// The results as compare_results takes them.
std::vector<const model::Result*> result_pointers(const HostResults& results);
/// With three results or more: the per-node verdict of their `comparison` (analysis/node_spread.hpp),
/// its outliers beyond options.outlier_k spreads, under a heading in `format`; `kind` names the machines.
void print_node_verdict(const analysis::Comparison& comparison, const std::string& kind, const HostsOptions& options,
                        const std::string& format, std::ostream& out);
/// `hwbench report FILE`.
int cmd_report(const std::string& file, const std::string& format, std::size_t width, std::ostream& out,
               std::ostream& err);
/// `hwbench compare A B [C…]`; `format` "html" writes the comparison's HTML page, any other the
/// table, its notes wrapped to `width` columns (0: no limit).
int cmd_compare(const std::vector<std::string>& files, const std::vector<std::pair<std::string, std::string>>& settings,
                const std::string& format, std::size_t width, std::ostream& out, std::ostream& err);
/// `hwbench import TOOL LOG`.
int cmd_import(const std::string& tool, const std::string& log, const std::string& output, const std::string& machine,
               std::ostream& out, std::ostream& err);
/// `hwbench list`.
int cmd_list(std::ostream& out);

}  // namespace hwbench::runtime::cli
