#include "runtime/cli/cli.hpp"

#include <openssl/evp.h>
#include <unistd.h>

#include <chrono>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include "kernels/files/real_file_view.hpp"
#include "kernels/builtin/builtin.hpp"
#include "lang/recipe/parser.hpp"
#include "runtime/platform/atomic_file.hpp"
#include "runtime/check/checker.hpp"
#include "runtime/analysis/compare.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/report/compare_report.hpp"
#include "runtime/environment/environment.hpp"
#include "runtime/import/importer.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/run/interpreter.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "runtime/record/published.hpp"
#include "runtime/report/report.hpp"
#include "runtime/record/result_file.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/record/toml_reader.hpp"
#include "runtime/support/suggestions.hpp"

namespace hwbench::runtime {

namespace {

std::string utc_stamp(const char* format) {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&now, &tm);
  char buf[64];
  std::strftime(buf, sizeof buf, format, &tm);
  return buf;
}

std::string current_dir() {
  std::error_code ec;
  auto p = std::filesystem::current_path(ec);
  return ec ? std::string("/") : p.string();
}

std::string sha256_hex(const std::string& text) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(text.data(), text.size(), digest, &len, EVP_sha256(), nullptr);
  std::string out;
  for (unsigned int i = 0; i < len; ++i) out += fmt::format("{:02x}", digest[i]);
  return out;
}

struct Common {
  std::string file;
  std::vector<std::string> locations;
  bool allow_exec = false;
};

/// Parses and checks; prints diagnostics. Returns the exit code on failure.
std::optional<CheckedRecipe> load_and_check(const Common& c, lang::Source& source, const kernels::Registry& registry,
                                            const kernels::FileView& files, std::ostream& err, int& code) {
  std::string error;
  auto text = read_text_file(c.file, error);
  if (!text) {
    err << "hwbench: " << error << "\n";
    code = exit_usage;
    return std::nullopt;
  }
  source.text = std::move(*text);
  source.name = c.file;
  CheckOptions opts;
  opts.registry = &registry;
  opts.allow_exec = c.allow_exec;
  opts.cwd = current_dir();
  opts.files = &files;
  for (const auto& l : c.locations) {
    auto eq = l.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == l.size()) {
      err << fmt::format("hwbench: -L needs NAME=PATH or /DIR=PATH, not '{}'\n", l);
      code = exit_usage;
      return std::nullopt;
    }
    std::string path = l.substr(eq + 1);
    if (path[0] != '/') path = opts.cwd + "/" + path;
    opts.overrides.emplace_back(l.substr(0, eq), path);
  }
  lang::Diagnostics diags;
  auto recipe = lang::parse(source, diags);
  std::optional<CheckedRecipe> checked;
  if (recipe) checked = check(*recipe, source, opts, diags);
  diags.render(source, err);
  if (!checked || diags.has_errors()) {
    auto n = diags.error_count();
    err << fmt::format("{} error{} in {}; nothing was run\n", n, n == 1 ? "" : "s", c.file);
    code = exit_recipe;
    return std::nullopt;
  }
  return checked;
}

Format parse_format(const std::string& f) {
  if (f == "csv") return Format::csv;
  if (f == "md" || f == "markdown") return Format::markdown;
  return Format::text;
}

/// A report for results that declare none: every series in its natural unit.
ReportSpec default_report(const Result& r) {
  ReportSpec spec;
  spec.unit = "ops/s";
  for (const auto& s : r.series)
    for (const auto& sample : s.samples)
      if (sample.bytes > 0 || (sample.figure && find_unit(sample.figure->unit) &&
                               find_unit(sample.figure->unit)->measure == Measure::byte_rate))
        spec.unit = "MB/s";
  spec.aggregates = {"mean", "median", "stdev", "min", "max"};
  return spec;
}

void render_all(const Result& result, Format format, std::ostream& out, std::vector<RenderedReport>* keep) {
  std::vector<ReportSpec> specs = result.reports;
  if (specs.empty()) specs.push_back(default_report(result));
  bool first = true;
  for (const auto& spec : specs) {
    RenderedReport record = render_to_record(result, spec, format);
    if (!first) out << "\n";
    first = false;
    out << record.text;
    if (keep) keep->push_back(std::move(record));
  }
}

