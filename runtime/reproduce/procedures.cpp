#include "runtime/reproduce/procedures.hpp"

#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "runtime/environment/build_environment.hpp"
#include "runtime/pipeline/run_recipe.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/record/published.hpp"
#include "runtime/record/published_reader.hpp"
#include "runtime/record/result_file_reader.hpp"
#include "runtime/reproduce/cp_procedure.hpp"
#include "runtime/tools/bonnie/bonnie_procedure.hpp"
#include "runtime/tools/nbench/nbench_procedure.hpp"
#include "runtime/tools/openssl/openssl_procedure.hpp"
#include "runtime/tools/tools.hpp"
#include "runtime/tools/unixbench/unixbench_procedure.hpp"

namespace hwbench::runtime::reproduce {

namespace {

/// The line an importer's first error names (`NAME:LINE: error: …`), 0 when it names none.
std::size_t error_line(const std::string& error, const std::string& name) {
  if (error.rfind(name + ":", 0) != 0) return 0;
  std::size_t line = 0;
  for (std::size_t i = name.size() + 1; i < error.size() && std::isdigit(static_cast<unsigned char>(error[i])); ++i)
    line = line * 10 + static_cast<std::size_t>(error[i] - '0');
  return line;
}

/// The first line of `error`, at most 160 bytes, each control byte as "?": an importer quotes the
/// line it stopped at, and a binary file's "line" is kilobytes of anything.
std::string first_line(const std::string& error) {
  std::string line = error.substr(0, error.find('\n'));
  if (line.size() > 160) line = line.substr(0, 157) + "...";
  for (char& c : line)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return line;
}

/// The tool whose report style a published or result file has: "nbench", "openssl"…; "" for none.
std::string report_tool(const model::Result& result) {
  for (const auto& r : result.reports)
    if (r.style.named != nullptr) {
      const std::string& style = r.style.named->name;
      if (style == "nbench" || style == "openssl" || style == "bonnie" || style == "unixbench") return style;
    }
  return "";
}

/// The tool a log is of: its importer's, or for a published or result file its report style's.
std::string log_tool(const Log& log) {
  return log.kind == "result" || log.kind == "published" ? report_tool(log.result) : log.kind;
}

/// The NAME=PATH of each -L/--location the command line gave, in order.
std::vector<std::string> given_locations(const std::vector<std::string>& argv) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if ((a == "-L" || a == "--location") && i + 1 < argv.size())
      out.push_back(argv[++i]);
    else if (a.rfind("--location=", 0) == 0)
      out.push_back(a.substr(11));
    else if (a.rfind("-L", 0) == 0 && a.size() > 2)
      out.push_back(a.substr(2));
  }
  return out;
}

/// A result file's own recipe, with its --set values and the baseline files it read.
record::Procedure result_procedure(const Log& log) {
  const model::Result& r = log.result;
  record::Procedure p;
  p.tool = "recipe";
  p.recipe = r.recipe_text;
  p.settings = r.parameters;
  // The places its run was given are that machine's: asked for again, as a cp table's disk is.
  for (const auto& given : given_locations(r.command_line)) {
    const auto eq = given.find('=');
    if (eq == std::string::npos || eq == 0 || given[0] == '/') continue;  // a remapped directory: the recipe's own
    p.locations.push_back(given.substr(0, eq));
    p.notes.push_back(fmt::format("its run was given -L {}", given));
  }
  if (!r.recipe_sha256.empty() && pipeline::sha256_hex(r.recipe_text) != r.recipe_sha256)
    p.notes.push_back(
        fmt::format("the recipe kept in {} does not match its recorded SHA-256: it was changed after "
                    "the run",
                    log.name));
  const auto version = r.environment.value("hwbench_version", nlohmann::json());
  const auto here = environment::hwbench_build_version();
  if (!version.is_null() && version != here)
    p.notes.push_back(fmt::format("{} was made by hwbench {}; this is hwbench {}: a kernel may have changed", log.name,
                                  version.is_string() ? version.get<std::string>() : version.dump(),
                                  here.is_string() ? here.get<std::string>() : here.dump()));
  // The baseline files it read, at the same places relative to the recipe.
  std::map<std::string, std::vector<model::Baseline>> files;
  for (const auto& b : r.baselines) {
    if (b.file.empty() || b.file.rfind(record::builtin_baseline_prefix, 0) == 0) continue;
    // The path as the recipe wrote it, relative to the recipe: where the file goes again.
    std::smatch m;
    const std::regex statement("(^|\\n)\\s*baseline\\s+" + b.name + "\\s+from\\s+\"([^\"$]+)\"");
    const std::string written = std::regex_search(r.recipe_text, m, statement) ? m[2].str() : "";
    const std::string relative = std::filesystem::path(written).lexically_normal().string();
    if (written.empty() || relative[0] == '/' || relative.rfind("..", 0) == 0) {
      p.notes.push_back(
          fmt::format("the baseline file {} is not named by a path inside the recipe's directory; "
                      "put it where the recipe written with --emit looks for it",
                      b.file));
      continue;
    }
    files[relative].push_back(b);
  }
  for (const auto& [path, baselines] : files) p.files.emplace_back(path, record::write_baseline_file(baselines));
  return p;
}

}  // namespace

