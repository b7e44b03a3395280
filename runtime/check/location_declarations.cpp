// The checker's locations: the built-in ones, the recipe's `location` statements and the command
// line's -L overrides, resolved once before the walk (recipe_walk.hpp).
#include "runtime/check/recipe_walk.hpp"

namespace hwbench::runtime::check::detail {

void Checker::declare_locations(const lang::recipe::Recipe& recipe) {
  std::vector<sandbox::Location> locs =
      opts_.builtins.empty() ? sandbox::builtin_locations(opts_.cwd, machine_) : opts_.builtins;
  auto set_location = [&](const std::string& name, const std::string& path, bool builtin) {
    for (auto& l : locs) {
      if (l.name == name) {
        l.path = sandbox::normalize_path(path);
        l.builtin = builtin;
        l.create = false;
        l.unavailable.clear();
        l.unavailable_here = false;
        return;
      }
    }
    locs.push_back({name, sandbox::normalize_path(path), builtin, false, {}, {}});
  };
  Scope empty;
  std::map<std::string, std::uint32_t> declared;  // name -> line of its declaration
  for (const auto& s : recipe.statements) {
    if (s.kind != recipe::StmtKind::location) continue;
    if (const auto [it, first] = declared.try_emplace(s.name, s.loc.line); !first) {
      diags_.error(s.loc, fmt::format("location '{}' is declared twice (first at line {})", s.name, it->second),
                   "keep one declaration: -L " + s.name + "=DIR chooses another directory for a run",
                   static_cast<std::uint32_t>(std::string_view("location").size()));
      continue;
    }
    auto v = evaluate(s.value, empty, diags_);
    if (!v) continue;
    std::string path = to_text(*v);
    if (path.empty() || path[0] != '/') {
      diags_.error(s.value.loc, fmt::format("location '{}' needs an absolute path, not '{}'", s.name, path),
                   "write it like: location " + s.name + " = \"/mnt/data/test\"",
                   static_cast<std::uint32_t>(s.value.text.size()));
      continue;
    }
    set_location(s.name, path, false);
  }
  std::vector<std::pair<std::string, std::string>> remaps;
  for (const auto& [name, path] : opts_.overrides) {
    if (!name.empty() && name[0] == '/')
      remaps.emplace_back(name, path);
    else
      set_location(name, path, false);
  }
  for (auto& l : locs)
    if (sandbox::is_system_path(l.path) && l.unavailable.empty()) {
      l.unavailable = fmt::format("location '{}' points into the system directory '{}'", l.name, l.path);
      l.unavailable_hint = "choose a directory of your own";
    }
  resolver_ = std::make_shared<sandbox::PathResolver>(std::move(locs), std::move(remaps), opts_.cwd);
}

void Checker::report_unused_overrides() {
  std::vector<std::string> used;
  for (const auto& l : resolver_->locations())
    if (resolver_->used(l.name)) used.push_back(l.name);
  for (const auto& [name, path] : opts_.overrides) {
    if (!name.empty() && name[0] == '/') {
      if (resolver_->used(sandbox::normalize_path(name))) continue;
      diags_.warning({}, fmt::format("-L {}={}: no path the recipe names lies under {}", name, path, name),
                     "a /DIR=PATH remap moves the paths written under DIR; the run goes on without it");
      continue;
    }
    if (resolver_->used(name)) continue;
    const std::string others =
        used.empty() ? "it uses no location" : fmt::format("the locations it uses: {}", fmt::join(used, ", "));
    diags_.warning({}, fmt::format("-L {}={}: the recipe uses no location '{}'", name, path, name),
                   support::did_you_mean(name, used, others));
  }
}

}  // namespace hwbench::runtime::check::detail