int cmd_check(const Common& c, std::ostream& out, std::ostream& err) {
  auto registry = kernels::builtin_registry();
  kernels::RealFileView files;
  lang::Source source;
  int code = exit_ok;
  auto checked = load_and_check(c, source, registry, files, err, code);
  if (!checked) return code;
  print_plan(checked->plan, out);
  return exit_ok;
}

int cmd_run(const Common& c, const std::string& output, const std::string& format, bool quiet,
            const std::vector<std::string>& argv, std::ostream& out, std::ostream& err) {
  // From here on Ctrl-C means "stop, clean up, say so", never a silent kill.
  InterruptGuard guard;
  auto registry = kernels::builtin_registry();
  kernels::RealFileView files;
  lang::Source source;
  int code = exit_ok;
  auto checked = load_and_check(c, source, registry, files, err, code);
  if (!checked) return code;

  std::string stem = std::filesystem::path(c.file).stem().string();
  std::string path = output.empty() ? fmt::format("results/{}-{}.json", stem, utc_stamp("%Y%m%dT%H%M%SZ")) : output;
  std::string dir = std::filesystem::path(path).parent_path().string();
  std::string error;
  if (!dir.empty() && !make_directories(dir, error)) {
    err << "hwbench: " << error << "\n";
    return exit_usage;
  }

  Result result;
  result.recipe_file = c.file;
  result.recipe_text = source.text;
  result.recipe_sha256 = sha256_hex(source.text);
  result.meta = checked->plan.meta;
  result.command_line = argv;
  result.environment = capture_environment();
  result.locations = checked->plan.locations;
  result.reports = checked->plan.reports;
  result.baselines = checked->plan.baselines;
  for (const auto& spec : checked->plan.indices) result.indices.push_back(IndexValue{spec, 0, {}, std::nullopt});
  result.started_utc = utc_stamp("%Y-%m-%dT%H:%M:%SZ");

  RealClock clock;
  RunOptions opts;
  opts.clock = &clock;
  opts.progress = quiet ? nullptr : &err;
  opts.interrupted = guard.flag();
  RunOutcome outcome = run_plan(*checked, opts);
  result.finished_utc = utc_stamp("%Y-%m-%dT%H:%M:%SZ");
  result.status = outcome.status;
  result.error = outcome.error;
  result.series = std::move(outcome.series);
  compute_indices(result);

  if (outcome.status == RunStatus::complete) {
    render_all(result, parse_format(format), out, &result.rendered);
  } else {
    err << fmt::format("hwbench: {}\n", outcome.error);
    if (!outcome.removed_after_failure.empty())
      err << fmt::format("hwbench: teardown ran; removed {} file{} the run had created\n",
                         outcome.removed_after_failure.size(), outcome.removed_after_failure.size() == 1 ? "" : "s");
    if (!outcome.left_behind.empty())
      err << fmt::format("hwbench: could not remove {} file{} the run had created: {}\n", outcome.left_behind.size(),
                         outcome.left_behind.size() == 1 ? "" : "s", fmt::join(outcome.left_behind, ", "));
  }
  if (!save_result(result, path, error)) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  if (outcome.status == RunStatus::complete) {
    if (!quiet) err << fmt::format("result: {}\n", path);
    return exit_ok;
  }
  err << fmt::format("hwbench: the result file {} is marked {} (not complete)\n", path, to_text(outcome.status));
  return outcome.status == RunStatus::interrupted ? exit_interrupted : exit_failure;
}

int cmd_report(const std::string& file, const std::string& format, std::ostream& out, std::ostream& err) {
  std::string error;
  std::optional<Result> result;
  if (file.size() > 5 && file.substr(file.size() - 5) == ".toml") result = load_published(file, error);
  else result = load_result(file, error);
  if (!result) {
    err << "hwbench: " << error << "\n";
    return exit_usage;
  }
  // Indices are always recomputed from the figures, never trusted from the file.
  compute_indices(*result);
  if (format == "json") {
    out << to_json(*result).dump(2) << "\n";
    return exit_ok;
  }
  if (result->status != RunStatus::complete && result->status != RunStatus::published)
    err << fmt::format("hwbench: note: this run is {}: {}\n", to_text(result->status), result->error);
  render_all(*result, parse_format(format), out, nullptr);
  return exit_ok;
}