std::optional<Log> read_log(std::string text, const std::string& name, std::string& error) {
  Log log;
  log.name = name;
  const auto first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] == '{') {
    auto r = record::parse_result(text, name, error);
    if (!r) return std::nullopt;
    log.kind = "result";
    log.result = std::move(*r);
  } else if (std::regex_search(text, std::regex(R"((^|\n)\s*schema\s*=\s*"hwbench-published/)"))) {
    auto r = record::parse_published(text, name, error);
    if (!r) return std::nullopt;
    log.kind = "published";
    log.result = std::move(*r);
  } else {
    // The closest: the tool whose own words the file holds most of, then the importer that read
    // furthest; none when the file holds no tool's words at all.
    std::string closest;
    std::pair<std::size_t, std::size_t> best{0, 0};
    std::vector<std::string> formats;
    for (const auto& importer : tools::importers()) {
      formats.push_back(importer.tool);
      std::string why;
      auto r = importer.parse(text, name, why);
      if (r) {
        log.kind = importer.tool;
        log.result = std::move(*r);
        break;
      }
      std::size_t marks = 0;
      for (const auto& mark : importer.marks) marks += text.find(mark) != std::string::npos ? 1 : 0;
      const std::pair<std::size_t, std::size_t> score{marks, error_line(why, name)};
      if (marks > 0 && score > best) {
        best = score;
        closest = fmt::format("; the closest is {} ({})", importer.tool, first_line(why));
      }
    }
    if (log.kind.empty()) {
      error = fmt::format(
          "{}: not a log hwbench reads: neither a result file (JSON), a published result (TOML) nor the output of "
          "{}{}",
          name, fmt::join(formats, ", "), closest.empty() ? "; it holds none of their words" : closest);
      return std::nullopt;
    }
  }
  log.text = std::move(text);
  // What the log says of its machine, where the comparison's environment rows read it.
  const std::string tool = log_tool(log);
  if (tool == "nbench") tools::nbench::nbench_machine_facts(log.result);
  if (tool == "unixbench") tools::unixbench::unixbench_machine_facts(log.result, log.text);
  return log;
}

namespace {

/// The procedure of `log`, before --original's note.
std::optional<record::Procedure> infer(const Log& log, const Machine& machine, std::string& error) {
  if (log.kind == "result" && !log.result.recipe_text.empty()) return result_procedure(log);
  const std::string tool = log_tool(log);
  const model::Result& r = log.result;
  // The recipe names the file as its author would share it: without the directories.
  const std::string file = std::filesystem::path(log.name).filename().string();
  if (tool == "nbench") return tools::nbench::nbench_procedure(r, log.text, file);
  if (tool == "openssl") return tools::openssl::openssl_procedure(r, log.text, file, machine.original);
  if (tool == "bonnie")
    return tools::bonnie::bonnie_procedure(r, log.text, file, machine.ram_bytes, machine.original, machine.root);
  if (tool == "unixbench") return tools::unixbench::unixbench_procedure(r, log.text, file);
  if (cp_table(r)) return cp_procedure(r, log.text, file);
  error = fmt::format(
      "{}: hwbench reads it, but cannot tell which procedure made it: it has no `report nbench`, openssl, bonnie or "
      "unixbench, and its series are not a cp table (\"read 10MB\", \"write 100MB\"…)",
      log.name);
  return std::nullopt;
}

}  // namespace

std::optional<record::Procedure> infer_procedure(const Log& log, const Machine& machine, std::string& error) {
  auto p = infer(log, machine, error);
  if (p && machine.original && p->tool != "openssl" && p->tool != "bonnie")
    p->notes.push_back(
        fmt::format("--original: hwbench runs no original program for {}: only openssl speed and "
                    "bonnie++ are",
                    p->tool == "recipe" ? "a result file's recipe" : p->tool));
  return p;
}

std::vector<std::pair<std::string, model::Result>> split_sections(const model::Result& run, const Log& log) {
  std::vector<std::pair<std::string, model::Result>> parts;
  for (const auto& series : run.series) {
    auto it = std::find_if(parts.begin(), parts.end(), [&](const auto& p) { return p.first == series.section; });
    if (it == parts.end()) {
      model::Result part = run;
      part.series.clear();
      part.indices.clear();
      it = parts.insert(parts.end(), {series.section, std::move(part)});
    }
    it->second.series.push_back(series);
  }
  for (auto& entry : parts) {
    std::string& section = entry.first;
    model::Result& part = entry.second;
    if (!section.empty() && section != "hwbench" && log_tool(log) == "openssl")
      tools::openssl::relabel_like_log(part, log.result);
    for (const auto& index : run.indices) {
      const bool inside = std::all_of(index.spec.series.begin(), index.spec.series.end(), [&](const std::string& l) {
        return std::any_of(part.series.begin(), part.series.end(),
                           [&](const model::Series& s) { return s.label == l; });
      });
      if (inside) part.indices.push_back(index);
    }
    if (parts.size() == 1) section.clear();
  }
  if (parts.empty()) parts.emplace_back("", run);
  // The original program's column before hwbench's.
  std::stable_partition(parts.begin(), parts.end(), [](const auto& p) { return p.first != "hwbench"; });
  return parts;
}

}  // namespace hwbench::runtime::reproduce
