#include "runtime/check/binders/compare_binder.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "base/support/suggestions.hpp"
#include "runtime/analysis/compare.hpp"
#include "runtime/record/comparable.hpp"
#include "runtime/sandbox/locations.hpp"

namespace hwbench::runtime::check {

namespace {

std::uint32_t compare_width(const std::string& text) {
  return static_cast<std::uint32_t>(std::max<std::size_t>(1, text.size()));
}

}  // namespace

std::optional<model::ReportSpec> bind_compare(const lang::recipe::CompareStmt& compare, const Scope& scope,
                                              const std::string& recipe_dir, const std::vector<std::string>& sections,
                                              const std::string& current, lang::Diagnostics& diags) {
  const char* hint = "write it like: compare with \"results/old.json\" ratio truncate digits 2 suffix \"x\"";
  auto file = evaluate(compare.file, scope, diags);
  if (!file) return std::nullopt;
  model::ReportSpec spec;
  spec.style.layout = model::ReportLayout::compare;
  if (compare.section.given()) {
    const std::string title = to_text(*file);
    const auto width = compare_width(compare.file.text);
    if (title == current) {
      diags.error(compare.file.loc, fmt::format("section \"{}\" is compared with itself", title),
                  "compare it from another section, or from the top level", width);
      return std::nullopt;
    }
    if (std::find(sections.begin(), sections.end(), title) == sections.end()) {
      diags.error(compare.file.loc, fmt::format("no section \"{}\" comes before this comparison", title),
                  support::did_you_mean(title, sections, "declare the section before the compare statement"), width);
      return std::nullopt;
    }
    spec.options["with"] = model::compared_section_key(title);
    spec.options["section"] = title;
  } else {
    std::string path = to_text(*file);
    const bool absolute = !path.empty() && path[0] == '/';
    if (!absolute) path = (recipe_dir.empty() ? std::string(".") : recipe_dir) + "/" + path;
    path = std::filesystem::path(path).lexically_normal().string();
    std::string error = sandbox::data_file_problem(path);
    if (!error.empty() || !record::load_comparable(path, error)) {
      // Named by an absolute path, it must be on the machine that runs the recipe: missing here
      // is this machine's finding (docs/remote.md).
      std::error_code ec;
      const bool missing_here = absolute && !std::filesystem::exists(std::filesystem::symlink_status(path, ec));
      diags.add({lang::Severity::error, compare.file.loc, fmt::format("cannot compare with '{}'", path), error,
                 compare_width(compare.file.text), missing_here});
      return std::nullopt;
    }
    spec.options["with"] = path;
  }
  analysis::CompareOptions probe;
  for (const auto& [name, v] : compare.options) {
    std::string value = v.word.text;
    if (v.value) {
      auto e = evaluate(*v.value, scope, diags);
      if (!e) return std::nullopt;
      value = v.value->kind == lang::recipe::ExprKind::number ? v.value->number.text : to_text(*e);
    }
    if (auto why = analysis::set_compare_option(probe, name.text, value); !why.empty()) {
      diags.error(v.word.loc, why, hint, compare_width(v.word.text));
      return std::nullopt;
    }
    spec.options[name.text] = value;
  }
  return spec;
}

}  // namespace hwbench::runtime::check