int cmd_import(const std::string& tool, const std::string& log, const std::string& output, const std::string& machine,
               std::ostream& out, std::ostream& err) {
  const Importer* importer = find_importer(tool);
  if (importer == nullptr) {
    std::vector<std::string> tools;
    for (const auto& i : importers()) tools.push_back(i.tool);
    err << fmt::format("hwbench: no importer for '{}'; {}\n", tool,
                       support::did_you_mean(tool, tools, fmt::format("importers: {}", fmt::join(tools, ", "))));
    return exit_usage;
  }
  std::string error;
  const auto text = read_text_file(log, error);
  if (!text) {
    err << error << "\n";
    return exit_usage;
  }
  auto result = importer->parse(*text, log, error);
  if (!result) {
    err << error << "\n";
    return exit_recipe;
  }
  // A log rarely names its machine; the one who imports it can.
  if (!machine.empty()) result->machine = machine;
  const std::string toml = write_published(*result);
  // What is written must read back: a file that hwbench report refuses would be worse than none.
  if (!parse_published(toml, output.empty() ? "<stdout>" : output, error)) {
    err << "hwbench: internal error: the imported result does not read back:\n" << error << "\n";
    return exit_failure;
  }
  if (output.empty()) {
    out << toml;
    return exit_ok;
  }
  if (!write_file_atomically(output, toml, error)) {
    err << "hwbench: " << error << "\n";
    return exit_failure;
  }
  err << fmt::format("published result: {} ({} series)\n", output, result->series.size());
  return exit_ok;
}

int cmd_compare(const std::vector<std::string>& files, const std::vector<std::pair<std::string, std::string>>& settings,
                std::ostream& out, std::ostream& err) {
  if (files.size() < 2) {
    err << "hwbench: compare needs at least two files (result .json or published .toml)\n";
    return exit_usage;
  }
  CompareOptions options;
  for (const auto& [name, value] : settings) {
    if (auto why = set_compare_option(options, name, value); !why.empty()) {
      err << fmt::format("hwbench: --{}: {}\n", name, why);
      return exit_usage;
    }
  }
  std::vector<Result> results;
  std::vector<std::string> names;
  for (const auto& f : files) {
    std::string error;
    auto r = load_comparable(f, error);
    if (!r) {
      err << "hwbench: " << error << "\n";
      return exit_usage;
    }
    results.push_back(std::move(*r));
    names.push_back(std::filesystem::path(f).stem().string());
  }
  std::vector<const Result*> pointers;
  for (const auto& r : results) pointers.push_back(&r);
  out << format_comparison(compare_results(pointers, names, options), options);
  return exit_ok;
}

const char* type_name(kernels::ParamType t) {
  switch (t) {
    case kernels::ParamType::size: return "size";
    case kernels::ParamType::count: return "count";
    case kernels::ParamType::duration: return "duration";
    case kernels::ParamType::number: return "number";
    case kernels::ParamType::word: return "word";
    case kernels::ParamType::choice: return "choice";
    case kernels::ParamType::flag: return "flag";
  }
  return "?";
}

