#include "runtime/check/compare_binder.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "runtime/analysis/compare.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/sandbox/locations.hpp"

namespace hwbench::runtime {

using lang::Item;

namespace {

std::uint32_t width(const Item& it) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, it.kind == Item::Kind::expr ? it.expr.text.size() : it.word.size()));
}

}  // namespace

std::optional<ReportSpec> bind_compare(const lang::Stmt& s, const Scope& scope, const std::string& recipe_dir,
                                       lang::Diagnostics& diags) {
  const char* hint = "write it like: compare with \"results/old.json\" ratio truncate digits 2 suffix \"x\"";
  const auto& items = s.items;
  if (items.size() < 2 || items[0].kind != Item::Kind::word || items[0].word != "with" || items[1].kind != Item::Kind::expr) {
    diags.error(items.empty() ? s.loc : items[0].loc, "expected 'with \"FILE\"' after 'compare'", hint,
                items.empty() ? 7 : width(items[0]));
    return std::nullopt;
  }
  auto file = evaluate(items[1].expr, scope, diags);
  if (!file) return std::nullopt;
  std::string path = to_text(*file);
  if (path.empty() || path[0] != '/') path = (recipe_dir.empty() ? std::string(".") : recipe_dir) + "/" + path;
  path = std::filesystem::path(path).lexically_normal().string();
  std::string error = data_file_problem(path);
  if (!error.empty() || !load_comparable(path, error)) {
    diags.error(items[1].loc, fmt::format("cannot compare with '{}'", path), error, width(items[1]));
    return std::nullopt;
  }
  ReportSpec spec;
  spec.style = "compare";
  spec.options["with"] = path;
  CompareOptions probe;
  for (std::size_t i = 2; i < items.size(); ++i) {
    const Item& name = items[i];
    if (name.kind != Item::Kind::word || i + 1 >= items.size()) {
      diags.error(name.loc, "expected an option and its value: ratio, digits, suffix or unit", hint, width(name));
      return std::nullopt;
    }
    const Item& v = items[++i];
    std::string value = v.word;
    if (v.kind == Item::Kind::expr) {
      auto e = evaluate(v.expr, scope, diags);
      if (!e) return std::nullopt;
      value = v.expr.kind == lang::ExprKind::number ? v.expr.number.text : to_text(*e);
    }
    if (auto why = set_compare_option(probe, name.word, value); !why.empty()) {
      diags.error(v.loc, why, hint, width(v));
      return std::nullopt;
    }
    spec.options[name.word] = value;
  }
  return spec;
}

}  // namespace hwbench::runtime
