#include "runtime/check/binders/report_binder.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "runtime/analysis/statistics.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/model/report_style.hpp"

namespace hwbench::runtime::check {

namespace {

std::uint32_t word_width(const lang::recipe::Word& w) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, w.text.size()));
}

/// False when option `option` of `style` names a baseline and `value` is none of `baselines`.
bool known_baseline(const model::StyleInfo& style, const std::string& option, const std::string& value,
                    const std::vector<std::string>& baselines) {
  const auto& names = style.baseline_options;
  if (std::find(names.begin(), names.end(), option) == names.end()) return true;
  return std::find(baselines.begin(), baselines.end(), value) != baselines.end();
}

/// `report STYLE [OPTION [VALUE]]…`: a style with a layout of its own. Which options take a
/// value is the style's to say, so the arguments pair up here.
std::optional<model::ReportSpec> bind_named(const lang::recipe::ReportStmt& r, const model::StyleInfo& style,
                                            const std::vector<std::string>& baselines, lang::Diagnostics& diags) {
  model::ReportSpec spec;
  spec.style = model::named_report_style(style);
  bool ok = true;
  std::vector<std::string> option_names;
  for (const auto& [name, values] : style.options) option_names.push_back(name);
  const std::string options_hint =
      option_names.empty() ? fmt::format("'report {}' takes no options", style.name)
                           : fmt::format("options of 'report {}': {}", style.name, fmt::join(option_names, " "));
  auto unknown = [&](const std::string& what, lang::SourceLoc loc, std::uint32_t len) {
    diags.error(loc, fmt::format("unknown option '{}' for 'report {}'", what, style.name),
                support::did_you_mean(what, option_names, options_hint), len);
    ok = false;
  };
  if (r.with.given()) unknown(r.with.text, r.with.loc, word_width(r.with));
  const auto& args = r.args;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i].comma) unknown(",", *args[i].comma, 1);
    const lang::recipe::Term& name = args[i].term;
    const auto opt = std::find_if(style.options.begin(), style.options.end(),
                                  [&](const auto& o) { return !name.value && o.first == name.word.text; });
    if (opt == style.options.end()) {
      unknown(name.word.text, name.word.loc, word_width(name.word));
      continue;
    }
    const auto& values = opt->second;
    if (values.size() == 1 && values[0].empty()) {  // a bare word
      spec.options[opt->first] = "";
      continue;
    }
    if (i + 1 >= args.size() || args[i + 1].comma) {
      diags.error(name.word.loc, fmt::format("'{}' needs a value", name.word.text),
                  values.empty() ? std::string() : fmt::format("values: {}", fmt::join(values, " ")),
                  word_width(name.word));
      ok = false;
      continue;
    }
    const lang::recipe::Term& v = args[++i].term;
    const std::string value =
        v.value && v.value->kind == lang::recipe::ExprKind::number ? v.value->number.text : v.word.text;
    if (!values.empty() && std::find(values.begin(), values.end(), value) == values.end()) {
      diags.error(v.word.loc, fmt::format("'{}' is not a value of '{}'", value, name.word.text),
                  support::did_you_mean(value, values, fmt::format("values: {}", fmt::join(values, " "))),
                  word_width(v.word));
      ok = false;
      continue;
    }
    if (!known_baseline(style, opt->first, value, baselines)) {
      diags.error(v.word.loc, fmt::format("no baseline '{}' is declared before this report", value),
                  support::did_you_mean(value, baselines,
                                        baselines.empty() ? "declare it first: baseline NAME from \"FILE\""
                                                          : fmt::format("declared: {}", fmt::join(baselines, " "))),
                  word_width(v.word));
      ok = false;
      continue;
    }
    spec.options[opt->first] = value;
  }
  if (r.trailing_comma) unknown(",", *r.trailing_comma, 1);
  if (!ok) return std::nullopt;
  return spec;
}

}  // namespace

namespace {

/// `report summary`: every series in its natural unit, with nothing to choose.
std::optional<model::ReportSpec> bind_summary(const lang::recipe::ReportStmt& r, lang::Diagnostics& diags) {
  const lang::recipe::Word* extra = r.with.given() ? &r.with : !r.args.empty() ? &r.args.front().term.word : nullptr;
  if (extra != nullptr) {
    diags.error(extra->loc, fmt::format("unexpected '{}' after 'report summary'", extra->text),
                "'report summary' takes no aggregates or options: it shows n, mean, 95% CI and median",
                word_width(*extra));
    return std::nullopt;
  }
  model::ReportSpec spec;
  spec.style.layout = model::ReportLayout::summary;
  return spec;
}

}  // namespace

std::optional<model::ReportSpec> bind_report(const lang::recipe::ReportStmt& r,
                                             const std::vector<std::string>& baselines, lang::Diagnostics& diags) {
  model::ReportSpec spec;
  if (!r.table.given() && r.head.text == to_text(model::ReportStyle{model::ReportLayout::summary, nullptr}))
    return bind_summary(r, diags);
  if (r.table.given()) {
    spec.style.layout = model::ReportLayout::table;
  } else if (!analysis::find_unit(r.head.text)) {
    if (const model::StyleInfo* named = model::find_style_info(r.head.text))
      return bind_named(r, *named, baselines, diags);
  }
  const analysis::Unit* unit = analysis::find_unit(r.head.text);
  if (unit == nullptr) {
    std::vector<std::string> candidates = analysis::unit_names();
    candidates.push_back("table");
    candidates.push_back("summary");
    for (const auto& st : model::style_catalogue()) candidates.push_back(st.name);
    diags.error(r.head.loc, fmt::format("unknown unit '{}'", r.head.text),
                support::did_you_mean(r.head.text, candidates,
                                      "units: " + fmt::format("{}", fmt::join(analysis::unit_names(), " "))),
                word_width(r.head));
    return std::nullopt;
  }
  spec.unit = unit->name;
  // A unit's aggregates stand one after another, separated by commas.
  bool ok = true;
  for (std::size_t i = 0; i < r.args.size(); ++i) {
    const lang::recipe::Term& agg = r.args[i].term;
    if (agg.value || analysis::find_aggregate(agg.word.text) == nullptr) {
      diags.error(
          agg.word.loc, fmt::format("unknown aggregate '{}'", agg.word.text),
          support::did_you_mean(agg.word.text, analysis::aggregate_names(),
                                "aggregates: " + fmt::format("{}", fmt::join(analysis::aggregate_names(), " "))),
          word_width(agg.word));
      ok = false;
      continue;
    }
    if (i > 0 && !r.args[i].comma) {
      diags.error(agg.word.loc, fmt::format("expected ',' before '{}'", agg.word.text),
                  "separate aggregates with commas", word_width(agg.word));
      ok = false;
    }
    spec.aggregates.push_back(agg.word.text);
  }
  if (ok && spec.aggregates.empty()) {
    const lang::recipe::Word& last = r.with.given() ? r.with : r.head;
    diags.error(last.loc, "expected at least one aggregate", "for example: mean, median, stdev, min, max",
                word_width(last));
    return std::nullopt;
  }
  if (!ok) return std::nullopt;
  return spec;
}

}  // namespace hwbench::runtime::check