int cmd_list(std::ostream& out) {
  auto registry = kernels::builtin_registry();
  std::string family;
  for (const auto& k : registry.all()) {
    if (k.family != family) {
      family = k.family;
      out << fmt::format("family {}\n", family);
    }
    out << fmt::format("  {:<8} {}\n", k.name, k.help);
    out << fmt::format("           usage: {}\n", k.synopsis);
    if (!k.lineage.empty()) out << fmt::format("           after: {}\n", k.lineage);
    for (const auto& p : k.params) {
      std::string extra = p.type == kernels::ParamType::choice ? fmt::format(" ({})", fmt::join(p.choices, "|")) : "";
      out << fmt::format("    {:<10} {:<8} default {:<8} {}{}\n", p.name, type_name(p.type),
                         p.type == kernels::ParamType::flag ? "-" : p.default_text.empty() ? "(required)" : p.default_text,
                         p.help, extra);
    }
  }
  out << "\nmeasurement options (every kernel): warmup N, runs N | runs MIN..MAX, for DURATION, until ci P%, cold, sync\n";
  out << "report units:";
  for (const auto& u : all_units()) out << " " << u.name;
  out << "\naggregates:";
  for (const auto& a : aggregate_names()) out << " " << a;
  out << "\n";
  return exit_ok;
}

}  // namespace

int run_cli(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  CLI::App app{"hwbench: reproducible benchmark recipes", "hwbench"};
  app.require_subcommand(1);
  app.set_version_flag("--version", std::string("hwbench ") + hwbench_version());

  Common common;
  std::string output, format = "text";
  bool quiet = false;
  auto add_common = [&](CLI::App* sub) {
    sub->add_option("recipe", common.file, "the .bench recipe")->required();
    sub->add_option("-L,--location", common.locations,
                    "NAME=PATH: set a location; /DIR=PATH: remap a literal directory")->allow_extra_args(false);
    sub->add_flag("--allow-exec", common.allow_exec, "allow kernels that run external programs");
  };
  auto* run = app.add_subcommand("run", "check a recipe, run it, print its reports and write the result file");
  add_common(run);
  run->add_option("-o,--output", output, "result file (default results/<recipe>-<UTC time>.json)");
  run->add_option("--format", format, "report format")->check(CLI::IsMember({"text", "csv", "md", "markdown"}));
  run->add_flag("-q,--quiet", quiet, "no progress lines on stderr");
  auto* chk = app.add_subcommand("check", "check a recipe and print its plan; runs nothing");
  add_common(chk);
  std::string report_file;
  auto* rep = app.add_subcommand("report", "re-render a result file (.json) or a published result (.toml)");
  rep->add_option("file", report_file, "result or published file")->required();
  rep->add_option("--format", format, "output format")->check(CLI::IsMember({"text", "json", "csv", "md", "markdown"}));
  auto* lst = app.add_subcommand("list", "list every kernel with its parameters, the units and the aggregates");
  std::string import_tool, import_log, import_out, import_machine;
  std::string import_help = "turn a tool's printed log into a published result (TOML):";
  for (const auto& i : importers()) import_help += fmt::format("\n  {:<10} {}", i.tool, i.help);
  std::vector<std::string> compare_files;
  std::string cmp_ratio, cmp_digits, cmp_suffix, cmp_unit;
  auto* cmp = app.add_subcommand("compare", "set results and published results side by side, with ratio columns (B/A, …)");
  cmp->add_option("files", compare_files, "result (.json) or published (.toml) files; the first is the reference")->required();
  cmp->add_option("--ratio", cmp_ratio, "truncate or round the ratios (default round)");
  cmp->add_option("--digits", cmp_digits, "decimals of the ratios (default 2)");
  cmp->add_option("--suffix", cmp_suffix, "text after each ratio, e.g. x or 倍");
  cmp->add_option("--unit", cmp_unit, "one unit for every row (default: each series' natural unit)");
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
  if (run->parsed()) return cmd_run(common, output, format, quiet, args, out, err);
  if (chk->parsed()) return cmd_check(common, out, err);
  if (rep->parsed()) return cmd_report(report_file, format, out, err);
  if (lst->parsed()) return cmd_list(out);
  if (cmp->parsed()) {
    std::vector<std::pair<std::string, std::string>> settings;
    if (!cmp_ratio.empty()) settings.emplace_back("ratio", cmp_ratio);
    if (!cmp_digits.empty()) settings.emplace_back("digits", cmp_digits);
    if (!cmp_suffix.empty()) settings.emplace_back("suffix", cmp_suffix);
    if (!cmp_unit.empty()) settings.emplace_back("unit", cmp_unit);
    return cmd_compare(compare_files, settings, out, err);
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

}  // namespace hwbench::runtime
