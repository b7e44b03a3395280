#include "runtime/check/evaluation/settings.hpp"

#include <algorithm>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/support/suggestions.hpp"
#include "lang/recipe/parser.hpp"

namespace hwbench::runtime::check {

namespace recipe = lang::recipe;

std::optional<lang::recipe::Expr> parse_value(const std::string& text) {
  if (text.find('\n') != std::string::npos) return std::nullopt;
  const lang::Source source{"--set", "let value = " + text + "\n"};
  lang::Diagnostics ignored;
  auto recipe = lang::recipe::parse(source, ignored);
  if (!recipe || ignored.has_errors() || recipe->statements.size() != 1) return std::nullopt;
  const recipe::Stmt& s = recipe->statements.front();
  if (s.kind != recipe::StmtKind::let) return std::nullopt;
  return s.value;
}

namespace {

bool same_type(const Value& a, const Value& b) {
  if (a.kind != b.kind) return false;
  return a.kind != Value::Kind::number || a.number.dim == b.number.dim;
}

}  // namespace

Settings::Settings(std::vector<std::pair<std::string, std::string>> given) : given_(std::move(given)) {}

std::optional<Value> Settings::replace(const recipe::Stmt& let, const Value& own, const Scope& scope,
                                       lang::Diagnostics& diags) {
  const std::pair<std::string, std::string>* setting = nullptr;
  for (const auto& s : given_)
    if (s.first == let.name) setting = &s;  // the last --set of a name wins
  if (!setting) return std::nullopt;
  matched_.insert(let.name);
  const std::string& text = setting->second;
  const auto width = static_cast<std::uint32_t>(std::max<std::size_t>(1, let.value.text.size()));
  const std::string flag = fmt::format("--set {}={}", let.name, text);
  std::optional<Value> value;
  if (auto expr = parse_value(text)) {
    lang::Diagnostics problems;
    value = evaluate(*expr, scope, problems);
    if (!value) {
      const std::string why = problems.all().empty() ? "not a value" : problems.all().front().message;
      diags.error(let.value.loc, fmt::format("{}: {}", flag, why), "write the value as the recipe would", width);
      return std::nullopt;
    }
  } else if (own.kind == Value::Kind::text) {
    // A text need not be quoted on the command line: `--set label=my disk`.
    value = Value{};
    value->kind = Value::Kind::text;
    value->text = text;
  } else {
    diags.error(let.value.loc, fmt::format("{}: '{}' is not a value", flag, text),
                fmt::format("'{}' is {} here ({}): give one like it", let.name, value_kind(own), let.value.text),
                width);
    return std::nullopt;
  }
  if (!same_type(*value, own)) {
    diags.error(let.value.loc,
                fmt::format("{}: '{}' is {} in the recipe ({}), not {}", flag, let.name, value_kind(own),
                            let.value.text, value_kind(*value)),
                "give a value of the same kind", width);
    return std::nullopt;
  }
  used_[let.name] = text;
  return value;
}

void Settings::report_unused(const lang::recipe::Recipe& recipe, lang::Diagnostics& diags) const {
  std::vector<std::string> names;
  for (const auto& s : recipe.statements)
    if (s.kind == recipe::StmtKind::let) names.push_back(s.name);
  std::set<std::string> reported;
  for (const auto& [name, text] : given_) {
    if (matched_.count(name) || !reported.insert(name).second) continue;
    std::string hint = support::did_you_mean(name, names);
    if (hint.empty()) {
      hint = names.empty() ? "this recipe sets no value with a top-level `let`"
                           : fmt::format("the recipe's top-level values: {}", fmt::join(names, ", "));
    }
    diags.error({}, fmt::format("--set {}={}: the recipe has no top-level `let {}`", name, text, name), hint);
  }
}

}  // namespace hwbench::runtime::check
