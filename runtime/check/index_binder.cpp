#include "runtime/check/index_binder.hpp"

#include <sys/stat.h>

#include <algorithm>

#include <fmt/format.h>

#include "runtime/record/baseline.hpp"
#include "runtime/sandbox/locations.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/support/suggestions.hpp"
#include "runtime/analysis/indices.hpp"

namespace hwbench::runtime {

using lang::Item;

namespace {

std::uint32_t width(const Item& it) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.kind == Item::Kind::expr ? it.expr.text.size() : it.word.size()));
}

bool is_word(const std::vector<Item>& items, std::size_t i, std::string_view w) {
  return i < items.size() && items[i].kind == Item::Kind::word && items[i].word == w;
}

/// The place to point at for "expected X": the item at i, or the statement's last item.
lang::SourceLoc at(const lang::Stmt& s, std::size_t i) {
  if (i < s.items.size()) return s.items[i].loc;
  if (!s.items.empty()) {
    lang::SourceLoc loc = s.items.back().loc;
    loc.column += width(s.items.back());
    loc.offset += width(s.items.back());
    return loc;
  }
  return s.loc;
}

}  // namespace

std::optional<Baseline> bind_baseline(const lang::Stmt& s, const Scope& scope, const std::string& recipe_dir,
                                      const std::vector<Baseline>& declared, lang::Diagnostics& diags) {
  const char* hint = "write it like: baseline k6 from \"baselines/nbench.toml\"";
  for (const auto& b : declared) {
    if (b.name == s.name) {
      diags.error(s.loc, fmt::format("baseline '{}' is declared twice", s.name), "give each baseline its own name", 8);
      return std::nullopt;
    }
  }
  if (!is_word(s.items, 0, "from") || s.items.size() < 2 || s.items[1].kind != Item::Kind::expr) {
    diags.error(at(s, is_word(s.items, 0, "from") ? 1 : 0), "expected 'from \"FILE.toml\"' after the baseline's name", hint, 1);
    return std::nullopt;
  }
  if (s.items.size() > 2) {
    diags.error(s.items[2].loc, "unexpected words after the baseline's file", hint, width(s.items[2]));
    return std::nullopt;
  }
  const Item& file_item = s.items[1];
  auto v = evaluate(file_item.expr, scope, diags);
  if (!v) return std::nullopt;
  std::string file = to_text(*v);
  if (file.empty() || file[0] != '/') file = (recipe_dir.empty() ? std::string(".") : recipe_dir) + "/" + file;
  // A baseline is a small text file: never a device, /proc or /sys.
  for (const char* prefix : {"/proc/", "/sys/", "/dev/"}) {
    if (file.rfind(prefix, 0) == 0) {
      diags.error(file_item.loc, fmt::format("'{}' is not a baseline file: hwbench does not read {}", file, prefix),
                  "baselines are TOML files; see docs/baseline-format.md", width(file_item));
      return std::nullopt;
    }
  }
  if (auto why = data_file_problem(file); !why.empty()) {
    diags.error(file_item.loc, fmt::format("cannot read the baseline file '{}'", file), why, width(file_item));
    return std::nullopt;
  }
  struct stat st {};
  if (::stat(file.c_str(), &st) != 0 || !S_ISREG(st.st_mode)) {
    diags.error(file_item.loc, fmt::format("cannot read the baseline file '{}'", file),
                "a relative path is found next to the recipe; see docs/baseline-format.md", width(file_item));
    return std::nullopt;
  }
  std::string error;
  auto tables = load_baselines(file, error);
  if (!tables) {
    diags.error(file_item.loc, fmt::format("the baseline file '{}' has errors", file), error, width(file_item));
    return std::nullopt;
  }
  std::vector<std::string> names;
  for (auto& b : *tables) {
    if (b.name == s.name) return b;
    names.push_back(b.name);
  }
  diags.error(s.loc, fmt::format("'{}' has no baseline called '{}'", file, s.name),
              support::did_you_mean(s.name, names, fmt::format("it has: {}", fmt::join(names, ", "))), 8);
  return std::nullopt;
}

