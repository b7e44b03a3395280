#include "runtime/check/binders/index_binder.hpp"

#include <sys/stat.h>

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/support/suggestions.hpp"
#include "runtime/analysis/indices.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/record/baseline.hpp"
#include "runtime/record/builtin_baselines.hpp"
#include "runtime/sandbox/locations.hpp"

namespace hwbench::runtime::check {

using analysis::baseline_figure;

namespace {

std::uint32_t index_width(const std::string& text) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, text.size()));
}

/// The baselines of a built-in file, `builtin:STEM` (record/builtin_baselines.hpp).
std::optional<std::vector<model::Baseline>> builtin_tables(const lang::recipe::Expr& file_expr, const std::string& file,
                                                           lang::Diagnostics& diags) {
  const std::string stem = file.substr(record::builtin_baseline_prefix.size());
  const auto stems = record::builtin_baseline_stems();
  if (std::find(stems.begin(), stems.end(), stem) == stems.end()) {
    diags.error(file_expr.loc, fmt::format("hwbench has no built-in baseline file '{}'", file),
                support::did_you_mean(stem, stems, fmt::format("built in: {}", fmt::join(stems, ", "))),
                index_width(file_expr.text));
    return std::nullopt;
  }
  auto tables = record::builtin_baselines(stem);
  for (auto& b : tables) b.file = file;
  return tables;
}

/// The baselines of the TOML file `file`, a relative path found next to the recipe (`file` is
/// made that path).
std::optional<std::vector<model::Baseline>> file_tables(const lang::recipe::Expr& file_expr, std::string& file,
                                                        const std::string& recipe_dir, lang::Diagnostics& diags) {
  // A file named by an absolute path travels with no recipe sent elsewhere: the machine that runs
  // it must have it there, and its lack here is this machine's (docs/remote.md).
  const bool absolute = !file.empty() && file[0] == '/';
  if (!absolute) file = (recipe_dir.empty() ? std::string(".") : recipe_dir) + "/" + file;
  // A baseline is a small text file: never a device, /proc or /sys.
  for (const char* prefix : {"/proc/", "/sys/", "/dev/"}) {
    if (file.rfind(prefix, 0) == 0) {
      diags.error(file_expr.loc, fmt::format("'{}' is not a baseline file: hwbench does not read {}", file, prefix),
                  "baselines are TOML files; see docs/baseline-format.md", index_width(file_expr.text));
      return std::nullopt;
    }
  }
  if (auto why = sandbox::data_file_problem(file); !why.empty()) {
    diags.error(file_expr.loc, fmt::format("cannot read the baseline file '{}'", file), why,
                index_width(file_expr.text));
    return std::nullopt;
  }
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    const bool missing_here = absolute && ::lstat(file.c_str(), &st) != 0;
    diags.add({lang::Severity::error, file_expr.loc, fmt::format("cannot read the baseline file '{}'", file),
               "a relative path is found next to the recipe; see docs/baseline-format.md", index_width(file_expr.text),
               missing_here});
    return std::nullopt;
  }
  std::string error;
  auto tables = record::load_baselines(file, error);
  if (!tables)
    diags.error(file_expr.loc, fmt::format("the baseline file '{}' has errors", file), error,
                index_width(file_expr.text));
  return tables;
}

}  // namespace

std::optional<model::Baseline> bind_baseline(const lang::recipe::Stmt& s, const Scope& scope,
                                             const std::string& recipe_dir,
                                             const std::vector<model::Baseline>& declared, lang::Diagnostics& diags) {
  for (const auto& b : declared) {
    if (b.name == s.name) {
      diags.error(s.loc, fmt::format("baseline '{}' is declared twice", s.name), "give each baseline its own name", 8);
      return std::nullopt;
    }
  }
  const lang::recipe::Expr& file_expr = std::get<lang::recipe::BaselineStmt>(s.form).file;
  auto v = evaluate(file_expr, scope, diags);
  if (!v) return std::nullopt;
  std::string file = to_text(*v);
  auto tables = file.rfind(record::builtin_baseline_prefix, 0) == 0 ? builtin_tables(file_expr, file, diags)
                                                                    : file_tables(file_expr, file, recipe_dir, diags);
  if (!tables) return std::nullopt;
  std::vector<std::string> names;
  for (auto& b : *tables) {
    if (b.name == s.name) return b;
    names.push_back(b.name);
  }
  diags.error(s.loc, fmt::format("'{}' has no baseline called '{}'", file, s.name),
              support::did_you_mean(s.name, names, fmt::format("it has: {}", fmt::join(names, ", "))), 8);
  return std::nullopt;
}

