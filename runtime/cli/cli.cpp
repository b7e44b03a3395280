#include "runtime/cli/cli.hpp"

#include <algorithm>
#include <cmath>

#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/support/suggestions.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::cli {

namespace {

/// CLI11's check of an option that names a file: "" when it names one. An empty name (`--hosts
/// ''`) would read as the option not given, and the run would go on here.
const CLI::Validator named_file(
    [](const std::string& v) { return v.empty() ? std::string("needs a file name, not ''") : std::string(); }, "FILE");

/// CLI11's check of a count from `lo` to `hi`: its own Range check calls "5x" out of range, as if
/// it were a number.
CLI::Validator whole_number(unsigned long lo, unsigned long hi) {
  return CLI::Validator(
      [lo, hi](const std::string& v) {
        std::size_t used = 0;
        unsigned long n = 0;
        try {
          n = v.empty() || v[0] == '-' ? 0 : std::stoul(v, &used);
        } catch (const std::exception&) {
          used = 0;
        }
        if (used == 0 || used != v.size()) return fmt::format("'{}' is not a whole number", v);
        if (n < lo || n > hi) return fmt::format("{} is out of range: give {} to {}", v, lo, hi);
        return std::string();
      },
      fmt::format("{}..{}", lo, hi));
}

/// Every option of every command, as parsed.
struct Options {
  Common common;
  RunChoices run_files;
  std::string format = "text";
  int width = -1;  // --width: -1 the terminal's (80 when not one)
  RunDisplay display;
  HostsOptions hosts;
  bool remote_session = false;
  bool slurm_task = false;
  bool no_busy_check = false;
  std::string report_file;
  std::vector<std::string> compare_files;
  std::string compare_ratio, compare_digits, compare_suffix, compare_unit, compare_effect;
  std::string compare_format = "text";
  std::string import_tool, import_log, import_out, import_machine;
  ReproduceChoices reproduce;
};

/// The subcommands, once parsed.
struct Subcommands {
  CLI::App* run = nullptr;
  CLI::App* check = nullptr;
  CLI::App* report = nullptr;
  CLI::App* list = nullptr;
  CLI::App* compare = nullptr;
  CLI::App* import = nullptr;
  CLI::App* reproduce = nullptr;
};

const char* const kWidthHelp = "columns a text report may take (default: the terminal's, 80 when not one; 0: no limit)";

/// What `run` and `check` share.
void add_recipe_options(CLI::App* sub, Common& common) {
  sub->add_option("recipe", common.file, "the .bench recipe")->required();
  sub->add_option("-L,--location", common.locations, "NAME=PATH: set a location; /DIR=PATH: remap a literal directory")
      ->allow_extra_args(false);
  sub->add_flag("--allow-exec", common.allow_exec, "allow kernels that run external programs");
  sub->add_option("--set", common.settings, "NAME=VALUE: a value in place of the recipe's top-level `let NAME = …`");
}

/// --slurm and the options of its allocation; --outlier-k for the per-node verdict.
void add_slurm_options(CLI::App* sub, HostsOptions& hosts) {
  sub->add_flag("--slurm", hosts.slurm,
                "run on the nodes of a Slurm allocation (salloc, srun --bcast), then compare the nodes");
  sub->add_option("--nodes", hosts.slurm_options.nodes, "N: with --slurm, the nodes to allocate (default 1)")
      ->check(whole_number(1, 100000));
  sub->add_option("--partition", hosts.slurm_options.partition, "P: with --slurm, the partition");
  sub->add_option("--nodelist", hosts.slurm_options.nodelist, "LIST: with --slurm, these nodes (n[1-4],c07)");
  sub->add_option("--time", hosts.slurm_options.time,
                  "T: with --slurm, the allocation's time limit (minutes, H:MM:SS)");
  sub->add_option("--account", hosts.slurm_options.account, "A: with --slurm, the account charged");
  sub->add_option("--slurm-arg", hosts.slurm_options.extra, "ARG: with --slurm, one more word for salloc; repeatable")
      ->allow_extra_args(false);
  sub->add_flag("--slurm-shared", hosts.slurm_shared,
                "with --slurm, do not ask for whole nodes (salloc --exclusive is the default)");
  sub->add_option("--outlier-k", hosts.outlier_k,
                  "K: the per-node verdict marks a figure beyond the median ± K spreads (scaled MAD; default 3)")
      ->check(CLI::PositiveNumber);
}

CLI::App* add_run(CLI::App& app, Options& o) {
  auto* run = app.add_subcommand("run", "check a recipe, run it, print its reports and write the result file");
  add_recipe_options(run, o.common);
  run->add_option("-o,--output", o.run_files.output, "result file (default results/<recipe>-<UTC time>.json)");
  run->add_option("--format", o.format, "report format")->check(CLI::IsMember({"text", "csv", "md", "markdown"}));
  run->add_option("--html", o.run_files.html,
                  "also write the result's HTML page (one self-contained file with charts) to this file");
  run->add_option("--width", o.width, kWidthHelp)->check(CLI::NonNegativeNumber);
  run->add_option("--blocks", o.run_files.blocks,
                  "take each series' samples in at most N blocks spread over the run, in turn with its neighbours "
                  "(default 5; 1: back to back)")
      ->check(whole_number(1, 1000));
  run->add_option("--spread", o.run_files.spread,
                  "spread each rotation's blocks over at least DURATION (90s, 5min), pausing between them, so that "
                  "the intervals see a drift slower than the statements take (default: none)")
      ->check(CLI::Validator(
          [](const std::string& text) {
            return spread_seconds(text) ? std::string() : "DURATION is a recipe's duration of 1s to 24h: 90s, 5min";
          },
          "DURATION"));
  run->add_flag("--cpu-turns", o.run_files.cpu_turns,
                "hold the blocks of one-thread statements to each CPU in turn, so that a CPU slower than another "
                "shows in the intervals (default: wherever the system puts them)");
  run->add_option("--reruns", o.run_files.reruns,
                  "run the recipe N times, each in a process of its own, write each run's result file "
                  "(-o r.json: r-1.json, r-2.json…) and print the reports of the N joined, whose intervals come from "
                  "the runs' means (default 1)")
      ->check(whole_number(1, 100));
  auto* quiet = run->add_flag("-q,--quiet", o.display.quiet, "no progress on stderr");
  run->add_flag("-v,--verbose", o.display.verbose, "one progress line per sample as well")->excludes(quiet);
  run->add_option("--color", o.display.color,
                  "colours in the progress: auto (a terminal, unless NO_COLOR is set), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  run->add_option("--host", o.hosts.destinations,
                  "DEST: run on this host over ssh (user@host or an ssh_config alias); repeat for more hosts, "
                  "then compare them, the first the base")
      ->allow_extra_args(false);
  run->add_option("--hosts", o.hosts.fleet_file, "FLEET.toml: the hosts with settings of their own (docs/remote.md)")
      ->check(named_file);
  add_slurm_options(run, o.hosts);
  run->add_flag("--serial", o.hosts.serial,
                "with --host/--hosts/--slurm: one host or node after another, not all at once");
  run->add_option("--dist", o.hosts.dist,
                  "DIR: the static binaries for other hosts (default $HWBENCH_DIST, else dist/ beside the build)");
  // How a run on another host or node starts (docs/remote.md); not for people, so not in --help.
  run->add_flag("--remote-session", o.remote_session)->group("");
  run->add_flag("--slurm-task", o.slurm_task)->group("");
  return run;
}

CLI::App* add_check(CLI::App& app, Options& o) {
  auto* chk = app.add_subcommand("check", "check a recipe and print its plan; runs nothing");
  add_recipe_options(chk, o.common);
  chk->add_flag("--no-busy-check", o.no_busy_check,
                "do not look at the machine's load and steal for a second before a long run");
  return chk;
}

CLI::App* add_report(CLI::App& app, Options& o) {
  auto* rep = app.add_subcommand("report", "re-render a result file (.json) or a published result (.toml)");
  rep->add_option("file", o.report_file, "result or published file")->required();
  rep->add_option("--format", o.format, "output format; html: one self-contained page with charts")
      ->check(CLI::IsMember({"text", "json", "csv", "md", "markdown", "html"}));
  rep->add_option("--width", o.width, kWidthHelp)->check(CLI::NonNegativeNumber);
  return rep;
}

CLI::App* add_compare(CLI::App& app, Options& o) {
  auto* cmp =
      app.add_subcommand("compare", "set results and published results side by side, with ratio columns (B/A, …)");
  cmp->add_option("files", o.compare_files,
                  "result (.json) or published (.toml) files; the first is the reference; "
                  "a1.json+a2.json+a3.json joins reruns into one")
      ->required();
  cmp->add_option("--ratio", o.compare_ratio, "truncate or round the ratios (default round)");
  cmp->add_option("--digits", o.compare_digits, "decimals of the ratios (default 2)");
  cmp->add_option("--suffix", o.compare_suffix, "text after each ratio, e.g. x or 倍");
  cmp->add_option("--unit", o.compare_unit, "one unit for every row (default: each series' natural unit)");
  cmp->add_option("--effect", o.compare_effect,
                  "PCT: the least difference the verdicts call one (default 1%; the ratio's 95% interval must also "
                  "exclude 1)");
  cmp->add_option("--format", o.compare_format, "text (the table) or html (one self-contained page with charts)")
      ->check(CLI::IsMember({"text", "html"}));
  cmp->add_option("--width", o.width, kWidthHelp)->check(CLI::NonNegativeNumber);
  return cmp;
}

CLI::App* add_import(CLI::App& app, Options& o) {
  std::string help = "turn a tool's printed log into a published result (TOML):";
  for (const auto& i : tools::importers()) help += fmt::format("\n  {:<10} {}", i.tool, i.help);
  auto* imp = app.add_subcommand("import", help);
  imp->add_option("tool", o.import_tool, "the tool that printed the log")->required();
  imp->add_option("log", o.import_log, "the log file")->required();
  imp->add_option("-o,--output", o.import_out, "the published-result file to write (default: standard output)");
  imp->add_option("--machine", o.import_machine, "the machine's description, when the log does not give it");
  return imp;
}

CLI::App* add_reproduce(CLI::App& app, Options& o) {
  auto* rep = app.add_subcommand("reproduce",
                                 "infer the procedure a log shows (nbench, openssl speed, bonnie++, UnixBench, a cp "
                                 "table, a result file), run it here and compare with the log as the base");
  rep->add_option("logs", o.reproduce.logs,
                  "the logs: any file `hwbench import` reads, a published .toml or a result .json")
      ->required();
  rep->add_option("-L,--location", o.common.locations,
                  "NAME=PATH: set a location; /DIR=PATH: remap a literal directory")
      ->allow_extra_args(false);
  rep->add_option("--set", o.common.settings, "NAME=VALUE: in place of the derived recipe's `let NAME = …`")
      ->allow_extra_args(false);
  rep->add_flag("--allow-exec", o.common.allow_exec, "allow kernels that run external programs");
  rep->add_option("--emit", o.reproduce.emit, "FILE: write the derived recipe there (to edit, share or run later)");
  rep->add_flag("--dry-run", o.reproduce.dry_run, "print the derived recipe and its plan; run nothing");
  rep->add_flag("--original", o.reproduce.original,
                "also run the original program (openssl speed, bonnie++) where it is installed, and compare all three");
  rep->add_option("-o,--output", o.reproduce.output, "result file (default results/<log>-reproduced-<UTC time>.json)");
  rep->add_option("--effect", o.reproduce.effect, "PCT: the least difference the comparison's verdicts call one");
  rep->add_option("--format", o.format, "report format")->check(CLI::IsMember({"text", "csv", "md", "markdown"}));
  rep->add_option("--width", o.width, kWidthHelp)->check(CLI::NonNegativeNumber);
  rep->add_option("--blocks", o.reproduce.blocks, "as run --blocks")->check(whole_number(1, 1000));
  rep->add_flag("-q,--quiet", o.display.quiet, "no progress on stderr");
  rep->add_option("--host", o.hosts.destinations, "DEST: run it on this host over ssh (as run --host); repeat for more")
      ->allow_extra_args(false);
  rep->add_option("--hosts", o.hosts.fleet_file, "FLEET.toml: the hosts with settings of their own (docs/remote.md)")
      ->check(named_file);
  add_slurm_options(rep, o.hosts);
  rep->add_flag("--serial", o.hosts.serial, "with --host/--hosts/--slurm: one host or node after another");
  rep->add_option("--dist", o.hosts.dist, "DIR: the static binaries for other hosts (as run --dist)");
  return rep;
}

/// What is wrong with the hosts' and nodes' options together, "" when nothing.
std::string hosts_problem(const HostsOptions& h) {
  const auto& s = h.slurm_options;
  const bool slurm_words = s.nodes > 0 || !s.partition.empty() || !s.nodelist.empty() || !s.time.empty() ||
                           !s.account.empty() || !s.extra.empty() || h.slurm_shared;
  if (h.slurm && (!h.destinations.empty() || !h.fleet_file.empty()))
    return "--slurm runs on Slurm's nodes, --host/--hosts on hosts over ssh: one or the other";
  if (!h.slurm && slurm_words)
    return "--nodes, --partition, --nodelist, --time, --account, --slurm-arg and --slurm-shared go with --slurm";
  if (!h.any() && (h.serial || !h.dist.empty() || !std::isnan(h.outlier_k)))
    return "--serial, --dist and --outlier-k go with --host, --hosts or --slurm";
  return "";
}

/// `run`, here or on hosts.
int dispatch_run(Options& o, const std::vector<std::string>& args, std::ostream& out, std::ostream& err,
                 Descriptors fds) {
  o.display.err_fd = fds.err;
  const std::size_t width = report_width(o.width, fds.out);
  if (const std::string why = hosts_problem(o.hosts); !why.empty()) {
    err << "hwbench: " << why << "\n";
    return exit_usage;
  }
  if (!o.run_files.spread.empty() && o.run_files.blocks < 2) {
    err << "hwbench: --spread paces the blocks of each rotation; with --blocks 1 there are none to pace\n";
    return exit_usage;
  }
  if (o.hosts.any()) {
    if (o.run_files.reruns > 1) {
      err << "hwbench: --reruns runs the recipe on this machine; on hosts or nodes, run it again and join "
             "the result files with + (docs/language.md, \"Reruns as one side\")\n";
      return exit_usage;
    }
    if (!o.run_files.output.empty() || !o.run_files.html.empty()) {
      err << "hwbench: -o and --html name one file; a run on hosts or nodes writes "
             "results/<recipe>-<host>-<UTC time>.json for each\n";
      return exit_usage;
    }
    o.hosts.sampling_words = {"--blocks", std::to_string(o.run_files.blocks)};
    if (!o.run_files.spread.empty())
      o.hosts.sampling_words.insert(o.hosts.sampling_words.end(), {"--spread", o.run_files.spread});
    if (o.run_files.cpu_turns) o.hosts.sampling_words.push_back("--cpu-turns");
    return cmd_run_hosts(o.common, o.hosts, o.format, width, o.display, out, err);
  }
  const RemoteRole role =
      o.slurm_task ? RemoteRole::slurm_task : (o.remote_session ? RemoteRole::ssh_session : RemoteRole::none);
  return cmd_run(o.common, o.run_files, o.format, width, o.display, role, args, out, err);
}

/// The parsed command, called.
int dispatch(const Subcommands& s, Options& o, const std::vector<std::string>& args, std::ostream& out,
             std::ostream& err, Descriptors fds) {
  if (s.run->parsed()) return dispatch_run(o, args, out, err, fds);
  if (s.check->parsed()) return cmd_check(o.common, !o.no_busy_check, out, err);
  if (s.report->parsed()) return cmd_report(o.report_file, o.format, report_width(o.width, fds.out), out, err);
  if (s.list->parsed()) return cmd_list(out);
  if (s.compare->parsed()) {
    std::vector<std::pair<std::string, std::string>> settings;
    for (const auto& [name, value] : {std::pair{"ratio", &o.compare_ratio}, std::pair{"digits", &o.compare_digits},
                                      std::pair{"suffix", &o.compare_suffix}, std::pair{"unit", &o.compare_unit},
                                      std::pair{"effect", &o.compare_effect}})
      if (!value->empty()) settings.emplace_back(name, *value);
    return cmd_compare(o.compare_files, settings, o.compare_format, report_width(o.width, fds.out), out, err);
  }
  if (s.reproduce->parsed()) {
    o.display.err_fd = fds.err;
    if (const std::string why = hosts_problem(o.hosts); !why.empty()) {
      err << "hwbench: " << why << "\n";
      return exit_usage;
    }
    o.hosts.sampling_words = {"--blocks", std::to_string(o.reproduce.blocks)};
    return cmd_reproduce(o.common, o.reproduce, o.hosts, o.format, report_width(o.width, fds.out), o.display, args, out,
                         err);
  }
  if (s.import->parsed()) return cmd_import(o.import_tool, o.import_log, o.import_out, o.import_machine, out, err);
  return exit_usage;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, Descriptors fds) {
  CLI::App app{"hwbench: reproducible benchmark recipes", "hwbench"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("hwbench ") + hwbench_version());
  Options o;
  Subcommands s;
  s.run = add_run(app, o);
  s.check = add_check(app, o);
  s.report = add_report(app, o);
  s.list = app.add_subcommand("list", "list every kernel with its parameters, the units and the aggregates");
  s.compare = add_compare(app, o);
  s.import = add_import(app, o);
  s.reproduce = add_reproduce(app, o);

  // A first word that is no command and no option: named, with the closest command (CLI11 says
  // only that a subcommand is required).
  if (args.size() > 1 && !args[1].empty() && args[1][0] != '-') {
    std::vector<std::string> names;
    for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
    if (std::find(names.begin(), names.end(), args[1]) == names.end()) {
      err << fmt::format("hwbench: unknown command '{}'; {}\n", args[1],
                         support::did_you_mean(args[1], names, fmt::format("commands: {}", fmt::join(names, " "))))
          << "run 'hwbench --help' for usage\n";
      return exit_usage;
    }
  }
  std::vector<std::string> reversed(args.rbegin(), args.rend());
  if (!reversed.empty()) reversed.pop_back();  // the program name
  try {
    app.parse(reversed);
  } catch (const CLI::CallForHelp& e) {
    out << app.help();
    return exit_ok;
  } catch (const CLI::CallForVersion& e) {
    out << "hwbench " << hwbench_version() << "\n";
    return exit_ok;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) {
      out << app.help();
      return exit_ok;
    }
    err << "hwbench: " << e.what() << "\n"
        << "run 'hwbench --help' for usage\n";
    return exit_usage;
  }
  return dispatch(s, o, args, out, err, fds);
}

const char* hwbench_version() {
#ifdef HWBENCH_VERSION
  return HWBENCH_VERSION;
#else
  return "0.0.0";
#endif
}

}  // namespace hwbench::runtime::cli
