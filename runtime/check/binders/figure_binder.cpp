// The command binder's figures and imports: `figure … regex|json … unit U …` and `import TOOL`.
#include <algorithm>
#include <regex>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "base/support/suggestions.hpp"
#include "runtime/analysis/units.hpp"
#include "runtime/check/binders/command_binder_internal.hpp"
#include "runtime/tools/tools.hpp"

namespace hwbench::runtime::check {

const std::vector<std::string>& command_importers() {
  // The tools registered in runtime/tools, by name (sorted, for the hint).
  static const std::vector<std::string> names = [] {
    std::vector<std::string> out;
    for (const auto& importer : tools::importers()) out.push_back(importer.tool);
    std::sort(out.begin(), out.end());
    return out;
  }();
  return names;
}

namespace detail {

void CommandBinder::import(const recipe::Item& it) {
  if (!sampled_only(it, "import the output of a statement of its own")) {
    if (c_.value_follows()) ++c_.i;
    return;
  }
  auto text = text_value(it, "import openssl");
  if (!text) return;
  const auto& tools = command_importers();
  if (std::find(tools.begin(), tools.end(), *text) == tools.end()) {
    c_.fail(value_item_->loc, fmt::format("no importer reads '{}'", *text),
            support::did_you_mean(*text, tools, fmt::format("importers: {}", fmt::join(tools, ", "))),
            width(*value_item_));
    return;
  }
  plan::FigureRule rule;
  rule.kind = plan::FigureRule::Kind::importer;
  rule.pattern = *text;
  rule.loc = it.loc;
  rule.text = "import " + *text;
  c_.step.figures.push_back(std::move(rule));
  note(" import " + *text);
}

void CommandBinder::figure(const recipe::Item& it) {
  const bool failed_before = c_.failed;
  c_.failed = false;
  if (!sampled_only(it, "take the figure from a statement of its own") || !parse_figure(it) || c_.failed) {
    // The rest of the clause would only raise errors of its own.
    const auto& items = c_.stmt.items;
    while (c_.i + 1 < items.size() &&
           !(items[c_.i + 1].kind == recipe::Item::Kind::word && is_command_option(items[c_.i + 1].word)))
      ++c_.i;
    c_.failed = true;
  }
  c_.failed = c_.failed || failed_before;
}

bool CommandBinder::parse_figure(const recipe::Item& it) {
  const auto& items = c_.stmt.items;
  plan::FigureRule rule;
  rule.loc = it.loc;
  auto next = [&]() -> const recipe::Item* { return c_.i + 1 < items.size() ? &items[++c_.i] : nullptr; };
  const recipe::Item* at = next();
  if (at != nullptr && at->kind == recipe::Item::Kind::expr) {
    auto label = c_.eval(*at);
    if (!label) return false;
    if (label->kind != Value::Kind::text || label->text.empty()) {
      c_.fail(at->loc, "a figure's label is a text", "write it like: figure \"write MB/s\" regex \"…\" unit MB/s",
              width(*at));
      return false;
    }
    rule.label = label->text;
    at = next();
  }
  if (at == nullptr || at->kind != recipe::Item::Kind::word || (at->word != "regex" && at->word != "json")) {
    c_.fail(at == nullptr ? it.loc : at->loc, "a figure needs 'regex \"RE\"' or 'json \"/POINTER\"'",
            "write it like: figure regex \"([0-9.]+) MB/s\" unit MB/s", width(at == nullptr ? it : *at));
    return false;
  }
  rule.kind = at->word == "regex" ? plan::FigureRule::Kind::regex : plan::FigureRule::Kind::json;
  auto pattern = text_value(
      *at, rule.kind == plan::FigureRule::Kind::regex ? "regex \"([0-9.]+) MB/s\"" : "json \"/jobs/0/read/bw\"");
  if (!pattern) return false;
  rule.pattern = *pattern;
  if (!valid_pattern(rule, *value_item_)) return false;
  at = next();
  if (at == nullptr || at->kind != recipe::Item::Kind::word || at->word != "unit") {
    c_.fail(at == nullptr ? value_item_->loc : at->loc, "a figure needs its unit",
            fmt::format("write it like: figure {} \"{}\" unit MB/s",
                        rule.kind == plan::FigureRule::Kind::regex ? "regex" : "json", rule.pattern),
            width(at == nullptr ? *value_item_ : *at));
    return false;
  }
  auto unit = text_value(*at, "unit MB/s");
  if (!unit) return false;
  if (analysis::find_unit(*unit) == nullptr) {
    c_.fail(value_item_->loc, fmt::format("unknown unit '{}'", *unit),
            support::did_you_mean(*unit, analysis::unit_names(), "run 'hwbench list' to see the units"),
            width(*value_item_));
    return false;
  }
  rule.unit = *unit;
  while (c_.i + 1 < items.size() && items[c_.i + 1].kind == recipe::Item::Kind::word) {
    const std::string& m = items[c_.i + 1].word;
    if (m == "scaled")
      rule.scaled = true;
    else if (m == "optional")
      rule.optional = true;
    else if (m == "from") {
      ++c_.i;
      if (!figure_source(rule, items[c_.i])) return false;
      continue;
    } else
      break;
    ++c_.i;
  }
  if (rule.label.empty()) {
    for (const auto& other : c_.step.figures)
      if (other.kind != plan::FigureRule::Kind::importer && other.label.empty()) {
        c_.fail(it.loc, "only one figure may take the statement's own series",
                "give the others a label of their own: figure \"LABEL\" regex …", width(it));
        return false;
      }
  }
  rule.text = figure_text(rule);
  note(" " + rule.text);
  c_.step.figures.push_back(std::move(rule));
  return true;
}

bool CommandBinder::figure_source(plan::FigureRule& rule, const recipe::Item& from) {
  if (c_.i + 1 < c_.stmt.items.size() && c_.stmt.items[c_.i + 1].kind == recipe::Item::Kind::word) {
    const std::string& s = c_.stmt.items[++c_.i].word;
    if (s == "stdout" || s == "stderr") {
      rule.from = s == "stdout" ? plan::FigureRule::Stream::out : plan::FigureRule::Stream::err;
      return true;
    }
    c_.fail(c_.stmt.items[c_.i].loc, fmt::format("a figure is read from stdout, stderr or a file, not '{}'", s),
            "write it like: from stderr, or from disk:/out.json", width(c_.stmt.items[c_.i]));
    return false;
  }
  auto path = path_value(from, "from disk:/out.json", false);
  if (!path) return false;
  rule.from = plan::FigureRule::Stream::file;
  rule.file = *path;
  return true;
}

bool CommandBinder::valid_pattern(const plan::FigureRule& rule, const recipe::Item& where) {
  if (rule.kind == plan::FigureRule::Kind::json) {
    try {
      nlohmann::json::json_pointer pointer(rule.pattern);
      (void)pointer;
      return true;
    } catch (const nlohmann::json::exception&) {
      c_.fail(where.loc, fmt::format("'{}' is not a JSON pointer", rule.pattern),
              "a JSON pointer starts with '/' and names a member or index at each step: \"/jobs/0/read/bw\"",
              width(where));
      return false;
    }
  }
  try {
    const std::regex re(rule.pattern, std::regex::ECMAScript);
    if (re.mark_count() == 1) return true;
    c_.fail(
        where.loc, fmt::format("the regular expression has {} capture groups, and a figure takes one", re.mark_count()),
        "put ( ) around the number only, and (?: ) around any other group: \"([0-9.]+) (?:MB|GB)/s\"", width(where));
  } catch (const std::regex_error& e) {
    c_.fail(where.loc, fmt::format("'{}' is not a regular expression: {}", rule.pattern, e.what()),
            "figures use ECMAScript regular expressions, as JavaScript's", width(where));
  }
  return false;
}

void CommandBinder::check_figures() {
  for (const auto& rule : c_.step.figures)
    if (c_.step.policy.for_seconds > 0 && rule.kind != plan::FigureRule::Kind::importer) {
      c_.fail(rule.loc, "a figure is one run's, and 'for' makes a sample of many runs",
              "drop 'for' (each run is then a sample: runs N or until ci), or the figure", 6);
      break;
    }
  const auto& creates = c_.step.effects.creates;
  for (const auto& rule : c_.step.figures) {
    // Each run's file is removed before the run, so that a run that does not write it never
    // passes off an earlier run's figure as its own; hwbench removes only the files it owns.
    if (rule.from != plan::FigureRule::Stream::file ||
        std::any_of(creates.begin(), creates.end(), [&](const auto& c) { return c.path == rule.file; }))
      continue;
    c_.fail(rule.loc, fmt::format("the figure is read from {}, which the statement does not say it writes", rule.file),
            "add 'writes' with the same path: the file is then removed before each run, so that each run's "
            "figure is its own",
            6);
  }
}

std::string CommandBinder::figure_text(const plan::FigureRule& r) {
  std::string t = "figure";
  if (!r.label.empty()) t += fmt::format(" \"{}\"", r.label);
  t += fmt::format(" {} \"{}\" unit {}", r.kind == plan::FigureRule::Kind::regex ? "regex" : "json", r.pattern, r.unit);
  if (r.scaled) t += " scaled";
  if (r.optional) t += " optional";
  if (r.from == plan::FigureRule::Stream::err) t += " from stderr";
  if (r.from == plan::FigureRule::Stream::file) t += " from " + r.file;
  return t;
}

}  // namespace detail

}  // namespace hwbench::runtime::check