std::optional<IndexSpec> bind_index(const lang::Stmt& s, const Scope& scope, const std::vector<Baseline>& baselines,
                                    const std::vector<IndexSpec>& declared, lang::Diagnostics& diags) {
  const char* hint = "write it like: index \"INTEGER INDEX\" = geomean(\"NUMERIC SORT\", \"IDEA\") vs k6";
  IndexSpec spec;
  auto label = evaluate(s.value, scope, diags);
  if (!label) return std::nullopt;
  spec.label = to_text(*label);
  const auto& items = s.items;
  std::size_t i = 0;
  if (!is_word(items, i, "geomean")) {
    diags.error(at(s, i), "expected 'geomean(' after '='", hint, i < items.size() ? width(items[i]) : 1);
    return std::nullopt;
  }
  ++i;
  if (!is_word(items, i, "(")) {
    diags.error(at(s, i), "expected '(' after 'geomean'", hint, 1);
    return std::nullopt;
  }
  ++i;
  bool want = true;
  for (; i < items.size() && !is_word(items, i, ")"); ++i) {
    const Item& it = items[i];
    if (it.kind == Item::Kind::comma && !want) {
      want = true;
      continue;
    }
    if (it.kind != Item::Kind::expr || !want) {
      diags.error(it.loc, want ? "expected a series label (a string)" : "expected ',' or ')'", hint, width(it));
      return std::nullopt;
    }
    auto v = evaluate(it.expr, scope, diags);
    if (!v) return std::nullopt;
    spec.series.push_back(to_text(*v));
    want = false;
  }
  if (!is_word(items, i, ")")) {
    diags.error(at(s, i), "expected ')' to close 'geomean('", hint, 1);
    return std::nullopt;
  }
  if (spec.series.empty()) {
    diags.error(items[i].loc, "'geomean()' needs at least one series", hint, 1);
    return std::nullopt;
  }
  ++i;
  if (!is_word(items, i, "vs") || i + 1 >= items.size() || items[i + 1].kind != Item::Kind::word) {
    diags.error(at(s, is_word(items, i, "vs") ? i + 1 : i), "expected 'vs BASELINE' after the series", hint, 1);
    return std::nullopt;
  }
  const Item& name = items[i + 1];
  spec.baseline = name.word;
  i += 2;
  std::vector<std::string> names;
  for (const auto& b : baselines) names.push_back(b.name);
  if (std::find(names.begin(), names.end(), spec.baseline) == names.end()) {
    diags.error(name.loc, fmt::format("no baseline called '{}' is declared before this index", spec.baseline),
                support::did_you_mean(spec.baseline, names,
                                   fmt::format("declare it first: baseline {} from \"FILE.toml\"", spec.baseline)),
                width(name));
    return std::nullopt;
  }
  if (is_word(items, i, "scale")) {
    if (i + 1 >= items.size() || items[i + 1].kind != Item::Kind::expr) {
      diags.error(at(s, i + 1), "expected a number after 'scale'", "for example: scale 10", 1);
      return std::nullopt;
    }
    auto k = evaluate(items[i + 1].expr, scope, diags);
    if (!k) return std::nullopt;
    if (k->kind != Value::Kind::number || k->number.dim != lang::Dim::none || !(k->number.value > 0)) {
      diags.error(items[i + 1].loc, "'scale' needs a positive plain number", "for example: scale 10", width(items[i + 1]));
      return std::nullopt;
    }
    spec.scale = k->number.value;
    i += 2;
  }
  if (is_word(items, i, "using")) {
    if (i + 1 >= items.size() || items[i + 1].kind != Item::Kind::word || !aggregate(items[i + 1].word, std::vector<double>{1.0})) {
      const std::string got = i + 1 < items.size() ? items[i + 1].word : std::string();
      diags.error(at(s, i + 1), fmt::format("'using' needs an aggregate{}", got.empty() ? "" : fmt::format(", not '{}'", got)),
                  support::did_you_mean(got, aggregate_names(), "for example: using unixbench (UnixBench's pass rule)"),
                  i + 1 < items.size() ? width(items[i + 1]) : 1);
      return std::nullopt;
    }
    spec.aggregate = items[i + 1].word;
    i += 2;
  }
  if (i < items.size()) {
    diags.error(items[i].loc, "unexpected words after the index", hint, width(items[i]));
    return std::nullopt;
  }
  for (const auto& d : declared) {
    if (d.label == spec.label && d.baseline == spec.baseline) {
      diags.error(s.value.loc, fmt::format("index \"{}\" vs {} is declared twice", spec.label, spec.baseline),
                  "give each index its own label", static_cast<std::uint32_t>(s.value.text.size()));
      return std::nullopt;
    }
  }
  return spec;
}

void check_index_series(const lang::Stmt& s, const IndexSpec& spec, const std::vector<std::string>& series_order,
                        const std::vector<Baseline>& baselines, lang::Diagnostics& diags) {
  const Baseline* base = nullptr;
  for (const auto& b : baselines)
    if (b.name == spec.baseline) base = &b;
  std::size_t n = 0;
  for (const auto& it : s.items) {
    if (it.kind != Item::Kind::expr) continue;
    if (n >= spec.series.size()) break;
    const std::string& label = spec.series[n++];
    if (std::find(series_order.begin(), series_order.end(), label) == series_order.end()) {
      diags.error(it.loc, fmt::format("index \"{}\" names the series \"{}\", but nothing in the recipe produces it", spec.label, label),
                  support::did_you_mean(label, series_order, "name it with: series \"" + label + "\" KERNEL …"), width(it));
      continue;
    }
    if (base != nullptr && baseline_figure(*base, label) == nullptr) {
      std::vector<std::string> labels;
      for (const auto& [l, f] : base->figures) labels.push_back(l);
      diags.error(it.loc, fmt::format("baseline '{}' has no figure for \"{}\"", base->name, label),
                  support::did_you_mean(label, labels, fmt::format("see {}", base->file)), width(it));
    }
  }
}

}  // namespace hwbench::runtime
