#pragma once
// The commands behind the command line, one file each (check_command.cpp, run_command.cpp,
// report_command.cpp, import_command.cpp, list_command.cpp); cli.cpp parses the arguments and
// calls them. Each writes what it prints to `out` and `err` and returns an exit code (cli.hpp).
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include "kernels/contract/kernel.hpp"
#include "kernels/contract/registry.hpp"
#include "lang/common/source.hpp"
#include "runtime/analysis/compare.hpp"
#include "runtime/check/checker.hpp"
#include "runtime/model/result.hpp"
#include "base/platform/conditions.hpp"
#include "runtime/plan/plan.hpp"
#include "runtime/report/report.hpp"

namespace hwbench::runtime::cli {

/// What `run` and `check` share on the command line.
struct Common {
  std::string file;
  std::vector<std::string> locations;
  std::vector<std::string> settings;  ///< --set NAME=VALUE
  bool allow_exec = false;
};

/// How `run` shows its progress (runtime/cli/progress.hpp).
struct RunDisplay {
  bool quiet = false;         ///< -q: nothing but errors
  bool verbose = false;       ///< -v: a line per sample too
  std::string color = "auto";  ///< --color
  int err_fd = -1;            ///< the descriptor stderr's stream writes to, -1 when not known
};

/// Where `run` sends a recipe to run it on other hosts (runtime/cli/fleet_command.cpp, docs/remote.md).
struct HostsOptions {
  std::vector<std::string> destinations;  ///< --host DEST, in order
  std::string fleet_file;                 ///< --hosts FLEET.toml
  bool serial = false;                    ///< --serial: one host after another
  std::string dist;                       ///< --dist DIR: the static binaries
  /// Whether any host is named: then `run` runs on the hosts, not here.
  bool any() const { return !destinations.empty() || !fleet_file.empty(); }
};

/// Reads, parses and checks `c.file` into `source`, printing the diagnostics to `err`. On
/// failure returns nothing and sets `code` to the exit code. `machine` is the machine it is
/// checked for; null for this one.
std::optional<check::CheckedRecipe> load_and_check(const Common& c, lang::Source& source, const kernels::Registry& registry,
                                            const kernels::FileView& files, std::ostream& err, int& code,
                                            std::shared_ptr<const platform::MachineProbe> machine = nullptr);

/// The time now in UTC, formatted by strftime's `format`.
std::string utc_stamp(const char* format);

/// The report format named on the command line ("csv", "md"/"markdown", otherwise text).
report::Format parse_format(const std::string& f);

/// The reports `result` declares, or when it declares none a default one: every series in MB/s
/// (or ops/s when none moved bytes) with its mean, median, stdev, min and max.
std::vector<model::ReportSpec> report_specs(const model::Result& result);

/// Every file the `compare` reports among `specs` name, read (or why not), before anything renders.
report::ComparedResults read_compared(const model::Result& result);

/// Renders every report of `result` (report_specs) to `out`, the generic ones within `width`
/// columns (0: no limit), keeping each rendered report in `keep` when it is given; the files
/// its `compare` reports name are read first (read_compared).
void render_all(const model::Result& result, report::Format format, std::size_t width, std::ostream& out,
                std::vector<model::RenderedReport>* keep);
/// As above, with the files the `compare` reports name already read.
void render_all(const model::Result& result, const report::ComparedResults& compared, report::Format format,
                std::size_t width, std::ostream& out, std::vector<model::RenderedReport>* keep);

/// hwbench's own lines under the reports (the run's verdict, what `settle` did): in text
/// wrapped to `width`; "" in CSV, which holds figures only.
std::string report_notes(const model::Result& result, report::Format format, std::size_t width);

/// The HTML page of `result` (runtime/html/result_page.hpp): its reports as render_all prints
/// them in text within `width`, with their charts and the notes.
std::string result_html(const model::Result& result, std::size_t width);

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
/// `hwbench run FILE`; with `html` not "", the result's HTML page is written there too (atomically).
/// With `remote_session` (`--remote-session`, hidden: how a run on another host starts, see
/// docs/remote.md) the recipe and its files are first unpacked from stdin into the current
/// directory, and the end of stdin afterwards interrupts the run like a Ctrl-C.
int cmd_run(const Common& c, const std::string& output, const std::string& html, const std::string& format, std::size_t width,
            const RunDisplay& display, bool remote_session, const std::vector<std::string>& argv, std::ostream& out,
            std::ostream& err);
/// `hwbench run FILE --host DEST… | --hosts FLEET.toml`: the recipe run on each host over ssh, each
/// host's reports, then their comparison (the first host the base).
int cmd_run_hosts(const Common& c, const HostsOptions& hosts, const std::string& format, std::size_t width,
                  const RunDisplay& display, std::ostream& out, std::ostream& err);
/// `hwbench report FILE`.
int cmd_report(const std::string& file, const std::string& format, std::size_t width, std::ostream& out, std::ostream& err);
/// `hwbench compare A B [C…]`; `format` "html" writes the comparison's HTML page, any other the table.
int cmd_compare(const std::vector<std::string>& files, const std::vector<std::pair<std::string, std::string>>& settings,
                const std::string& format, std::ostream& out, std::ostream& err);
/// The comparison of `results`, named `names` (the first the base), in `format` ("html": the
/// page, otherwise the table with the environment's differences), as `hwbench compare` prints it.
void print_comparison(const std::vector<model::Result>& results, const std::vector<std::string>& names,
                      const analysis::CompareOptions& options, const std::string& format, std::ostream& out);
/// `hwbench import TOOL LOG`.
int cmd_import(const std::string& tool, const std::string& log, const std::string& output, const std::string& machine,
               std::ostream& out, std::ostream& err);
/// `hwbench list`.
int cmd_list(std::ostream& out);

}  // namespace hwbench::runtime::cli
