// `hwbench check`, and the reading and checking that `run` shares.
#include "runtime/cli/commands.hpp"

#include <filesystem>

#include <fmt/format.h>

#include "runtime/cli/cli.hpp"
#include "runtime/plan/plan_printer.hpp"
#include "kernels/builtin/builtin.hpp"
#include "kernels/files/real_file_view.hpp"
#include "lang/recipe/parser.hpp"
#include "runtime/record/toml_reader.hpp"

namespace hwbench::runtime::cli {

using check::CheckOptions;
using check::CheckedRecipe;
using check::check;
using plan::print_plan;
using record::read_text_file;

namespace {

std::string current_dir() {
  std::error_code ec;
  auto p = std::filesystem::current_path(ec);
  return ec ? std::string("/") : p.string();
}

}  // namespace

/// Parses and checks; prints diagnostics. Returns the exit code on failure.
std::optional<CheckedRecipe> load_and_check(const Common& c, lang::Source& source, const kernels::Registry& registry,
                                            const kernels::FileView& files, std::ostream& err, int& code) {
  std::string error;
  auto text = read_text_file(c.file, error);
  if (!text) {
    err << "hwbench: " << error << "\n";
    code = exit_usage;
    return std::nullopt;
  }
  source.text = std::move(*text);
  source.name = c.file;
  CheckOptions opts;
  opts.registry = &registry;
  opts.allow_exec = c.allow_exec;
  opts.cwd = current_dir();
  opts.files = &files;
  for (const auto& l : c.locations) {
    auto eq = l.find('=');
    if (eq == std::string::npos || eq == 0 || eq + 1 == l.size()) {
      err << fmt::format("hwbench: -L needs NAME=PATH or /DIR=PATH, not '{}'\n", l);
      code = exit_usage;
      return std::nullopt;
    }
    std::string path = l.substr(eq + 1);
    if (path[0] != '/') path = opts.cwd + "/" + path;
    opts.overrides.emplace_back(l.substr(0, eq), path);
  }
  for (const auto& s : c.settings) {
    auto eq = s.find('=');
    if (eq == std::string::npos || eq == 0) {
      err << fmt::format("hwbench: --set needs NAME=VALUE, not '{}'\n", s);
      code = exit_usage;
      return std::nullopt;
    }
    opts.settings.emplace_back(s.substr(0, eq), s.substr(eq + 1));
  }
  lang::Diagnostics diags;
  auto recipe = lang::recipe::parse(source, diags);
  std::optional<CheckedRecipe> checked;
  if (recipe) checked = check(*recipe, source, opts, diags);
  diags.render(source, err);
  if (!checked || diags.has_errors()) {
    auto n = diags.error_count();
    err << fmt::format("{} error{} in {}; nothing was run\n", n, n == 1 ? "" : "s", c.file);
    code = exit_recipe;
    return std::nullopt;
  }
  return checked;
}

int cmd_check(const Common& c, std::ostream& out, std::ostream& err) {
  auto registry = kernels::builtin::builtin_registry();
  kernels::files::RealFileView files;
  lang::Source source;
  int code = exit_ok;
  auto checked = load_and_check(c, source, registry, files, err, code);
  if (!checked) return code;
  print_plan(checked->plan, out);
  return exit_ok;
}

}  // namespace hwbench::runtime::cli
