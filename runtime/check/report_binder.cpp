#include "runtime/check/report_binder.hpp"

#include <fmt/format.h>

#include <algorithm>

#include "runtime/model/report_style.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/support/suggestions.hpp"

namespace hwbench::runtime {

using Item = lang::Item;

namespace {

std::string style_names() {
  std::string names;
  for (const auto& st : style_catalogue()) names += " " + st.name;
  return names;
}

/// `report STYLE [OPTION VALUE]…`: a style with a layout of its own.
std::optional<ReportSpec> bind_named(const lang::Stmt& s, const StyleInfo& style, lang::Diagnostics& diags) {
  ReportSpec spec;
  spec.style = style.name;
  bool ok = true;
  auto len = [](const Item& it) {
    return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.kind == Item::Kind::expr ? it.expr.text.size() : it.word.size()));
  };
  std::vector<std::string> option_names;
  for (const auto& [name, values] : style.options) option_names.push_back(name);
  const std::string options_hint =
      option_names.empty() ? fmt::format("'report {}' takes no options", style.name)
                           : fmt::format("options of 'report {}': {}", style.name, fmt::join(option_names, " "));
  for (std::size_t i = 1; i < s.items.size(); ++i) {
    const Item& it = s.items[i];
    const auto opt = std::find_if(style.options.begin(), style.options.end(),
                                  [&](const auto& o) { return it.kind == Item::Kind::word && o.first == it.word; });
    if (opt == style.options.end()) {
      const std::string what = it.kind == Item::Kind::expr ? it.expr.text : it.word;
      diags.error(it.loc, fmt::format("unknown option '{}' for 'report {}'", what, style.name),
                  support::did_you_mean(what, option_names, options_hint), len(it));
      ok = false;
      continue;
    }
    const auto& values = opt->second;
    if (values.size() == 1 && values[0].empty()) {  // a bare word
      spec.options[opt->first] = "";
      continue;
    }
    if (i + 1 >= s.items.size() || s.items[i + 1].kind == Item::Kind::comma || s.items[i + 1].kind == Item::Kind::arrow) {
      diags.error(it.loc, fmt::format("'{}' needs a value", it.word),
                  values.empty() ? std::string() : fmt::format("values: {}", fmt::join(values, " ")), len(it));
      ok = false;
      continue;
    }
    const Item& v = s.items[++i];
    const std::string value = v.kind == Item::Kind::expr ? (v.expr.kind == lang::ExprKind::number ? v.expr.number.text : v.expr.text)
                                                          : v.word;
    if (!values.empty() && std::find(values.begin(), values.end(), value) == values.end()) {
      diags.error(v.loc, fmt::format("'{}' is not a value of '{}'", value, it.word),
                  support::did_you_mean(value, values, fmt::format("values: {}", fmt::join(values, " "))), len(v));
      ok = false;
      continue;
    }
    spec.options[opt->first] = value;
  }
  if (!ok) return std::nullopt;
  return spec;
}

}  // namespace

std::optional<ReportSpec> bind_report(const lang::Stmt& s, lang::Diagnostics& diags) {
  const auto& items = s.items;
  auto len = [](const Item& it) { return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.word.size())); };
  if (items.empty()) {
    diags.error(s.loc, "'report' needs a unit and aggregates, or a style", "write it like: report MB/s mean, median", 6);
    return std::nullopt;
  }
  ReportSpec spec;
  std::size_t i = 0;
  if (items[0].kind == Item::Kind::word && items[0].word == "table") {
    spec.style = "table";
    ++i;
  } else if (items[0].kind == Item::Kind::word && !find_unit(items[0].word)) {
    if (const StyleInfo* named = find_style_info(items[0].word)) return bind_named(s, *named, diags);
  }
  if (i >= items.size() || items[i].kind != Item::Kind::word) {
    const auto& at = i < items.size() ? items[i] : items.back();
    diags.error(at.loc, "expected a unit such as MB/s, or a style, after 'report'",
                "units: " + fmt::format("{}", fmt::join(unit_names(), " ")) + "; styles: table" + style_names(), len(at));
    return std::nullopt;
  }
  const Unit* unit = find_unit(items[i].word);
  if (unit == nullptr) {
    std::vector<std::string> candidates = unit_names();
    candidates.push_back("table");
    for (const auto& st : style_catalogue()) candidates.push_back(st.name);
    diags.error(items[i].loc, fmt::format("unknown unit '{}'", items[i].word),
                support::did_you_mean(items[i].word, candidates, "units: " + fmt::format("{}", fmt::join(unit_names(), " "))),
                len(items[i]));
    return std::nullopt;
  }
  spec.unit = unit->name;
  ++i;
  if (i < items.size() && items[i].kind == Item::Kind::word && items[i].word == "with") {
    ++i;
  } else if (spec.style == "table") {
    const auto& at = i < items.size() ? items[i] : items[i - 1];
    diags.error(at.loc, "expected 'with' after the unit of a table report", "write it like: report table MB/s with mean",
                len(at));
    return std::nullopt;
  }
  bool want_agg = true;
  bool ok = true;
  for (; i < items.size(); ++i) {
    const auto& it = items[i];
    if (it.kind == Item::Kind::comma) {
      if (want_agg) {
        diags.error(it.loc, "expected an aggregate before ','", {}, 1);
        ok = false;
      }
      want_agg = true;
      continue;
    }
    if (it.kind != Item::Kind::word || !aggregate(it.word, std::vector<double>{1.0})) {
      diags.error(it.loc, fmt::format("unknown aggregate '{}'", it.word),
                  support::did_you_mean(it.word, aggregate_names(),
                                     "aggregates: " + fmt::format("{}", fmt::join(aggregate_names(), " "))),
                  len(it));
      ok = false;
      want_agg = false;
      continue;
    }
    if (!want_agg) {
      diags.error(it.loc, fmt::format("expected ',' before '{}'", it.word), "separate aggregates with commas", len(it));
      ok = false;
    }
    spec.aggregates.push_back(it.word);
    want_agg = false;
  }
  if (ok && spec.aggregates.empty()) {
    diags.error(items.back().loc, "expected at least one aggregate", "for example: mean, median, stdev, min, max",
                len(items.back()));
    return std::nullopt;
  }
  if (!ok) return std::nullopt;
  return spec;
}

}  // namespace hwbench::runtime
