#include "runtime/cli/cli.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "runtime/cli/commands.hpp"
#include "runtime/import/importer.hpp"

namespace hwbench::runtime::cli {

using import::importers;

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err, Descriptors fds) {
  CLI::App app{"hwbench: reproducible benchmark recipes", "hwbench"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("hwbench ") + hwbench_version());

  Common common;
  std::string output, html_output, format = "text";
  int width = -1;  // --width: -1 the terminal's (80 when not one)
  RunDisplay display;
  auto add_common = [&](CLI::App* sub) {
    sub->add_option("recipe", common.file, "the .bench recipe")->required();
    sub->add_option("-L,--location", common.locations,
                    "NAME=PATH: set a location; /DIR=PATH: remap a literal directory")->allow_extra_args(false);
    sub->add_flag("--allow-exec", common.allow_exec, "allow kernels that run external programs");
    sub->add_option("--set", common.settings, "NAME=VALUE: a value in place of the recipe's top-level `let NAME = …`");
  };
  auto* run = app.add_subcommand("run", "check a recipe, run it, print its reports and write the result file");
  add_common(run);
  run->add_option("-o,--output", output, "result file (default results/<recipe>-<UTC time>.json)");
  run->add_option("--format", format, "report format")->check(CLI::IsMember({"text", "csv", "md", "markdown"}));
  run->add_option("--html", html_output, "also write the result's HTML page (one self-contained file with charts) to this file");
  const std::string width_help = "columns a text report may take (default: the terminal's, 80 when not one; 0: no limit)";
  run->add_option("--width", width, width_help)->check(CLI::NonNegativeNumber);
  auto* quiet = run->add_flag("-q,--quiet", display.quiet, "no progress on stderr");
  run->add_flag("-v,--verbose", display.verbose, "one progress line per sample as well")->excludes(quiet);
  run->add_option("--color", display.color, "colours in the progress: auto (a terminal, unless NO_COLOR is set), always or never")
      ->check(CLI::IsMember({"auto", "always", "never"}));
  auto* chk = app.add_subcommand("check", "check a recipe and print its plan; runs nothing");
  add_common(chk);
  bool no_busy_check = false;
  chk->add_flag("--no-busy-check", no_busy_check,
                "do not look at the machine's load and steal for a second before a long run");
  std::string report_file;
  auto* rep = app.add_subcommand("report", "re-render a result file (.json) or a published result (.toml)");
  rep->add_option("file", report_file, "result or published file")->required();
  rep->add_option("--format", format, "output format; html: one self-contained page with charts")
      ->check(CLI::IsMember({"text", "json", "csv", "md", "markdown", "html"}));
  rep->add_option("--width", width, width_help)->check(CLI::NonNegativeNumber);
  auto* lst = app.add_subcommand("list", "list every kernel with its parameters, the units and the aggregates");
  std::string import_tool, import_log, import_out, import_machine;
  std::string import_help = "turn a tool's printed log into a published result (TOML):";
  for (const auto& i : importers()) import_help += fmt::format("\n  {:<10} {}", i.tool, i.help);
  std::vector<std::string> compare_files;
  std::string cmp_ratio, cmp_digits, cmp_suffix, cmp_unit, cmp_format = "text";
  auto* cmp = app.add_subcommand("compare", "set results and published results side by side, with ratio columns (B/A, …)");
  cmp->add_option("files", compare_files, "result (.json) or published (.toml) files; the first is the reference")->required();
  cmp->add_option("--ratio", cmp_ratio, "truncate or round the ratios (default round)");
  cmp->add_option("--digits", cmp_digits, "decimals of the ratios (default 2)");
  cmp->add_option("--suffix", cmp_suffix, "text after each ratio, e.g. x or 倍");
  cmp->add_option("--unit", cmp_unit, "one unit for every row (default: each series' natural unit)");
  cmp->add_option("--format", cmp_format, "text (the table) or html (one self-contained page with charts)")
      ->check(CLI::IsMember({"text", "html"}));
  auto* imp = app.add_subcommand("import", import_help);
  imp->add_option("tool", import_tool, "the tool that printed the log")->required();
  imp->add_option("log", import_log, "the log file")->required();
  imp->add_option("-o,--output", import_out, "the published-result file to write (default: standard output)");
  imp->add_option("--machine", import_machine, "the machine's description, when the log does not give it");

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
    err << "hwbench: " << e.what() << "\n" << "run 'hwbench --help' for usage\n";
    return exit_usage;
  }
  if (run->parsed()) {
    display.err_fd = fds.err;
    return cmd_run(common, output, html_output, format, report_width(width, fds.out), display, args, out, err);
  }
  if (chk->parsed()) return cmd_check(common, !no_busy_check, out, err);
  if (rep->parsed()) return cmd_report(report_file, format, report_width(width, fds.out), out, err);
  if (lst->parsed()) return cmd_list(out);
  if (cmp->parsed()) {
    std::vector<std::pair<std::string, std::string>> settings;
    if (!cmp_ratio.empty()) settings.emplace_back("ratio", cmp_ratio);
    if (!cmp_digits.empty()) settings.emplace_back("digits", cmp_digits);
    if (!cmp_suffix.empty()) settings.emplace_back("suffix", cmp_suffix);
    if (!cmp_unit.empty()) settings.emplace_back("unit", cmp_unit);
    return cmd_compare(compare_files, settings, cmp_format, out, err);
  }
  if (imp->parsed()) return cmd_import(import_tool, import_log, import_out, import_machine, out, err);
  return exit_usage;
}

const char* hwbench_version() {
#ifdef HWBENCH_VERSION
  return HWBENCH_VERSION;
#else
  return "0.0.0";
#endif
}

}  // namespace hwbench::runtime::cli
