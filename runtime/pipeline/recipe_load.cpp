#include "runtime/pipeline/recipe_load.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "lang/recipe/parser.hpp"
#include "runtime/record/toml_reader.hpp"

namespace hwbench::runtime::pipeline {

namespace {

std::string current_dir() {
  std::error_code ec;
  auto p = std::filesystem::current_path(ec);
  return ec ? std::string("/") : p.string();
}

/// The checker's options for `request`; false, with the problem told, for a malformed -L or --set.
bool check_options(const RecipeRequest& request, const CheckContext& context, check::CheckOptions& opts,
                   std::ostream& diagnostics) {
  opts.registry = &context.registry;
  opts.allow_exec = request.allow_exec;
  opts.cwd = current_dir();
  opts.files = &context.files;
  if (context.machine) opts.machine = context.machine;
  for (const auto& l : request.locations) {
    auto split = split_location(l);
    if (!split) {
      diagnostics << fmt::format("hwbench: -L needs NAME=PATH or /DIR=PATH, not '{}'\n", l);
      return false;
    }
    auto& [name, path] = *split;
    if (path[0] != '/') path = opts.cwd + "/" + path;
    opts.overrides.emplace_back(std::move(name), std::move(path));
  }
  for (const auto& s : request.settings) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      diagnostics << fmt::format("hwbench: --set needs NAME=VALUE, not '{}'\n", s);
      return false;
    }
    // `--set 'n = 2'` names `n`: the blanks around the name are the shell's quoting, not the name's.
    std::string name = s.substr(0, eq);
    name.erase(name.find_last_not_of(" \t") + 1);
    name.erase(0, name.find_first_not_of(" \t"));
    std::string value = s.substr(eq + 1);
    value.erase(0, value.find_first_not_of(" \t"));
    opts.settings.emplace_back(std::move(name), std::move(value));
  }
  return true;
}

}  // namespace

std::optional<std::pair<std::string, std::string>> split_location(const std::string& word) {
  const auto eq = word.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == word.size()) return std::nullopt;
  return std::pair{word.substr(0, eq), word.substr(eq + 1)};
}

std::optional<check::CheckedRecipe> load_recipe(const RecipeRequest& request, const CheckContext& context,
                                                lang::Source& source, std::ostream& diagnostics, LoadFailure& failure,
                                                lang::Diagnostics* findings) {
  std::string error;
  auto text = record::read_text_file(request.file, error);
  if (!text) {
    diagnostics << "hwbench: " << error << "\n";
    failure = LoadFailure::usage;
    return std::nullopt;
  }
  source.text = std::move(*text);
  source.name = request.file;
  check::CheckOptions opts;
  if (!check_options(request, context, opts, diagnostics)) {
    failure = LoadFailure::usage;
    return std::nullopt;
  }
  lang::Diagnostics diags;
  if (context.elsewhere) diags.leave_out_machine_findings();
  if (context.warnings_told) diags.leave_out_recipe_warnings();
  auto recipe = lang::recipe::parse(source, diags);
  std::optional<check::CheckedRecipe> checked;
  if (recipe) checked = check::check(*recipe, source, opts, diags);
  diags.render(source, diagnostics);
  if (findings) *findings = diags;
  if (!checked || diags.has_errors()) {
    auto n = diags.error_count();
    diagnostics << fmt::format("{} error{} in {}; nothing was run\n", n, n == 1 ? "" : "s", request.file);
    // Errors at no place in the recipe are the command line's (a --set of a name it lacks): a
    // usage error, unless the recipe has errors of its own as well.
    const auto& all = diags.all();
    const bool command_line = std::none_of(all.begin(), all.end(), [](const lang::Diagnostic& d) {
      return d.severity == lang::Severity::error && d.loc.valid();
    });
    failure = command_line && recipe ? LoadFailure::usage : LoadFailure::recipe;
    return std::nullopt;
  }
  return checked;
}

std::shared_ptr<const LoadedRecipe> load_recipe_once(const RecipeRequest& request, const CheckContext& context,
                                                     std::ostream& diagnostics, LoadFailure& failure) {
  auto loaded = std::make_shared<LoadedRecipe>();
  loaded->checked = load_recipe(request, context, loaded->source, diagnostics, failure);
  if (!loaded->checked) return nullptr;
  return loaded;
}

}  // namespace hwbench::runtime::pipeline
