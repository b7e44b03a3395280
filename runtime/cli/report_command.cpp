// `hwbench report` and `hwbench compare`: results read and rendered through the library
// pipeline (runtime/pipeline/render.hpp); here only the formats' names and the exit codes.
#include <algorithm>
#include <filesystem>
#include <string>
#include <system_error>
#include <vector>

#include <fmt/format.h>

#include "base/platform/atomic_file.hpp"
#include "runtime/cli/cli.hpp"
#include "runtime/cli/commands.hpp"
#include "runtime/pipeline/render.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/record/result_file.hpp"

namespace hwbench::runtime::cli {

namespace {

// A file's path without its extension, as components from the root ("/", "tmp", "d1", "run").
std::vector<std::string> path_components(const std::string& file) {
  std::error_code error;
  std::filesystem::path path = std::filesystem::absolute(file, error);
  if (error) path = file;
  path = path.lexically_normal().replace_extension();
  return {path.begin(), path.end()};
}

// The last `n` components of `parts` (all of them when it has fewer), as a path: "d1/run".
std::string last_components(const std::vector<std::string>& parts, std::size_t n) {
  std::filesystem::path out;
  for (std::size_t i = parts.size() - std::min(n, parts.size()); i < parts.size(); ++i) out /= parts[i];
  return out.string();
}

// The compared files' column names: each file's stem, and where files share it, as many of its
// parent directories as tell it from the others, in parentheses ("run (d1)" and "run (d2)": the
// stems alone would head both columns and name both in the verdicts "run"; "d1/run" would read
// as a ratio in the ratio columns' headers). `suffixes` follow ("×3" for joined reruns); names
// still alike (one file given twice) are told by their place on the command line, "run #1" and
// "run #2".
std::vector<std::string> compared_names(const std::vector<std::string>& files,
                                        const std::vector<std::string>& suffixes) {
  std::vector<std::vector<std::string>> parts;
  for (const auto& f : files) parts.push_back(path_components(f));
  std::vector<std::string> names;
  for (std::size_t i = 0; i < parts.size(); ++i) {
    const auto alike = [&](std::size_t n) {
      for (std::size_t j = 0; j < parts.size(); ++j)
        if (parts[j] != parts[i] && last_components(parts[j], n) == last_components(parts[i], n)) return true;
      return false;
    };
    std::size_t n = 1;
    while (n < parts[i].size() && alike(n)) ++n;
    std::vector<std::string> parents(parts[i].begin(), parts[i].end() - 1);
    const std::string where = n > 1 ? " (" + last_components(parents, n - 1) + ")" : "";
    names.push_back(parts[i].back() + where + suffixes[i]);
  }
  std::vector<std::string> told = names;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (std::count(names.begin(), names.end(), names[i]) > 1) told[i] += fmt::format(" #{}", i + 1);
  return told;
}

}  // namespace

report::Format parse_format(const std::string& f) {
  if (f == "csv") return report::Format::csv;
  if (f == "md" || f == "markdown") return report::Format::markdown;
  return report::Format::text;
}

int cmd_report(const std::string& file, const std::string& format, std::size_t width, std::ostream& out,
               std::ostream& err) {
  std::string error;
  // Reruns joined by + (a1.json+a2.json) come as one result whose blocks are its runs.
  std::optional<model::Result> result = pipeline::load_result(file, error);
  if (!result) {
    err << "hwbench: " << error << "\n";
    return exit_usage;
  }
  if (format == "json") {
    if (result->reruns > 1) {
      err << "hwbench: reruns joined with + are not one run's result file; report them as text, csv, md or html\n";
      return exit_usage;
    }
    out << record::result_text(*result);
    return exit_ok;
  }
  if (format == "html") {
    out << pipeline::render_result(*result, {report::Format::text, width, true}).html;
    return exit_ok;
  }
  if (result->status != model::RunStatus::complete && result->status != model::RunStatus::published)
    err << fmt::format("hwbench: note: this run is {}: {}\n", model::to_text(result->status), result->error);
  print_reports(*result, format, width, out);
  return exit_ok;
}

bool write_whole_file(const std::string& path, const std::string& text, std::ostream& err) {
  std::string error;
  const std::string dir = std::filesystem::path(path).parent_path().string();
  if ((dir.empty() || platform::make_directories(dir, error)) && platform::write_file_atomically(path, text, error))
    return true;
  err << "hwbench: " << error << "\n";
  return false;
}

std::string output_problem(const std::string& input, std::string_view input_word, const std::string& result,
                           const std::string& html) {
  std::error_code ec;
  for (const auto& [option, path] : {std::pair{"-o", &result}, std::pair{"--html", &html}}) {
    if (path->empty()) continue;
    if (std::filesystem::is_directory(*path, ec))
      return fmt::format("{} {} is a directory; name a file", option, *path);
    if (std::filesystem::equivalent(*path, input, ec))
      return fmt::format("{} {} is the {} itself; name another file", option, *path, input_word);
  }
  if (!result.empty() && !html.empty() && (result == html || std::filesystem::equivalent(result, html, ec)))
    return fmt::format("-o and --html name one file ({}); name two", html);
  return "";
}

void print_reports(const model::Result& result, const std::string& format, std::size_t width, std::ostream& out) {
  if (!result.parameters.empty() && format == "text") out << plan::parameters_line(result.parameters) << "\n\n";
  if (result.reruns > 1 && format != "csv")
    out << fmt::format("{} reruns joined: each run is one block, and the intervals come from the runs' means\n\n",
                       result.reruns);
  out << pipeline::render_result(result, {parse_format(format), width, false}).text;
}

int cmd_compare(const std::vector<std::string>& files, const std::vector<std::pair<std::string, std::string>>& settings,
                const std::string& format, std::size_t width, std::ostream& out, std::ostream& err) {
  if (files.size() < 2) {
    err << "hwbench: compare needs at least two files (result .json or published .toml)\n";
    return exit_usage;
  }
  analysis::CompareOptions options;
  for (const auto& [name, value] : settings) {
    if (auto why = analysis::set_compare_option(options, name, value); !why.empty()) {
      err << fmt::format("hwbench: --{}: {}\n", name, why);
      return exit_usage;
    }
  }
  std::vector<model::Result> results;
  std::vector<std::string> firsts, suffixes;
  for (const auto& f : files) {
    std::string error;
    auto r = record::load_compared(f, error);
    if (!r) {
      err << "hwbench: " << error << "\n";
      return exit_usage;
    }
    // Reruns joined by + are titled by their first file and their count: "before-1 ×3".
    firsts.push_back(record::rerun_paths(f).front());
    suffixes.push_back(r->reruns > 1 ? fmt::format(" ×{}", r->reruns) : "");
    results.push_back(std::move(*r));
  }
  out << pipeline::render_comparison(results, compared_names(firsts, suffixes), options, format == "html", width);
  // Runs compared one against one: their intervals know each run's drift, not the next run's.
  const auto runs = std::count_if(results.begin(), results.end(),
                                  [](const model::Result& r) { return r.kind == model::ResultKind::run; });
  const bool joined = std::any_of(results.begin(), results.end(), [](const model::Result& r) { return r.reruns > 1; });
  if (runs >= 2 && !joined)
    err << "hwbench: note: one run a side: the verdicts know the drift within each run, not between runs; "
           "join reruns with + (a1.json+a2.json+a3.json; `hwbench run --reruns 3` makes them) for verdicts that "
           "do\n";
  return exit_ok;
}

}  // namespace hwbench::runtime::cli