std::optional<model::IndexSpec> bind_index(const lang::recipe::IndexStmt& index, const Scope& scope,
                                           const std::vector<model::Baseline>& baselines,
                                           const std::vector<model::IndexSpec>& declared, lang::Diagnostics& diags) {
  model::IndexSpec spec;
  auto label = evaluate(index.label, scope, diags);
  if (!label) return std::nullopt;
  spec.label = to_text(*label);
  for (const auto& series : index.series) {
    auto v = evaluate(series, scope, diags);
    if (!v) return std::nullopt;
    spec.series.push_back(to_text(*v));
  }
  spec.baseline = index.baseline.text;
  std::vector<std::string> names;
  for (const auto& b : baselines) names.push_back(b.name);
  if (std::find(names.begin(), names.end(), spec.baseline) == names.end()) {
    diags.error(index.baseline.loc, fmt::format("no baseline called '{}' is declared before this index", spec.baseline),
                support::did_you_mean(spec.baseline, names,
                                      fmt::format("declare it first: baseline {} from \"FILE.toml\"", spec.baseline)),
                index_width(index.baseline.text));
    return std::nullopt;
  }
  if (index.scale) {
    auto k = evaluate(*index.scale, scope, diags);
    if (!k) return std::nullopt;
    if (k->kind != Value::Kind::number || k->number.dim != lang::Dim::none || !(k->number.value > 0)) {
      diags.error(index.scale->loc, "'scale' needs a positive plain number", "for example: scale 10",
                  index_width(index.scale->text));
      return std::nullopt;
    }
    spec.scale = k->number.value;
  }
  if (index.aggregate.given()) {
    const std::string& got = index.aggregate.text;
    if (analysis::find_aggregate(got) == nullptr) {
      diags.error(index.aggregate.loc, fmt::format("'using' needs an aggregate, not '{}'", got),
                  support::did_you_mean(got, analysis::aggregate_names(),
                                        "for example: using unixbench (UnixBench's pass rule)"),
                  index_width(got));
      return std::nullopt;
    }
    spec.aggregate = got;
  }
  for (const auto& d : declared) {
    if (d.label == spec.label && d.baseline == spec.baseline) {
      diags.error(index.label.loc, fmt::format("index \"{}\" vs {} is declared twice", spec.label, spec.baseline),
                  "give each index its own label", static_cast<std::uint32_t>(index.label.text.size()));
      return std::nullopt;
    }
  }
  return spec;
}

void check_index_series(const lang::recipe::IndexStmt& index, const model::IndexSpec& spec,
                        const std::vector<std::string>& series_order, const std::set<std::string>& refused,
                        const std::vector<model::Baseline>& baselines, lang::Diagnostics& diags) {
  const model::Baseline* base = nullptr;
  for (const auto& b : baselines)
    if (b.name == spec.baseline) base = &b;
  for (std::size_t n = 0; n < index.series.size() && n < spec.series.size(); ++n) {
    const lang::recipe::Expr& it = index.series[n];
    const std::string& label = spec.series[n];
    if (refused.count(label)) continue;
    if (std::find(series_order.begin(), series_order.end(), label) == series_order.end()) {
      diags.error(
          it.loc,
          fmt::format("index \"{}\" names the series \"{}\", but nothing in the recipe produces it", spec.label, label),
          support::did_you_mean(label, series_order, "name it with: series \"" + label + "\" KERNEL …"),
          index_width(it.text));
      continue;
    }
    if (base != nullptr && baseline_figure(*base, label) == nullptr) {
      std::vector<std::string> labels;
      for (const auto& [l, f] : base->figures) labels.push_back(l);
      diags.error(it.loc, fmt::format("baseline '{}' has no figure for \"{}\"", base->name, label),
                  support::did_you_mean(label, labels, fmt::format("see {}", base->file)), index_width(it.text));
    }
  }
}

}  // namespace hwbench::runtime::check
