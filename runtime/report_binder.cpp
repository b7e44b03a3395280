#include "runtime/report_binder.hpp"

#include <fmt/format.h>

#include "runtime/statistics.hpp"
#include "runtime/units.hpp"

namespace hwbench::runtime {

using Item = lang::Item;

std::optional<ReportSpec> bind_report(const lang::Stmt& s, lang::Diagnostics& diags) {
  static const std::vector<std::string> later_styles = {"nbench", "openssl", "bonnie", "unixbench", "perl", "stream"};
  const auto& items = s.items;
  auto len = [](const Item& it) { return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.word.size())); };
  if (items.empty()) {
    diags.error(s.loc, "'report' needs a unit and aggregates", "write it like: report MB/s mean, median", 6);
    return std::nullopt;
  }
  ReportSpec spec;
  std::size_t i = 0;
  if (items[0].kind == Item::Kind::word && items[0].word == "table") {
    spec.style = "table";
    ++i;
  } else if (items[0].kind == Item::Kind::word && !find_unit(items[0].word)) {
    for (const auto& st : later_styles)
      if (items[0].word == st) {
        diags.error(items[0].loc, fmt::format("the report style '{}' is not available in this version of hwbench", st),
                    "available: report UNIT AGG, … and report table UNIT with AGG, …", len(items[0]));
        return std::nullopt;
      }
  }
  if (i >= items.size() || items[i].kind != Item::Kind::word) {
    const auto& at = i < items.size() ? items[i] : items.back();
    diags.error(at.loc, "expected a unit such as MB/s after 'report'", "units: " + fmt::format("{}", fmt::join(unit_names(), " ")),
                len(at));
    return std::nullopt;
  }
  const Unit* unit = find_unit(items[i].word);
  if (unit == nullptr) {
    std::vector<std::string> candidates = unit_names();
    candidates.push_back("table");
    diags.error(items[i].loc, fmt::format("unknown unit '{}'", items[i].word),
                lang::did_you_mean(items[i].word, candidates, "units: " + fmt::format("{}", fmt::join(unit_names(), " "))),
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
                  lang::did_you_mean(it.word, aggregate_names(),
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
